package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The byte parser against jackson reading the decoded text ({@link JacksonOracle}): the same value or the
 * same rejection for every input, including bad UTF-8, NULs, BOMs, escapes, numbers and broken structure; and
 * its streamed path (a line too long to hold) against its in-memory one.
 */
class JsonBytesTest {
    private static final JsonProjection TURN = JsonProjection.fields(
            "type",
            JsonProjection.ALL,
            "message",
            JsonProjection.fields(
                    "content", JsonProjection.fields("type", JsonProjection.ALL, "text", JsonProjection.ALL)));
    private static final JsonProjection KEYS = JsonProjection.whole("type", "message", "a", "b");

    private static final String[] PIECES = {
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        " ",
        "\n",
        "\t",
        "\r",
        "\"",
        "\\",
        "\\u",
        "\\n",
        "\\\"",
        "\\ud83d",
        "\\uDE00",
        "\\x",
        "0",
        "1",
        "-",
        ".",
        "e",
        "E",
        "+",
        "12",
        "01",
        "true",
        "false",
        "null",
        "tru",
        "nul",
        "\"type\"",
        "\"user\"",
        "\"message\"",
        "\"content\"",
        "\"text\"",
        "\"a\"",
        "\"b\"",
        "h\u00e9",
        "\u65e5",
        "\uD83D\uDE00",
        "\u2028",
        "\u00a0"
    };
    private static final int[] ODD_BYTES = {0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0x82, 0xED, 0xA0, 0xF0, 0xFF};

    /** A random text: mostly JSON (a generated value), then mangled with pieces and odd bytes. */
    private static byte[] randomText(Random r) {
        StringBuilder json = new StringBuilder();
        value(r, json, 0);
        byte[] text = json.toString().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (r.nextInt(20) == 0) {
            out.write(0xEF); // a BOM: JSON.parse rejects one
            out.write(0xBB);
            out.write(0xBF);
        }
        int mangles = r.nextInt(3) == 0 ? 0 : r.nextInt(3);
        for (int i = 0; i < text.length; i++) {
            if (mangles > 0 && r.nextInt(text.length) < mangles) {
                int kind = r.nextInt(3);
                if (kind == 0) {
                    continue; // drop a byte
                }
                if (kind == 1) {
                    out.write(ODD_BYTES[r.nextInt(ODD_BYTES.length)]);
                } else {
                    out.writeBytes(PIECES[r.nextInt(PIECES.length)].getBytes(StandardCharsets.UTF_8));
                }
            }
            out.write(text[i]);
        }
        return out.toByteArray();
    }

