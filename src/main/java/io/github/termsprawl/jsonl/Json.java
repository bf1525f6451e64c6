package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
     * not parse. JSON.parse has no such bound, but the parser holds a frame per open level, so without one
     * a 100 MB line of {@code [} costs gigabytes; no real record comes near this depth.
     */
    public static final int MAX_DEPTH = 1 << 18;

    /**
     * The most values (containers and scalars) built from one JSON text: past it the text is skipped as
     * if it did not parse. Only what a projection keeps is built, so no real record comes near this; it
     * bounds the memory of a long line of tiny values.
     */
    public static final int MAX_VALUES = 1 << 20;

    /** Jackson's default limits would reject records that JSON.parse accepts (a 100 MB string is a valid record). */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    private Json() {}

    /** A JSON number, kept as written so that a file can be rewritten without changing it. */
    public record JsonNumber(String text) {
        /** The value as JavaScript sees it (a double), so {@code 1.0} and {@code 1e0} equal 1. */
        public double value() {
            return Double.parseDouble(text);
        }
    }

    public static JsonParser parser(String text) throws IOException {
        return FACTORY.createParser(text);
    }

    public static JsonParser parser(byte[] bytes, int offset, int length) throws IOException {
        return FACTORY.createParser(bytes, offset, length);
    }

    public static JsonParser parser(Reader reader) throws IOException {
        return FACTORY.createParser(reader);
    }

    /** Parses one complete JSON text; throws on bad syntax or trailing content. */
    public static Object parse(String text) throws IOException {
        try (JsonParser p = parser(text)) {
            return parseWhole(p);
        }
    }

    private static Object parseWhole(JsonParser p) throws IOException {
        if (p.nextToken() == null) {
            throw new IOException("empty JSON text");
        }
        Object value = readValue(p);
        requireEnd(p);
        return value;
    }

    /** Reads a small JSON file the way the reference reads it: UTF-8, a leading BOM ignored; null when anything fails. */
    public static Object readFileOrNull(Path path) {
        try {
            java.io.File file = path.toFile();
            if (!file.isFile()) {
                return null;
            }
            byte[] bytes;
            try (java.io.FileInputStream in = new java.io.FileInputStream(file)) {
                bytes = in.readAllBytes();
            }
            int start = Utf8.bomLength(bytes, 0, bytes.length);
            if (readsInPlace(bytes, start, bytes.length - start)) {
                try (JsonParser p = parser(bytes, start, bytes.length - start)) {
                    return parseWhole(p); // the transcript lines' parser: one parser class on the command's path
                } catch (IOException e) {
                    if (!hasUnicodeEscape(bytes, start, bytes.length - start)) {
                        return null;
                    }
                }
            }
            return parse(Utf8.decode(bytes, start, bytes.length - start)); // bad bytes become U+FFFD exactly as in node
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether jackson may read these bytes in place and see what a decoder would give it: well-formed
     * UTF-8, no NUL (from which a parser could guess UTF-16 or UTF-32) and no leading BOM (which a
     * parser would skip where JSON.parse fails).
     */
    public static boolean readsInPlace(byte[] bytes, int offset, int length) {
        return Utf8.bomLength(bytes, offset, length) == 0 && Utf8.isValid(bytes, offset, length, false);
    }

    /**
     * Whether text that jackson's byte parser rejected must be tried again as chars: that parser refuses
     * an escaped lone surrogate in a key (a key such as backslash-u-d800), which JSON.parse and jackson's char
     * parser take. Only a text with a backslash-u escape can be such a text.
     */
    public static boolean hasUnicodeEscape(byte[] bytes, int offset, int length) {
        for (int i = offset, end = offset + length - 1; i < end; i++) {
            if (bytes[i] == '\\' && bytes[i + 1] == 'u') {
                return true;
            }
        }
        return false;
    }

    public static String stripBom(String text) {
        return !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
    }

    /** Fails unless the parser is past the last token: a line is one value and nothing after it. */
    public static void requireEnd(JsonParser p) throws IOException {
        if (p.nextToken() != null) {
            throw new IOException("trailing content after the JSON value");
        }
    }

    /** How many more values one JSON text may build ({@link #MAX_VALUES}); shared by the readers of one text. */
    public static final class Budget {
        private int left;

        public Budget() {
            this(MAX_VALUES);
        }

        Budget(int values) {
            this.left = values;
        }

        /** Takes one value; fails the text once the budget is spent. */
        void spend() throws IOException {
            if (--left < 0) {
                throw new IOException("more than " + MAX_VALUES + " values in one JSON text");
            }
        }
    }

    /** {@link #readValue(JsonParser, Budget)} with a budget of its own. */
    public static Object readValue(JsonParser p) throws IOException {
        return readValue(p, new Budget());
    }

    /**
     * Reads the value at the parser's current token (inclusive) into plain Java objects. Iterative, not
     * recursive: a value nested {@link #MAX_DEPTH} deep must not overflow the stack.
     */
    public static Object readValue(JsonParser p, Budget budget) throws IOException {
        JsonToken t = p.currentToken();
        budget.spend();
        Object root = container(t);
        if (root == null) {
            return scalar(p, t);
        }
        ArrayDeque<Object> open = new ArrayDeque<>();
        open.push(root);
        while (!open.isEmpty()) {
            Object current = open.peek();
            JsonToken next = p.nextToken();
            if (next == JsonToken.END_OBJECT || next == JsonToken.END_ARRAY) {
                open.pop();
                continue;
            }
            String name = null;
            if (current instanceof Map) {
                if (next != JsonToken.FIELD_NAME) {
                    throw new IOException("unexpected token " + next);
                }
                name = p.currentName();
                next = p.nextToken();
            }
            budget.spend();
            Object child = container(next);
            Object value = child != null ? child : scalar(p, next);
            if (current instanceof Map) {
                asObject(current)
                        .put(name, value); // a repeated key keeps its first position and its last value, as in JS
            } else {
                @SuppressWarnings("unchecked")
                List<Object> list = (List<Object>) current;
                list.add(value);
            }
            if (child != null) {
                open.push(child);
            }
        }
        return root;
    }

    private static Object container(JsonToken t) {
        if (t == JsonToken.START_OBJECT) {
            return new LinkedHashMap<String, Object>();
        }
        return t == JsonToken.START_ARRAY ? new ArrayList<>() : null;
    }

    private static Object scalar(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new IOException("unexpected end of input");
        }
        switch (t) {
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new JsonNumber(p.getText());
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return NULL;
            default:
                throw new IOException("unexpected token " + t);
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> asObject(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : null;
    }

    public static boolean isOne(Object value) {
        return value instanceof JsonNumber && ((JsonNumber) value).value() == 1.0;
    }
}
