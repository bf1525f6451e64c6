package io.github.termsprawl.core;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.Reader;
import java.util.Map;
import java.util.Set;

/**
 * Turns one JSONL line into the record a store reader looks at: the line must be exactly one JSON
 * object; only the top-level keys a store asks for are kept (the rest are checked and skipped). A
 * line that is not such an object gives null.
 */
public final class JsonlRecords {
    /** Enough of every string for a 2000-char turn and its surrogate check. */
    static final int STRING_CAP = Turn.MAX_CHARS + 1;

    private JsonlRecords() {}

    public static Map<String, Object> parse(String line, Set<String> keep) {
        return parse(line, JsonProjection.fields(keep));
    }

    public static Map<String, Object> parse(String line, JsonProjection projection) {
        try (JsonParser p = Json.parser(line)) {
            return read(p, projection);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /** For a line too long to hold: strings are cut as they stream in, which no store reader can tell apart. */
    public static Map<String, Object> parse(Reader line, Set<String> keep) {
        return parse(line, JsonProjection.fields(keep));
    }

    public static Map<String, Object> parse(Reader line, JsonProjection projection) {
        try (JsonParser p = Json.parser(new LongStringCapReader(line, STRING_CAP))) {
            return read(p, projection);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /** The current line of {@code lines}, parsed whichever way its length calls for. */
    public static Map<String, Object> parse(ReverseLineReader lines, Set<String> keep) throws IOException {
        return parse(lines, JsonProjection.fields(keep));
    }

    /** The current line of {@code lines}, parsed whichever way its length and bytes call for. */
    public static Map<String, Object> parse(ReverseLineReader lines, JsonProjection projection) throws IOException {
        if (lines.length() == 0) {
            return null;
        }
        if (lines.isLong()) {
            return parse(lines.reader(), projection);
        }
        return lines.parse(projection);
    }

    /** One line given as bytes, parsed in place when jackson may read them as they are. */
    public static Map<String, Object> parse(byte[] bytes, int offset, int length, JsonProjection projection) {
        if (length == 0) {
            return null;
        }
        if (!isByteParsable(bytes, offset, length)) {
            return parse(Utf8.decode(bytes, offset, length), projection);
        }
        // no decoding and no copy: jackson reads the bytes in place, its fastest path
        try (JsonParser p = Json.parser(bytes, offset, length)) {
            return read(p, projection);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /**
     * Whether jackson may read these bytes in place and see what a decoder would give it: well-formed
     * UTF-8, no NUL (from which a parser could guess UTF-16 or UTF-32) and no leading BOM (which a
     * parser would skip where JSON.parse fails).
     */
    static boolean isByteParsable(byte[] bytes, int offset, int length) {
        return Utf8.bomLength(bytes, offset, length) == 0 && Utf8.isValid(bytes, offset, length, false);
    }

    private static Map<String, Object> read(JsonParser p, JsonProjection projection) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> record = (Map<String, Object>) projection.read(p);
        Json.requireEnd(p);
        return record;
    }
}
