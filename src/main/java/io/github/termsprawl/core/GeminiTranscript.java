package io.github.termsprawl.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a Gemini CLI chat: JSONL (v0.39+: a header, message records, {@code $set} patches
 * and {@code $rewindTo} markers) or the older single {@code .json} document. The JSONL file is a log of
 * edits, not of messages: a message id is re-appended on every update (the last one wins, at its first
 * position), {@code $set.messages} replaces the whole list and {@code $rewindTo} drops a message and all
 * after it. So it is replayed from the start; these files are small.
 */
public final class GeminiTranscript {
    static final Set<String> KEYS = Set.of("id", "type", "content", "$set", "$rewindTo", "sessionId", "projectHash",
            "messages");
    /** Message types of the corpus ({@code model}: an older document shape) and STORES.md. */
    static final Set<String> KNOWN_MESSAGE_TYPES = Set.of("user", "gemini", "info", "error", "warning", "model");

    private GeminiTranscript() {}

    /** The resolved message list, in conversation order. */
    static List<Map<String, Object>> messages(JsonlTail tail, Path file, ReadStats.Counter count) {
        Replay replay = new Replay(count);
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".json")) {
            Map<String, Object> doc = Json.asObject(Json.readFileOrNull(file));
            if (doc != null) {
                replay.apply(doc);
            }
            return replay.list();
        }
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        List<Map<String, Object>> records = new ArrayList<>();
        if (!tail.scan(file, KEYS, records::add)) {
            return List.of();
        }
        for (int i = records.size() - 1; i >= 0; i--) { // scan goes backwards; replay goes forwards
            replay.apply(records.get(i));
        }
        return replay.list();
    }

    private static final class Replay {
        private final ReadStats.Counter count;
        private final LinkedHashMap<String, Map<String, Object>> byId = new LinkedHashMap<>();
        private int anonymous;

        Replay(ReadStats.Counter count) {
            this.count = count;
        }

        void apply(Map<String, Object> r) {
            Map<String, Object> set = Json.asObject(r.get("$set"));
            if (set != null) {
                count.record(true);
                if (set.get("messages") instanceof List<?> checkpoint) {
                    replaceAll(checkpoint);
                }
            } else if (r.get("$rewindTo") instanceof String id) {
                count.record(true);
                rewind(id);
            } else if (r.containsKey("id") && r.containsKey("type")) {
                put(r);
            } else if (r.containsKey("sessionId") || r.containsKey("projectHash")) {
                count.record(true); // the header, or a whole pre-0.39 document
                if (r.get("messages") instanceof List<?> messages) {
                    replaceAll(messages);
                }
            } else {
                count.record(false);
            }
        }

        private void put(Map<String, Object> message) {
            count.record(message.get("type") instanceof String t && KNOWN_MESSAGE_TYPES.contains(t));
            String id = message.get("id") instanceof String s ? s : "\0" + anonymous++;
            byId.put(id, message); // an id seen before keeps its place and takes the new content
        }

        private void replaceAll(List<?> messages) {
            byId.clear();
            for (Object m : messages) {
                Map<String, Object> message = Json.asObject(m);
                if (message != null) {
                    put(message);
                }
            }
        }

        private void rewind(String id) {
            if (!byId.containsKey(id)) {
                return;
            }
            boolean dropping = false;
            for (var it = byId.keySet().iterator(); it.hasNext(); ) {
                dropping |= it.next().equals(id);
                if (dropping) {
                    it.remove();
                }
            }
        }

        List<Map<String, Object>> list() {
            return new ArrayList<>(byId.values());
        }
    }

    /** {@code user} and {@code gemini} messages with text; null for everything else. */
    static Turn toTurn(Map<String, Object> message) {
        Object type = message.get("type");
        String role = "user".equals(type) ? "user" : "gemini".equals(type) ? "assistant" : null;
        if (role == null) {
            return null;
        }
        String text = contentText(message.get("content"));
        return text == null || text.isEmpty() ? null : Turn.of(role, text);
    }

    /** A string as it is; else the {@code text} of each text-bearing part joined with {@code \n}; else null. */
    static String contentText(Object content) {
        return ContentText.join(content, false);
    }

    public static List<Turn> lastTurns(JsonlTail tail, Path file) {
        List<Turn> turns = new ArrayList<>();
        for (Map<String, Object> message : messages(tail, file, new ReadStats.Counter())) {
            Turn turn = toTurn(message);
            if (turn != null) {
                turns.add(turn);
            }
        }
        return turns.size() <= Turn.MAX_TURNS ? turns : new ArrayList<>(turns.subList(turns.size() - Turn.MAX_TURNS, turns.size()));
    }

    public static ReadStats stats(JsonlTail tail, Path file) {
        ReadStats.Counter count = new ReadStats.Counter();
        for (Map<String, Object> message : messages(tail, file, count)) {
            if (toTurn(message) != null) {
                count.turns++;
            }
        }
        return count.of(Store.GEMINI);
    }
}
