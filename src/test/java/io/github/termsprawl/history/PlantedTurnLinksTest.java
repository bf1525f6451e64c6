package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.claudeSays;
import static io.github.termsprawl.history.HistoryFixtures.claudeUser;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn file that is a link or a hard link is replaced by a plain file of the folder, even when the turn is
 * unchanged and the folder's state says so: else an agent grepping the folder reads the outside file
 * (docs/files.md, "What stays in the project").
 */
class PlantedTurnLinksTest {
    @TempDir
    Path cwd;

    @TempDir
    Path home;

    @TempDir
    Path outside;

    Path transcript;
    Path dir;

    @BeforeEach
    void session() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        transcript = home.resolve("s1.jsonl");
        dir = cwd.resolve(".termsprawl/history/backend");
        lines(
                transcript,
                claudeUser("u1", null, "Fix the build", 1),
                claudeSays("a1", "u1", "Done.", 2),
                claudeUser("u2", "a1", "Thanks", 3));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
    }

    History.Result update() throws IOException {
        return HistoryFixtures.update(cwd, "backend");
    }

    /**
     * The first turn file made a link to an outside file, the second a hard link to one, the third given a second
     * name outside: what each held, the turn's own bytes.
     */
    Map<String, String> plant(Path folder) throws IOException {
        List<String> names = List.of("turn-0000-user.md", "turn-0001-assistant.md", "turn-0002-user.md");
        Map<String, String> bytes = new java.util.TreeMap<>();
        for (String n : names) {
            bytes.put(n, read(folder.resolve(n)));
        }
        Path secret = outside.resolve(folder.getFileName() + "-secret.txt");
        Files.writeString(secret, "outside: AKIA secret\n");
        Files.delete(folder.resolve(names.get(0)));
        Files.createSymbolicLink(folder.resolve(names.get(0)), secret);
        Path other = outside.resolve(folder.getFileName() + "-other.txt");
        Files.writeString(other, "outside: another file\n");
        Files.delete(folder.resolve(names.get(1)));
        Files.createLink(folder.resolve(names.get(1)), other);
        Files.createLink(outside.resolve(folder.getFileName() + "-second-name.md"), folder.resolve(names.get(2)));
        return bytes;
    }

    void assertPlainWith(Path folder, Map<String, String> bytes) throws IOException {
        for (Map.Entry<String, String> e : bytes.entrySet()) {
            Path f = folder.resolve(e.getKey());
            assertTrue(ConfinementTest.plain(f), e.getKey() + " is a plain file of the folder again");
            assertEquals(e.getValue(), read(f), e.getKey());
        }
    }

    @Test
    void linksAtTheTurnFilesOfAnUpToDateFolderAreReplaced() throws IOException {
        update();
        Map<String, String> bytes = plant(dir);
        Map<String, String> before = HistoryFixtures.snapshot(outside);
        History.Result r = update();
        assertEquals(History.Status.UPDATED, r.status());
        assertPlainWith(dir, bytes);
        assertEquals(before, HistoryFixtures.snapshot(outside), "nothing outside written");
        // and the run after that has nothing to do again
        assertEquals(History.Status.UP_TO_DATE, update().status());
    }

    @Test
    void aFolderFoundCleanIsNotLookedIntoAgainUntilItChanges() throws IOException {
        update();
        // the folder's time settled (as it is a few seconds after the run that wrote it)
        java.nio.file.attribute.FileTime old =
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 2 * LinkedTurns.SETTLED_MS);
        Files.setLastModifiedTime(dir, old);
        assertEquals(new LinkedTurns.Look(false, 4), LinkedTurns.look(cwd, dir, false), "three turns and the index");
        assertEquals(new LinkedTurns.Look(false, 0), LinkedTurns.look(cwd, dir, false), "recorded clean: no name read");
        assertEquals(History.Status.UP_TO_DATE, update().status());
        // a link planted there changes the folder's time: looked into again, and found
        plant(dir);
        assertTrue(LinkedTurns.look(cwd, dir, false).linked());
        assertEquals(History.Status.UPDATED, update().status());
    }

    @Test
    void linksAtTurnFilesKeptByAGrowingSessionAreReplaced() throws IOException {
        update();
        Map<String, String> bytes = plant(dir);
        append(transcript, claudeSays("a2", "u2", "You are welcome.", 4));
        History.Result r = update();
        assertEquals(4, r.turns());
        assertPlainWith(dir, bytes);
        assertTrue(read(dir.resolve("index.md")).contains("You are welcome."));
    }

    @Test
    void linksInASubagentsFolderAreReplaced() throws IOException {
        Path agent = home.resolve("s1/subagents/agent-a77.jsonl");
        lines(
                agent,
                claudeUser("x1", null, "Find the failing test", 2)
                        .replace("\"type\":\"user\"", "\"type\":\"user\",\"isSidechain\":true"),
                claudeSays("x2", "x1", "It is FooTest.", 3)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"),
                claudeUser("x3", "x2", "Thanks", 4)
                        .replace("\"type\":\"user\"", "\"type\":\"user\",\"isSidechain\":true"));
        update();
        Path agentDir = dir.resolve("agents/a77");
        Map<String, String> bytes = plant(agentDir);
        update();
        assertPlainWith(agentDir, bytes);
    }
}
