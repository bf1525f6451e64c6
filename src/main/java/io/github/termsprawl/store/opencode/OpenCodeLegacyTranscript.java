package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The context view of an OpenCode session in the JSON file layout used before v1.2:
 * {@code storage/session/<project>/<session>.json}, {@code storage/message/<session>/<message>.json} and
 * {@code storage/part/<message>/<part>.json} (the oldest files keep parts flat in {@code part/}, each
 * naming its {@code messageID}). Message files are small and listed per session; parts are read only
 * for the messages walked, newest first, until enough turns have text. The files are read here for both walks:
 * the session's ({@link OpenCodeSession}) and the tail's, each message's turn the prose of its conversion.
 */
public final class OpenCodeLegacyTranscript {

    private OpenCodeLegacyTranscript() {}

    /** The storage folder for an entry's path: the folder itself, or its {@code storage/} child; else null. */
    public static Path storageDir(Path path) {
        if (Files.isDirectory(path.resolve("session")) && Files.isDirectory(path.resolve("message"))) {
            return path;
        }
        Path inner = path.resolve("storage");
        return Files.isDirectory(inner.resolve("session")) && Files.isDirectory(inner.resolve("message"))
                ? inner
                : null;
    }

    /** The session's message records, oldest first (by creation time, then id), each with its id (else its file's). */
    static List<Map<String, Object>> messages(Path storage, String session) {
        List<Map<String, Object>> messages = new ArrayList<>();
        for (Path file : jsonFiles(storage.resolve("message").resolve(session))) {
            Map<String, Object> m = Json.asObject(Json.readFileOrNull(file));
            if (m != null) {
                if (!(m.get("id") instanceof String)) {
                    m.put("id", stem(file));
                }
                messages.add(m);
            }
        }
        messages.sort(Comparator.<Map<String, Object>>comparingDouble(m -> {
                    Map<String, Object> time = Json.asObject(m.get("time"));
                    return time != null && time.get("created") instanceof Json.JsonNumber n ? n.value() : 0;
                })
                .thenComparing(m -> (String) m.get("id")));
        return messages;
    }

    /** Parts per message, in id order; the flat legacy folder is indexed once, on first need. */
    static final class Parts {
        private final Path partDir;
        private Map<String, List<Map<String, Object>>> flat;

        Parts(Path storage) {
            this.partDir = storage.resolve("part");
        }

        List<Map<String, Object>> of(String messageId) {
            Path dir = isSafeName(messageId) ? partDir.resolve(messageId) : null;
            List<Map<String, Object>> parts = new ArrayList<>();
            if (dir != null && Files.isDirectory(dir)) {
                for (Path file : jsonFiles(dir)) {
                    Map<String, Object> p = read(file);
                    if (p != null) {
                        parts.add(p);
                    }
                }
            } else {
                parts.addAll(flat().getOrDefault(messageId, List.of()));
            }
            parts.sort(Comparator.comparing(p -> p.get("id") instanceof String s ? s : ""));
            return parts;
        }

        private Map<String, List<Map<String, Object>>> flat() {
            if (flat == null) {
                flat = new HashMap<>();
                for (Path file : jsonFiles(partDir)) {
                    Map<String, Object> p = read(file);
                    if (p != null && p.get("messageID") instanceof String m) {
                        flat.computeIfAbsent(m, k -> new ArrayList<>()).add(p);
                    }
                }
            }
            return flat;
        }

        private static Map<String, Object> read(Path file) {
            return Json.asObject(Json.readFileOrNull(file));
        }
    }

    /** Where a message record was read: its session's message folder, and its id. */
    static Source source(Path storage, String session, String id) {
        return new Source.Row(storage.resolve("message").resolve(session).toString(), id);
    }

    /** The last turns: messages newest first, each one's parts read only until enough turns have text. */
    static List<Turn> lastTurns(Path path, String session, TurnLimits limits) {
        Path storage = storageDir(path);
        if (storage == null || !isSafeName(session)) {
            return List.of();
        }
        List<Map<String, Object>> messages = messages(storage, session);
        Parts parts = new Parts(storage);
        List<Turn> turns = new ArrayList<>();
        for (int i = messages.size() - 1; i >= 0 && turns.size() < limits.maxTurns(); i--) {
            String id = (String) messages.get(i).get("id");
            Turn t = OpenCodeSession.prose(
                    OpenCodeParts.messages(id, messages.get(i), parts.of(id), source(storage, session, id))
                            .get(0));
            if (t != null) {
                turns.add(0, limits.cut(t));
            }
        }
        return turns;
    }

    /** A session or message id used as a folder name must stay inside the storage folder. */
    static boolean isSafeName(String name) {
        return name != null
                && !name.isEmpty()
                && !name.contains("/")
                && !name.contains("\\")
                && !name.equals("..")
                && !name.equals(".");
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    static List<Path> jsonFiles(Path dir) {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, "*.json")) {
            for (Path f : all) {
                if (Files.isRegularFile(f)) {
                    files.add(f);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable folder: nothing in it
        }
        files.sort(null);
        return files;
    }
}
