package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state file past its sane size (docs/files.md, "Sane sizes") is not read: its size is looked at first and it reads
 * as broken, so the file is made again; a padded link, transcript index entry or project file is none.
 */
class StateCapsTest {
    @TempDir
    Path cwd;

    /** A file of {@code bytes} that takes no disk: its size is all that is there. */
    static Path sparse(Path file, long bytes) throws IOException {
        Files.createDirectories(file.getParent());
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(bytes);
        }
        return file;
    }

    /** {@code json} followed by spaces up to {@code bytes}: still the same JSON, only bigger. */
    static Path padded(Path file, String json, long bytes) throws IOException {
        Files.createDirectories(file.getParent());
        byte[] b = new byte[(int) bytes];
        java.util.Arrays.fill(b, (byte) ' ');
        byte[] j = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.arraycopy(j, 0, b, 0, j.length);
        b[b.length - 1] = '\n';
        return Files.write(file, b);
    }

    @Test
    void aFileIsReadUpToItsCapAndNotPast() throws IOException {
        Path f = Files.write(cwd.resolve("f"), new byte[] {1, 2, 3, 4});
        assertArrayEquals(new byte[] {1, 2, 3, 4}, AtomicFiles.readPlain(f, 4));
        assertNull(AtomicFiles.readPlain(f, 3));
    }

    @Test
    void aFileBiggerThanAnArrayIsNoneAndNoError() throws IOException {
        // 3 GB of nothing: it was an OutOfMemoryError, which no reader of a cache catches
        Path f = sparse(cwd.resolve("big"), 3L << 30);
        assertNull(AtomicFiles.readPlain(f));
        assertNull(AtomicFiles.readPlain(f, StateCaps.TOUCH_INDEX));
    }

    @Test
    void aPaddedLinkIsNoLink() throws IOException {
        ProjectLayout layout = new ProjectLayout(cwd);
        String link = "{\"version\": 1, \"a\": \"a\", \"b\": \"b\"}";
        padded(cwd.resolve(".termsprawl/links/a--b.json"), link, StateCaps.LINK);
        assertEquals(1, new Links(layout).list().size());
        padded(cwd.resolve(".termsprawl/links/a--b.json"), link, StateCaps.LINK + 1);
        assertEquals(0, new Links(layout).list().size());
    }

    @Test
    void aPaddedTranscriptIndexEntryIsNoneAndIsWrittenAgain() throws IOException {
        ProjectLayout layout = new ProjectLayout(cwd);
        TranscriptIndex index = new TranscriptIndex(layout);
        String entry = "{\"version\": 1, \"path\": \"/s.jsonl\"}";
        Path file = padded(index.fileOf("n"), entry, StateCaps.TRANSCRIPT_INDEX);
        assertNotNull(index.read("n"));
        padded(file, entry, StateCaps.TRANSCRIPT_INDEX + 1);
        assertNull(index.read("n"));
        // the next record writes it afresh, small
        assertTrue(index.record("n", "/s.jsonl", null, null));
        assertEquals(Path.of("/s.jsonl"), index.read("n").path());
        assertTrue(Files.size(file) < 1024, Files.size(file) + " bytes");
    }

    @Test
    void aPaddedProjectFileHasNoTitles() throws IOException {
        ProjectLayout layout = new ProjectLayout(cwd);
        String project = "{\"nodes\": [{\"id\": \"n\", \"data\": {\"title\": \"Backend\"}}]}";
        padded(layout.projectJson(), project, StateCaps.PROJECT);
        assertEquals("Backend", NodeTitles.load(layout).titleOf("n"));
        padded(layout.projectJson(), project, StateCaps.PROJECT + 1);
        assertEquals("n", NodeTitles.load(layout).titleOf("n"));
    }
}
