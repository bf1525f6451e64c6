package io.github.termsprawl.jsonl;

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
        byte[] bytes = new byte[Json.utf8(line, line.length(), null)];
        Json.utf8(line, line.length(), bytes);
        return parse(bytes, 0, bytes.length, projection);
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
            return stream(lines.reader(), projection, stringCap, true);
        }
        return parse(lines.lineBytes(), lines.lineOffset(), (int) lines.length(), projection);
    }

    /** One line given as bytes, parsed where it lies ({@link JsonBytes}: any bytes, decoded as node decodes them). */
    public static Map<String, Object> parse(byte[] bytes, int offset, int length, JsonProjection projection) {
        return length == 0 ? null : JsonBytes.record(bytes, offset, length, projection);
    }

    /**
     * The object that starts {@code bytes}, what follows it unread: a hook's payload, which Claude Code ends
     * as it likes (docs/planted.md).
     */
    public static Map<String, Object> first(byte[] bytes, JsonProjection projection) {
        return JsonBytes.first(bytes, 0, bytes.length, projection);
    }

    /** A line too long to hold, streamed from {@code line} with every string cut to {@code stringCap} chars. */
    public static Map<String, Object> parse(Reader line, JsonProjection projection, int stringCap) {
        return stream(line, projection, stringCap, false);
    }

    private static Map<String, Object> stream(Reader line, JsonProjection projection, int stringCap, boolean timed) {
        try (LongStringCap text = new LongStringCap(line, stringCap)) {
            return JsonBytes.record(text, LongStringCap.tokenMax(stringCap), projection);
        } catch (Deadline.Exceeded e) {
            if (timed) {
                throw e; // not a bad line: the read is over
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
