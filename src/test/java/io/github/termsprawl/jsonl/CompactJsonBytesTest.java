package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompactJsonBytesTest {
    /** What the fast writer must give: JsonWriter.compact's text as UTF-8. */
    private static byte[] expected(Object value) {
        return JsonWriter.compact(value).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] written(Object value) {
        CompactJsonBytes out = new CompactJsonBytes();
        out.value(value);
        return Arrays.copyOf(out.bytes(), out.size());
    }

    @Test
    void everyKindOfValueIsWrittenAsJsonWriterCompactWritesIt() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("version", new Json.JsonNumber("1"));
        o.put("empty", Map.of());
        o.put("none", List.of());
        o.put("list", List.of(Boolean.TRUE, Boolean.FALSE, Json.NULL, List.of("x", List.of(), Map.of())));
        o.put("numbers", List.of(new Json.JsonNumber("-1.50e+3"), 1, 2.5, 0L));
        o.put("nested", Map.of("a", Map.of("b", List.of(Map.of()))));
        byte[] bytes = written(o);
        assertArrayEquals(expected(o), bytes);
        assertEquals(
                "{\"version\":1,\"empty\":{},\"none\":[],\"list\":[true,false,null,[\"x\",[],{}]],"
                        + "\"numbers\":[-1.50e+3,1,2.5,0],\"nested\":{\"a\":{\"b\":[{}]}}}",
                new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void stringsAreEscapedAndEncodedAsTheSlowPathDoes() {
        String s = "\b\f\n\r\t\u0000\u001f\u007f\"\\/\u2028é€\uD83D\uDE00";
        assertArrayEquals(expected(s), written(s));
        Map<String, Object> keys = new LinkedHashMap<>();
        keys.put("k\uDC00\n", "v\uD800x\uDBFF");
        keys.put("\uDE00\uD83D", "ü");
        assertArrayEquals(expected(keys), written(keys));
        assertEquals(
                "{\"k\\udc00\\n\":\"v\\ud800x\\udbff\",\"\\ude00\\ud83d\":\"ü\"}",
                new String(written(keys), StandardCharsets.UTF_8));
    }

    @Test
    void randomTreesMatchTheSlowPathByteForByte() {
        Random random = new Random(42);
        for (int i = 0; i < 2000; i++) {
            Object v = tree(random, 0);
            assertArrayEquals(expected(v), written(v), () -> "tree " + JsonWriter.compact(v));
        }
    }

    @Test
    void valuesFollowOneAnotherInOneBufferAndReadBack() throws IOException {
        CompactJsonBytes out = new CompactJsonBytes();
        List<Object> values = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            Object v = tree(random, 0);
            values.add(v);
            out.value(v);
            ends.add(out.size());
        }
        for (int i = 0; i < values.size(); i++) {
            int from = i == 0 ? 0 : ends.get(i - 1);
            String text = new String(out.bytes(), from, ends.get(i) - from, StandardCharsets.UTF_8);
            assertEquals(JsonWriter.compact(values.get(i)), text);
            assertEquals(JsonWriter.compact(values.get(i)), JsonWriter.compact(Json.parse(text)));
        }
        out.clear();
        assertEquals(0, out.size());
    }

    @Test
    void aTreeAsDeepAsTheReaderAllowsIsWritten() throws IOException {
        Object v = Json.parse("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH));
        assertArrayEquals(expected(v), written(v));
    }

    @Test
    void whatIsNoJsonValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> written(List.of(new Object())));
    }

    private static final String ALPHABET = "ab \"\\\n\t\u0001\u001f\u007fé€\u2028\uD83D\uDE00\uD800\uDFFF";

    private static Object tree(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 5 : 7);
        switch (kind) {
            case 0:
                return string(random);
            case 1:
                return new Json.JsonNumber(Integer.toString(random.nextInt(2000) - 1000));
            case 2:
                return random.nextBoolean();
            case 3:
                return Json.NULL;
            case 4:
                return random.nextInt(100);
            case 5: {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(tree(random, depth + 1));
                }
                return list;
            }
            default: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    map.put(string(random), tree(random, depth + 1));
                }
                return map;
            }
        }
    }

    private static String string(Random random) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }
}
