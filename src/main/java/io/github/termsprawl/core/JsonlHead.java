package io.github.termsprawl.core;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first few records of a JSONL file (or the top-level keys of a JSON document), read forwards as
 * a stream with every string capped, so looking at a file's head costs its head, whatever the line
 * lengths. For detection and session lookup only: the context view never reads this way.
 */
public final class JsonlHead {
    /** Never more than this much of a file is read: a pathological first line must not cost its length. */
    static final int MAX_BYTES = 1 << 20;

    private JsonlHead() {}

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return new java.io.FilterInputStream(in) {
            private long left = MAX_BYTES;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                left -= b < 0 ? 0 : 1;
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = super.read(buf, off, (int) Math.min(len, left));
                left -= Math.max(n, 0);
                return n;
            }
        };
    }

    /**
     * Up to {@code max} leading top-level JSON objects, each with only the {@code keep} keys; stops
     * quietly at the first value that is not an object or does not parse.
     */
    public static List<Map<String, Object>> first(Path file, int max, Set<String> keep) {
        List<Map<String, Object>> records = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return records;
        }
        try (InputStream in = open(file);
                Reader text = new LongStringCapReader(new Utf8.StreamReader(in), JsonlRecords.STRING_CAP);
                JsonParser p = Json.parser(skipBom(text))) {
            while (records.size() < max && p.nextToken() == JsonToken.START_OBJECT) {
                Map<String, Object> record = new HashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if (keep.contains(name)) {
                        record.put(name, Json.readValue(p));
                    } else {
                        p.skipChildren();
                    }
                }
                records.add(record);
            }
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // a torn or odd head: what was read so far is what there is
        }
        return records;
    }

    /** The scalar top-level fields of the first JSON object, stopping once one of {@code wanted} is seen. */
    public static Map<String, Object> scalars(Path file, Set<String> wanted) {
        Map<String, Object> found = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return found;
        }
        try (InputStream in = open(file);
                Reader text = new LongStringCapReader(new Utf8.StreamReader(in), JsonlRecords.STRING_CAP);
                JsonParser p = Json.parser(skipBom(text))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return found;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (t.isScalarValue()) {
                    found.put(name, Json.readValue(p));
                    if (wanted.contains(name)) {
                        return found;
                    }
                } else {
                    found.put(name, t == JsonToken.START_ARRAY ? List.of() : Map.of());
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // keep what was seen
        }
        return found;
    }

    private static Reader skipBom(Reader in) throws IOException {
        java.io.PushbackReader r = new java.io.PushbackReader(in, 1);
        int c = r.read();
        if (c >= 0 && c != '\uFEFF') {
            r.unread(c);
        }
        return r;
    }
}
