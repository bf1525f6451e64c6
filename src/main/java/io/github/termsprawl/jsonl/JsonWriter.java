package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes the plain-object trees of {@link Json} with jackson-core's generator in {@link JsonStyle}: the
 * project's file style (SPEC §2) or compact, as {@code JSON.stringify} writes them. Numbers keep the text
 * they were read with.
 */
public final class JsonWriter {
    private JsonWriter() {}

    /** The tree in the file style: two-space indent, {@code "key": value}, one trailing newline. */
    public static String write(Object value) {
        return JsonStyle.finish(text(value, true)) + "\n";
    }

    /** The value as compact JSON text, as {@code JSON.stringify(value)} writes it (for tool arguments kept as objects). */
    public static String compact(Object value) {
        return JsonStyle.finish(text(value, false));
    }

    private static String text(Object value, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonStyle.generator(out, pretty)) {
            write(value, g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** Iterative: a tree may be nested as deep as {@link Json#MAX_DEPTH}, far past what recursion holds. */
    private static void write(Object root, JsonGenerator g) throws IOException {
        ArrayDeque<Iterator<?>> open = new ArrayDeque<>();
        Object next = root;
        while (true) {
            if (next instanceof Map<?, ?> map) {
                g.writeStartObject();
                open.push(map.entrySet().iterator());
            } else if (next instanceof List<?> list) {
                g.writeStartArray();
                open.push(list.iterator());
            } else {
                scalar(next, g);
            }
            next = null;
            while (next == null && !open.isEmpty()) {
                Iterator<?> it = open.peek();
                if (!it.hasNext()) {
                    open.pop();
                    if (g.getOutputContext().inObject()) {
                        g.writeEndObject();
                    } else {
                        g.writeEndArray();
                    }
                } else if (g.getOutputContext().inObject()) {
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) it.next();
                    g.writeFieldName(String.valueOf(e.getKey()));
                    next = e.getValue() == null ? Json.NULL : e.getValue();
                } else {
                    Object item = it.next();
                    next = item == null ? Json.NULL : item;
                }
            }
            if (next == null) {
                return;
            }
        }
    }

    private static void scalar(Object value, JsonGenerator g) throws IOException {
        if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Json.JsonNumber n) {
            g.writeNumber(n.text());
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof Number) {
            g.writeNumber(value.toString());
        } else if (value == Json.NULL || value == null) {
            g.writeNull();
        } else {
            throw new IllegalArgumentException(
                    "not a JSON value: " + value.getClass().getName());
        }
    }
}
