package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;

/**
 * Writes the plain-object trees of {@link Json} as text ({@link CompactJsonBytes}, the one writer): the project's
 * file style (docs/files.md) or compact, as {@code JSON.stringify} writes them. Numbers keep the text they were
 * read with.
 */
public final class JsonWriter {
    private JsonWriter() {}

    /** The tree in the file style: two-space indent, {@code "key": value}, one trailing newline. */
    public static String write(Object value) {
        return text(CompactJsonBytes.pretty(), value) + "\n";
    }

    /** The value as compact JSON text, as {@code JSON.stringify(value)} writes it (for tool arguments kept as objects). */
    public static String compact(Object value) {
        return text(new CompactJsonBytes(), value);
    }

    private static String text(CompactJsonBytes out, Object value) {
        out.value(value);
        return new String(out.bytes(), 0, out.size(), StandardCharsets.UTF_8);
    }
}
