package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.cli.ContextCommand;
import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.registry.TranscriptReaders;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No input costs a peer's neighbours their turns, or an agent more than a few seconds: a line nested
 * millions deep, a line longer than node can hold, a database query that never ends.
 */
class PeerBoundsTest {
    @TempDir
    Path cwd;

    private void peer(String id, Path transcript, String store) throws IOException {
        Fixtures.link(cwd, "me", id);
        Fixtures.write(
                cwd.resolve(".termsprawl/transcripts").resolve(id + ".json"),
                "{\"version\": 1, \"path\": " + Fixtures.jsonString(transcript.toString())
                        + (store == null ? "" : ", " + store) + "}\n");
    }

    private static void turns(OutputStream out, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            out.write(Fixtures.utf8(Fixtures.record(i % 2 == 0 ? "user" : "assistant", "turn " + i) + "\n"));
        }
    }

    /** 20 turns, a 24 MB line of nested arrays beside a turn's fields, 19 more turns. */
    private Path nestedFile() throws IOException {
        Path file = cwd.resolve("nested.jsonl");
        int depth = 12 * 1024 * 1024;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            turns(out, 0, 20);
            out.write(Fixtures.utf8("{\"type\":\"user\",\"message\":{\"content\":\"deep\"},\"x\":"));
            byte[] open = "[".repeat(1 << 16).getBytes();
            byte[] close = "]".repeat(1 << 16).getBytes();
            for (int i = 0; i < depth >> 16; i++) {
                out.write(open);
            }
            for (int i = 0; i < depth >> 16; i++) {
                out.write(close);
            }
            out.write(Fixtures.utf8("}\n"));
            turns(out, 20, 39);
        }
        return file;
    }

    private static void assertThirtyNineTurns(String stdout) {
        for (int i = 0; i < 39; i++) {
            assertTrue(stdout.contains("\nturn " + i + "\n"), "turn " + i + " missing");
        }
        assertFalse(stdout.contains("deep"));
    }

    /**
     * The nesting bound: the deep line is skipped (JSON.parse would take it, holding a frame per level: see
     * {@code Json.MAX_DEPTH}), the 39 other turns print, in a heap smaller than the line's frames.
     */
    @Test
    void aLineNestedMillionsDeepIsSkippedAndTheOtherTurnsPrintInASmallHeap() throws Exception {
        Path file = nestedFile();
        peer("nest", file, null);
        JsonlTail tail = new JsonlTail();
        String stdout = render(tail);
        assertThirtyNineTurns(stdout);
        // the work, not the time: the scan reads each byte once and the parse at most the deep line again
        long size = Files.size(file);
        assertTrue(tail.bytesRead() <= 2 * size + ReverseLineReader.DEFAULT_CHUNK, tail.bytesRead() + " of " + size);

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Fixtures.Run run = Fixtures.run(
                List.of(
                        java.toString(),
                        "-Xmx128m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ContextCommand.class.getName(),
                        "--cwd",
                        cwd.toString(),
                        "--self",
                        "me"),
                null);
        assertEquals(0, run.exit(), Fixtures.str(run.stderr()));
        assertEquals(stdout, Fixtures.str(run.stdout()), Fixtures.str(run.stderr()));
    }

    /**
     * A line longer than {@link ReverseLineReader#MAX_LINE} ends the backward walk (node reads no such
     * file at all): 8 GiB of one line, sparse, is over in a scan of that bound, and the turn after it prints.
     */
    @Test
    void aLineLongerThanNodeCanHoldEndsTheWalkAfterAScanOfTheBound() throws Exception {
        Path huge = cwd.resolve("huge.jsonl");
        Path tail = cwd.resolve("tail.jsonl");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(8L << 30);
        }
        try (RandomAccessFile f = new RandomAccessFile(tail.toFile(), "rw")) {
            f.setLength(8L << 30);
            f.seek(8L << 30);
            f.write(Fixtures.utf8("\n" + Fixtures.record("user", "after the long line") + "\n"));
        }
        peer("huge", huge, null);
        peer("tail", tail, null);
        JsonlTail walker = new JsonlTail();
        assertEquals("# linked context from tail (tail)\n## user\nafter the long line\n", render(walker));
        // each file is scanned back the bound and a chunk, not its 8 GiB
        long bound = 2 * (ReverseLineReader.MAX_LINE + 2L * ReverseLineReader.DEFAULT_CHUNK);
        assertTrue(walker.bytesRead() <= bound, walker.bytesRead() + " bytes read");
    }

    /**
     * A peer past the deadline prints nothing, the others print, and the command returns: the query is
     * interrupted (without the deadline it would never end; the guard turns that hang into a failure).
     */
    @Test
    void aQueryThatNeverEndsIsInterruptedAtTheDeadline() throws Exception {
        Path db = cwd.resolve("opencode.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE part (id TEXT, message_id TEXT, session_id TEXT, time_created INTEGER, data TEXT)");
            s.execute("CREATE VIEW message AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
                    + " SELECT 'msg_' || n AS id, 'ses_1' AS session_id, n AS time_created, '{\"role\":\"user\"}' AS data"
                    + " FROM r");
        }
        Path claude = Fixtures.write(cwd.resolve("claude.jsonl"), Fixtures.record("user", "still here") + "\n");
        peer("a-claude", claude, null);
        peer("b-opencode", db, "\"store\": \"opencode\", \"session\": \"ses_1\"");
        peer("c-claude", claude, null);
        long deadline = 1500;
        String stdout = assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> {
            try (LinkedContext context =
                    new LinkedContext(cwd, new TranscriptReaders(new JsonlTail(), null), deadline)) {
                return context.render("me").stdout();
            }
        });
        assertEquals(
                "# linked context from a-claude (a-claude)\n## user\nstill here\n---\n"
                        + "# linked context from c-claude (c-claude)\n## user\nstill here\n",
                stdout);
    }

    /**
     * The context as the command prints it, read through {@code tail} so the test can count its bytes; with a
     * deadline no loaded machine reaches, so that what is asserted is the work, not the time.
     */
    private String render(JsonlTail tail) throws Exception {
        try (LinkedContext context = new LinkedContext(cwd, new TranscriptReaders(tail, null), 600_000)) {
            return context.render("me").stdout();
        }
    }
}