    private static void value(Random r, StringBuilder out, int depth) {
        int kind = depth > 4 ? 3 + r.nextInt(5) : r.nextInt(8);
        switch (kind) {
            case 0, 1 -> {
                out.append('{');
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    out.append(i > 0 ? "," : "").append(ws(r));
                    string(r, out);
                    out.append(ws(r)).append(':').append(ws(r));
                    value(r, out, depth + 1);
                }
                out.append(ws(r)).append('}');
            }
            case 2 -> {
                out.append('[');
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    out.append(i > 0 ? "," : "").append(ws(r));
                    value(r, out, depth + 1);
                }
                out.append(ws(r)).append(']');
            }
            case 3, 4 -> string(r, out);
            case 5 ->
                out.append(
                        new String[] {"0", "-1", "1.5", "2e10", "-0.0E-2", "1", "1.0", "123456789012345678901234567890"}
                                [r.nextInt(8)]);
            default -> out.append(new String[] {"true", "false", "null"}[r.nextInt(3)]);
        }
    }

    private static void string(Random r, StringBuilder out) {
        String[] words = {
            "type",
            "user",
            "assistant",
            "message",
            "content",
            "text",
            "a",
            "b",
            "h\u00e9llo",
            "\\n",
            "\\u00e9",
            "\\ud83d",
            "\\ud83d\\ude00",
            "\\\\",
            "\\\"",
            "\\/",
            "\u65e5\u672c",
            "",
            "x y",
            "a longer run of plain text, h\u00e9llo"
        };
        out.append('"');
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            out.append(words[r.nextInt(words.length)]);
        }
        out.append('"');
    }

    private static String ws(Random r) {
        return new String[] {"", "", " ", "\n  ", "\t"}[r.nextInt(5)];
    }

    /** The value as text: ordered maps in their order, the projection's hash maps sorted, strings by code unit. */
    private static String canonical(Object v) {
        StringBuilder out = new StringBuilder();
        canonical(v, out);
        return out.toString();
    }

    private static void canonical(Object v, StringBuilder out) {
        if (v instanceof Map<?, ?> m) {
            Map<?, ?> entries = m instanceof java.util.LinkedHashMap ? m : new TreeMap<>(m);
            out.append(m instanceof java.util.LinkedHashMap ? "{" : "h{");
            entries.forEach((k, x) -> {
                canonical(k, out);
                out.append(':');
                canonical(x, out);
                out.append(',');
            });
            out.append('}');
        } else if (v instanceof List<?> l) {
            out.append('[');
            l.forEach(x -> {
                canonical(x, out);
                out.append(',');
            });
            out.append(']');
        } else if (v instanceof String s) {
            out.append('"');
            s.chars().forEach(c -> out.append(c < 0x20 || c > 0x7E ? String.format("\\u%04x", c) : (char) c));
            out.append('"');
        } else if (v instanceof Json.JsonNumber n) {
            out.append("n:").append(n.text());
        } else {
            out.append(v == Json.NULL ? "null" : String.valueOf(v)).append(':').append(v == null ? "" : v.getClass());
        }
    }

    private static String viaJackson(byte[] bytes) {
        try {
            return canonical(JacksonOracle.parse(Utf8.decode(bytes, 0, bytes.length)));
        } catch (IOException | RuntimeException e) {
            return "invalid";
        }
    }

    private static String viaBytes(byte[] bytes) {
        try {
            return canonical(JsonBytes.parse(bytes, 0, bytes.length));
        } catch (JsonBytes.Invalid e) {
            return "invalid";
        }
    }

    @Test
    void sameValuesAndRejectionsAsJacksonOnTheDecodedText() {
        Random r = new Random(20261130);
        int valid = 0;
        for (int round = 0; round < 60_000; round++) {
            byte[] bytes = randomText(r);
            String expected = viaJackson(bytes);
            assertEquals(expected, viaBytes(bytes), () -> "input " + show(bytes));
            valid += expected.equals("invalid") ? 0 : 1;
        }
        assertTrue(valid > 15_000 && valid < 45_000, "both outcomes are exercised: " + valid);
    }

    @Test
    void sameRecordsAsJacksonUnderAProjection() {
        Random r = new Random(7);
        for (int round = 0; round < 30_000; round++) {
            byte[] bytes = randomText(r);
            String line = Utf8.decode(bytes, 0, bytes.length);
            for (JsonProjection projection : new JsonProjection[] {TURN, KEYS}) {
                Map<String, Object> expected = JacksonOracle.record(line, projection);
                Map<String, Object> actual = JsonBytes.record(bytes, 0, bytes.length, projection);
                assertEquals(
                        expected == null ? "null" : canonical(expected),
                        actual == null ? "null" : canonical(actual),
                        () -> "input " + show(bytes));
            }
        }
    }

    /** A text read a byte at a time, so the streamed parser's window ends at every point of every token. */
    private static Map<String, Object> streamed(byte[] bytes, JsonProjection projection, int cap) {
        java.io.InputStream trickle = new java.io.ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        return JsonlRecords.parse(new Utf8.StreamReader(trickle), projection, cap);
    }

    @Test
    void aStreamedLineIsReadAsTheSameLineInMemory() {
        Random r = new Random(39);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = randomText(r);
            for (JsonProjection projection : new JsonProjection[] {TURN, KEYS, JsonProjection.ALL}) {
                Map<String, Object> expected = JsonBytes.record(bytes, 0, bytes.length, projection);
                Map<String, Object> actual = streamed(bytes, projection, 1 << 20);
                assertEquals(
                        expected == null ? "null" : canonical(expected),
                        actual == null ? "null" : canonical(actual),
                        () -> "input " + show(bytes));
            }
        }
    }

    /** Tokens longer than the window grow it; whitespace runs of any length pass through it. */
    @Test
    void aStreamedLineHoldsTokensLongerThanItsWindow() {
        String text = "x\\u00e9\\ud83d\\ude00\u00e9\uD83D\uDE00".repeat(50_000);
        String number = "1" + "0".repeat(200_000) + ".5e-3";
        String line = "{\"s\":\"" + text + "\"," + " ".repeat(300_000) + "\"n\":" + number + ",\"t\":true}\n";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        Map<String, Object> expected = JsonBytes.record(bytes, 0, bytes.length, JsonProjection.ALL);
        Map<String, Object> actual = JsonlRecords.parse(
                new Utf8.StreamReader(new java.io.ByteArrayInputStream(bytes)), JsonProjection.ALL, 1 << 20);
        assertEquals(canonical(expected), canonical(actual));
        assertEquals(new Json.JsonNumber(number), actual.get("n"));
        // a string cut mid-pair keeps its high surrogate, as jackson read the cut text
        Map<String, Object> cut =
                JsonlRecords.parse(new java.io.StringReader("{\"s\":\"ab\uD83D\uDE00c\"}"), JsonProjection.ALL, 3);
        assertEquals("ab\uD83D[\u2026 3 bytes not shown]", cut.get("s")); // the low half (2) and c (1)
    }

    @Test
    void theWordScanReadsLongStringsAsTheByteLoopDoes() {
        // skipped strings long enough for eight-byte steps, with quotes, escapes, controls and UTF-8 at every offset
        byte[][] parts = {
            "a".getBytes(StandardCharsets.UTF_8),
            "0123456".getBytes(StandardCharsets.UTF_8),
            "\\\"".getBytes(StandardCharsets.UTF_8),
            "\\n".getBytes(StandardCharsets.UTF_8),
            "\\u00e9".getBytes(StandardCharsets.UTF_8),
            "é€😀".getBytes(StandardCharsets.UTF_8),
            {0x1f},
            {0x7f},
            {(byte) 0xff},
            {'"'},
            {'\\'},
        };
        Random r = new Random(11);
        try {
            for (int round = 0; round < 20_000; round++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes("{\"skipped\": \"".getBytes(StandardCharsets.UTF_8));
                for (int i = r.nextInt(40); i > 0; i--) {
                    out.writeBytes(parts[r.nextInt(r.nextInt(10) < 8 ? 6 : parts.length)]);
                }
                out.writeBytes("\", \"type\": \"kept\"}".getBytes(StandardCharsets.UTF_8));
                byte[] bytes = out.toByteArray();
                String line = Utf8.decode(bytes, 0, bytes.length);
                // skipped under KEYS, kept (decoded) under the other
                for (JsonProjection projection : new JsonProjection[] {KEYS, JsonProjection.whole("skipped", "type")}) {
                    Map<String, Object> expected = JacksonOracle.record(line, projection);
                    JsonBytes.useWordScan(false);
                    Map<String, Object> bytewise = JsonBytes.record(bytes, 0, bytes.length, projection);
                    JsonBytes.useWordScan(true);
                    Map<String, Object> wordwise = JsonBytes.record(bytes, 0, bytes.length, projection);
                    String want = expected == null ? "null" : canonical(expected);
                    assertEquals(want, bytewise == null ? "null" : canonical(bytewise), () -> "input " + show(bytes));
                    assertEquals(want, wordwise == null ? "null" : canonical(wordwise), () -> "input " + show(bytes));
                }
            }
        } finally {
            JsonBytes.useWordScan(false);
        }
    }

    @Test
    void whatJsonParseRejects() {
        for (String bad : new String[] {
            "",
            " ",
            "\uFEFF{}",
            "{}\u00a0",
            "[1]\u2028",
            "\"\u0000\"",
            "[\"\\u00\"]",
            "[1e]",
            "[1.]",
            "[.5]",
            "[+1]",
            "[01]",
            "[-]",
            "{\"a\":1 \"b\":2}",
            "[truex]",
            "[tru]",
            "{\"a\"}",
            "[1,]",
            "{,}",
            "[\"a\\x\"]",
            "\"\t\""
        }) {
            assertThrows(
                    JsonBytes.Invalid.class,
                    () -> JsonBytes.parse(
                            bad.getBytes(StandardCharsets.UTF_8), 0, bad.getBytes(StandardCharsets.UTF_8).length),
                    bad);
        }
    }

    @Test
    void badBytesInStringsBecomeReplacementCharsAsInNode() {
        byte[] bytes = {'[', '"', 'a', (byte) 0xE2, (byte) 0x82, '"', ',', '"', (byte) 0xFF, '\\', 'n', '"', ']'};
        assertEquals(List.of("a\uFFFD", "\uFFFD\n"), JsonBytes.parse(bytes, 0, bytes.length));
        byte[] outside = {'[', (byte) 0xC3, (byte) 0xA9, ']'};
        assertThrows(JsonBytes.Invalid.class, () -> JsonBytes.parse(outside, 0, outside.length));
    }

    /** Nesting up to {@link Json#MAX_DEPTH} (the record object included) costs no stack; one level more skips the line. */
    @Test
    void deepNestingCostsNoStackUpToTheBound() {
        int depth = Json.MAX_DEPTH - 1;
        byte[] skipped = ("{\"type\":\"user\",\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}")
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals(Map.of("type", "user"), JsonBytes.record(skipped, 0, skipped.length, TURN));
        byte[] kept = ("{\"a\":" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "}")
                .getBytes(StandardCharsets.US_ASCII);
        assertTrue(JsonBytes.record(kept, 0, kept.length, KEYS).get("a") instanceof Map);
        byte[] unclosed = ("{\"type\":\"user\",\"x\":" + "[".repeat(depth)).getBytes(StandardCharsets.US_ASCII);
        assertNull(JsonBytes.record(unclosed, 0, unclosed.length, TURN));

        byte[] deeper = ("{\"type\":\"user\",\"x\":" + "[".repeat(depth + 1) + "]".repeat(depth + 1) + "}")
                .getBytes(StandardCharsets.US_ASCII);
        assertNull(JsonBytes.record(deeper, 0, deeper.length, TURN));
        byte[] keptDeeper = ("{\"a\":" + "{\"a\":".repeat(depth + 1) + "1" + "}".repeat(depth + 1) + "}")
                .getBytes(StandardCharsets.US_ASCII);
        assertTrue(
                JsonBytes.record(keptDeeper, 0, keptDeeper.length, KEYS) == null, "a line one level too deep was kept");
        assertThrows(JsonBytes.Invalid.class, () -> JsonBytes.parse(deeper, 0, deeper.length));
        byte[] whole = ("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH)).getBytes(StandardCharsets.US_ASCII);
        assertTrue(JsonBytes.parse(whole, 0, whole.length) instanceof List);
    }

    /** Kept values are bounded by {@link Json#MAX_VALUES}; skipped ones cost nothing. */
    @Test
    void keptValuesBeyondTheBudgetSkipTheLine() {
        byte[] beyond = ("{\"type\":\"user\",\"x\":[" + "0,".repeat(Json.MAX_VALUES) + "0]}")
                .getBytes(StandardCharsets.US_ASCII);
        assertNull(JsonBytes.record(beyond, 0, beyond.length, JsonProjection.whole("type", "x")));
        assertEquals(Map.of("type", "user"), JsonBytes.record(beyond, 0, beyond.length, TURN));
        assertThrows(JsonBytes.Invalid.class, () -> JsonBytes.parse(beyond, 0, beyond.length));
    }

    private static String show(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(b >= 0x20 && b < 0x7F ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xFF));
        }
        return s.toString();
    }
}
