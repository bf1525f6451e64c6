package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.Reader;
import java.util.Map;

/**
 * Turns one JSONL line into the record a store reader looks at: the line must be exactly one JSON
 * object; only the top-level keys a store asks for are kept (the rest are checked and skipped). A
 * line that is not such an object gives null.
 */
public final class JsonlRecords {
    private JsonlRecords() {}

    public static Map<String, Object> parse(String line, JsonProjection projection) {
        try (JsonParser p = Json.parser(line)) {
            return read(p, projection);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /**
     * The current line of {@code lines}, parsed whichever way its length and bytes call for.
     *
     * @param stringCap a line too long to hold is streamed, with every string cut to this many chars
     *                  (which no reader that prints fewer can tell apart)
     */
    public static Map<String, Object> parse(ReverseLineReader lines, JsonProjection projection, int stringCap)
            throws IOException {
        if (lines.length() == 0) {
            return null;
        }
        if (lines.isLong()) {
            try (JsonParser p = Json.parser(new LongStringCapReader(lines.reader(), stringCap, true))) {
                return read(p, projection);
            } catch (Deadline.Exceeded e) {
                throw e; // not a bad line: the read is over
            } catch (IOException | RuntimeException | StackOverflowError e) {
                return null;
            }
        }
        return parse(lines.lineBytes(), lines.lineOffset(), (int) lines.length(), projection);
    }

    /** One line given as bytes, parsed where it lies ({@link JsonBytes}: any bytes, decoded as node decodes them). */
    public static Map<String, Object> parse(byte[] bytes, int offset, int length, JsonProjection projection) {
        return length == 0 ? null : JsonBytes.record(bytes, offset, length, projection);
    }

    private static Map<String, Object> read(JsonParser p, JsonProjection projection) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> record = (Map<String, Object>) projection.read(p, new Json.Budget());
        Json.requireEnd(p);
        return record;
    }

    /** A line too long to hold, streamed from {@code line} with every string cut to {@code stringCap} chars. */
    public static Map<String, Object> parse(Reader line, JsonProjection projection, int stringCap) {
        try (JsonParser p = Json.parser(new LongStringCapReader(line, stringCap, true))) {
            return read(p, projection);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }
}
