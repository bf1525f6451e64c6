package io.github.termsprawl.history;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A turn file's bytes as they are made: short pieces (front matter, headings, fences) gathered as chars, each long
 * text encoded to UTF-8 on its own, and every part copied once into the file's array at the end. The bytes are
 * those of the whole turn's text encoded at once, because every long text stands between pieces of ASCII that
 * {@link TurnMarkdown} writes (a heading, a line end, a fence), never beside half of a surrogate pair. What it
 * saves, on each of the thousands of turns of a first write, is a builder holding the whole turn's chars and the
 * copy of them made to encode it.
 */
final class TurnBytes {
    /** A text at least this long is encoded on its own. */
    static final int LONG = 256;

    private final StringBuilder small = new StringBuilder(LONG);
    private byte[][] parts = new byte[8][];
    private int count;
    private int length;

    TurnBytes append(String text) {
        if (text.length() >= LONG) {
            encoded(text.getBytes(StandardCharsets.UTF_8));
        } else {
            small.append(text);
        }
        return this;
    }

    TurnBytes append(char c) {
        small.append(c);
        return this;
    }

    /** A text already encoded as UTF-8 (a fenced one, whose backticks were counted in its bytes). */
    TurnBytes encoded(byte[] bytes) {
        flush();
        add(bytes);
        return this;
    }

    private void add(byte[] bytes) {
        if (count == parts.length) {
            parts = Arrays.copyOf(parts, count * 2);
        }
        parts[count++] = bytes;
        length = Math.addExact(length, bytes.length);
    }

    /** The file's bytes: everything appended, in order. */
    byte[] bytes() {
        flush();
        if (count == 1) {
            return parts[0];
        }
        byte[] out = new byte[length];
        int at = 0;
        for (int i = 0; i < count; i++) {
            System.arraycopy(parts[i], 0, out, at, parts[i].length);
            at += parts[i].length;
        }
        return out;
    }

    private void flush() {
        if (small.length() > 0) {
            byte[] bytes = small.toString().getBytes(StandardCharsets.UTF_8);
            small.setLength(0);
            add(bytes);
        }
    }
}
