package io.github.termsprawl.store;

import static io.github.termsprawl.core.PropertyRuns.pick;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.PropertyRuns;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.jsonl.Utf8;
import io.github.termsprawl.store.claude.ClaudeTranscript;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties of the JSON line reader over generated files that hold every shape the hardening issues
 * found (escaped lone surrogates in keys, deep nesting, bad UTF-8, NUL, BOMs, CRLF, long strings, long
 * lines, partial last lines): the backward, chunked reader never throws, never blocks, and gives what a
 * plain forward read of the whole file gives, for any chunk size and in-memory line limit.
 */
class JsonlTailPropertiesTest {
    @TempDir
    Path dir;

    static final int[] CHUNKS = {1, 2, 3, 7, 61, 4096, ReverseLineReader.DEFAULT_CHUNK};
    static final int[] LIMITS = {0, 9, 300, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE};

    @Test
    void theBackwardReadEqualsAForwardRead() {
        PropertyRuns.forAll("backward read == forward read", PropertyRuns.tries(2), (Random r) -> {
            byte[] content = new Lines(r).file();
            Path file = dir.resolve("t.jsonl");
            Files.write(file, content);
            List<Turn> expected = ForwardReader.lastTurns(file);
            for (int k = 0; k < 2; k++) {
                // a one-byte chunk costs a read call per byte: only for small files
                int chunk = content.length > 20_000 ? CHUNKS[4 + r.nextInt(3)] : CHUNKS[r.nextInt(CHUNKS.length)];
                int limit = LIMITS[r.nextInt(LIMITS.length)];
                List<Turn> actual =
                        new ClaudeTranscript(new JsonlTail(chunk, limit)).lastTurns(file, StoreFixtures.LIMITS);
                assertEquals(expected, actual, "chunk=" + chunk + " limit=" + limit);
            }
        });
    }

    /**
     * Lines longer than a chunk, walked to the first: every byte is read once (the part of a line a chunk ends in is
     * kept, not read again with the rest of the line), whether the line is held or, over the limit, streamed.
     */
    @Test
    void aWalkOverLinesLongerThanAChunkReadsEachByteOnce() throws Exception {
        PropertyRuns.forAll("each byte read once", PropertyRuns.tries(2), (Random r) -> {
            StringBuilder text = new StringBuilder();
            int n = 1 + r.nextInt(30);
            for (int i = 0; i < n; i++) {
                String words = "x".repeat(r.nextInt(6000));
                text.append("{\"type\":\"user\",\"message\":{\"content\":\"")
                        .append(i)
                        .append(' ')
                        .append(words)
                        .append("\"}}\n");
            }
            Path file = dir.resolve("long.jsonl");
            Files.writeString(file, text);
            int chunk = 1 + r.nextInt(2048);
            int limit = chunk + r.nextInt(8192);
            JsonlTail tail = new JsonlTail(chunk, limit);
            int[] visited = {0};
            tail.walk(file, JsonProjection.whole("type", "message"), null, 2001, record -> ++visited[0] > 0);
            assertEquals(n, visited[0]);
            long streamed = 0;
            for (String line : text.toString().split("\n")) {
                streamed += line.length() > limit ? line.length() : 0; // a streamed line is read again as it is parsed
            }
            long bom = Files.size(file) > chunk ? 3 : 0; // a file over one chunk is first looked at for a BOM
            assertEquals(Files.size(file) + streamed + bom, tail.bytesRead(), "chunk=" + chunk + " limit=" + limit);
        });
    }

    /** One line: bytes parsed in place (with the text fallback) equal the decoded text parsed whole. */
    @Test
    void aLineReadsAsItsDecodedText() {
        PropertyRuns.forAll("line bytes == decoded text", (Random r) -> {
            Lines lines = new Lines(r);
            for (int i = 0; i < 20; i++) {
                byte[] line = lines.line();
                // the kept keys only: comparing values nested thousands deep would overflow equals()
                Map<String, Object> bytes =
                        JsonlRecords.parse(line, 0, line.length, JsonProjection.whole("type", "message"));
                Map<String, Object> text;
                try {
                    text = Json.asObject(Json.parse(Utf8.decode(line, 0, line.length)));
                } catch (Exception e) {
                    text = null;
                }
                if (text != null) {
                    text = new java.util.HashMap<>(text);
                    text.keySet().retainAll(List.of("type", "message"));
                }
                assertEquals(text, bytes, () -> new String(line, StandardCharsets.UTF_8));
            }
        });
    }

    /** Generates transcript lines and files. */
    static final class Lines {
        final Random r;

        Lines(Random r) {
            this.r = r;
        }

        boolean chance(int percent) {
            return r.nextInt(100) < percent;
        }

        byte[] file() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (chance(10)) {
                out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            }
            int n = chance(10) ? 60 + r.nextInt(60) : r.nextInt(30);
            for (int i = 0; i < n; i++) {
                out.writeBytes(line());
                out.writeBytes(utf8(pick(r, new String[] {"\n", "\n", "\n", "\r\n", "\n\n", " \n"})));
            }
            if (chance(30)) {
                byte[] last = line();
                out.write(last, 0, chance(50) ? last.length : r.nextInt(last.length + 1)); // maybe cut short
            }
            return out.toByteArray();
        }

