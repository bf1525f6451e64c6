package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * Jackson, in a holder so that its classes load only when it is used: the command parses with
     * {@link JsonBytes}, and needs jackson only for a line too long to hold or a Gemini document head.
     */
    private static final class Jackson {
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
    }

    /** A JSON number, kept as written so that a file can be rewritten without changing it. */
    public record JsonNumber(String text) {
        /** The value as JavaScript sees it (a double), so {@code 1.0} and {@code 1e0} equal 1. */
        public double value() {
            return Double.parseDouble(text);
        }
    }

    public static JsonParser parser(String text) throws IOException {
        return Jackson.FACTORY.createParser(text);
    }

    public static JsonParser parser(byte[] bytes, int offset, int length) throws IOException {
        return Jackson.FACTORY.createParser(bytes, offset, length);
    }

    public static JsonParser parser(Reader reader) throws IOException {
        return Jackson.FACTORY.createParser(reader);
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
        return readFileOrNull(path.toFile());
    }

    /** As {@link #readFileOrNull(Path)}; a {@link File} is what the JDK opens, so a folder's files need no Path each. */
    public static Object readFileOrNull(File file) {
        return readFileOrNull(file, null, Integer.MAX_VALUE - 16);
    }

    /**
     * As {@link #readFileOrNull(File)} for a file that must hold one object, of which only what
     * {@code projection} names is kept (in a plain map): null for anything else, as a caller taking
     * {@link #asObject} of the whole value would get.
     */
    public static Map<String, Object> readObjectOrNull(File file, JsonProjection projection) {
        return asObject(readFileOrNull(file, projection, Integer.MAX_VALUE - 16));
    }

    /**
     * As {@link #readObjectOrNull(File, JsonProjection)}, and null when the file holds more than {@code max} bytes:
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
        // "1" as written is the common case: no double parsing (and its code) on the command's path
        return value instanceof JsonNumber n && (n.text().equals("1") || n.value() == 1.0);
    }
}
