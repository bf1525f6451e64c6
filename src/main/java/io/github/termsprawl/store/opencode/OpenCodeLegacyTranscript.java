package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
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
 * for the messages walked, newest first, until enough turns have text.
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

    record Message(String id, double created, String role) {}

    /** The session's messages, oldest first (by creation time, then id). */
    static List<Message> messages(Path storage, String session, ReadStats.Counter count) {
        List<Message> messages = new ArrayList<>();
        for (Path file : jsonFiles(storage.resolve("message").resolve(session))) {
            Map<String, Object> m = Json.asObject(Json.readFileOrNull(file));
            if (m == null) {
                continue;
            }
            Map<String, Object> time = Json.asObject(m.get("time"));
            double created = time != null && time.get("created") instanceof Json.JsonNumber n ? n.value() : 0;
            String id = m.get("id") instanceof String s ? s : stem(file);
            String role = m.get("role") instanceof String r ? r : null;
            if (count != null) {
                count.record(role != null && OpenCodeTranscript.KNOWN_ROLES.contains(role));
            }
            // a compaction's summary never prints (docs/stores.md)
            messages.add(new Message(id, created, Boolean.TRUE.equals(m.get("summary")) ? null : role));
        }
        messages.sort(Comparator.comparingDouble(Message::created).thenComparing(Message::id));
        return messages;
    }

    /** Parts per message, in id order; the flat legacy folder is indexed once, on first need. */
    private static final class Parts {
        private final Path partDir;
        private final ReadStats.Counter count;
        private Map<String, List<Map<String, Object>>> flat;

        Parts(Path storage, ReadStats.Counter count) {
            this.partDir = storage.resolve("part");
            this.count = count;
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
            if (count != null) {
                for (Map<String, Object> p : parts) {
                    count.record(p.get("type") instanceof String t && OpenCodeTranscript.KNOWN_PART_TYPES.contains(t));
                }
            }
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

    static List<Turn> lastTurns(Path path, String session, TurnLimits limits) {
        Path storage = storageDir(path);
        if (storage == null || !isSafeName(session)) {
            return List.of();
        }
        List<Message> messages = messages(storage, session, null);
        Parts parts = new Parts(storage, null);
        List<Turn> turns = new ArrayList<>();
        for (int i = messages.size() - 1; i >= 0 && turns.size() < limits.maxTurns(); i--) {
            Turn t = OpenCodeTranscript.turn(
                    messages.get(i).role(), parts.of(messages.get(i).id()));
            if (t != null) {
                turns.add(0, limits.cut(t));
            }
        }
        return turns;
    }

    static ReadStats stats(Path path, String session) {
        ReadStats.Counter count = new ReadStats.Counter();
        Path storage = storageDir(path);
        if (storage != null && isSafeName(session)) {
            Parts parts = new Parts(storage, count);
            for (Message m : messages(storage, session, count)) {
                if (OpenCodeTranscript.turn(m.role(), parts.of(m.id())) != null) {
                    count.turns++;
                }
            }
        }
        return count.of(Store.OPENCODE);
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
