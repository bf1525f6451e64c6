package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForwardLineReaderTest {
    @TempDir
    Path dir;

    /** Each line as {@code number@offset:text-or-record}, for every chunk size and long-line threshold. */
    List<String> lines(byte[] content, int chunk, int maxLine) throws IOException {
        Path file = Files.write(dir.resolve("f.jsonl"), content);
        List<String> out = new ArrayList<>();
        try (ForwardLineReader r = ForwardLineReader.open(file, chunk, maxLine)) {
            while (r.next()) {
                Map<String, Object> record = r.record(JsonProjection.ALL, 3);
                out.add(r.lineNumber() + "@" + r.lineStart() + ":" + r.length() + ":" + record);
            }
        }
        return out;
    }

    @Test
    void sameLinesWhateverTheChunksAndLongLinesStreamedWithStringsCut() throws IOException {
        String text = "\uFEFF{\"a\":\"xy\"}\n\nnot json\n{\"b\":\"" + "z".repeat(300) + "\"}\n{\"c\":[1,2]}";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<String> expected = List.of(
                "1@3:10:{a=xy}",
                "2@14:0:null",
                "3@15:8:null",
                "4@24:308:{b=zzz[\u2026 297 bytes not shown]}", // a cut says so, and how much it left out
                "5@333:11:{c=[JsonNumber[text=1], JsonNumber[text=2]]}");
        for (int chunk : new int[] {1, 2, 3, 7, 64, 1 << 16}) {
            // a line held whole parses in full; past the threshold its strings are cut to 3 chars, and marked
            List<String> held = lines(bytes, chunk, 1 << 20);
            assertEquals(expected.get(0), held.get(0), "chunk " + chunk);
            assertEquals("4@24:308:{b=" + "z".repeat(300) + "}", held.get(3), "chunk " + chunk);
            assertEquals(expected, lines(bytes, chunk, 100), "chunk " + chunk);
        }
    }

    @Test
    void aBigFileIsReadTheSameOnceTheReaderScansEightBytesAStep() throws IOException {
        // past WordScan.WORTH_IT read bytes the reader switches scans: lines of every length and offset around it
        StringBuilder text = new StringBuilder();
        java.util.Random r = new java.util.Random(9);
        List<String> expected = new ArrayList<>();
        long offset = 0;
        for (int n = 1; offset < WordScan.WORTH_IT + (1 << 20); n++) {
            String line = r.nextInt(50) == 0 ? "" : "{\"n\":" + n + ",\"s\":\"" + "x".repeat(r.nextInt(700)) + "\"}";
            text.append(line).append('\n');
            expected.add(n + "@" + offset + ":" + line.length());
            offset += line.length() + 1;
        }
        Path file = Files.write(dir.resolve("big.jsonl"), text.toString().getBytes(StandardCharsets.UTF_8));
        List<String> actual = new ArrayList<>();
        try (ForwardLineReader reader = ForwardLineReader.open(file)) {
            while (reader.next()) {
                actual.add(reader.lineNumber() + "@" + reader.lineStart() + ":" + reader.length());
            }
        }
        assertEquals(expected, actual);
    }

    @Test
    void readersOfABigFileInBlocksScanEightBytesAStepOnceTogetherTheyReadEnough() throws IOException {
        // a Claude Code session is planned in 1 MiB blocks, a reader each: none reads WORTH_IT alone
        int block = 1 << 20;
        StringBuilder text = new StringBuilder();
        for (int n = 0; text.length() < block; n++) {
            text.append("{\"n\":")
                    .append(n)
                    .append(",\"s\":\"")
                    .append("y".repeat(n % 300))
                    .append("\"}\n");
        }
        Path file = Files.write(dir.resolve("block.jsonl"), text.toString().getBytes(StandardCharsets.UTF_8));
        long lines = text.chars().filter(c -> c == '\n').count();
        try {
            ForwardLineReader.forgetReads();
            int readers = 0;
            for (long read = 0; read < WordScan.WORTH_IT; read += Files.size(file), readers++) {
                try (ForwardLineReader reader = ForwardLineReader.open(file)) {
                    // a reader opened now scans as the process does (its flag is read at open)
                    assertFalse(JsonBytes.usesWordScan(), "reader " + readers + " after " + read + " bytes");
                    long n = 0;
                    while (reader.next()) {
                        n++;
                    }
                    assertEquals(lines, n);
                }
            }
            try (ForwardLineReader reader = ForwardLineReader.open(file)) {
                assertTrue(JsonBytes.usesWordScan(), "after " + readers + " readers of a block");
                long n = 0;
                while (reader.next()) {
                    n++;
                }
                assertEquals(lines, n);
            }
        } finally {
            ForwardLineReader.forgetReads();
        }
    }

    @Test
    void aFinalNewlineMakesNoEmptyLineAndAnEmptyFileNoLine() throws IOException {
        assertEquals(List.of("1@0:2:{}"), lines("{}\n".getBytes(StandardCharsets.UTF_8), 4, 100));
        assertEquals(List.of(), lines(new byte[0], 4, 100));
    }

    @Test
    void aSeekReadsTheLineAtAnEarlierLineStartBackOrOnWhateverTheChunks() throws IOException {
        String text = "\uFEFF{\"a\":\"xy\"}\n\nnot json\n{\"b\":\"" + "z".repeat(300) + "\"}\n{\"c\":[1,2]}";
        Path file = Files.write(dir.resolve("s.jsonl"), text.getBytes(StandardCharsets.UTF_8));
        for (int chunk : new int[] {1, 3, 64, 1 << 16}) {
            try (ForwardLineReader r = ForwardLineReader.open(file, chunk, 1 << 20)) {
                List<String> out = new ArrayList<>();
                for (long[] at : new long[][] {{333, 5}, {3, 1}, {24, 4}, {24, 4}, {333, 5}}) {
                    r.seek(at[0], at[1]);
                    r.next();
                    out.add(r.lineNumber() + "@" + r.lineStart() + ":" + r.length());
                }
                assertEquals(List.of("5@333:11", "1@3:10", "4@24:308", "4@24:308", "5@333:11"), out, "chunk " + chunk);
                r.seek(3, 1);
                r.next();
                assertEquals(Map.of("a", "xy"), r.record(JsonProjection.ALL, 3));
                r.next();
                assertEquals(2, r.lineNumber(), "lines go on from where it went");
            }
        }
    }
}
