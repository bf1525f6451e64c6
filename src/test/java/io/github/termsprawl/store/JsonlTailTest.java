package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.jsonl.Utf8;
import io.github.termsprawl.store.claude.ClaudeTranscript;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading from the end, in any chunk size, gives what a forward read keeping the last turns gives. */
class JsonlTailTest {
    @TempDir
    Path dir;

    static final Set<String> KEYS = Set.of("type", "message");

    /** The forward model: whole file, BOM dropped, split on \n, each line decoded and parsed on its own. */
    static List<Turn> forward(byte[] bytes, int max) {
        int start =
                bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF
                        ? 3
                        : 0;
        List<Turn> turns = new ArrayList<>();
        int lineStart = start;
        for (int i = start; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                String line = Utf8.decode(bytes, lineStart, i - lineStart);
                lineStart = i + 1;
                if (line.isBlank()) {
                    continue;
                }
                Map<String, Object> record = JsonlRecords.parse(line, JsonProjection.whole("type", "message"));
                Turn t = record == null ? null : ClaudeTranscript.toTurn(record);
                t = t == null ? null : StoreFixtures.LIMITS.cut(t);
                if (t != null) {
                    turns.add(t);
                }
            }
        }
        return new ArrayList<>(turns.subList(Math.max(0, turns.size() - max), turns.size()));
    }

    @Test
    void randomFilesAnyChunkSize() throws IOException {
        Random r = new Random(99);
        int[][] configs = {{1, 1 << 20}, {2, 3}, {3, 64}, {17, 40}, {64, 1 << 20}, {4096, 100}, {65536, 1 << 22}};
        for (int n = 0; n < 150; n++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (r.nextInt(5) == 0) {
                out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            }
            int lines = r.nextInt(60);
            for (int i = 0; i < lines; i++) {
                switch (r.nextInt(6)) {
                    case 0 -> out.writeBytes(Fixtures.utf8(""));
                    case 1 -> out.writeBytes(Fixtures.utf8("junk {"));
                    case 2 -> out.writeBytes(new byte[] {'{', (byte) 0xE2, (byte) 0x82, '}'});
                    default ->
                        out.writeBytes(Fixtures.utf8(Fixtures.record(
                                r.nextBoolean() ? "user" : "assistant",
                                "t" + i + " "
                                        + "\u00e9\uD83D\uDE00x".repeat(r.nextInt(r.nextInt(10) == 0 ? 900 : 30)))));
                }
                out.writeBytes(Fixtures.utf8(r.nextInt(8) == 0 ? "\r\n" : "\n"));
            }
            if (r.nextBoolean()) {
                out.writeBytes(Fixtures.utf8(Fixtures.record("user", "no newline")));
            }
            byte[] bytes = out.toByteArray();
            Path file = Fixtures.writeBytes(dir.resolve("f" + n + ".jsonl"), bytes);
            int max = r.nextBoolean() ? StoreFixtures.LIMITS.maxTurns() : 1 + r.nextInt(5);
            List<Turn> expected = forward(bytes, max);
            for (int[] c : configs) {
                if (c[0] < 16 && bytes.length > 8000) {
                    continue; // a read call every byte or two: only for small files
                }
                assertEquals(
                        expected,
                        JsonlTurns.last(
                                new JsonlTail(c[0], c[1]),
                                file,
                                JsonProjection.whole("type", "message"),
                                null,
                                new TurnLimits(max, 2000),
                                ClaudeTranscript::toTurn),
                        "file " + n + " chunk " + c[0] + " line " + c[1]);
            }
        }
    }

    @Test
    void stopsReadingOnceEnoughTurnsAreFound() throws IOException {
        // the head of the file is not even valid: a tail read never gets there
        byte[] head = new byte[1 << 20];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head);
        out.writeBytes(Fixtures.utf8("\n" + Fixtures.record("user", "a") + "\n" + Fixtures.record("user", "b") + "\n"));
        Path file = Fixtures.writeBytes(dir.resolve("big.jsonl"), out.toByteArray());
        assertEquals(
                List.of(new Turn("user", "b")),
                JsonlTurns.last(
                        new JsonlTail(16, 64),
                        file,
                        JsonProjection.whole("type", "message"),
                        null,
                        new TurnLimits(1, 2000),
                        ClaudeTranscript::toTurn));
        assertEquals(
                List.of(new Turn("user", "a"), new Turn("user", "b")),
                JsonlTurns.last(
                        new JsonlTail(),
                        file,
                        JsonProjection.whole("type", "message"),
                        null,
                        new TurnLimits(40, 2000),
                        ClaudeTranscript::toTurn));
    }

    @Test
    void notARegularFile() throws IOException {
        Files.createDirectories(dir.resolve("d"));
        assertEquals(
                List.of(),
                JsonlTurns.last(
                        new JsonlTail(),
                        dir.resolve("d"),
                        JsonProjection.whole("type", "message"),
                        null,
                        new TurnLimits(40, 2000),
                        ClaudeTranscript::toTurn));
        assertEquals(
                List.of(),
                JsonlTurns.last(
                        new JsonlTail(),
                        dir.resolve("missing"),
                        JsonProjection.whole("type", "message"),
                        null,
                        new TurnLimits(40, 2000),
                        ClaudeTranscript::toTurn));
    }
}