        byte[] line() {
            String type = pick(r, new String[] {"user", "assistant", "user", "assistant", "system", "User"});
            switch (r.nextInt(14)) {
                case 0, 1, 2:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":" + quote(text(60)) + "}}");
                case 3, 4:
                    return utf8(
                            "{\"type\":\"" + type + "\",\"message\":{\"content\":" + blocks() + "}" + extra() + "}");
                case 5:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":" + quote(text(60)) + "},\"x\":{"
                            + loneKey() + ":1}}");
                case 6: {
                    int depth = chance(2) ? Json.MAX_DEPTH + r.nextInt(3) - 1 : r.nextInt(3000);
                    String open = chance(50) ? "[" : "{\"a\":";
                    String close = open.equals("[") ? "]" : "}";
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":\"deep\"},\"x\":"
                            + open.repeat(depth) + "1".substring(open.equals("[") ? 1 : 0) + close.repeat(depth)
                            + "}");
                }
                case 7: {
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    b.writeBytes(utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":\"x"));
                    for (int i = r.nextInt(5); i >= 0; i--) {
                        b.writeBytes(pick(r, new byte[][] {
                            {(byte) 0xFF},
                            {(byte) 0xC3},
                            {(byte) 0xE2, (byte) 0x82},
                            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
                            {0},
                            {'y'}
                        }));
                    }
                    b.writeBytes(utf8("z\"}}"));
                    return b.toByteArray();
                }
                case 8:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":"
                            + quote("q".repeat(1990 + r.nextInt(20))
                                    + pick(r, new String[] {"\uD83D\uDE00", "\uD83D", "ab"})
                                    + text(5))
                            + "}}");
                case 9:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":" + quote(text(40)) + "},\"big\":"
                            + quote("b".repeat(r.nextInt(5000))) + "}");
                case 10:
                    return utf8(pick(r, new String[] {
                        "",
                        " ",
                        "null",
                        "5",
                        "\"x\"",
                        "[]",
                        "{",
                        "}",
                        "{}",
                        "garbage",
                        "\uFEFF{\"type\":\"user\",\"message\":{\"content\":\"bom\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"t\"}} trailing",
                        "{\"type\":\"user\",\"message\":{\"content\":\"a\"},\"type\":\"system\"}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"n\"},\"n\":1e999}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"\\u0000\\u001f\\\"\\\\\\/\\b\\f\\n\\r\\t\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\",\"x\":[1,]}}"
                    }));
                case 11:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":[" + "[],".repeat(r.nextInt(50))
                            + "{\"type\":\"text\",\"text\":" + quote(text(20)) + "}]}}");
                case 12:
                    return utf8("{" + loneKey() + ":0,\"type\":\"" + type
                            + "\",\"message\":{\"content\":[{\"type\":\"text\"," + loneKey() + ":1,\"text\":"
                            + quote(text(20)) + "}]}}");
                default:
                    return utf8("{\"type\":\"" + type + "\",\"message\":{\"id\":\"m\",\"content\":" + quote(text(300))
                            + ",\"usage\":{\"in\":1.5e3}},\"ts\":\"2025\"}");
            }
        }

        String extra() {
            return chance(30)
                    ? ",\"toolUseResult\":{\"stdout\":" + quote(text(100)) + ",\"n\":[1,2,{\"k\":null}]}"
                    : "";
        }

        String loneKey() {
            return pick(r, new String[] {"\"\\ud800\"", "\"\\uDFFF\"", "\"a\\udbffb\"", "\"\\ude00\\ud83d\"", "\"k\""});
        }

        String blocks() {
            StringBuilder b = new StringBuilder("[");
            for (int i = r.nextInt(4); i >= 0; i--) {
                b.append(b.length() > 1 ? "," : "").append(pick(r, new String[] {
                    "{\"type\":\"text\",\"text\":" + quote(text(40)) + "}",
                    "{\"type\":\"tool_use\",\"id\":\"t\",\"input\":{\"c\":" + quote(text(10)) + "}}",
                    "{\"type\":\"thinking\",\"thinking\":\"hm\"}",
                    "{\"type\":\"text\",\"text\":5}",
                    "null",
                    "\"s\""
                }));
            }
            return b.append(']').toString();
        }

        static final String[] CHARS = {
            "a",
            "b",
            " ",
            "\n",
            "\t",
            "\"",
            "\\",
            "/",
            "é",
            "中",
            "\uD83D\uDE00",
            "\u2028",
            "\u0001",
            "\uD800",
            "\uDC00",
            "\uFEFF"
        };

        String text(int max) {
            StringBuilder s = new StringBuilder();
            for (int i = r.nextInt(max + 1); i > 0; i--) {
                s.append(pick(r, CHARS));
            }
            return s.toString();
        }

        String quote(String s) {
            return Fixtures.jsonString(r, s);
        }

        static byte[] utf8(String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
    }
}
