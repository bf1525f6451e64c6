package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which parts of a JSON value a reader looks at: in an object only the named fields (each with its
 * own projection), in an array each element under the same projection, a scalar whole. Everything
 * else is still checked by the parser, but skipped without building it, which is most of the cost of
 * a transcript line (tool output, file snapshots).
 */
public final class JsonProjection {
    /** Keep the whole value. */
    public static final JsonProjection ALL = new JsonProjection(null);

    private final Map<String, JsonProjection> fields;

    private JsonProjection(Map<String, JsonProjection> fields) {
        this.fields = fields;
    }

    /** {@code fields("a", ALL, "b", fields("c", ALL))}: keep a whole, and of b only c. */
    public static JsonProjection fields(Object... nameThenProjection) {
        Map<String, JsonProjection> map = new HashMap<>();
        for (int i = 0; i < nameThenProjection.length; i += 2) {
            map.put((String) nameThenProjection[i], (JsonProjection) nameThenProjection[i + 1]);
        }
        return new JsonProjection(map);
    }

    /** Keep these fields whole. */
    public static JsonProjection whole(String... names) {
        Map<String, JsonProjection> map = new HashMap<>();
        for (String name : names) {
            map.put(name, ALL);
        }
        return new JsonProjection(map);
    }

    /** Reads the value at the parser's current token under this projection, within its own value budget. */
    public Object read(JsonParser p) throws IOException {
        return read(p, new Json.Budget());
    }

    /** Reads the value at the parser's current token under this projection; what it builds is taken from {@code budget}. */
    public Object read(JsonParser p, Json.Budget budget) throws IOException {
        if (fields == null) {
            return Json.readValue(p, budget);
        }
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            budget.spend();
            Map<String, Object> map = new HashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                JsonProjection child = fields.get(p.currentName());
                String name = p.currentName();
                p.nextToken();
                if (child == null) {
                    p.skipChildren();
                } else {
                    map.put(name, child.read(p, budget));
                }
            }
            return map;
        }
        if (t == JsonToken.START_ARRAY) {
            budget.spend();
            List<Object> list = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == JsonToken.START_ARRAY) {
                    // an array in an array has no fields to keep: skipping it (not recursing) keeps
                    // any nesting depth off the stack, as JSON.parse does
                    p.skipChildren();
                    budget.spend();
                    list.add(List.of());
                } else {
                    list.add(read(p, budget));
                }
            }
            return list;
        }
        return Json.readValue(p, budget);
    }
}
