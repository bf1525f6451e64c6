package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void fileStyleIsThatOfJsonStringifyWithTwoSpaces() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("version", new Json.JsonNumber("1"));
        o.put("empty", Map.of());
        o.put("none", List.of());
        o.put("list", List.of(Boolean.TRUE, Json.NULL, List.of("x")));
        assertEquals(
                "{\n  \"version\": 1,\n  \"empty\": {},\n  \"none\": [],\n  \"list\": [\n    true,\n    null,\n"
                        + "    [\n      \"x\"\n    ]\n  ]\n}\n",
                JsonWriter.write(o));
        assertEquals("{\"version\":1,\"empty\":{},\"none\":[],\"list\":[true,null,[\"x\"]]}", JsonWriter.compact(o));
    }

    @Test
    void stringsAreEscapedAsJsonStringifyEscapesThem() {
        // short forms for five controls, the rest as lower-case hex escapes; DEL, U+2028 and pairs as they are
        String s = "\b\f\n\r\t\u0000\u001f\u007f\"\\/\u2028\uD83D\uDE00";
        assertEquals("\"\\b\\f\\n\\r\\t\\u0000\\u001f\u007f\\\"\\\\/\u2028\uD83D\uDE00\"", JsonWriter.compact(s));
    }

    @Test
    void loneSurrogatesAreWrittenAsEscapesInKeysAndValues() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("k\uDC00", "v\uD800x\uDBFF");
        assertEquals("{\"k\\udc00\":\"v\\ud800x\\udbff\"}", JsonWriter.compact(o));
        assertEquals("{\n  \"k\\udc00\": \"v\\ud800x\\udbff\"\n}\n", JsonWriter.write(o));
    }

    @Test
    void numbersKeepTheirText() {
        assertEquals("[-1.50e+3,1,2.5,0]", JsonWriter.compact(List.of(new Json.JsonNumber("-1.50e+3"), 1, 2.5, 0L)));
    }

    @Test
    void aTreeAsDeepAsTheReaderAllowsIsWritten() throws IOException {
        Object v = Json.parse("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH));
        assertEquals("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH), JsonWriter.compact(v));
        List<Object> outer = new ArrayList<>();
        List<Object> inner = outer;
        for (int i = 0; i < 1000; i++) {
            List<Object> next = new ArrayList<>();
            inner.add(next);
            inner = next;
        }
        String text = JsonWriter.write(outer);
        assertTrue(text.startsWith("[\n  [\n    [\n"), text.substring(0, 20));
        assertTrue(text.contains("\n" + "  ".repeat(1000) + "[]\n"));
        assertTrue(text.endsWith("\n  ]\n]\n"));
    }
}
