package io.github.termsprawl.history;

import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Small transcripts of each store, and a way to see which files a run wrote. */
final class HistoryFixtures {
    private HistoryFixtures() {}

    static String time(int second) {
        return String.format("2026-01-01T00:%02d:%02dZ", second / 60, second % 60);
    }

    private static String parent(String parent) {
        return parent == null ? "null" : "\"" + parent + "\"";
    }

    /** One history run of {@code node} in the project at {@code cwd}, redacting. */
    static History.Result update(Path cwd, String node) throws IOException {
        try (History history = new History(new io.github.termsprawl.core.ProjectLayout(cwd), true)) {
            return history.update(node);
        }
    }

    static String claudeUser(String uuid, String parent, String text, int second) {
        return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"parentUuid\":" + parent(parent)
                + ",\"sessionId\":\"s1\",\"timestamp\":\"" + time(second)
                + "\",\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(text) + "}}";
    }

    /** An assistant line; {@code content} is the JSON array of its blocks. */
    static String claudeAssistant(String uuid, String parent, String content, int second) {
        return "{\"type\":\"assistant\",\"uuid\":\"" + uuid + "\",\"parentUuid\":" + parent(parent)
                + ",\"sessionId\":\"s1\",\"timestamp\":\"" + time(second) + "\",\"message\":{\"id\":\"msg_" + uuid
                + "\",\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":" + content + "}}";
    }

    static String claudeSays(String uuid, String parent, String text, int second) {
        return claudeAssistant(
                uuid, parent, "[{\"type\":\"text\",\"text\":" + Fixtures.jsonString(text) + "}]", second);
    }

    static String claudeResult(String uuid, String parent, String callId, String output, boolean error, int second) {
        return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"parentUuid\":" + parent(parent)
                + ",\"sessionId\":\"s1\",\"timestamp\":\"" + time(second)
                + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"" + callId
                + "\",\"content\":" + Fixtures.jsonString(output) + ",\"is_error\":" + error + "}]}}";
    }

    static String claudeBoundary(String uuid, String logicalParent, int second) {
        return "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"" + uuid
                + "\",\"parentUuid\":null,\"logicalParentUuid\":\"" + logicalParent
                + "\",\"sessionId\":\"s1\",\"timestamp\":\"" + time(second)
                + "\",\"content\":\"Conversation compacted\",\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":9}}";
    }

    static String claudeSummary(String uuid, String parent, String text, int second) {
        return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"parentUuid\":" + parent(parent)
                + ",\"isCompactSummary\":true,\"sessionId\":\"s1\",\"timestamp\":\"" + time(second)
                + "\",\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(text) + "}}";
    }

    static Path lines(Path file, String... lines) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    static void append(Path file, String... lines) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    static void index(Path cwd, String node, Path transcript, String store, String session) throws IOException {
        Fixtures.write(
                cwd.resolve(".termsprawl/transcripts/" + node + ".json"),
                "{\"version\": 1, \"path\": " + Fixtures.jsonString(transcript.toString())
                        + (store == null ? "" : ", \"store\": \"" + store + "\"")
                        + (session == null ? "" : ", \"session\": \"" + session + "\"") + "}\n");
    }

    /**
     * Every file under {@code dir} by relative path, with its inode, time and bytes: a file written again (a
     * rename of a new file) has another time, and mostly another inode, even when its bytes are the same.
     */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        // the folder's state is kept apart (FolderState.stateDir), under the same relative names
        for (Path root : new java.util.LinkedHashSet<>(List.of(dir, FolderState.stateDir(dir)))) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.filter(Files::isRegularFile).toList()) {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    files.put(
                            root.relativize(p).toString(),
                            a.fileKey() + " " + a.lastModifiedTime().toInstant() + " "
                                    + new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }

    /** The paths whose inode or bytes differ between two snapshots, or that only one of them has. */
    static java.util.Set<String> changed(Map<String, String> before, Map<String, String> after) {
        java.util.Set<String> changed = new java.util.TreeSet<>();
        for (String k : before.keySet()) {
            if (!before.get(k).equals(after.get(k))) {
                changed.add(k);
            }
        }
        for (String k : after.keySet()) {
            if (!before.containsKey(k)) {
                changed.add(k);
            }
        }
        return changed;
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** A file of a folder: a state file ({@code .state}, {@code .turns} …) where the state is kept apart. */
    static Path at(Path dir, String name) {
        return name.startsWith(".") ? FolderState.file(dir, name) : dir.resolve(name);
    }

    /** Moves a folder away with its state, as if it had never been written. */
    static void moveAway(Path dir, Path to) throws IOException {
        Path state = FolderState.stateDir(dir);
        Files.move(dir, to);
        if (!state.equals(dir.toAbsolutePath().normalize()) && Files.exists(state)) {
            Files.move(state, to.resolveSibling(to.getFileName() + "-state"));
        }
    }
}
