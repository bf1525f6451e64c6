package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code JSON.parse} of the UTF-8 decoding of some bytes, read straight from the bytes: the one JSON parser
 * of the read side (files, transcript lines, a hook's payload, a document's head, text already in a String),
 * and of a line too long to hold, streamed through a window ({@link #record(InputStream, long, JsonProjection)}).
 *
 * <p>Any bytes may be given. JSON's syntax is ASCII, every ASCII byte decodes to itself, and every other
 * byte (well-formed or not) decodes to non-ASCII chars, which JSON allows only inside strings; so the
 * structure read from the bytes is that of the decoded text, and only the strings that are kept are
 * decoded ({@link Utf8#decode}, WHATWG rules), in pieces cut at ASCII bytes, where the decoder's state
 * is always fresh. A BOM or a NUL outside a string is a syntax error, as it is for {@code JSON.parse}.
 *
 * <p>Values are those of {@link Json}: {@link LinkedHashMap}, {@link ArrayList}, {@link String},
 * {@link Json.JsonNumber} (as written), {@link Boolean}, {@link Json#NULL}. Nesting costs no stack;
 * a text nested deeper than {@link Json#MAX_DEPTH} (skipped values
 * included) or keeping more than {@link Json#MAX_VALUES} values is rejected, which bounds the memory of
 * one hostile line. Small and allocation-light, as it runs a few times per peer on the command's
 * start-up path.
 */
final class JsonBytes {
    /** The one answer for text that {@code JSON.parse} rejects: shared, without a stack trace, as bad lines are routine. */
    static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Invalid() {
            super("not a JSON text", null, false, false);
        }
    }

    static final Invalid INVALID = new Invalid();

    /** What a byte is inside a string: its loops cost one table load per byte (locals, not fields: C1 keeps them in registers). */
    private static final byte[] IN_STRING = new byte[256];

    private static final byte ASCII = 0;
    private static final byte NON_ASCII = 1;
    private static final byte QUOTE = 2;
    private static final byte BACKSLASH = 3;
    private static final byte CONTROL = 4;

    static {
        for (int c = 0; c < 256; c++) {
            IN_STRING[c] = c < 0x20 ? CONTROL : c == '"' ? QUOTE : c == '\\' ? BACKSLASH : c < 0x80 ? ASCII : NON_ASCII;
        }
    }

    /**
     * Whether skipped strings are scanned eight bytes a step ({@link WordScan}): turned on, for the whole process,
     * by the first read of a file big enough to repay loading it ({@link ForwardLineReader}). The results are the
     * same either way.
     */
    private static volatile boolean words;

    /** Whether {@link WordScan} is on: a line reader made since starts with it ({@link ForwardLineReader}). */
    static boolean usesWordScan() {
        return words;
    }

    /** Scans with {@link WordScan} from now on (it is loaded here, once). */
    static void useWordScan(boolean on) {
        if (on) {
            WordScan.load();
        }
        words = on;
    }

    /**
     * Where the first byte {@code c} in {@code b[from, to)} is, or -1: eight bytes a step when {@code words} (the
     * caller's view of {@link #usesWordScan}, so that {@link WordScan} is loaded), else one.
     */
    static int indexOf(byte[] b, int from, int to, byte c, boolean words) {
        if (words) {
            return WordScan.indexOf(b, from, to, c);
        }
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private byte[] b;
    private int end;
    private int pos;
    /** Where a streamed text comes from, or null when it is all in {@link #b}. */
    private final InputStream source;
    /** The longest token of a streamed text: its strings are cut ({@link LongStringCap}), so one past this is a fault. */
    private final long tokenMax;

    private boolean eof;
    /** Containers open around the current position (a projection's and {@link #value}'s together). */
    private int depth;
    /** How many more values may be kept ({@link Json#MAX_VALUES}). */
    private int budget = Json.MAX_VALUES;

    private JsonBytes(byte[] bytes, int offset, int length) {
        this.b = bytes;
        this.pos = offset;
        this.end = offset + length;
        this.source = null;
        this.tokenMax = 0;
    }

    private JsonBytes(InputStream source, long tokenMax) {
        this.b = new byte[1 << 16];
        this.source = source;
        this.tokenMax = tokenMax;
    }

    /** The value of the text, which must be one JSON value with nothing but whitespace around it. */
    static Object parse(byte[] bytes, int offset, int length) {
        JsonBytes p = new JsonBytes(bytes, offset, length);
        Object value = p.value(true);
        p.requireEnd();
        return value;
    }

    /**
     * The text as a record: one JSON object, of which only what {@code projection} names is kept; null
     * when the text is anything else (another value, or not JSON).
     */
    static Map<String, Object> record(byte[] bytes, int offset, int length, JsonProjection projection) {
        return new JsonBytes(bytes, offset, length).record(projection, true);
    }

    /** As {@link #record(byte[], int, int, JsonProjection)} for the object that starts the text: what follows it is not read. */
    static Map<String, Object> first(byte[] bytes, int offset, int length, JsonProjection projection) {
        return new JsonBytes(bytes, offset, length).record(projection, false);
    }

    /**
     * As {@link #record(byte[], int, int, JsonProjection)} for a text read from {@code source} (a line too long
     * to hold) through a window that holds a token at a time: no token of it may be longer than {@code tokenMax}.
     *
     * @throws UncheckedIOException when the source fails
     */
    static Map<String, Object> record(InputStream source, long tokenMax, JsonProjection projection) {
        return new JsonBytes(source, tokenMax).record(projection, true);
    }

    private Map<String, Object> record(JsonProjection projection, boolean alone) {
        try {
            if (next() != '{') {
                return null;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> record = (Map<String, Object>) project(projection);
            if (alone) {
                requireEnd();
            }
            return record;
        } catch (Invalid e) {
            return null;
        }
    }

    /**
     * Into {@code found}, the members of the object that starts the text whose values are scalars (strings cut
     * to {@code cap} chars), a container as an empty one, up to the first of {@code wanted} or the first fault:
     * what was read before it stays (the head of a document cut anywhere). Returns where the wanted value ends,
     * or -1 when none was found.
     */
    static int scalars(byte[] bytes, int offset, int length, Set<String> wanted, int cap, Map<String, Object> found) {
        JsonBytes p = new JsonBytes(bytes, offset, length);
        try {
            if (p.next() != '{') {
                return -1;
            }
            p.pos++;
            if (p.next() == '}') {
                return -1;
            }
            while (true) {
                String name = p.key(true);
                byte c = p.next();
                if (c == '{' || c == '[') {
                    found.put(name, c == '[' ? List.of() : Map.of());
                    p.value(false);
                } else {
                    Object value = p.value(true);
                    found.put(name, value instanceof String s && s.length() > cap ? s.substring(0, cap) : value);
                    if (wanted.contains(name)) {
                        return p.pos;
                    }
                }
                if (p.next() != ',') {
                    return -1;
                }
                p.pos++;
            }
        } catch (Invalid e) {
            return -1; // keep what was seen
        }
    }

    private void requireEnd() {
        skipWhitespace();
        if (source != null) {
            hold();
        }
        if (pos != end) {
            throw INVALID;
        }
    }

    /**
     * A streamed text's next token wholly in the window, whitespace before it passed: the token parsers then read
     * it as they read a text in memory. A token is left cut only at the end of the text, or past {@link #tokenMax}
     * (a fault: no string of the cut text is that long), where the parser meets the cut and fails the text.
     */
    private void hold() {
        while (true) {
            skipWhitespace();
            if (pos < end && whole() || !fill()) {
                return;
            }
        }
    }

    /** Whether the token at the current position ends in the window (a number needs the byte after it). */
    private boolean whole() {
        byte c = b[pos];
        int i = pos + 1;
        if (c == '"') {
            for (; i < end; i++) {
                if (b[i] == '\\') {
                    i++;
                } else if (b[i] == '"') {
                    return true;
                }
            }
        } else if (c == '-' || c >= '0' && c <= '9') {
            while (i < end
                    && (b[i] >= '0' && b[i] <= '9'
                            || b[i] == '.'
                            || b[i] == 'e'
                            || b[i] == 'E'
                            || b[i] == '+'
                            || b[i] == '-')) {
                i++;
            }
            if (i < end) {
                return true;
            }
        } else if (end - pos >= 5) {
            return true; // a literal or a mark
        }
        return end - pos > tokenMax;
    }

    /** Reads more of a streamed text behind what is left in the window; false at its end. */
    private boolean fill() {
        if (eof) {
            return false;
        }
        int left = end - pos;
        byte[] to = left > b.length / 2 ? new byte[b.length * 2] : b; // a long token grows the window
        System.arraycopy(b, pos, to, 0, left);
        b = to;
        pos = 0;
        end = left;
        try {
            int n = source.read(b, end, b.length - end);
            if (n < 0) {
                eof = true;
                return false;
            }
            end += n;
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void skipWhitespace() {
        byte[] b = this.b;
        int p = pos;
        while (p < end) {
            byte c = b[p];
            if (c > ' ' || c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break; // most often the first test: compact JSON has no whitespace between tokens
            }
            p++;
        }
        pos = p;
    }

    /** The byte at the current position, past whitespace; there must be one. */
    private byte next() {
        skipWhitespace();
        if (source != null) {
            hold();
        }
        if (pos >= end) {
            throw INVALID;
        }
        return b[pos];
    }

    /** Takes one kept value from the budget. */
    private void spend() {
        if (--budget < 0) {
            throw INVALID;
        }
    }

    /** One more open container, within {@link Json#MAX_DEPTH}. */
    private void enter() {
        if (++depth > Json.MAX_DEPTH) {
            throw INVALID;
        }
    }

    private void expect(byte c) {
        if (next() != c) {
            throw INVALID;
        }
        pos++;
    }

    /**
     * The value at the current position under a projection: of an object only the named fields (as a
     * {@link HashMap}), of an array each element (an array in an array is skipped and kept as an empty
     * list: it has no fields to keep), anything else whole.
     */
    private Object project(JsonProjection projection) {
        Map<String, JsonProjection> fields = projection.fields();
        if (fields == null) {
            return value(true);
        }
        byte c = next();
        if (c == '{') {
            pos++;
            spend();
            enter();
            Map<String, Object> map = new HashMap<>();
            if (next() == '}') {
                pos++;
                depth--;
                return map;
            }
            while (true) {
                String name = fieldName(projection);
                JsonProjection child = name == null ? null : fields.get(name);
                if (child == null) {
                    value(false);
                } else {
                    map.put(name, project(child)); // a repeated key: the last value wins, as in JSON.parse
                }
                c = next();
                pos++;
                if (c == '}') {
                    depth--;
                    return map;
                }
                if (c != ',') {
                    throw INVALID;
                }
            }
        }
        if (c == '[') {
            pos++;
            spend();
            enter();
            List<Object> list = new ArrayList<>();
            if (next() == ']') {
                pos++;
                depth--;
                return list;
            }
            while (true) {
                if (next() == '[') {
                    value(false);
                    spend();
                    list.add(List.of());
                } else {
                    list.add(project(projection));
                }
                c = next();
                pos++;
                if (c == ']') {
                    depth--;
                    return list;
                }
                if (c != ',') {
                    throw INVALID;
                }
            }
        }
        return value(true);
    }

    /**
     * Reads (when {@code keep}) or checks and passes over the value at the current position. Iterative,
     * with its own stack of open containers, so depth costs no stack; it is bounded by {@link Json#MAX_DEPTH}.
     */
    private Object value(boolean keep) {
        byte c = next();
        if (c != '{' && c != '[') {
            if (keep) {
                spend();
            }
            return scalar(keep);
        }
        int deepest = Json.MAX_DEPTH - this.depth; // the most containers this value may open
        boolean[] isObject = new boolean[8];
        Object[] open = keep ? new Object[8] : null;
        int depth = 0;
        Object root = null;
        String key = null;
        while (true) {
            // c is the first byte of a value: the root, or a member of the innermost open container
            if (c == '{' || c == '[') {
                Object container = null;
                if (depth == deepest) {
                    throw INVALID;
                }
                if (keep) {
                    spend();
                    container = c == '{' ? new LinkedHashMap<String, Object>() : new ArrayList<>();
                    if (depth == 0) {
                        root = container;
                    } else {
                        add(open[depth - 1], key, container);
                    }
                }
                if (depth == isObject.length) {
                    isObject = Arrays.copyOf(isObject, depth * 2);
                    open = keep ? Arrays.copyOf(open, depth * 2) : null;
                }
                isObject[depth] = c == '{';
                if (keep) {
                    open[depth] = container;
                }
                depth++;
                pos++;
                c = next();
                if (c == (isObject[depth - 1] ? '}' : ']')) {
                    pos++;
                    depth--; // empty: closed at once, and it is the value just read
                } else {
                    if (isObject[depth - 1]) {
                        key = key(keep);
                        c = next();
                    }
                    continue; // its first member
                }
            } else if (keep) {
                spend();
                add(open[depth - 1], key, scalar(true));
            } else {
                scalar(false);
            }
            // after a value: the containers it closes, then a comma and the next member
            while (true) {
                if (depth == 0) {
                    return root;
                }
                c = next();
                pos++;
                if (c == (isObject[depth - 1] ? '}' : ']')) {
                    depth--;
                    continue;
                }
                if (c != ',') {
                    throw INVALID;
                }
                break;
            }
            if (isObject[depth - 1]) {
                key = key(keep);
            }
            c = next();
        }
    }

    /**
     * A member's name and its colon, when the projection has a field of that name, else null. A name
     * without escapes is matched where it lies: most keys of a line are not kept, and cost no String.
     */
    private String fieldName(JsonProjection projection) {
        expect((byte) '"');
        byte[] b = this.b;
        int start = pos;
        for (int p = start; p < end; p++) {
            byte kind = IN_STRING[b[p] & 0xFF];
            if (kind <= NON_ASCII) {
                continue;
            }
            String name;
            if (kind == QUOTE) {
                name = projection.fieldAt(b, start, p - start);
                if (name == JsonProjection.UNMATCHED) {
                    name = Utf8.decode(b, start, p - start);
                }
                pos = p + 1;
            } else if (kind == BACKSLASH) {
                name = string();
            } else {
                throw INVALID;
            }
            expect((byte) ':');
            return name;
        }
        throw INVALID;
    }

    /** A member's name and its colon; null when it is not kept. */
    private String key(boolean keep) {
        expect((byte) '"');
        String name = keep ? string() : skipString();
        expect((byte) ':');
        return name;
    }

    @SuppressWarnings("unchecked")
    private static void add(Object container, String key, Object value) {
        if (container instanceof Map) {
            // a repeated key keeps its first position and takes the last value, as in JSON.parse
            ((Map<String, Object>) container).put(key, value);
        } else {
            ((List<Object>) container).add(value);
        }
    }

    private Object scalar(boolean keep) {
        byte c = next();
        switch (c) {
            case '"':
                pos++;
                return keep ? string() : skipString();
            case 't':
                literal("true");
                return Boolean.TRUE;
            case 'f':
                literal("false");
                return Boolean.FALSE;
            case 'n':
                literal("null");
                return Json.NULL;
            default:
                int start = pos;
                number();
                return keep
                        ? new Json.JsonNumber(new String(b, start, pos - start, StandardCharsets.ISO_8859_1))
                        : null;
        }
    }

    private void literal(String word) {
        if (pos + word.length() > end) {
            throw INVALID;
        }
        for (int i = 0; i < word.length(); i++) {
            if (b[pos + i] != word.charAt(i)) {
                throw INVALID;
            }
        }
        pos += word.length();
    }

    /** {@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}: what follows is the caller's to check. */
    private void number() {
        if (pos < end && b[pos] == '-') {
            pos++;
        }
        if (pos < end && b[pos] == '0') {
            pos++;
        } else {
            digits();
        }
        if (pos < end && b[pos] == '.') {
            pos++;
            digits();
        }
        if (pos < end && (b[pos] == 'e' || b[pos] == 'E')) {
            pos++;
            if (pos < end && (b[pos] == '+' || b[pos] == '-')) {
                pos++;
            }
            digits();
        }
    }

    /** One or more digits. */
    private void digits() {
        int start = pos;
        while (pos < end && b[pos] >= '0' && b[pos] <= '9') {
            pos++;
        }
        if (pos == start) {
            throw INVALID;
        }
    }

    /** Past a string whose opening quote has been read, checking it; returns null. */
    private String skipString() {
        byte[] b = this.b;
        byte[] in = IN_STRING;
        int p = pos;
        if (words) {
            p = WordScan.plainString(b, p, end);
        }
        while (p < end) {
            // four plain bytes a test (kinds OR to at most NON_ASCII): skipped strings are most of a line
            while (p + 4 <= end
                    && (in[b[p] & 0xFF] | in[b[p + 1] & 0xFF] | in[b[p + 2] & 0xFF] | in[b[p + 3] & 0xFF])
                            <= NON_ASCII) {
                p += 4;
            }
            if (p == end) {
                break;
            }
            byte kind = in[b[p++] & 0xFF];
            if (kind <= NON_ASCII) {
                continue;
            }
            if (kind == QUOTE) {
                pos = p;
                return null;
            }
            if (kind == CONTROL) {
                throw INVALID; // a raw control char
            }
            pos = p;
            escape(null);
            p = pos;
        }
        throw INVALID;
    }

    /** The string whose opening quote has been read. */
    private String string() {
        byte[] b = this.b;
        int start = pos;
        int kinds = ASCII;
        int from = start;
        if (words) {
            from = WordScan.plainString(b, start, end);
            kinds = WordScan.isAscii(b, start, from) ? ASCII : NON_ASCII;
        }
        for (int p = from; p < end; p++) {
            byte kind = IN_STRING[b[p] & 0xFF];
            if (kind <= NON_ASCII) {
                kinds |= kind;
                continue;
            }
            if (kind == QUOTE) {
                pos = p + 1;
                // ASCII, the common case, needs no decoder; other bytes decode as node decodes them
                return kinds == ASCII
                        ? new String(b, start, p - start, StandardCharsets.ISO_8859_1)
                        : Utf8.decode(b, start, p - start);
            }
            if (kind == CONTROL) {
                throw INVALID;
            }
            pos = p;
            return escapedString(start);
        }
        throw INVALID;
    }

    /** The rest of a string that has escapes, from {@code start}; the current position is at a backslash. */
    private String escapedString(int start) {
        byte[] b = this.b;
        StringBuilder text = new StringBuilder(pos - start + 16);
        int run = start;
        int p = pos;
        while (p < end) {
            byte kind = IN_STRING[b[p] & 0xFF];
            if (kind <= NON_ASCII) {
                p++;
                continue;
            }
            if (kind == CONTROL) {
                throw INVALID;
            }
            if (p > run) {
                text.append(Utf8.decode(b, run, p - run)); // cut at an ASCII byte: the decoder starts fresh
            }
            pos = p + 1;
            if (kind == QUOTE) {
                return text.toString();
            }
            escape(text);
            p = pos;
            run = p;
        }
        throw INVALID;
    }

    /** The escape after a backslash, appended to {@code text} when given. */
    private void escape(StringBuilder text) {
        if (pos >= end) {
            throw INVALID;
        }
        byte c = b[pos++];
        char decoded = switch (c) {
            case '"', '\\', '/' -> (char) c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> {
                if (pos + 4 > end) {
                    throw INVALID;
                }
                int unit = 0;
                for (int i = 0; i < 4; i++) {
                    unit = (unit << 4) | hex(b[pos++]);
                }
                yield (char) unit; // a lone surrogate stays one, as in JSON.parse
            }
            default -> throw INVALID;
        };
        if (text != null) {
            text.append(decoded);
        }
    }

    private static int hex(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        throw INVALID;
    }
}
