package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.changed;
import static io.github.termsprawl.history.HistoryFixtures.claudeAssistant;
import static io.github.termsprawl.history.HistoryFixtures.claudeBoundary;
import static io.github.termsprawl.history.HistoryFixtures.claudeResult;
import static io.github.termsprawl.history.HistoryFixtures.claudeSays;
import static io.github.termsprawl.history.HistoryFixtures.claudeSummary;
import static io.github.termsprawl.history.HistoryFixtures.claudeUser;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static io.github.termsprawl.history.HistoryFixtures.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layout of a node's turn files, and that they stay put: no write for nothing new, only new files for growth. */
class HistoryTest {
    @TempDir
    Path cwd;

    @TempDir
    Path home;

    Path transcript;
    Path dir;

    @BeforeEach
    void project() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        transcript = home.resolve("s1.jsonl");
        dir = cwd.resolve(".termsprawl/history/backend");
    }

    History.Result update() throws IOException {
        return update(true);
    }

    History.Result update(boolean redact) throws IOException {
        try (History history = new History(new ProjectLayout(cwd), redact)) {
            return history.update("backend");
        }
    }

    /** A prompt, a reply with a tool call, its result, and a closing reply. */
    void claudeSession() throws IOException {
        lines(
                transcript,
                claudeUser("u1", null, "Fix the build", 1),
                claudeAssistant(
                        "a1",
                        "u1",
                        "[{\"type\":\"thinking\",\"thinking\":\"check the pom\",\"signature\":\"x\"},"
                                + "{\"type\":\"text\",\"text\":\"Looking.\"},"
                                + "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"Bash\",\"input\":{\"command\":\"mvn -q verify\"}}]",
                        2),
                claudeResult("r1", "a1", "toolu_1", "BUILD FAILURE\n```\nx\n```", true, 3),
                claudeSays("a2", "r1", "The test is wrong.\nI fixed it.", 4));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
    }

    @Test
    void aClaudeSessionIsOneFilePerMessageWithAnIndex() throws IOException {
        claudeSession();
        History.Result r = update();
        assertEquals(History.Status.UPDATED, r.status());
        assertEquals(4, r.turns());
        assertEquals(
                List.of(
                        ".plan",
                        ".plan-tail",
                        ".state",
                        ".turns",
                        "index.md",
                        "turn-0000-user.md",
                        "turn-0001-assistant.md",
                        "turn-0002-tool.md",
                        "turn-0003-assistant.md"),
                names(dir));
        assertEquals(
                "---\n"
                        + "turn: 0001\n"
                        + "role: assistant\n"
                        + "node: backend\n"
                        + "store: claude\n"
                        + "session: s1\n"
                        + "time: 2026-01-01T00:00:02Z\n"
                        + "source: " + transcript + ":2\n"
                        + "id: a1\n"
                        + "window: 1\n"
                        + "---\n"
                        + "\n"
                        + "## thinking\n\n"
                        + "check the pom\n"
                        + "\n"
                        + "## text\n\n" // the answer beside other sections has a heading: not more thinking
                        + "Looking.\n"
                        + "\n"
                        + "## tool call: Bash (toolu_1)\n\n"
                        + "```json\n"
                        + "{\"command\":\"mvn -q verify\"}\n"
                        + "```\n",
                read(dir.resolve("turn-0001-assistant.md")));
        // the output holds a fence: the fence around it is longer
        assertEquals(
                "---\n"
                        + "turn: 0002\n"
                        + "role: tool\n"
                        + "node: backend\n"
                        + "store: claude\n"
                        + "session: s1\n"
                        + "time: 2026-01-01T00:00:03Z\n"
                        + "source: " + transcript + ":3\n"
                        + "id: r1\n"
                        + "window: 1\n"
                        + "---\n"
                        + "\n"
                        + "## tool result: toolu_1 (error)\n\n"
                        + "````\n"
                        + "BUILD FAILURE\n```\nx\n```\n"
                        + "````\n",
                read(dir.resolve("turn-0002-tool.md")));
        assertEquals(
                "# termsprawl history of backend\n\n"
                        + "4 turns of the claude session s1, read from " + transcript + ".\n"
                        + "Turn N is turn-NNNN-<role>.md beside this file. One line per turn: number, role, time,"
                        + " first line.\n\n"
                        + "0000 user 2026-01-01T00:00:01Z Fix the build\n"
                        + "0001 assistant 2026-01-01T00:00:02Z Looking.\n"
                        + "0002 tool 2026-01-01T00:00:03Z [tool result toolu_1 (error)] BUILD FAILURE\n"
                        + "0003 assistant 2026-01-01T00:00:04Z The test is wrong.\n",
                read(dir.resolve("index.md")));
    }

    /** A reply that is only text has no heading; Claude Code 2.1.119+'s signature-only thinking is marked. */
    @Test
    void aTextAloneHasNoHeadingAndThinkingKeptOnlyAsASignatureIsMarkedEncrypted() throws IOException {
        lines(
                transcript,
                claudeUser("u1", null, "Why?", 1),
                claudeAssistant(
                        "a1",
                        "u1",
                        "[{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"RXFzaWc=\"},"
                                + "{\"type\":\"text\",\"text\":\"Because.\"}]",
                        2),
                claudeSays("a2", "a1", "Anything else?", 3));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
        update();
        String signed = read(dir.resolve("turn-0001-assistant.md"));
        assertTrue(
                signed.endsWith("---\n\n## thinking (kept encrypted by the store)\n\n## text\n\nBecause.\n"), signed);
        assertTrue(read(dir.resolve("turn-0002-assistant.md")).endsWith("window: 1\n---\n\nAnything else?\n"));
        assertTrue(read(dir.resolve("index.md")).contains("0001 assistant 2026-01-01T00:00:02Z Because.\n"));
    }

    @Test
    void aSecondRunWithNothingNewWritesNothing() throws IOException {
        claudeSession();
        update();
        Map<String, String> before = snapshot(dir);
        History.Result again = update();
        assertEquals(History.Status.UP_TO_DATE, again.status());
        assertEquals(0, again.written());
        assertEquals(before, snapshot(dir));
    }

    @Test
    void aSessionThatGrewWritesOnlyItsNewTurns() throws IOException {
        claudeSession();
        update();
        Map<String, String> before = snapshot(dir);
        append(transcript, claudeUser("u2", "a2", "Thanks", 5), claudeSays("a3", "u2", "You are welcome.", 6));
        History.Result r = update();
        assertEquals(6, r.turns());
        assertEquals(
                Set.of(
                        ".plan",
                        ".plan-tail",
                        ".state",
                        ".turns",
                        "index.md",
                        "turn-0004-user.md",
                        "turn-0005-assistant.md"),
                changed(before, snapshot(dir)));
        assertEquals(3, r.written(), "two turns and the index");
    }

    @Test
    void aSessionGrownStepByStepHasTheFilesOfAFirstWrite() throws IOException {
        claudeSession();
        update();
        append(
                transcript,
                claudeBoundary("b1", "a2", 10),
                claudeSummary("c1", "b1", "Summary: the build was fixed.", 11),
                claudeUser("u2", "c1", "Go on", 12));
        update();
        append(transcript, claudeSays("a3", "u2", "Going on.", 13), claudeUser("u3", "a3", "And the docs", 14));
        update();
        append(transcript, claudeSays("a4", "u3", "Done — déjà vu.", 15));
        History.Result r = update();
        assertEquals(9, r.turns());
        Map<String, String> grown = contents(dir);
        HistoryFixtures.moveAway(dir, cwd.resolve("grown"));
        update();
        assertEquals(contents(dir), grown, "the turns kept as bytes are the turns a first write makes");
    }

    @Test
    void aTurnListThatNamesAFileOutsideTheFolderRemovesNothingThere() throws IOException {
        claudeSession();
        update();
        Path victim = Files.writeString(cwd.resolve("victim.md"), "keep me");
        Path list = FolderState.file(dir, ".turns");
        Files.writeString(list, read(list).replace("turn-0003-assistant.md", "../../../victim.md"));
        append(transcript, claudeUser("u2", "a2", "Thanks", 5));
        assertEquals(5, update().turns());
        assertEquals("keep me", read(victim));
        assertTrue(Files.isRegularFile(dir.resolve("turn-0003-assistant.md")));
    }

    @Test
    void aSessionThatGrewWhileItsTurnListWentMissingIsMadeWhole() throws IOException {
        claudeSession();
        update();
        Files.delete(FolderState.file(dir, ".turns")); // the turns before the new lines stand only as this list says
        append(transcript, claudeUser("u2", "a2", "Thanks", 5), claudeSays("a3", "u2", "You are welcome.", 6));
        History.Result r = update();
        assertEquals(6, r.turns());
        Map<String, String> grown = contents(dir);
        HistoryFixtures.moveAway(dir, cwd.resolve("grown"));
        update();
        assertEquals(contents(dir), grown, "the same files as a first write of the grown session");
    }

    /** The turn files and the index of a folder, by name. */
    private static Map<String, String> contents(Path dir) throws IOException {
        Map<String, String> files = new java.util.TreeMap<>();
        for (String name : names(dir)) {
            if (name.startsWith("turn-") || name.equals("index.md") || name.equals(".turns")) {
                files.put(name, read(HistoryFixtures.at(dir, name)));
            }
        }
        return files;
    }

    @Test
    void aRewindRewritesTheTailAndRemovesWhatNoLongerIsATurn() throws IOException {
        claudeSession();
        append(transcript, claudeUser("u2", "a2", "Now the docs", 5), claudeSays("a3", "u2", "Done.", 6));
        update();
        assertEquals(6, names(dir).stream().filter(n -> n.startsWith("turn-")).count());
        Map<String, String> before = snapshot(dir);
        // the person went back to after the tool result and asked something else: a branch from r1, later
        append(transcript, claudeUser("u3", "r1", "Skip the test instead", 7), claudeSays("a4", "u3", "Skipped.", 8));
        History.Result r = update();
        assertEquals(5, r.turns());
        assertEquals(
                Set.of(
                        ".plan",
                        ".plan-tail",
                        ".state",
                        ".turns",
                        "index.md",
                        "turn-0003-user.md",
                        "turn-0004-assistant.md",
                        "turn-0003-assistant.md",
                        "turn-0005-assistant.md",
                        "turn-0004-user.md"),
                changed(before, snapshot(dir)));
        assertEquals(
                List.of(
                        ".plan",
                        ".plan-tail",
                        ".state",
                        ".turns",
                        "index.md",
                        "turn-0000-user.md",
                        "turn-0001-assistant.md",
                        "turn-0002-tool.md",
                        "turn-0003-user.md",
                        "turn-0004-assistant.md"),
                names(dir),
                "the stale turns are gone, no temp file is left");
        assertTrue(read(dir.resolve("turn-0003-user.md")).endsWith("\nSkip the test instead\n"));
        assertEquals(History.Status.UP_TO_DATE, update().status());
    }

    @Test
    void compactionWindowsFollowEachOtherAndTheIndexMarksWhereEachStarts() throws IOException {
        claudeSession();
        append(
                transcript,
                claudeBoundary("b1", "a2", 10),
                claudeSummary("c1", "b1", "Summary: the build was fixed.", 11),
                claudeUser("u2", "c1", "Go on", 12),
                claudeSays("a3", "u2", "Going on.", 13));
        History.Result r = update();
        assertEquals(7, r.turns());
        String index = read(dir.resolve("index.md"));
        assertTrue(
                index.contains("0003 assistant 2026-01-01T00:00:04Z The test is wrong.\n"
                        + "== compaction: window 2 starts here ==\n"
                        + "0004 user 2026-01-01T00:00:11Z Summary: the build was fixed.\n"),
                index);
        String summary = read(dir.resolve("turn-0004-user.md"));
        assertTrue(summary.contains("\nwindow: 2\nflags: compact-summary\n---\n"), summary);
    }

    @Test
    void aClaudeSubagentHasItsOwnFolderAndOnlyItsChangesAreWritten() throws IOException {
        claudeSession();
        Path agent = home.resolve("s1/subagents/agent-a77.jsonl");
        lines(
                agent,
                claudeUser("x1", null, "Find the failing test", 2)
                        .replace("\"type\":\"user\"", "\"type\":\"user\",\"isSidechain\":true"),
                claudeSays("x2", "x1", "It is FooTest.", 3)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"));
        History.Result r = update();
        assertEquals(1, r.agents());
        Path agentDir = dir.resolve("agents/a77");
        assertEquals(
                List.of(
                        ".plan",
                        ".plan-tail",
                        ".state",
                        ".turns",
                        "index.md",
                        "turn-0000-user.md",
                        "turn-0001-assistant.md"),
                names(agentDir));
        assertTrue(read(agentDir.resolve("turn-0001-assistant.md")).contains("\nagent: a77\n"));
        assertTrue(read(dir.resolve("index.md")).endsWith("\n## subagents\n\nagents/a77/index.md · 2 turns\n"));
        assertEquals(History.Status.UP_TO_DATE, update().status());

        Map<String, String> before = snapshot(dir);
        append(
                agent,
                claudeSays("x3", "x2", "And BarTest.", 4)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"));
        assertEquals(History.Status.UPDATED, update().status());
        assertEquals(
                Set.of(
                        "agents/a77/.plan",
                        "agents/a77/.plan-tail",
                        "agents/a77/.state",
                        "agents/a77/.turns",
                        "agents/a77/index.md",
                        "agents/a77/turn-0002-assistant.md",
                        ".state",
                        "index.md"),
                changed(before, snapshot(dir)));

        Files.delete(agent);
        update();
        assertFalse(Files.exists(dir.resolve("agents")), "a subagent that is gone takes its folder with it");
    }

    @Test
    void aStateThatIsGarbageMakesTheFolderAgainWritingOnlyWhatDiffers() throws IOException {
        claudeSession();
        update();
        Map<String, String> before = snapshot(dir);
        Files.writeString(FolderState.file(dir, ".state"), "nonsense\n");
        assertEquals(History.Status.UPDATED, update().status());
        // the records kept for the next read, and the last window's tail, are made again too
        assertEquals(Set.of(".plan", ".plan-tail", ".state"), changed(before, snapshot(dir)));
    }

    @Test
    void aPlanCacheOfAnotherFormatIsMadeAgainNotRead() throws IOException {
        claudeSession();
        update();
        Path state = FolderState.file(dir, ".state");
        String now = " plan=" + io.github.termsprawl.store.claude.ClaudeSession.PlanCache.FORMAT + " ";
        String text = Files.readString(state);
        assertTrue(text.contains(now), text);
        Map<String, String> before = snapshot(dir);
        // as an earlier version left it: its .plan reads otherwise, so the session is planned from its first line
        Files.writeString(state, text.replace(now, " plan=1 "));
        assertEquals(History.Status.UPDATED, update().status());
        assertEquals(Set.of(".plan", ".plan-tail", ".state"), changed(before, snapshot(dir)));
        assertTrue(Files.readString(state).contains(now));
        assertEquals(History.Status.UP_TO_DATE, update().status());
    }

    @Test
    void turningRedactionOffMakesEveryFileAgain() throws IOException {
        claudeSession();
        update();
        assertEquals(History.Status.UPDATED, update(false).status());
        assertEquals(History.Status.UP_TO_DATE, update(false).status());
        assertEquals(History.Status.UPDATED, update(true).status());
    }

    @Test
    void aLongSessionIsRenderedOnSeveralThreadsToTheSameBytesInOrder() throws IOException {
        List<String> records = new java.util.ArrayList<>();
        String parent = null;
        for (int i = 0; i < 150; i++) {
            records.add(claudeUser("u" + i, parent, "question " + i + " " + "x".repeat(i * 37), 2 * i + 1));
            records.add(claudeSays("a" + i, "u" + i, "answer " + i, 2 * i + 2));
            parent = "a" + i;
        }
        lines(transcript, records.toArray(new String[0]));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
        assertTrue(TurnFolder.SERIAL_TURNS < 300 && WindowedHistory.RENDERERS >= 1);
        assertEquals(300, update().turns());
        List<io.github.termsprawl.store.Message> messages = new java.util.ArrayList<>();
        for (io.github.termsprawl.store.claude.ClaudeSession.Window w :
                io.github.termsprawl.store.claude.ClaudePlanTestAccess.windows(transcript)) {
            messages.addAll(w.messages());
        }
        TurnMarkdown.Header header = new TurnMarkdown.Header("backend", "claude", "s1", null);
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < messages.size(); i++) {
            io.github.termsprawl.store.Message m = messages.get(i);
            assertEquals(
                    new String(TurnMarkdown.render(header, i, 0, m, true), java.nio.charset.StandardCharsets.UTF_8),
                    read(dir.resolve(TurnMarkdown.fileName(i, m))));
            index.append(TurnMarkdown.indexLine(i, m, true)).append('\n');
        }
        assertTrue(read(dir.resolve("index.md")).endsWith("first line.\n\n" + index), "index lines in order");
    }

    static final String AWS = "AKIAZ3MNQ7XK5VBT2RWH";
    static final String GITHUB = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";

    /** Secrets in a prompt (its first line, which the index shows too), a call's arguments, a result, a thought. */
    void sessionWithSecrets() throws IOException {
        lines(
                transcript,
                claudeUser("u1", null, "use " + AWS + " please\nDB_PASSWORD=s3cr3tV4lue9x", 1),
                claudeAssistant(
                        "a1",
                        "u1",
                        "[{\"type\":\"thinking\",\"thinking\":\"the token is " + GITHUB + "\",\"signature\":\"x\"},"
                                + "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"Bash\",\"input\":{\"command\":\"curl -H 'Authorization: Bearer "
                                + GITHUB + "' x\"}}]",
                        2),
                claudeResult("r1", "a1", "toolu_1", "export AWS_KEY=" + AWS, false, 3));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
    }

    @Test
    void secretsAreRedactedInEveryFileByDefault() throws IOException {
        sessionWithSecrets();
        update();
        StringBuilder all = new StringBuilder();
        for (String name : names(dir)) {
            all.append(read(HistoryFixtures.at(dir, name)));
        }
        String text = all.toString();
        assertFalse(text.contains(AWS), text);
        assertFalse(text.contains(GITHUB), text);
        assertFalse(text.contains("s3cr3tV4lue9x"), text);
        assertTrue(read(dir.resolve("index.md"))
                .contains("0000 user 2026-01-01T00:00:01Z use [redacted:aws-access-key] please\n"));
        assertTrue(read(dir.resolve("turn-0000-user.md")).endsWith("\nDB_PASSWORD=[redacted:secret-assignment]\n"));
        assertTrue(read(dir.resolve("turn-0001-assistant.md")).contains("the token is [redacted:github-token]\n"));
        assertTrue(read(dir.resolve("turn-0002-tool.md")).contains("\nexport AWS_KEY=[redacted:aws-access-key]\n"));
    }

    @Test
    void withRedactionOffTheFilesHoldTheSecrets() throws IOException {
        sessionWithSecrets();
        update(false);
        assertTrue(read(dir.resolve("turn-0000-user.md")).contains(AWS));
        assertTrue(read(dir.resolve("turn-0001-assistant.md")).contains(GITHUB));
        assertTrue(read(dir.resolve("index.md")).contains(AWS));
    }

    @Test
    void aNodeWithoutAnEntryOrWithACursorTranscriptGetsNoFolder() throws IOException {
        assertEquals(History.Status.NO_ENTRY, update().status());
        lines(
                transcript,
                "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}",
                "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"hello\"}]}}");
        HistoryFixtures.index(cwd, "backend", transcript, "cursor", null);
        assertEquals(History.Status.UNSUPPORTED, update().status());
        assertFalse(Files.exists(dir.resolve("index.md")));
    }

    @Test
    void aTurnListFromAnotherFolderIsNoneOfThisOne() throws IOException {
        claudeSession();
        Path other = home.resolve("s2.jsonl");
        lines(
                other,
                claudeUser("u1", null, "Fix the build", 1),
                claudeSays("x1", "u1", "Another answer", 2),
                claudeUser("x2", "x1", "Other question", 3),
                claudeSays("x3", "x2", "Other reply", 4),
                claudeUser("x4", "x3", "More", 5),
                claudeSays("x5", "x4", "Yes", 6));
        HistoryFixtures.index(cwd, "frontend", other, null, null);
        try (History history = new History(new ProjectLayout(cwd), true)) {
            history.update("backend");
            history.update("frontend");
        }
        // copied by hand (or left by a run cut short): a .turns the state was not written with is trusted no more
        Files.copy(
                FolderState.file(cwd.resolve(".termsprawl/history/frontend"), ".turns"),
                FolderState.file(dir, ".turns"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        append(transcript, claudeUser("u2", "a2", "Thanks", 5), claudeSays("a3", "u2", "You are welcome.", 6));
        assertEquals(6, update().turns());
        Map<String, String> grown = contents(dir);
        HistoryFixtures.moveAway(dir, cwd.resolve("grown"));
        update();
        assertEquals(contents(dir), grown, "the same files as a first write");
    }

    /** A FIFO at {@code path}, or the test is skipped where there is no {@code mkfifo}. */
    static void fifo(Path path) throws IOException {
        Files.deleteIfExists(path);
        boolean made;
        try {
            made = new ProcessBuilder("mkfifo", path.toString()).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            made = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(made, "mkfifo is not available");
    }

    @Test
    void aFifoInPlaceOfAStateFileBlocksNothingAndTheFolderIsMadeRight() throws IOException {
        claudeSession();
        update();
        int turns = 4;
        // each opened to read or write blocked until something opened the other end: the run hung for good
        for (String name : new String[] {".state", ".turns", ".plan", ".plan-tail", ".lock"}) {
            fifo(HistoryFixtures.at(dir, name));
            turns += 2;
            append(
                    transcript,
                    claudeUser("u" + turns, turns == 6 ? "a2" : "a" + (turns - 2), "More " + name, turns),
                    claudeSays("a" + turns, "u" + turns, "Done " + name, turns + 1));
            History.Result r = assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> update(), name);
            assertEquals(turns, r.turns(), name);
            assertTrue(read(dir.resolve("index.md")).contains(" Done " + name + "\n"), name);
            assertTrue(
                    Files.isRegularFile(HistoryFixtures.at(dir, name), LinkOption.NOFOLLOW_LINKS),
                    name + " is a file again");
        }
        Map<String, String> grown = contents(dir);
        HistoryFixtures.moveAway(dir, cwd.resolve("grown"));
        update();
        assertEquals(contents(dir), grown, "the same files as a first write");
    }

    @Test
    void aFifoInPlaceOfTheTranscriptIsNoTranscript() throws IOException {
        claudeSession();
        update();
        fifo(transcript);
        History.Result r = assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> update());
        assertEquals(0, r.turns());
        assertEquals(
                List.of(),
                names(dir).stream().filter(n -> n.startsWith("turn-")).toList());
        assertTrue(read(dir.resolve("index.md")).contains("\n0 turns of the claude session s1"));
    }

    @Test
    void aMissingTranscriptGivesAnEmptyIndex() throws IOException {
        HistoryFixtures.index(cwd, "backend", home.resolve("gone.jsonl"), "claude", null);
        History.Result r = update();
        assertEquals(0, r.turns());
        assertTrue(read(dir.resolve("index.md")).contains("\n0 turns of the claude session gone"));
    }

    /** The folder's files and its state's (kept apart, FolderState.stateDir), by name. */
    static List<String> names(Path dir) throws IOException {
        List<String> names = new java.util.ArrayList<>();
        for (Path d : new java.util.LinkedHashSet<>(List.of(dir, FolderState.stateDir(dir)))) {
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (var files = Files.list(d)) {
                files.filter(Files::isRegularFile)
                        .map(p -> p.getFileName().toString())
                        .filter(n -> !n.equals(".lock"))
                        .forEach(names::add);
            }
        }
        return names.stream().sorted().toList();
    }

    /** A second session for the node, as the SessionStart hook records it after {@code /clear}. */
    Path secondSession() throws IOException {
        Path b = lines(
                home.resolve("s2.jsonl"),
                claudeUser("v1", null, "Start over", 11),
                claudeSays("w1", "v1", "Fresh start.", 12));
        new io.github.termsprawl.core.TranscriptIndex(new ProjectLayout(cwd))
                .record("backend", b.toString(), null, null);
        return b;
    }

    @Test
    void aNewSessionKeepsTheTurnFilesOfTheEarlierOneInItsOwnFolder() throws IOException {
        claudeSession();
        update();
        Map<String, String> before = new java.util.TreeMap<>();
        for (String n : names(dir)) {
            if (n.startsWith("turn-")) {
                before.put(n, read(dir.resolve(n)));
            }
        }
        assertEquals(4, before.size());
        secondSession();
        Files.delete(transcript); // Claude Code's cleanup: the turn files are the only copy left
        History.Result r = update();
        assertEquals(History.Status.UPDATED, r.status());
        assertEquals(2, r.turns());
        assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md"), turnNames(dir));
        assertTrue(read(dir.resolve("turn-0000-user.md")).contains("Start over"));
        Path earlier = dir.resolve("sessions/s1");
        assertEquals(List.copyOf(before.keySet()), turnNames(earlier));
        for (Map.Entry<String, String> e : before.entrySet()) {
            assertEquals(e.getValue(), read(earlier.resolve(e.getKey())), e.getKey());
        }
        assertTrue(read(earlier.resolve("index.md")).contains("4 turns of the claude session s1"));
        String index = read(dir.resolve("index.md"));
        assertTrue(index.contains("2 turns of the claude session s2"), index);
        assertTrue(
                index.contains(
                        "## earlier sessions\n\nsessions/s1/index.md · 4 turns of the claude session s1, read from "
                                + transcript),
                index);
        // and it stays put: nothing new, nothing written
        Map<String, String> all = snapshot(dir);
        assertEquals(History.Status.UP_TO_DATE, update().status());
        assertEquals(Set.of(), changed(all, snapshot(dir)));
    }

    @Test
    void anEarlierSessionNeverWrittenIsWrittenFromItsTranscript() throws IOException {
        claudeSession();
        secondSession(); // recorded before any history run: the entry keeps the first in its sessions
        update();
        assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md"), turnNames(dir));
        assertEquals(
                List.of("turn-0000-user.md", "turn-0001-assistant.md", "turn-0002-tool.md", "turn-0003-assistant.md"),
                turnNames(dir.resolve("sessions/s1")));
        assertTrue(read(dir.resolve("index.md")).contains("sessions/s1/index.md · 4 turns"));
    }

    @Test
    void theFirstSessionMadeCurrentAgainIsWrittenWholeAndTheSecondKept() throws IOException {
        claudeSession();
        update();
        secondSession();
        update();
        new io.github.termsprawl.core.TranscriptIndex(new ProjectLayout(cwd))
                .record("backend", transcript.toString(), null, null);
        update();
        assertEquals(4, turnNames(dir).size());
        assertEquals(2, turnNames(dir.resolve("sessions/s2")).size());
        assertEquals(4, turnNames(dir.resolve("sessions/s1")).size()); // its copy from before stays
    }

    static List<String> turnNames(Path d) throws IOException {
        try (var s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("turn-"))
                    .sorted()
                    .toList();
        }
    }
}
