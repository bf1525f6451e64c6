package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.claudeSays;
import static io.github.termsprawl.history.HistoryFixtures.claudeUser;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder's first write is made whole beside it and put in its place by one rename: each turn file is created once
 * under its name (no temp file renamed), a reader sees the empty folder and then the whole one, and a run that fails
 * leaves the folder as it was (docs/files.md, "What stays in the project").
 */
class TurnFolderFirstWriteTest {
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
        lines(transcript, claudeUser("u1", null, "Fix the build", 1), claudeSays("a1", "u1", "Done.", 2));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
    }

    History.Result update() throws IOException {
        return HistoryFixtures.update(cwd, "backend");
    }

    @Test
    void anEmptyFolderIsReplacedByTheWholeOneThenGrownInPlace() throws IOException {
        Files.createDirectories(dir); // as a run that stopped before its first turn leaves it
        Object empty = Fixtures.fileKey(dir);

        assertEquals(2, update().turns());

        assertNotEquals(empty, Fixtures.fileKey(dir), "the folder made beside took the empty one's place");
        assertEquals(List.of("index.md", "turn-0000-user.md", "turn-0001-assistant.md"), Fixtures.names(dir));
        assertEquals(List.of("backend"), Fixtures.names(dir.getParent()), "nothing is left beside it");
        assertTrue(read(dir.resolve("turn-0001-assistant.md")).contains("Done."));

        Object whole = Fixtures.fileKey(dir);
        append(transcript, claudeUser("u2", "a1", "And the docs", 3), claudeSays("a2", "u2", "Fixed too.", 4));
        assertEquals(4, update().turns());
        assertEquals(whole, Fixtures.fileKey(dir), "a folder that holds turns is written in place");
        assertTrue(read(dir.resolve("index.md")).contains("Fixed too."));
    }

    @Test
    void aSubagentsFolderIsMadeWholeTooBesideTheOthers() throws IOException {
        lines(
                home.resolve("s1/subagents/agent-a77.jsonl"),
                claudeUser("x1", null, "Find the failing test", 2)
                        .replace("\"type\":\"user\"", "\"type\":\"user\",\"isSidechain\":true"),
                claudeSays("x2", "x1", "It is FooTest.", 3)
                        .replace("\"type\":\"assistant\"", "\"type\":\"assistant\",\"isSidechain\":true"));
        Path agentDir = Files.createDirectories(dir.resolve("agents/a77"));
        Object empty = Fixtures.fileKey(agentDir);

        update();

        assertNotEquals(empty, Fixtures.fileKey(agentDir));
        assertEquals(List.of("a77"), Fixtures.names(dir.resolve("agents")));
        assertEquals(List.of("index.md", "turn-0000-user.md", "turn-0001-assistant.md"), Fixtures.names(agentDir));
        // the node's folder held agents/ when its turns were written: in place, and whole all the same
        assertEquals(List.of("agents", "index.md", "turn-0000-user.md", "turn-0001-assistant.md"), Fixtures.names(dir));
        assertEquals(List.of("backend"), Fixtures.names(dir.getParent()));
    }

    @Test
    void whatAKilledFirstWriteLeftBesideAFolderGoesWithTheNextRunThatWritesThere() throws IOException {
        update();
        // a pid no process has (above the largest Linux hands out): a first write of another node, killed
        Path left = Files.createDirectories(dir.getParent().resolve(".tmp-99999999-5eed"));
        Files.writeString(left.resolve("turn-0000-user.md"), "half a session");
        Path live = Files.createDirectories(
                dir.getParent().resolve(".tmp-" + ProcessHandle.current().pid() + "-1"));
        append(transcript, claudeUser("u2", "a1", "And the docs", 3));

        update();

        assertEquals(List.of(live.getFileName().toString(), "backend"), Fixtures.names(dir.getParent()));
    }

    static Message says(int n) {
        return new Message(
                Role.USER,
                List.of(new Block.Text("turn " + n)),
                Instant.ofEpochSecond(n),
                "u" + n,
                null,
                null,
                Set.of());
    }

    @Test
    void aFirstWriteThatFailsLeavesTheFolderEmptyAndNothingBesideIt() throws IOException {
        Files.createDirectories(dir);
        TurnMarkdown.Header header = new TurnMarkdown.Header("backend", "claude", "s1", null);
        IOException e;
        try (TurnFolder folder = new TurnFolder(cwd, dir, header, true, null, 2)) {
            e = assertThrows(IOException.class, () -> {
                for (int i = 0; i < 200; i++) {
                    int n = i;
                    folder.add(TurnFileName.of(i, "user"), i, null, () -> {
                        if (n == 150) {
                            throw new IOException("turn 150 is unreadable");
                        }
                        return says(n);
                    });
                }
                folder.finish(new byte[0], null);
            });
        }
        assertEquals("turn 150 is unreadable", e.getMessage());
        assertEquals(List.of(), Fixtures.names(dir), "no turn of the failed run is seen");
        assertEquals(List.of("backend"), Fixtures.names(dir.getParent()), "what it wrote is gone");
    }
}
