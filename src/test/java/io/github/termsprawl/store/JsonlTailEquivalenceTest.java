package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.store.claude.ClaudeTranscript;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backward, chunked reader gives what a plain forward read gives, for every input: chunk sizes
 * down to one byte hit every boundary, and a tiny in-memory limit sends lines through the streaming
 * path that cuts long strings.
 */
class JsonlTailEquivalenceTest {
    private static final int[] CHUNKS = {1, 2, 3, 5, 7, 16, 61, 4096, ReverseLineReader.DEFAULT_CHUNK};
    private static final int[] IN_MEMORY_LIMITS = {0, 9, 300, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE};

    @TempDir
    Path dir;

    private static void assertSameAsForward(Path file) throws IOException {
        assertSameAsForward(file, CHUNKS, IN_MEMORY_LIMITS);
    }

    private static void assertSameAsForward(Path file, int[] chunks, int[] limits) throws IOException {
        List<Turn> expected = ForwardReader.lastTurns(file);
        for (int chunk : chunks) {
            for (int limit : limits) {
                List<Turn> actual =
                        new ClaudeTranscript(new JsonlTail(chunk, limit)).lastTurns(file, StoreFixtures.LIMITS);
                assertEquals(expected, actual, () -> file.getFileName() + " chunk=" + chunk + " limit=" + limit);
            }
        }
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String user(String text) {
        return "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":" + quote(text) + "}}";
    }

    private static String assistant(String... texts) {
        StringBuilder blocks = new StringBuilder();
        for (String t : texts) {
            blocks.append(blocks.length() == 0 ? "" : ",")
                    .append("{\"type\":\"text\",\"text\":")
                    .append(quote(t))
                    .append('}');
        }
        return "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"thinking\",\"thinking\":\"x\"}," + blocks
                + "]}}";
    }

    private static String quote(String s) {
        return JsonWriter.write(s).strip();
    }

    @Test
    void boundaryCases() throws IOException {
        String bom = "\uFEFF";
        String big = "é".repeat(3000) + "🚀".repeat(1500);
        assertSameAsForward(write("bom.jsonl", bom + user("first") + "\n" + assistant("second") + "\n"));
        assertSameAsForward(write("crlf.jsonl", user("a") + "\r\n" + assistant("b", "c") + "\r\n\r\n"));
        assertSameAsForward(write("partial.jsonl", user("a") + "\n" + assistant("b") + "\n{\"type\":\"user\",\"mess"));
        assertSameAsForward(write("complete-no-newline.jsonl", user("a") + "\n" + assistant("b")));
        assertSameAsForward(
                write("long-text.jsonl", user("x") + "\n" + assistant(big, "tail") + "\n" + user(big) + "\n"));
        assertSameAsForward(write("only-noise.jsonl", "{\"type\":\"progress\"}\n".repeat(200)));
        assertSameAsForward(write("empty.jsonl", ""));
        assertSameAsForward(write("bom-only.jsonl", bom));
        assertSameAsForward(write("newlines.jsonl", "\n\n\n"));
        // a fault after the kept prefix of a long string must still reject the line
        assertSameAsForward(write(
                "bad-escape-late.jsonl",
                user("ok") + "\n"
                        + "{\"type\":\"user\",\"message\":{\"content\":\"" + "a".repeat(5000) + "\\q\"}}\n"
                        + "{\"type\":\"user\",\"message\":{\"content\":\"" + "a".repeat(5000) + "\u0001\"}}\n"
                        + "{\"type\":\"user\",\"message\":{\"content\":\"" + "a".repeat(5000) + "\\u12G4\"}}\n"
                        + "{\"type\":\"user\",\"message\":{\"content\":\"" + "a".repeat(5000)));
        // escapes on both sides of the cut, a surrogate pair split exactly at 2000
        assertSameAsForward(write(
                "escapes.jsonl",
                "{\"type\":\"us\\u0065r\",\"message\":{\"content\":\""
                        + "\\n\\\"\\\\".repeat(700) + "a".repeat(5) + "\\ud83d\\ude80".repeat(900) + "\"}}\n"
                        + user("a".repeat(1999) + "🚀" + "b".repeat(100)) + "\n"));
        assertSameAsForward(write("mid-bom.jsonl", user("a") + "\n" + bom + user("b") + "\n"));
        assertSameAsForward(
                write(
                        "duplicates.jsonl",
                        "{\"type\":\"user\",\"message\":{\"content\":\"first\"},\"message\":{\"content\":\"second\"},\"type\":\"assistant\"}\n"));
        assertSameAsForward(write("trailing.jsonl", user("a") + " x\n" + user("b") + " \t\r\n" + user("c") + "{}\n"));
    }

    @Test
    void invalidUtf8AndNulBytes() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(user("ok").getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.writeBytes("{\"type\":\"user\",\"message\":{\"content\":\"bad ".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(
                new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xF0, (byte) 0x9F});
        out.writeBytes(" end\"}}\n".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(new byte[] {0, '{', 0, '}', '\n'});
        out.writeBytes(user("last").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(new byte[] {(byte) 0xE2, (byte) 0x82});
        assertSameAsForward(write("bad-bytes.jsonl", out.toByteArray()));
    }

    @Test
    void manyTurnsKeepTheLastForty() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 97; i++) {
            text.append(i % 2 == 0 ? user("u" + i) : assistant("a" + i, "b" + i))
                    .append('\n');
            text.append("{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"content\":\"")
                    .append("z".repeat(i * 37))
                    .append("\"}]}}\n");
        }
        Path file = write("ninety-seven.jsonl", text.toString());
        assertSameAsForward(file);
        List<Turn> turns = new ClaudeTranscript(new JsonlTail()).lastTurns(file, StoreFixtures.LIMITS);
        assertEquals(40, turns.size());
        assertEquals("u58", turns.get(0).text());
        assertEquals("a97\nb97", turns.get(39).text());
    }

    @Test
    void randomTranscripts() throws IOException {
        Random random = new Random(20261129);
        String[] pieces = {
            user("hello"),
            assistant("hi", "there"),
            user(""),
            "{\"type\":\"assistant\",\"message\":{\"content\":[]}}",
            "null",
            "5",
            "\"x\"",
            "[]",
            "{not json",
            "",
            "   ",
            "{\"type\":\"system\"}",
            user("日本語 🚀"),
            "{\"type\":\"user\",\"message\":\"not an object\"}",
            user("q".repeat(2500)),
            assistant("é".repeat(2100)),
            "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":5},{\"type\":\"image\"}]}}",
            "{\"type\":\"user\",\"message\":{\"content\":{\"type\":\"text\",\"text\":\"obj\"}}}",
        };
        for (int n = 0; n < 25; n++) {
            StringBuilder text = new StringBuilder(random.nextInt(4) == 0 ? "\uFEFF" : "");
            int lines = random.nextInt(120);
            for (int i = 0; i < lines; i++) {
                text.append(pieces[random.nextInt(pieces.length)]).append(random.nextInt(5) == 0 ? "\r\n" : "\n");
            }
            if (random.nextBoolean() && text.length() > 0) {
                text.setLength(text.length() - 1 - random.nextInt(Math.min(text.length(), 30)));
            }
            assertSameAsForward(
                    write("random-" + n + ".jsonl", text.toString()),
                    new int[] {1, 5, 61, 4096},
                    new int[] {0, 300, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE});
        }
    }

    @Test
    void corpusTranscripts() throws IOException {
        Path corpus = SharedFolder.corpus("claude");
        List<Path> files;
        try (Stream<Path> all = Files.walk(corpus)) {
            files = all.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path file : files) {
            List<Turn> expected = ForwardReader.lastTurns(file);
            for (int chunk : new int[] {61, ReverseLineReader.DEFAULT_CHUNK}) {
                for (int limit : new int[] {200, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE}) {
                    assertEquals(
                            expected,
                            new ClaudeTranscript(new JsonlTail(chunk, limit)).lastTurns(file, StoreFixtures.LIMITS),
                            () -> file + " chunk=" + chunk + " limit=" + limit);
                }
            }
        }
    }
}
