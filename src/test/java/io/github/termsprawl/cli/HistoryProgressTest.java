package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long history run shows its progress on stderr when that is a terminal, never on stdout, never in a pipe; one
 * that runs out of its heap says so in one line (docs/planted.md, "termsprawl-history"). Times come from a clock of
 * the test's own: a second goes by at each look.
 */
class HistoryProgressTest {
    @TempDir
    Path cwd;

    private void nodes(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            Path t = cwd.resolve("t" + i + ".jsonl");
            Fixtures.write(
                    t,
                    "{\"type\":\"user\",\"uuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:01Z\","
                            + "\"message\":{\"role\":\"user\",\"content\":\"hello " + i + "\"}}\n");
            Fixtures.index(cwd, "n" + i, t.toString());
        }
    }

    /** A clock that moves a second each time it is read. */
    private static LongSupplier slowClock() {
        long[] now = {0};
        return () -> now[0] += 1000;
    }

    private String[] run(boolean terminal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HistoryCommand.run(new String[] {"--cwd", cwd.toString()}, out, err, terminal, slowClock());
        assertEquals(0, exit);
        return new String[] {Fixtures.str(out.toByteArray()), Fixtures.str(err.toByteArray())};
    }

    @Test
    void onATerminalALongRunShowsEachNodeOnOneLineOfStderrClearedAtTheEnd() throws IOException {
        nodes(4);
        String[] r = run(true);
        // stdout: the index paths, and nothing of the progress
        assertEquals(4, r[0].split("\n").length, r[0]);
        assertFalse(r[0].contains("\r") || r[0].contains("\033"), r[0]);
        // stderr: lines rewritten in place (\r, erase), each naming its node, the last one cleared
        assertTrue(r[1].contains("\r\033[Ktermsprawl-history: n2 (node 3 of 4): read "), r[1]);
        assertTrue(r[1].contains("turns written"), r[1]);
        assertTrue(r[1].endsWith("\r\033[K"), r[1]);
        assertFalse(r[1].contains("\n"), r[1]);
    }

    @Test
    void inAPipeNothingIsShown() throws IOException {
        nodes(4);
        String[] r = run(false);
        assertEquals(4, r[0].split("\n").length);
        assertEquals("", r[1]);
    }

    @Test
    void aSessionTooLargeForTheHeapStopsWithOneLineAndNoStackTrace() throws Exception {
        // a 16 MB heap against 150,000 turns: the plan alone needs more
        StringBuilder s = new StringBuilder();
        String parent = null;
        for (int i = 0; i < 150_000; i++) {
            String u = "u" + i;
            s.append("{\"type\":\"")
                    .append(i % 2 == 0 ? "user" : "assistant")
                    .append("\",\"uuid\":\"")
                    .append(u)
                    .append('"')
                    .append(parent == null ? "" : ",\"parentUuid\":\"" + parent + "\"")
                    .append(",\"timestamp\":\"2026-01-01T00:00:01Z\",\"message\":{\"id\":\"m")
                    .append(i)
                    .append("\",\"content\":[{\"type\":\"text\",\"text\":\"turn ")
                    .append(i)
                    .append("\"}]}}\n");
            parent = u;
        }
        Path t = cwd.resolve("big.jsonl");
        Files.writeString(t, s);
        Fixtures.index(cwd, "big", t.toString());
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(
                java.toString(),
                "-Xmx16m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                HistoryCommand.class.getName(),
                "--cwd",
                cwd.toString()));
        Process p = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a guard against a hang");
        assertEquals(0, p.exitValue(), err);
        assertEquals(0, out.length, new String(out, StandardCharsets.UTF_8));
        // stopped by the heap guard once a full collection leaves the heap full, or by the heap itself
        assertTrue(
                err.matches(
                        "termsprawl-history: stopped: out of memory \\((Java heap space|the heap is \\d+% full after a"
                                + " full collection), a heap of \\d+ MB\\): .*\n"),
                err);
        assertTrue(err.contains("run the history goal instead, with more heap (MAVEN_OPTS=-Xmx2g)"), err);
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), err);
        assertEquals(1, err.split("\n").length, err);
    }
}
