package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One line to one record: the bytes path, the text path and small JSON files agree with JSON.parse. */
class JsonlRecordsTest {
    @TempDir
    Path dir;

    static final JsonProjection TYPE_AND_X = JsonProjection.whole("type", "x");

    static Map<String, Object> ofBytes(String line, JsonProjection projection) {
        byte[] bytes = Fixtures.utf8(line);
        return JsonlRecords.parse(bytes, 0, bytes.length, projection);
    }

    /** JSON.parse takes an escaped lone surrogate as a key; jackson's byte parser refuses it. */
    @Test
    void anEscapedLoneSurrogateInAKeyKeepsTheRecord() throws Exception {
        for (String key : new String[] {"\\ud800", "\\uDC00", "a\\udbff", "\\ud800\\u0041", "\\ude00\\ud83d"}) {
            String line = "{\"type\":\"user\",\"message\":{\"content\":\"hi\"},\"x\":{\"" + key + "\":1}}";
            Map<String, Object> record = ofBytes(line, TYPE_AND_X);
            assertNotNull(record, line);
            assertEquals("user", record.get("type"));
            String decoded = (String) Json.parse("\"" + key + "\"");
            assertEquals(
                    List.of(decoded), List.copyOf(Json.asObject(record.get("x")).keySet()), line);
            // a key the projection skips, and a top-level key
            assertEquals("user", ofBytes(line, JsonProjection.whole("type")).get("type"));
            assertEquals(
                    "user",
                    ofBytes("{\"" + key + "\":0,\"type\":\"user\"}", JsonProjection.whole("type"))
                            .get("type"));
        }
        // still strict: a bad escape in a key is a bad line
        assertNull(ofBytes("{\"type\":\"user\",\"x\":{\"\\ud80\":1}}", TYPE_AND_X));
        assertNull(ofBytes("{\"type\":\"user\",\"x\":{\"\\ud800\":1}} x", TYPE_AND_X));
    }

    @Test
    void smallJsonFilesTakeAnEscapedLoneSurrogateKeyToo() throws Exception {
        Path file =
                Fixtures.write(dir.resolve("index.json"), "{\"version\": 1, \"\\ud800\": 2, \"path\": \"/t.jsonl\"}\n");
        Map<String, Object> o = Json.asObject(Json.readFileOrNull(file));
        assertNotNull(o);
        assertEquals("/t.jsonl", o.get("path"));
        assertNull(Json.readFileOrNull(Fixtures.write(dir.resolve("bad.json"), "{\"\\ud800\": 2,}")));
    }

    /** A line nested deeper than the bound is skipped whole; one within it parses as JSON.parse does. */
    @Test
    void nestingBeyondTheBoundSkipsTheLine() {
        int depth = Json.MAX_DEPTH - 1; // plus the record object itself
        String within = "{\"type\":\"user\",\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
        assertEquals("user", ofBytes(within, JsonProjection.whole("type")).get("type"));
        assertNotNull(ofBytes(within, TYPE_AND_X));
        String beyond = "{\"type\":\"user\",\"x\":" + "[".repeat(depth + 1) + "]".repeat(depth + 1) + "}";
        assertNull(ofBytes(beyond, JsonProjection.whole("type")));
        assertNull(ofBytes(beyond, TYPE_AND_X));
        String objects = "{\"type\":\"user\",\"x\":" + "{\"a\":".repeat(depth + 1) + "1" + "}".repeat(depth + 1) + "}";
        assertNull(ofBytes(objects, JsonProjection.whole("type")));
    }

    /** What a projection keeps is built within a budget of values: a long line of tiny values cannot fill the heap. */
    @Test
    void valuesBeyondTheBudgetSkipTheLine() {
        String within = "{\"type\":\"user\",\"x\":[" + "0,".repeat(Json.MAX_VALUES - 10) + "0]}";
        assertNotNull(ofBytes(within, TYPE_AND_X));
        String beyond = "{\"type\":\"user\",\"x\":[" + "0,".repeat(Json.MAX_VALUES) + "0]}";
        assertTrue(ofBytes(beyond, TYPE_AND_X) == null, "a million numbers were built");
        String arrays = "{\"type\":\"user\",\"x\":[" + "[],".repeat(Json.MAX_VALUES) + "[]]}";
        assertTrue(
                ofBytes(arrays, JsonProjection.fields("x", JsonProjection.whole("a"))) == null,
                "a million arrays were kept");
        // values the projection skips are not built, so they cost nothing
        assertEquals("user", ofBytes(beyond, JsonProjection.whole("type")).get("type"));
    }

    /** A string cut in a streamed line ends with how many UTF-8 bytes were left out (docs/files.md). */
    @Test
    void aCutStringIsMarkedWithTheBytesLeftOut() {
        String line = "{\"s\":\"a\u00e9\\u00e9\\n\u20acx\",\"t\":\"ab\",\"k\":[\"abc\"]}";
        Map<String, Object> r = JsonlRecords.parse(new java.io.StringReader(line), JsonProjection.ALL, 2);
        assertEquals("a\u00e9[\u2026 7 bytes not shown]", r.get("s")); // é escaped (2), \\n (1), € (3), x (1)
        assertEquals("ab", r.get("t"), "a string of the cap's length is whole: no mark");
        assertEquals(List.of("ab[\u2026 1 byte not shown]"), r.get("k"));
    }
}
