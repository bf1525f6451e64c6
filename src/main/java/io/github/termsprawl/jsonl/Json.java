package io.github.termsprawl.jsonl;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * JSON reading with the semantics of JavaScript's {@code JSON.parse}, which the reference model uses:
 * strict RFC 8259, one value per text, the last of a repeated key wins, no size limits. Values become
 * plain Java objects: {@link Map} (insertion-ordered), {@link List}, {@link String}, {@link Number}
 * (a {@link JsonNumber}), {@link Boolean} and {@link #NULL}.
 */
public final class Json {
    /** JSON {@code null}, distinct from a missing key. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /**
     * The deepest nesting read (arrays and objects together): a line nested deeper is skipped as if it did
     * not parse. JSON.parse has no such bound, but a parser holds a frame per open level, so without one
     * a 100 MB line of {@code [} costs gigabytes; no real record comes near this depth.
     */
    public static final int MAX_DEPTH = 1 << 18;

    /**
     * The most values (containers and scalars) built from one JSON text: past it the text is skipped as
     * if it did not parse. Only what a projection keeps is built, so no real record comes near this; it
     * bounds the memory of a long line of tiny values.
     */
    public static final int MAX_VALUES = 1 << 20;

    /** Link and index files are well under this; a longer file grows the buffer. */
    private static final int SMALL_FILE = 256;

    private Json() {}

    /** A JSON number, kept as written so that a file can be rewritten without changing it. */
    public record JsonNumber(String text) {
        /** The value as JavaScript sees it (a double), so {@code 1.0} and {@code 1e0} equal 1. */
        public double value() {
            return Double.parseDouble(text);
        }
    }

    /** Parses one complete JSON text; throws on bad syntax or trailing content. */
    public static Object parse(String text) throws IOException {
        byte[] bytes = new byte[utf8(text, text.length(), null)];
        utf8(text, text.length(), bytes);
        try {
            return JsonBytes.parse(bytes, 0, bytes.length);
        } catch (JsonBytes.Invalid e) {
            throw new IOException("not a JSON text", e);
        }
    }

    /**
     * {@code text[0, to)} as UTF-8 into {@code out} (or only counted, when it is null), each lone surrogate as the
     * escape {@code \}{@code udxxx}: in a JSON string that reads back as the same char, and outside one neither
     * is valid JSON. Returns the length in bytes.
     */
    static int utf8(CharSequence text, int to, byte[] out) {
        int n = 0;
        for (int i = 0; i < to; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                if (out != null) {
                    out[n] = (byte) c;
                }
                n++;
            } else if (c < 0x800) {
                if (out != null) {
                    out[n] = (byte) (0xC0 | c >> 6);
                    out[n + 1] = (byte) (0x80 | c & 0x3F);
                }
                n += 2;
            } else if (!Character.isSurrogate(c)) {
                if (out != null) {
                    out[n] = (byte) (0xE0 | c >> 12);
                    out[n + 1] = (byte) (0x80 | c >> 6 & 0x3F);
                    out[n + 2] = (byte) (0x80 | c & 0x3F);
                }
                n += 3;
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                if (out != null) {
                    out[n] = (byte) (0xF0 | cp >> 18);
                    out[n + 1] = (byte) (0x80 | cp >> 12 & 0x3F);
                    out[n + 2] = (byte) (0x80 | cp >> 6 & 0x3F);
                    out[n + 3] = (byte) (0x80 | cp & 0x3F);
                }
                n += 4;
            } else {
                if (out != null) {
                    out[n] = '\\';
                    out[n + 1] = 'u';
                    for (int k = 0; k < 4; k++) {
                        out[n + 2 + k] = (byte) Character.forDigit(c >> (12 - 4 * k) & 15, 16);
                    }
                }
                n += 6;
            }
        }
        return n;
    }

    /** Reads a small JSON file the way the reference reads it: UTF-8, a leading BOM ignored; null when anything fails. */
    public static Object readFileOrNull(Path path) {
        return readFileOrNull(path.toFile());
    }

    /** As {@link #readFileOrNull(Path)}; a {@link File} is what the JDK opens, so a folder's files need no Path each. */
    public static Object readFileOrNull(File file) {
        return readFileOrNull(file, null, Integer.MAX_VALUE - 16);
    }

    /**
     * As {@link #readFileOrNull(File)} for a file that must hold one object, of which only what
     * {@code projection} names is kept (in a plain map): null for anything else, as a caller taking
     * {@link #asObject} of the whole value would get; and null when the file holds more than {@code max} bytes:
     * its size is looked at before it is read (a state file past its sane size is a broken one).
     */
    public static Map<String, Object> readObjectOrNull(File file, JsonProjection projection, long max) {
        return asObject(readFileOrNull(file, projection, max));
    }

    /** As {@link #readFileOrNull(File)}, and null when the file holds more than {@code max} bytes. */
    public static Object readFileOrNull(File file, long max) {
        return readFileOrNull(file, null, max);
    }

    private static Object readFileOrNull(File file, JsonProjection projection, long max) {
        try {
            if (!file.isFile() || file.length() > max) {
                return null;
            }
            byte[] bytes;
            int length;
            try (FileInputStream in = new FileInputStream(file)) {
                // not readAllBytes, which asks for the size and position first: a small file is two reads
                bytes = new byte[SMALL_FILE];
                length = 0;
                for (int n; (n = in.read(bytes, length, bytes.length - length)) > 0; ) {
                    length += n;
                    if (length > max) {
                        return null; // it grew past the cap while it was read
                    }
                    if (length == bytes.length) {
                        bytes = Arrays.copyOf(bytes, bytes.length * 2);
                    }
                }
            }
            int start = Utf8.bomLength(bytes, 0, length);
            return projection == null
                    ? JsonBytes.parse(bytes, start, length - start) // the transcript lines' parser
                    : JsonBytes.record(bytes, start, length - start, projection);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    public static String stripBom(String text) {
        return !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> asObject(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : null;
    }

    public static boolean isOne(Object value) {
        // "1" as written is the common case: no double parsing (and its code) on the command's path
        return value instanceof JsonNumber n && (n.text().equals("1") || n.value() == 1.0);
    }
}
