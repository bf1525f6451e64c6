package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.claudeSays;
import static io.github.termsprawl.history.HistoryFixtures.claudeUser;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.StateCaps;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A history state file past its sane size (docs/files.md, "Sane sizes") is broken: its size is looked at before it is
 * read, the folder is made again from the transcript, and the file is written small again.
 */
class SaneSizesTest {
    @TempDir
    Path cwd;

    @TempDir
    Path home;

    Path transcript;
    Path dir;

    History.Result update() throws IOException {
        return HistoryFixtures.update(cwd, "backend");
    }

    void session() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        transcript = home.resolve("s1.jsonl");
        dir = cwd.resolve(".termsprawl/history/backend");
        lines(transcript, claudeUser("u1", null, "Fix the build", 1), claudeSays("a1", "u1", "Done.", 2));
        HistoryFixtures.index(cwd, "backend", transcript, null, null);
    }

    static void sparse(Path file, long bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(bytes);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {".state", ".turns", ".plan-tail"})
    void aStateFilePastItsCapIsMadeAgain(String name) throws IOException {
        session();
        assertEquals(2, update().turns());
        Path file = FolderState.file(dir, name);
        assertTrue(Files.isRegularFile(file), name);
        sparse(file, 3L << 30); // more than an array holds: it was an OutOfMemoryError, for every later run
        append(transcript, claudeUser("u2", "a1", "More", 3), claudeSays("a2", "u2", "Again.", 4));
        assertEquals(4, update().turns());
        assertTrue(read(dir.resolve("index.md")).contains("Again."));
        assertTrue(Files.size(file) < 1 << 20, name + ": " + Files.size(file) + " bytes");
    }

    @Test
    void aPlanSizePastItsCapIsNotRead() throws IOException {
        // the plan cache as big as its cap allows and one byte more, and the state saying so: made again, small
        session();
        update();
        Path state = FolderState.file(dir, ".state");
        Path plan = FolderState.file(dir, ".plan");
        long bytes = Files.size(plan);
        long past = StateCaps.PLAN_CACHE + 1;
        Files.writeString(state, read(state).replace("plan-bytes " + bytes + "\n", "plan-bytes " + past + "\n"));
        sparse(plan, past);
        append(transcript, claudeUser("u2", "a1", "More", 3), claudeSays("a2", "u2", "Again.", 4));
        assertEquals(4, update().turns());
        assertTrue(read(dir.resolve("index.md")).contains("Again."));
        assertTrue(Files.size(plan) < 1 << 20, Files.size(plan) + " bytes");
    }
}
