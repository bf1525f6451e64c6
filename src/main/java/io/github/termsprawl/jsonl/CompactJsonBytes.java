package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Compact JSON of {@link Json} trees straight into UTF-8 bytes, byte for byte what {@link JsonWriter#compact}
 * gives once encoded ({@code JSON.stringify}'s escapes, a lone surrogate as {@code \}{@code udxxx}). It is for
 * the files termsprawl writes in bulk and reads back itself (a transcript's plan cache, tens of MB): going
 * through jackson, a String and an encoder there cost more than half of what the cache saves. One buffer
 * collects many values; {@link #size()} marks where each ends.
 */
public final class CompactJsonBytes {
    private byte[] bytes = new byte[1 << 16];
    private int size;
    private char[] chars = new char[256];

    /** Appends one value. */
    public void value(Object root) {
        try {
            JsonTreeWalk.walk(root, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // nothing here does I/O
        }
    }

    private final JsonTreeWalk.Sink sink = new JsonTreeWalk.Sink() {
        @Override
        public void startObject() {
            ascii('{');
        }

        @Override
        public void startArray() {
            ascii('[');
        }

        @Override
        public void end(boolean object) {
            ascii(object ? '}' : ']');
        }

        @Override
        public void comma() {
            ascii(',');
        }

        @Override
        public void key(String key) {
            string(key);
            ascii(':');
        }

        @Override
        public void scalar(Object value) {
            CompactJsonBytes.this.scalar(value);
        }
    };

    /** Appends bytes as they are (separators, framing). */
    public void raw(byte[] b, int from, int to) {
        ensure(to - from);
        System.arraycopy(b, from, bytes, size, to - from);
        size += to - from;
    }

    /** Appends ASCII text as it is (numbers, keys known to need no escape). */
    public void ascii(String text) {
        ensure(text.length());
        for (int i = 0; i < text.length(); i++) {
            bytes[size++] = (byte) text.charAt(i);
        }
    }

    /** How many bytes are collected. */
    public int size() {
        return size;
    }

    /** The buffer (valid up to {@link #size()}). */
    public byte[] bytes() {
        return bytes;
    }

    /** Forgets what was collected, keeping the buffer. */
    public void clear() {
        size = 0;
    }

    private void scalar(Object value) {
        if (value instanceof String s) {
            string(s);
        } else if (value instanceof Json.JsonNumber n) {
            ascii(n.text());
        } else if (value instanceof Boolean b) {
            ascii(b ? "true" : "false");
        } else if (value instanceof Number) {
            ascii(value.toString());
        } else if (value == Json.NULL || value == null) {
            ascii("null");
        } else {
            throw new IllegalArgumentException(
                    "not a JSON value: " + value.getClass().getName());
        }
    }

    private void ascii(char c) {
        ensure(1);
        bytes[size++] = (byte) c;
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private void string(String s) {
        int n = s.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        s.getChars(0, n, chars, 0); // one copy into an array: a call per char costs more before the JIT
        char[] c = chars;
        ensure(6 * n + 2);
        byte[] b = bytes;
        int at = size;
        b[at++] = '"';
        for (int i = 0; i < n; i++) {
            char ch = c[i];
            if (ch < 0x80) {
                if (ch >= 0x20 && ch != '"' && ch != '\\') {
                    b[at++] = (byte) ch;
                    continue;
                }
                b[at++] = '\\';
                switch (ch) {
                    case '"' -> b[at++] = '"';
                    case '\\' -> b[at++] = '\\';
                    case '\b' -> b[at++] = 'b';
                    case '\f' -> b[at++] = 'f';
                    case '\n' -> b[at++] = 'n';
                    case '\r' -> b[at++] = 'r';
                    case '\t' -> b[at++] = 't';
                    default -> at = hex(b, at, ch);
                }
            } else if (ch < 0x800) {
                b[at++] = (byte) (0xc0 | ch >> 6);
                b[at++] = (byte) (0x80 | ch & 0x3f);
            } else if (!Character.isSurrogate(ch)) {
                b[at++] = (byte) (0xe0 | ch >> 12);
                b[at++] = (byte) (0x80 | ch >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | ch & 0x3f);
            } else if (Character.isHighSurrogate(ch) && i + 1 < n && Character.isLowSurrogate(c[i + 1])) {
                int cp = Character.toCodePoint(ch, c[++i]);
                b[at++] = (byte) (0xf0 | cp >> 18);
                b[at++] = (byte) (0x80 | cp >> 12 & 0x3f);
                b[at++] = (byte) (0x80 | cp >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | cp & 0x3f);
            } else {
                b[at++] = '\\';
                at = hex(b, at, ch); // a lone surrogate, as JSON.stringify writes it
            }
        }
        b[at++] = '"';
        size = at;
    }

    /** {@code u} and four lower-case hex digits (the backslash is written). */
    private static int hex(byte[] b, int at, char ch) {
        b[at++] = 'u';
        b[at++] = HEX[ch >> 12 & 0xf];
        b[at++] = HEX[ch >> 8 & 0xf];
        b[at++] = HEX[ch >> 4 & 0xf];
        b[at++] = HEX[ch & 0xf];
        return at;
    }

    private void ensure(int more) {
        if (bytes.length - size < more) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
