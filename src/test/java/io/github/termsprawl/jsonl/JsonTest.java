package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTest {
    @TempDir
    Path dir;

    @Test
    void repeatedKeyKeepsFirstPositionAndLastValue() throws IOException {
        Map<String, Object> o = Json.asObject(Json.parse("{\"a\": 1, \"b\": 2, \"a\": 3}"));
        assertEquals(List.of("a", "b"), List.copyOf(o.keySet()));
        assertEquals(new Json.JsonNumber("3"), o.get("a"));
        assertEquals("{\n  \"a\": 3,\n  \"b\": 2\n}\n", JsonWriter.write(o));
    }

    @Test
    void valuesAndRoundTrip() throws IOException {
        String text =
                "{\n  \"s\": \"\\u0001\\t\\\"\\\\\\ud800\uD83D\uDE00\",\n  \"n\": -1.50e+3,\n  \"t\": true,\n  \"f\": false,\n"
                        + "  \"z\": null,\n  \"a\": [\n    [],\n    {}\n  ]\n}\n";
        Object v = Json.parse(text);
        assertEquals(Json.NULL, Json.asObject(v).get("z"));
        assertEquals("\u0001\t\"\\\uD800\uD83D\uDE00", Json.asObject(v).get("s"));
        assertEquals(text, JsonWriter.write(v));
    }

    @Test
    void deepNestingDoesNotOverflow() throws IOException {
        int depth = 200_000;
        Object v = Json.parse("[".repeat(depth) + "]".repeat(depth));
        for (int i = 1; i < depth; i++) {
            v = ((List<?>) v).get(0);
        }
        assertEquals(List.of(), v);
        Object o = Json.parse("{\"a\":".repeat(depth) + "1" + "}".repeat(depth));
        assertTrue(o instanceof Map);
    }

    @Test
    void strictParsing() {
        for (String bad : new String[] {
            "",
            " ",
            "{} x",
            "{}{}",
            "[1,]",
            "{\"a\":1,}",
            "'a'",
            "NaN",
            "01",
            "[",
            "{\"a\"}",
            "[1 2]",
            "{\"a\":1 \"b\":2}",
            "{1:2}",
            "[\"a\":1]"
        }) {
            assertThrows(IOException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void isOne() throws IOException {
        for (String one : new String[] {"1", "1.0", "1e0", "0.1e1", "100e-2", "1.0000000000000001"}) {
            assertTrue(Json.isOne(Json.parse(one)), one);
        }
        for (String other : new String[] {"\"1\"", "2", "-1", "true", "null", "[1]", "0.9999999"}) {
            assertTrue(!Json.isOne(Json.parse(other)), other);
        }
    }

    @Test
    void readFileOrNull() throws IOException {
        assertNull(Json.readFileOrNull(dir.resolve("missing")));
        assertNull(Json.readFileOrNull(dir));
        assertEquals(
                Map.of("a", "b"), Json.readFileOrNull(Fixtures.write(dir.resolve("bom.json"), "\uFEFF{\"a\":\"b\"}")));
        assertNull(Json.readFileOrNull(Fixtures.write(dir.resolve("two-boms.json"), "\uFEFF\uFEFF{}")));
    }
}
