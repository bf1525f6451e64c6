package io.github.termsprawl.transcript;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one rule of a Gemini CLI log's edits (docs/stores.md), for the prose turns and for the whole
 * session alike: a message keeps the place its id was first appended at and takes the content of its
 * last record; {@code $rewindTo} drops that message and every one after it; a checkpoint replaces the
 * list. In linear time: a rewind cuts the list at a place looked up by id, and each entry is cut at most
 * once after it was appended, so a log of n records costs O(n) whatever its rewinds ({@link #steps()}
 * counts that work, for the tests).
 *
 * @param <V> what is kept per message
 */
public final class GeminiEditList<V> {
    private final List<String> order = new ArrayList<>();
    private final Map<String, Integer> place = new HashMap<>();
    private final Map<String, V> byId = new HashMap<>();
    private long steps;

    /** Appends the message, or gives an id seen before its new content at its old place. */
    public void put(String id, V value) {
        steps++;
        if (byId.put(id, value) == null) {
            place.put(id, order.size());
            order.add(id);
        }
    }

    /** Drops the message with this id and every one after it; nothing when the id is not in the list. */
    public void rewind(String id) {
        steps++;
        Integer at = place.get(id);
        if (at == null) {
            return;
        }
        for (int i = order.size() - 1; i >= at; i--) {
            steps++;
            String gone = order.remove(i);
            place.remove(gone);
            byId.remove(gone);
        }
    }

    /** Empties the list (a checkpoint follows with the messages it keeps). */
    public void clear() {
        steps += 1 + order.size();
        order.clear();
        place.clear();
        byId.clear();
    }

    /** The messages in conversation order. */
    public List<V> values() {
        List<V> values = new ArrayList<>(order.size());
        for (String id : order) {
            values.add(byId.get(id));
        }
        steps += order.size();
        return values;
    }

    /** The entries appended, cut, cleared and listed so far: the work done, linear in the records applied. */
    public long steps() {
        return steps;
    }
}
