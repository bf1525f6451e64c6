package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.claudeSays;
import static io.github.termsprawl.history.HistoryFixtures.claudeUser;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a project can carry under {@code .termsprawl/history/} (links, hard links, tampered state) never makes a
 * run write or delete outside the project, nor lie about what the folder holds (docs/files.md, "What stays in the
 * project").
 */
class ConfinementTest {
    @TempDir
    Path cwd;

    @TempDir
    Path home;

    @TempDir
    Path outside;

    Path transcript;
    Path dir;
    int turns;

    @BeforeEach
    void project() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        transcript = home.resolve("s1.jsonl");
        dir = cwd.resolve(".termsprawl/history/backend");
    }

    History.Result update() throws IOException {
        return HistoryFixtures.update(cwd, "backend");
    }

    void session() throws IOException {
        lines(transcript, claudeUser("u1", null, "Fix the build", 1), claudeSays("a1", "u1", "Done.", 2));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
        turns = 2;
    }

    void grow() throws IOException {
        String parent = "a" + (turns - 1);
        append(
                transcript,
                claudeUser("u" + turns, parent, "More " + turns, turns + 1),
                claudeSays("a" + (turns + 1), "u" + turns, "Again " + turns, turns + 2));
        turns += 2;
    }

    Path subagent() throws IOException {
        Path agent = home.resolve("s1/subagents/agent-a77.jsonl");
        lines(
                agent,
                claudeUser("x1", null, "Find the failing test", 2)
                        .replace("\"type\":\"user\"", "\"type\":\"user\",\"isSidechain\":true"),
                claudeSays("x2", "x1", "It is FooTest.", 3)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"));
        return agent;
    }

    static Map<String, String> tree(Path root) throws IOException {
        return HistoryFixtures.snapshot(root);
    }

    static boolean plain(Path file) throws IOException {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                && (int) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS) == 1;
    }

    /** B1: {@code .plan} is appended to in place; a hard link there to an outside file must not be written through. */
    @Test
    void aHardLinkedPlanIsReplacedNeverWrittenThrough() throws IOException {
        session();
        subagent();
        update();
        for (Path plan :
                List.of(FolderState.file(dir, ".plan"), FolderState.file(dir.resolve("agents/a77"), ".plan"))) {
            Path victim = outside.resolve(plan.getParent().getFileName() + "-victim");
            Files.copy(plan, victim);
            Files.delete(plan);
            Files.createLink(plan, victim);
        }
        Map<String, String> before = tree(outside);
        grow();
        append(
                home.resolve("s1/subagents/agent-a77.jsonl"),
                claudeSays("x3", "x2", "And BarTest.", 4)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"));
        History.Result r = update();
        assertEquals(turns, r.turns());
        assertEquals(before, tree(outside), "the outside files are as they were");
        assertTrue(plain(FolderState.file(dir, ".plan")));
        assertTrue(plain(FolderState.file(dir.resolve("agents/a77"), ".plan")));
        assertTrue(read(dir.resolve("agents/a77/index.md")).contains("And BarTest."));
    }

    /** B2: a temp file's name is not to be guessed, and one that is there already is never opened. */
    @Test
    void linksAtEveryTempNameAWriterCouldPickAreNeverFollowed() throws IOException {
        session();
        long pid = ProcessHandle.current().pid();
        Files.createDirectories(dir);
        List<Path> victims = new ArrayList<>();
        for (String name :
                List.of("index.md", ".turns", ".state", ".plan-tail", "turn-0000-user.md", "turn-0001-assistant.md")) {
            Path victim = outside.resolve("v-" + name);
            Files.writeString(victim, "precious " + name);
            victims.add(victim);
            Path in = HistoryFixtures.at(dir, name).getParent();
            Files.createDirectories(in);
            Files.createSymbolicLink(in.resolve(".tmp-" + pid + "-" + name), victim);
        }
        Map<String, String> before = tree(outside);
        assertEquals(2, update().turns());
        assertEquals(before, tree(outside));
        for (String name : List.of("index.md", ".turns", ".state", "turn-0000-user.md", "turn-0001-assistant.md")) {
            assertTrue(plain(HistoryFixtures.at(dir, name)), name);
        }
    }

    /** B2: a kept file that is a link out of the project, holding what would be written, is replaced all the same. */
    @Test
    void aLinkHoldingTheRightBytesIsStillReplaced() throws IOException {
        session();
        update();
        for (String name : List.of("index.md", ".turns", "turn-0000-user.md")) {
            Path victim = outside.resolve(name);
            Files.copy(HistoryFixtures.at(dir, name), victim);
            Files.delete(HistoryFixtures.at(dir, name));
            Files.createSymbolicLink(HistoryFixtures.at(dir, name), victim);
        }
        Files.delete(FolderState.file(dir, ".state"));
        update();
        for (String name : List.of("index.md", ".turns", "turn-0000-user.md")) {
            assertTrue(plain(HistoryFixtures.at(dir, name)), name + " is a plain file of the folder again");
        }
    }

    /** B3: a linked {@code agents/} (or {@code agents/<id>}) is never written into nor deleted from. */
    @Test
    void aLinkedAgentsFolderIsNeverWrittenIntoNorDeletedFrom() throws IOException {
        session();
        Path agent = subagent();
        for (String linked : List.of("agents", "agents/a77")) {
            Path target = outside.resolve(linked.replace('/', '-'));
            Files.createDirectories(target.resolve("gone"));
            Files.writeString(target.resolve("turn-5000-user.md"), "precious");
            Files.writeString(target.resolve("gone/turn-5000-user.md"), "precious");
            Files.writeString(target.resolve("gone/index.md"), "precious");
            Files.createDirectories(dir.resolve(linked).getParent());
            Files.createSymbolicLink(dir.resolve(linked), target);
            Map<String, String> before = tree(outside);
            IOException e = assertThrows(IOException.class, this::update, linked);
            assertTrue(e.getMessage().contains("link"), e.getMessage());
            assertEquals(before, tree(outside), linked);
            // the subagent gone: its folder's removal must not reach through the link either
            Files.move(agent, home.resolve("away.jsonl"));
            assertThrows(IOException.class, this::update, linked);
            assertEquals(before, tree(outside), linked);
            Files.move(home.resolve("away.jsonl"), agent);
            Files.delete(dir.resolve(linked));
        }
    }

    /** B5: a plan-bytes past what {@code .plan} holds (in the state and in the tail) never makes a sparse giant. */
    @Test
    void aPlanSizeInTheStateBeyondThePlanIsNotBelieved() throws IOException {
        session();
        update();
        long bytes = Files.size(FolderState.file(dir, ".plan"));
        String huge = "999999999999";
        Path state = FolderState.file(dir, ".state");
        Files.writeString(state, read(state).replace("plan-bytes " + bytes + "\n", "plan-bytes " + huge + "\n"));
        Path tail = FolderState.file(dir, ".plan-tail");
        byte[] t = Files.readAllBytes(tail);
        String text = new String(t, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("\n" + bytes + " "), "the tail names the plan's size");
        Files.write(
                tail, text.replaceFirst("\n" + bytes + " ", "\n" + huge + " ").getBytes(StandardCharsets.ISO_8859_1));
        grow();
        History.Result r = update();
        assertEquals(turns, r.turns());
        assertTrue(
                Files.size(FolderState.file(dir, ".plan")) < 1 << 20,
                "size " + Files.size(FolderState.file(dir, ".plan")));
        assertTrue(read(dir.resolve("index.md")).contains("Again 2"));
    }

    /** B6: a turn list with a line twice (its CRC made to match) is no turn list; the folder holds what it names. */
    @Test
    void aTurnListThatIsNoSequenceIsNoneAndTheFolderHoldsExactlyItsTurns() throws IOException {
        session();
        update();
        Path list = FolderState.file(dir, FolderState.TURNS);
        String text = read(list);
        String doubled = text.substring(0, text.indexOf('\n') + 1) + text;
        Files.writeString(list, doubled);
        Path state = FolderState.file(dir, ".state");
        String s = read(state);
        String crc = Long.toHexString(TurnList.crc(doubled.getBytes(StandardCharsets.UTF_8)));
        Files.writeString(state, s.replaceAll("turns-crc [0-9a-f]+\n", "turns-crc " + crc + "\n"));
        assertEquals(null, TurnList.read(list), "a list whose turns are not 0, 1, 2 … in order");
        for (int run = 0; run < 2; run++) {
            grow();
            update();
            assertEquals(namedTurns(), turnFiles(), "run " + run);
            assertTrue(Files.exists(dir.resolve("turn-0000-user.md")));
        }
    }

    Set<String> namedTurns() throws IOException {
        Set<String> names = new TreeSet<>();
        for (FolderState.Turn t : FolderState.readTurns(dir)) {
            names.add(t.name());
        }
        return names;
    }

    Set<String> turnFiles() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> all = Files.list(dir)) {
            all.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("turn-"))
                    .forEach(names::add);
        }
        return names;
    }

    /** B7: an edit in the middle that keeps the size (past the hashed ends) is picked up by its time. */
    @Test
    void anEditInTheMiddleThatKeepsTheSizeIsReadAgain() throws IOException {
        String pad = "p".repeat(70_000);
        lines(
                transcript,
                claudeUser("u1", null, pad, 1),
                claudeSays("a1", "u1", "MIDDLE-ONE", 2),
                claudeUser("u2", "a1", pad, 3),
                claudeSays("a2", "u2", "Done.", 4));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
        update();
        assertTrue(read(dir.resolve("turn-0001-assistant.md")).contains("MIDDLE-ONE"));
        FileTime time = Files.getLastModifiedTime(transcript);
        Files.writeString(transcript, read(transcript).replace("MIDDLE-ONE", "MIDDLE-TWO"));
        Files.setLastModifiedTime(transcript, FileTime.fromMillis(time.toMillis() + 5000));
        update();
        assertTrue(read(dir.resolve("turn-0001-assistant.md")).contains("MIDDLE-TWO"));
        assertFalse(read(dir.resolve("index.md")).contains("MIDDLE-ONE"));
    }

    /** B8: a string cut in a line too long to hold says so, and how much is missing. */
    @Test
    void aStringCutInAHugeLineIsMarked() throws IOException {
        int size = 5 << 20; // a line past the 4 MiB held in memory
        String big = "x".repeat(size);
        lines(transcript, claudeUser("u1", null, big, 1), claudeSays("a1", "u1", "Done.", 2));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
        update();
        String turn = read(dir.resolve("turn-0000-user.md"));
        assertTrue(
                turn.contains("x[… " + (size - (1 << 20)) + " bytes not shown]"), turn.substring(turn.length() - 200));
    }
}
