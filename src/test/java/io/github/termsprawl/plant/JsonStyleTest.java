package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The settings merge's generator, and the one writer of every other file against it: the same bytes. */
class JsonStyleTest {
    @Test
    void finishLeavesTextWithoutLoneSurrogatesAlone() {
        String text = "{\"a\":\"\uD83D\uDE00\"}";
        assertSame(text, JsonStyle.finish(text));
        assertEquals("\"\\ud83d\"", JsonStyle.finish("\"\uD83D\""));
        assertEquals("\"\\ude00\\ud83d\"", JsonStyle.finish("\"\uDE00\uD83D\""));
    }

    @Test
    void theOneWriterWritesWhatTheGeneratorWrites() throws IOException {
        Random random = new Random(39);
        for (int i = 0; i < 3000; i++) {
            Object tree = tree(random, 0);
            assertEquals(viaGenerator(tree, true) + "\n", JsonWriter.write(tree));
            assertEquals(viaGenerator(tree, false), JsonWriter.compact(tree));
        }
    }

    private static String viaGenerator(Object tree, boolean pretty) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonStyle.generator(out, "  ")) {
            if (!pretty) {
                g.setPrettyPrinter(null);
            }
            write(tree, g);
        }
        return JsonStyle.finish(out.toString());
    }

    private static void write(Object value, JsonGenerator g) throws IOException {
        if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName((String) e.getKey());
                write(e.getValue(), g);
            }
            g.writeEndObject();
        } else if (value instanceof List<?> list) {
            g.writeStartArray();
            for (Object element : list) {
                write(element, g);
            }
            g.writeEndArray();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Json.JsonNumber n) {
            g.writeNumber(n.text());
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof Number) {
            g.writeNumber(value.toString());
        } else {
            g.writeNull();
        }
    }

    private static final String[] TEXTS = {
        "",
        "a",
        "h\u00e9llo \u65e5\u672c",
        "\b\f\n\r\t",
        "\u0000\u001b\u001f\u007f",
        "\"\\/",
        "\u2028\u2029",
        "\uD83D\uDE00",
        "\uD800",
        "x\uDC00",
        "\uDE00\uD83D"
    };

    private static Object tree(Random r, int depth) {
        switch (depth > 3 ? 2 + r.nextInt(5) : r.nextInt(7)) {
            case 0 -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    map.put(TEXTS[r.nextInt(TEXTS.length)] + i, tree(r, depth + 1));
                }
                return map;
            }
            case 1 -> {
                List<Object> list = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    list.add(tree(r, depth + 1));
                }
                return list;
            }
            case 2, 3 -> {
                return TEXTS[r.nextInt(TEXTS.length)] + TEXTS[r.nextInt(TEXTS.length)];
            }
            case 4 -> {
                return new Json.JsonNumber(new String[] {"0", "-1.50e+3", "12345678901234567890"}[r.nextInt(3)]);
            }
            case 5 -> {
                return r.nextBoolean() ? r.nextInt() : (Object) 2.5;
            }
            default -> {
                return new Object[] {Boolean.TRUE, Boolean.FALSE, Json.NULL}[r.nextInt(3)];
            }
        }
    }
}
