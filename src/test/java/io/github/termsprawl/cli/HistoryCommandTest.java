package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {
    @TempDir
    Path cwd;

    record Result(int exit, String out, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HistoryCommand.run(args, out, err);
        return new Result(exit, Fixtures.str(out.toByteArray()), Fixtures.str(err.toByteArray()));
    }

    static void usageError(String message, String... args) {
        Result r = run(args);
        assertEquals(2, r.exit(), message);
        assertEquals("termsprawl-history: " + message + "\n" + HistoryArgs.USAGE + "\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void argumentErrorsGiveTheUsageLine() {
        usageError("expected --cwd");
        usageError("missing value for --cwd", "--cwd");
        usageError("missing value for --node", "--cwd", ".", "--node");
        usageError("missing value for --show", "--cwd", ".", "--show");
        usageError("unexpected argument: -h", "-h");
        usageError("unexpected argument: --self", "--cwd", ".", "--self", "x");
        usageError("invalid node id: ../x", "--cwd", ".", "--node", "../x");
        usageError("--show takes a turn number: -1", "--cwd", ".", "--show", "-1");
        usageError("--show takes a turn number: 1e3", "--cwd", ".", "--show", "1e3");
        usageError("--list and --show go one at a time", "--cwd", ".", "--list", "--show", "1");
        usageError("--show needs --node <nodeId>: turn numbers are per node", "--cwd", ".", "--show", "1");
    }

    @BeforeEach
    void project() throws IOException {
        Path t = cwd.resolve("t.jsonl");
        Fixtures.write(
                t,
                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:01Z\","
                        + "\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
                        + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:02Z\","
                        + "\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n");
        Fixtures.index(cwd, "backend", t.toString());
        Fixtures.index(cwd, "frontend", cwd.resolve("missing.jsonl").toString());
    }

    /** Unlike the context command's exact errors, the later commands explain themselves. */
    @Test
    void helpPrintsTheUsageAndTheOptionsOnStdoutAndExitsZero() {
        for (String[] args : new String[][] {{"--help"}, {"--cwd", ".", "--help"}, {"--list", "--help", "--bogus"}}) {
            Result r = run(args);
            assertEquals(0, r.exit());
            assertEquals(HistoryArgs.HELP, r.out());
            assertEquals("", r.err());
        }
        assertTrue(HistoryArgs.HELP.startsWith(HistoryArgs.USAGE + "\n"));
        // as a flag's value it is the value: a project folder named --help has no .termsprawl/
        Result value = run("--cwd", "--help");
        assertEquals(0, value.exit());
        assertEquals("", value.out());
        assertEquals("termsprawl-history: no .termsprawl folder in --help\n", value.err());
    }

    @Test
    void printsEachNodesIndexThenEveryTurnFileThenOneTurn() throws IOException {
        Result all = run("--cwd", cwd.toString());
        assertEquals(0, all.exit());
        assertEquals(
                cwd.resolve(".termsprawl/history/backend/index.md") + "\n"
                        + cwd.resolve(".termsprawl/history/frontend/index.md") + "\n",
                all.out());
        assertEquals("", all.err());
        Result list = run("--cwd", cwd.toString(), "--node", "backend", "--list");
        assertEquals(
                cwd.resolve(".termsprawl/history/backend/turn-0000-user.md") + "\n"
                        + cwd.resolve(".termsprawl/history/backend/turn-0001-assistant.md") + "\n",
                list.out());
        Result show = run("--cwd", cwd.toString(), "--node", "backend", "--show", "1");
        assertEquals(Files.readString(cwd.resolve(".termsprawl/history/backend/turn-0001-assistant.md")), show.out());
        assertTrue(show.out().endsWith("---\n\nhi\n"), show.out());
    }

    @Test
    void problemsAreOneLineEachAndTheExitIsZero() {
        Result none = run("--cwd", cwd.toString(), "--node", "nobody");
        assertEquals(0, none.exit());
        assertEquals("", none.out());
        assertEquals("termsprawl-history: nobody: no transcript recorded (see .termsprawl/transcripts/)\n", none.err());
        Result past = run("--cwd", cwd.toString(), "--node", "backend", "--show", "7");
        assertEquals(0, past.exit());
        assertEquals("termsprawl-history: backend: no turn 7\n", past.err());
        // a turn file removed by hand is named with the way to have it written again
        Path first = cwd.resolve(".termsprawl/history/backend/turn-0000-user.md");
        assertDoesNotThrow(() -> Files.delete(first));
        Result gone = run("--cwd", cwd.toString(), "--node", "backend", "--show", "0");
        assertEquals(0, gone.exit());
        assertEquals(
                "termsprawl-history: backend: the file of turn 0 is missing: " + first + " (remove "
                        + cwd.resolve(".termsprawl/history-state/backend/.state")
                        + " and run again to write every file)\n",
                gone.err());
        assertDoesNotThrow(() -> Files.delete(cwd.resolve(".termsprawl/history-state/backend/.state")));
        Result again = run("--cwd", cwd.toString(), "--node", "backend", "--show", "0");
        assertEquals("", again.err());
        assertTrue(again.out().startsWith("---\n"), again.out());
        usageError("--show needs --node <nodeId>: turn numbers are per node", "--cwd", cwd.toString(), "--show", "0");
        Result elsewhere = run("--cwd", cwd.resolve("nowhere").toString());
        assertEquals(0, elsewhere.exit());
        assertEquals("termsprawl-history: no .termsprawl folder in " + cwd.resolve("nowhere") + "\n", elsewhere.err());
    }

    @Test
    void aRelativeProjectGivesRelativePaths() {
        Result r = run("--cwd", cwd.toString() + "/.", "--node", "backend");
        assertEquals(cwd.resolve(".termsprawl/history/backend/index.md") + "\n", r.out());
    }

    /**
     * B4: a turn file that is a FIFO blocks nothing, one that is a link out of the project is never printed: the
     * run before the show replaces each with the turn's own file (docs/files.md, "What stays in the project").
     */
    @Test
    void showPrintsOnlyAPlainFileOfTheFolder(@TempDir Path outside) throws Exception {
        assertEquals(0, run("--cwd", cwd.toString(), "--node", "backend").exit());
        Path turn = cwd.resolve(".termsprawl/history/backend/turn-0000-user.md");
        String own = Files.readString(turn);
        Path secret = Files.writeString(outside.resolve("secret"), "SECRET");
        Files.delete(turn);
        Files.createSymbolicLink(turn, secret);
        Result linked = run("--cwd", cwd.toString(), "--node", "backend", "--show", "0");
        assertEquals(own, linked.out());
        assertEquals("", linked.err());
        Files.delete(turn);
        Files.createLink(turn, secret);
        Result hard = run("--cwd", cwd.toString(), "--node", "backend", "--show", "0");
        assertEquals(own, hard.out());
        assertEquals("SECRET", Files.readString(secret), "the outside file as it was");
        Files.delete(turn);
        boolean made;
        try {
            made = new ProcessBuilder("mkfifo", turn.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            made = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(made, "mkfifo is not available");
        Result fifo = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(60),
                () -> run("--cwd", cwd.toString(), "--node", "backend", "--show", "0"));
        assertEquals(own, fifo.out());
        assertEquals("", fifo.err());
    }
}
