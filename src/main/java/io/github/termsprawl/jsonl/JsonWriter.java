package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Writes the plain-object trees of {@link Json} with jackson-core's generator in {@link JsonStyle}: the
 * project's file style (docs/files.md) or compact, as {@code JSON.stringify} writes them. Numbers keep the text
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

    private static void write(Object root, JsonGenerator g) throws IOException {
        write(root, g, false);
    }

    /**
     * A tree of {@link Json}'s plain objects to a generator; with {@code wellFormed}, its keys and strings
     * {@link Utf8Output#wellFormed} (a lone surrogate made U+FFFD: what goes out as UTF-8 cannot hold one).
     */
    public static void write(Object root, JsonGenerator g, boolean wellFormed) throws IOException {
        JsonTreeWalk.walk(root, new JsonTreeWalk.Sink() {
            @Override
            public void startObject() throws IOException {
                g.writeStartObject();
            }

            @Override
            public void startArray() throws IOException {
                g.writeStartArray();
            }

            @Override
            public void end(boolean object) throws IOException {
                if (object) {
                    g.writeEndObject();
                } else {
                    g.writeEndArray();
                }
            }

            @Override
            public void comma() {
                // the generator writes its own separators
            }

            @Override
            public void key(String key) throws IOException {
                g.writeFieldName(wellFormed ? Utf8Output.wellFormed(key) : key);
            }

            @Override
            public void scalar(Object value) throws IOException {
                JsonWriter.scalar(wellFormed && value instanceof String s ? Utf8Output.wellFormed(s) : value, g);
            }
        });
    }

    /** A string, number, boolean or {@link Json#NULL} to a generator; anything else is no JSON value. */
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
