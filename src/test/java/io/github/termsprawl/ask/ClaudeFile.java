package io.github.termsprawl.ask;

import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.nio.file.Path;

/** A Claude Code transcript written record by record, each linked to the one before (compactions start anew). */
final class ClaudeFile {
    static final String SESSION = "5c0375b4-57a5-4f26-b12d-d022ee4e51b7";

    private final StringBuilder lines = new StringBuilder();
    private final String cwd;
    private String last;
    private int n;

    ClaudeFile(String cwd) {
        this.cwd = cwd;
    }

    private ClaudeFile record(String type, String parent, String body) {
        n++;
        String uuid = "r" + n;
        lines.append("{\"type\":\"")
                .append(type)
                .append("\",\"uuid\":\"")
                .append(uuid)
                .append("\",\"parentUuid\":")
                .append(parent == null ? "null" : "\"" + parent + "\"")
                .append(",\"sessionId\":\"")
                .append(SESSION)
                .append("\",\"cwd\":")
                .append(Fixtures.jsonString(cwd))
                .append(",\"timestamp\":\"2026-01-01T00:")
                .append(String.format("%02d:%02d", n / 60, n % 60))
                .append(".000Z\",")
                .append(body)
                .append("}\n");
        last = uuid;
        return this;
    }

    ClaudeFile user(String text) {
        return record("user", last, "\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(text) + "}");
    }

    ClaudeFile assistant(String text) {
        return record(
                "assistant",
                last,
                "\"message\":{\"id\":\"m" + (n + 1)
                        + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":"
                        + Fixtures.jsonString(text) + "}]}");
    }

    /** An assistant message saying {@code text}, then calling {@code name} with {@code inputJson}. */
    ClaudeFile call(String text, String id, String name, String inputJson) {
        return record(
                "assistant",
                last,
                "\"message\":{\"id\":\"m" + (n + 1)
                        + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":"
                        + Fixtures.jsonString(text) + "},{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\""
                        + name + "\",\"input\":" + inputJson + "}]}");
    }

    ClaudeFile result(String id, String content) {
        return record(
                "user",
                last,
                "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"" + id
                        + "\",\"content\":" + Fixtures.jsonString(content) + "}]}");
    }

    /** A compaction: the boundary, then the summary that starts the new window. */
    ClaudeFile compact(String summary) {
        String before = last;
        record(
                "system",
                null,
                "\"subtype\":\"compact_boundary\",\"logicalParentUuid\":\"" + before
                        + "\",\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":9}");
        return record(
                "user",
                last,
                "\"isCompactSummary\":true,\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(summary)
                        + "}");
    }

    String text() {
        return lines.toString();
    }

    Path write(Path file) throws IOException {
        return Fixtures.write(file, text());
    }
}
