package io.github.termsprawl.store.gemini;

import io.github.termsprawl.jsonl.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Gemini CLI chat log replayed into its message list, the one replay of both the file view and the session
 * reader (docs/stores.md). The JSONL file is a log of edits: a message id is re-appended on every update (the
 * last one wins, at its first position), {@code $set.messages} replaces the whole list and {@code $rewindTo}
 * drops a message and all after it. Linear time: a message keeps the place it was first appended at, and a
 * rewind cuts the list at that place (each message is cut at most once).
 *
 * @param <T> what is kept of each message (the record itself, or the record and where it was read)
 */
public final class GeminiReplay<T> {
    /** What a record of the log does. */
    public enum Kind {
        /** {@code $set}: a patch, whose {@code messages}, when there, replace the list. */
        CHECKPOINT,
        /** {@code $rewindTo}: drops that message and every one after it. */
        REWIND,
        /** A message (it has an {@code id} and a {@code type}). */
        MESSAGE,
        /** The header, or a whole pre-0.39 document (with its {@code messages}). */
        HEADER,
        UNKNOWN
    }

    private final List<String> order = new ArrayList<>();
    private final Map<String, Integer> place = new HashMap<>();
    private final Map<String, T> byId = new HashMap<>();
    private int anonymous;

    public static Kind kind(Map<String, Object> r) {
        if (Json.asObject(r.get("$set")) != null) {
            return Kind.CHECKPOINT;
        }
        if (r.get("$rewindTo") instanceof String) {
            return Kind.REWIND;
        }
        if (r.containsKey("id") && r.containsKey("type")) {
            return Kind.MESSAGE;
        }
        return r.containsKey("sessionId") || r.containsKey("projectHash") ? Kind.HEADER : Kind.UNKNOWN;
    }

    /** The messages a checkpoint or a document sets the list to, or null when it sets none. */
    public static List<?> messagesOf(Map<String, Object> r) {
        Map<String, Object> set = Json.asObject(r.get("$set"));
        Object messages = set != null ? set.get("messages") : r.get("messages");
        return messages instanceof List<?> list ? list : null;
    }

    /** Appends a message, or gives an id seen before its new value at the place it was first appended at. */
    public void put(Map<String, Object> message, T value) {
        String id = message.get("id") instanceof String s ? s : "\0" + anonymous++;
        if (byId.put(id, value) == null) {
            place.put(id, order.size());
            order.add(id);
        }
    }

    /** Empties the list (a checkpoint's messages are put next). */
    public void clear() {
        order.clear();
        place.clear();
        byId.clear();
    }

    /** Drops the message with that id and every one after it; nothing when there is none. */
    public void rewind(String id) {
        Integer at = place.get(id);
        if (at == null) {
            return;
        }
        for (int i = order.size() - 1; i >= at; i--) {
            String gone = order.remove(i);
            place.remove(gone);
            byId.remove(gone);
        }
    }

    /** The list as the edits leave it, in conversation order. */
    public List<T> values() {
        List<T> list = new ArrayList<>(order.size());
        for (String id : order) {
            list.add(byId.get(id));
        }
        return list;
    }
}
