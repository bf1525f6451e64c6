package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one walk over a {@link Json} tree that every writer of one takes ({@link JsonWriter}, {@link
 * CompactJsonBytes}, the request body of {@code ask}):
 * iterative, since a tree may be nested as deep as {@link Json#MAX_DEPTH}, far past what recursion holds.
 */
final class JsonTreeWalk {
    /** What the walk meets, in document order. */
    interface Sink {
        void startObject() throws IOException;

        void startArray() throws IOException;

        void end(boolean object) throws IOException;

        /** Before every member or element of a container but its first. */
        void comma() throws IOException;

        void key(String key) throws IOException;

        /** A string, number, boolean or {@link Json#NULL} (a null in the tree is given as that). */
        void scalar(Object value) throws IOException;
    }

    private JsonTreeWalk() {}

    /** One open container: what is left of it, whether it is an object, and whether a member was written. */
    private static final class Open {
        final Iterator<?> rest;
        final boolean object;
        boolean started;

        Open(Iterator<?> rest, boolean object) {
            this.rest = rest;
            this.object = object;
        }
    }

    static void walk(Object root, Sink sink) throws IOException {
        ArrayDeque<Open> open = new ArrayDeque<>();
        Object next = root;
        while (true) {
            if (next instanceof Map<?, ?> map) {
                sink.startObject();
                open.push(new Open(map.entrySet().iterator(), true));
            } else if (next instanceof List<?> list) {
                sink.startArray();
                open.push(new Open(list.iterator(), false));
            } else {
                sink.scalar(next);
            }
            next = null;
            while (next == null && !open.isEmpty()) {
                Open o = open.peek();
                if (!o.rest.hasNext()) {
                    open.pop();
                    sink.end(o.object);
                    continue;
                }
                if (o.started) {
                    sink.comma();
                }
                o.started = true;
                Object item;
                if (o.object) {
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) o.rest.next();
                    sink.key(String.valueOf(e.getKey()));
                    item = e.getValue();
                } else {
                    item = o.rest.next();
                }
                next = item == null ? Json.NULL : item;
            }
            if (next == null) {
                return;
            }
        }
    }
}
