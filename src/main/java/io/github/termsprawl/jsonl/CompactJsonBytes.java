package io.github.termsprawl.jsonl;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one JSON writer: {@link Json} trees straight into UTF-8 bytes, compact as {@code JSON.stringify} writes
 * them (its escapes, a lone surrogate as {@code \}{@code udxxx}), or in the file style of {@link JsonWriter}. It
 * is for every file termsprawl writes, the ones it writes in bulk and reads back itself too (a transcript's
 * plan cache, tens of MB: a String and an encoder there would cost more than half of what the cache saves), and
 * for the request body of {@code ask} ({@link #forRequest()}). One buffer collects many values; {@link #size()}
 * marks where each ends.
 */
public final class CompactJsonBytes {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] UPPER_HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[1 << 16];
    private int size;
    private char[] chars = new char[256];
    /** The file style: {@code JSON.stringify(value, null, 2)} (docs/files.md, "How termsprawl writes JSON"). */
    private final boolean pretty;
    /**
     * A request body: a lone surrogate as U+FFFD (what goes out as UTF-8 to an API holds none), and the escapes
     * jackson-core's default generator wrote there before (upper-case hex; a pair as two escapes).
     */
    private final boolean request;

    private final byte[] hex;
    /** The containers open, and whether the innermost has no member yet (the file style only). */
    private int depth;

    private boolean empty;

    public CompactJsonBytes() {
        this(false, false);
    }

    private CompactJsonBytes(boolean pretty, boolean request) {
        this.pretty = pretty;
        this.request = request;
        this.hex = request ? UPPER_HEX : HEX;
    }

    /** A writer in the file style, for {@link JsonWriter#write}. */
    static CompactJsonBytes pretty() {
        return new CompactJsonBytes(true, false);
    }

    /** A writer of a Messages API request body: compact, its bytes those it had when jackson-core wrote it. */
    public static CompactJsonBytes forRequest() {
        return new CompactJsonBytes(false, true);
    }

    /** One open container: what is left of it, and whether it is an object. */
    private record Open(Iterator<?> rest, boolean object) {}

    /** Appends one value; iterative, as a tree may nest as deep as {@link Json#MAX_DEPTH}, past what recursion holds. */
    public void value(Object root) {
        ArrayDeque<Open> stack = new ArrayDeque<>();
        Object next = root;
        while (true) {
            if (next instanceof Map<?, ?> map) {
                open('{');
                stack.push(new Open(map.entrySet().iterator(), true));
            } else if (next instanceof List<?> list) {
                open('[');
                stack.push(new Open(list.iterator(), false));
            } else {
                member();
                scalar(next);
            }
            next = null;
            while (next == null && !stack.isEmpty()) {
                Open o = stack.peek();
                if (!o.rest.hasNext()) {
                    stack.pop();
                    close(o.object);
                    continue;
                }
                if (!empty) { // a member was written since the container opened
                    ascii(',');
                    if (pretty) {
                        newline();
                    }
                }
                Object item = o.rest.next();
                if (o.object) {
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) item;
                    member();
                    string(String.valueOf(e.getKey()));
                    ascii(pretty ? ": " : ":");
                    item = e.getValue();
                }
                next = item == null ? Json.NULL : item;
            }
            if (next == null) {
                return;
            }
        }
    }

    private void close(boolean object) {
        depth--;
        if (pretty && !empty) {
            newline();
        }
        empty = false;
        ascii(object ? '}' : ']');
    }

    private void open(char c) {
        member();
        ascii(c);
        depth++;
        empty = true;
    }

    /** Before a member: the first of a container starts its first line (an empty one stays {@code {}}). */
    private void member() {
        if (empty && pretty) {
            newline();
        }
        empty = false;
    }

    private void newline() {
        ensure(1 + 2 * depth);
        bytes[size++] = '\n';
        for (int i = 0; i < 2 * depth; i++) {
            bytes[size++] = ' ';
        }
    }

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

    /** A string, escaped as the writer escapes them. */
    public void string(String s) {
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
                if (request) {
                    b[at++] = '\\';
                    at = hex(b, at, ch);
                    b[at++] = '\\';
                    at = hex(b, at, c[++i]);
                    continue;
                }
                int cp = Character.toCodePoint(ch, c[++i]);
                b[at++] = (byte) (0xf0 | cp >> 18);
                b[at++] = (byte) (0x80 | cp >> 12 & 0x3f);
                b[at++] = (byte) (0x80 | cp >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | cp & 0x3f);
            } else if (request) {
                b[at++] = (byte) 0xef; // U+FFFD
                b[at++] = (byte) 0xbf;
                b[at++] = (byte) 0xbd;
            } else {
                b[at++] = '\\';
                at = hex(b, at, ch); // a lone surrogate, as JSON.stringify writes it
            }
        }
        b[at++] = '"';
        size = at;
    }

    /** {@code u} and four hex digits (the backslash is written). */
    private int hex(byte[] b, int at, char ch) {
        b[at++] = 'u';
        b[at++] = hex[ch >> 12 & 0xf];
        b[at++] = hex[ch >> 8 & 0xf];
        b[at++] = hex[ch >> 4 & 0xf];
        b[at++] = hex[ch & 0xf];
        return at;
    }

    private void ensure(int more) {
        if (bytes.length - size < more) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
