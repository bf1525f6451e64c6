package io.github.termsprawl.touch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A long Claude Code session on one live branch, as issue 38 measured (72 MB, 75,000 tool calls, 750 of them
 * edits): each call an assistant record then its result, the results padded to make the size. Deterministic.
 */
public final class LongClaudeSession {
    private LongClaudeSession() {}

    /**
     * Writes {@code calls} calls to {@code file}, every {@code editEvery}-th an {@code Edit} of
     * {@code <project>/src/F<n % files>.java}, the others a {@code Bash} call; each result padded with
     * {@code pad} bytes. Returns the file.
     */
    public static Path write(Path file, Path project, int calls, int editEvery, int files, int pad) throws IOException {
        String padding = "x".repeat(pad);
        String parent = "u0";
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            line(
                    out,
                    "{\"type\":\"user\",\"uuid\":\"u0\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:00Z\","
                            + "\"message\":{\"role\":\"user\",\"content\":\"go\"}}");
            for (int i = 0; i < calls; i++) {
                String time = java.time.Instant.parse("2026-01-01T00:00:00Z")
                        .plusSeconds(i / 10)
                        .toString();
                boolean edit = i % editEvery == editEvery - 1;
                String input = edit
                        ? "{\"file_path\":\"" + project + "/src/F" + (i / editEvery % files)
                                + ".java\",\"old_string\":\"a\",\"new_string\":\"b\"}"
                        : "{\"command\":\"ls src\"}";
                line(
                        out,
                        "{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":\"" + parent
                                + "\",\"timestamp\":\"" + time + "\",\"message\":{\"id\":\"m" + i
                                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i
                                + "\",\"name\":\"" + (edit ? "Edit" : "Bash") + "\",\"input\":" + input + "}]}}");
                line(
                        out,
                        "{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"a" + i + "\",\"timestamp\":\""
                                + time + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                                + "\"tool_use_id\":\"t" + i + "\",\"content\":\"" + padding + "\"}]}}");
                parent = "r" + i;
            }
        }
        return file;
    }

    private static void line(OutputStream out, String json) throws IOException {
        out.write(json.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }
}
