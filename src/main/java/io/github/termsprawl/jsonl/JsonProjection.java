package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
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
    /**
     * The field names as bytes by length ({@code names[n]} holds those of n bytes), for matching a key
     * where it lies in a line ({@link #fieldAt}); null when a name is not ASCII.
     */
    private final byte[][][] names;

    private final String[][] nameStrings;

    private JsonProjection(Map<String, JsonProjection> fields) {
        this.fields = fields;
        if (fields == null || !allAscii(fields.keySet())) {
            this.names = null;
            this.nameStrings = null;
            return;
        }
        int longest = 0;
        for (String key : fields.keySet()) {
            longest = Math.max(longest, key.length());
        }
        names = new byte[longest + 1][][];
        nameStrings = new String[longest + 1][];
        for (String key : fields.keySet()) {
            int n = key.length();
            int at = names[n] == null ? 0 : names[n].length;
            names[n] = names[n] == null ? new byte[1][] : Arrays.copyOf(names[n], at + 1);
            nameStrings[n] = nameStrings[n] == null ? new String[1] : Arrays.copyOf(nameStrings[n], at + 1);
            names[n][at] = key.getBytes(StandardCharsets.ISO_8859_1);
            nameStrings[n][at] = key;
        }
    }

    private static boolean allAscii(Iterable<String> keys) {
        for (String key : keys) {
            for (int i = 0; i < key.length(); i++) {
                if (key.charAt(i) >= 0x80) {
                    return false;
                }
            }
        }
        return true;
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

    /** The fields to keep, each with its own projection; null for {@link #ALL}. */
    Map<String, JsonProjection> fields() {
        return fields;
    }

    /**
     * The name of the field whose UTF-8 bytes are {@code bytes[from, from+length)} (a key without
     * escapes), or null when no field has that name; {@link #UNMATCHED} when names are not all ASCII.
     */
    String fieldAt(byte[] bytes, int from, int length) {
        if (names == null) {
            return UNMATCHED;
        }
        if (length >= names.length || names[length] == null) {
            return null;
        }
        byte[][] candidates = names[length];
        next:
        for (int i = 0; i < candidates.length; i++) {
            byte[] name = candidates[i];
            for (int j = 0; j < length; j++) {
                if (bytes[from + j] != name[j]) {
                    continue next;
                }
            }
            return nameStrings[length][i];
        }
        return null;
    }

    /** From {@link #fieldAt}: decode the key and look it up. */
    static final String UNMATCHED = new String("unmatched");
}
