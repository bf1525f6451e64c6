package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TouchIndexTest {
    @TempDir
    Path tmp;

    /** pi's session header: the session runs in the project's folder, from which its relative paths are taken. */
    private static String piHead(Path project) {
        return "{\"type\":\"session\",\"version\":3,\"id\":\"s1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":"
                + io.github.termsprawl.core.Fixtures.jsonString(project.toString()) + "}\n";
    }

    private static String piEdit(int i, String path) {
        return "{\"type\":\"message\",\"id\":\"a" + i + "\",\"timestamp\":\"2026-01-01T00:00:0" + (i % 10)
                + ".000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c" + i
                + "\",\"name\":\"edit\",\"arguments\":{\"path\":\"" + path
                + "\",\"oldText\":\"a\",\"newText\":\"b\"}}]}}\n"
                + "{\"type\":\"message\",\"id\":\"r" + i + "\",\"timestamp\":\"2026-01-01T00:00:0" + (i % 10)
                + ".500Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c" + i
                + "\",\"toolName\":\"edit\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"isError\":" + (i == 2)
                + "}}\n";
    }

    private TouchIndex.Read index(ProjectLayout layout, Path file, Store store) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return TouchIndex.read(layout, "peer", StoreFixtures.entry(file, store.id(), null), store, readers);
        }
    }

    private SessionTouches.Result full(ProjectLayout layout, Path file, Store store) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return SessionTouches.read(
                    "peer",
                    StoreFixtures.entry(file, store.id(), null),
                    store,
                    new ProjectPaths(layout.cwd()),
                    readers);
        }
    }

    @Test
    void aGrowingTranscriptIsReadOnlyPastWhatWasRead() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(file, piHead(project) + piEdit(1, project + "/a.txt"));
        TouchIndex.Read first = index(layout, file, Store.PI);
        assertEquals(
                List.of("a.txt"),
                first.result().events().stream().map(TouchEvent::path).toList());
        assertTrue(first.result().events().get(0).success());

        long before = Files.size(file);
        // a call whose result is not written yet, then a half-written line
        String next = piEdit(2, project + "/b.txt");
        int cut = next.indexOf('\n') + 1;
        Files.writeString(
                file, piHead(project) + piEdit(1, project + "/a.txt") + next.substring(0, cut) + "{\"type\":\"mess");
        TouchIndex.Read second = index(layout, file, Store.PI);
        assertEquals(before, second.cost().from());
        assertEquals(cut, second.cost().bytes());
        assertEquals(2, second.result().events().size());
        assertFalse(second.result().events().get(1).success()); // no result yet

        Files.writeString(file, piHead(project) + piEdit(1, project + "/a.txt") + next + piEdit(3, "c.txt"));
        TouchIndex.Read third = index(layout, file, Store.PI);
        assertEquals(before + cut, third.cost().from());
        assertEquals(full(layout, file, Store.PI), third.result());
        assertFalse(third.result().events().get(1).success()); // call 2's result is an error

        TouchIndex.Read unchanged = index(layout, file, Store.PI);
        assertFalse(unchanged.cost().read());
        assertEquals(third.result(), unchanged.result());
    }

    /**
     * An entry without a store (as the record hook writes Claude Code's) and an unchanged transcript: the store
     * and the touches come from the index, the transcript is not opened (here it no longer holds JSON at all, its
     * size and time kept), so the hook before every edit costs a read of the index and a stat per peer.
     */
    @Test
    void anUnchangedTranscriptIsNeitherReadNorDetected() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(file, piHead(project) + piEdit(1, project + "/a.txt"));
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            TouchIndex.Found first = TouchIndex.read(
                    layout, "peer", StoreFixtures.entry(file, null, null), readers, null, TouchIndex.UNBOUNDED);
            assertEquals(Store.PI, first.store());
            assertTrue(first.read().cost().read());
            java.nio.file.attribute.FileTime time = Files.getLastModifiedTime(file);
            Files.writeString(file, "x".repeat((int) Files.size(file)));
            Files.setLastModifiedTime(file, time);
            TouchIndex.Found warm = TouchIndex.read(
                    layout, "peer", StoreFixtures.entry(file, null, null), readers, null, TouchIndex.UNBOUNDED);
            assertEquals(Store.PI, warm.store());
            assertFalse(warm.read().cost().read());
            assertEquals(first.read().result().events(), warm.read().result().events());
            // asked about one file (the hook): that file's events, none of another's
            assertEquals(
                    first.read().result().events(),
                    TouchIndex.read(
                                    layout,
                                    "peer",
                                    StoreFixtures.entry(file, null, null),
                                    readers,
                                    "a.txt",
                                    TouchIndex.UNBOUNDED)
                            .read()
                            .result()
                            .events());
            assertEquals(
                    List.of(),
                    TouchIndex.read(
                                    layout,
                                    "peer",
                                    StoreFixtures.entry(file, null, null),
                                    readers,
                                    "b.txt",
                                    TouchIndex.UNBOUNDED)
                            .read()
                            .result()
                            .events());
            // the transcript changed: detected again (what it holds now is no pi session) and read
            Files.writeString(file, "x");
            TouchIndex.Found changed = TouchIndex.read(
                    layout, "peer", StoreFixtures.entry(file, null, null), readers, null, TouchIndex.UNBOUNDED);
            assertEquals(Store.CLAUDE, changed.store()); // detection's default for content of no known store
            assertTrue(changed.read().cost().read());
            assertEquals(List.of(), changed.read().result().events());
        }
    }

    private static String claudeEdit(int i, String path) {
        return "{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":"
                + (i == 0 ? "null" : "\"r" + (i - 1) + "\"")
                + ",\"timestamp\":\"2026-01-01T00:00:0" + i + ".000Z\",\"message\":{\"id\":\"m" + i
                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i
                + "\",\"name\":\"Edit\",\"input\":{\"file_path\":\"" + path
                + "\",\"old_string\":\"a\",\"new_string\":\"b\"}}]}}\n"
                + "{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"a" + i
                + "\",\"timestamp\":\"2026-01-01T00:00:0" + i
                + ".500Z\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t"
                + i
                + "\",\"content\":\"ok\"}]}}\n";
    }

    /**
     * Past the caller's deadline (the hook before an edit has one), a transcript that changed is not read: the
     * index's events, as of its last read, are the answer, and the index stays as it was for the next caller.
     */
    @Test
    void pastTheDeadlineTheIndexAnswersAsOfItsLastRead() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(file, claudeEdit(0, project + "/a.txt"));
        assertEquals(List.of("a.txt"), paths(index(layout, file, Store.CLAUDE)));
        byte[] before = Files.readAllBytes(TouchIndex.file(layout, "peer"));
        Files.writeString(file, claudeEdit(1, project + "/b.txt"), java.nio.file.StandardOpenOption.APPEND);
        io.github.termsprawl.jsonl.Deadline.set(System.nanoTime() - 1);
        TouchIndex.Read late;
        try {
            late = index(layout, file, Store.CLAUDE);
        } finally {
            io.github.termsprawl.jsonl.Deadline.clear();
        }
        assertEquals(List.of("a.txt"), paths(late));
        assertFalse(late.cost().read());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(TouchIndex.file(layout, "peer"))));
        assertEquals(List.of("a.txt", "b.txt"), paths(index(layout, file, Store.CLAUDE)));
        // without an index to answer from, a late read has nothing to say for that peer
        Files.delete(TouchIndex.file(layout, "peer"));
        io.github.termsprawl.jsonl.Deadline.set(System.nanoTime() - 1);
        try {
            org.junit.jupiter.api.Assertions.assertThrows(
                    io.github.termsprawl.jsonl.Deadline.Exceeded.class, () -> index(layout, file, Store.CLAUDE));
        } finally {
            io.github.termsprawl.jsonl.Deadline.clear();
        }
    }

    private static List<String> paths(TouchIndex.Read read) {
        return read.result().events().stream().map(TouchEvent::path).toList();
    }

    @Test
    void aShrunkRewrittenOrBrokenIndexReadsTheWholeTranscript() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(file, piHead(project) + piEdit(1, "a.txt") + piEdit(2, "b.txt"));
        index(layout, file, Store.PI);
        Files.writeString(file, piHead(project) + piEdit(1, "z.txt"));
        TouchIndex.Read shrunk = index(layout, file, Store.PI);
        assertEquals(0, shrunk.cost().from());
        assertEquals(
                List.of("z.txt"),
                shrunk.result().events().stream().map(TouchEvent::path).toList());

        Files.writeString(file, piHead(project) + piEdit(1, "y.txt") + piEdit(2, "b.txt"));
        TouchIndex.Read rewritten = index(layout, file, Store.PI);
        assertEquals(0, rewritten.cost().from());
        assertEquals(full(layout, file, Store.PI), rewritten.result());

        Files.writeString(TouchIndex.file(layout, "peer"), "termsprawl-touches 1\ngarbage\n");
        TouchIndex.Read broken = index(layout, file, Store.PI);
        assertEquals(full(layout, file, Store.PI), broken.result());
        assertTrue(Files.readString(TouchIndex.file(layout, "peer")).startsWith(TouchIndex.MAGIC));
    }

    /**
     * A call id written again after its first call got its result: the result that comes after a read is the second
     * call's alone, as in a full read (the index keeps which events wait, not which ids).
     */
    @Test
    void aResultAfterTheReadCompletesOnlyTheCallStillWaiting() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        String[] again = piEdit(1, "b.txt").split("\n");
        Files.writeString(file, piHead(project) + piEdit(1, "a.txt") + again[0] + "\n");
        assertEquals(2, index(layout, file, Store.PI).result().events().size());
        Files.writeString(
                file,
                again[1].replace("\"isError\":false", "\"isError\":true") + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        TouchIndex.Read grown = index(layout, file, Store.PI);
        assertTrue(grown.cost().from() > 0);
        assertEquals(full(layout, file, Store.PI), grown.result());
        assertTrue(grown.result().events().get(0).success());
        assertFalse(grown.result().events().get(1).success());
    }

    @Test
    void pathsAndCommandsWithControlCharactersSurviveTheIndex() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(file, piHead(project) + piEdit(1, "a\\nb\\t-\\\\c.txt"));
        TouchIndex.Read first = index(layout, file, Store.PI);
        assertEquals("a\nb\t-\\c.txt", first.result().events().get(0).path());
        assertEquals(first.result(), index(layout, file, Store.PI).result());
    }

    /** Every corpus file of every store: the index (first read, then unchanged) equals the plain full read. */
    @Test
    void theIndexEqualsTheFullReadOnTheCorpus() throws Exception {
        Path root = SharedFolder.corpus();
        assumeTrue(Files.isDirectory(root));
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
        int n = 0;
        for (String dir : List.of("claude", "codex", "gemini", "pi")) {
            Store store = Store.of(dir);
            List<Path> files;
            try (var s = Files.walk(root.resolve(dir))) {
                files = s.filter(p ->
                                p.toString().endsWith(".jsonl") || p.toString().endsWith(".json"))
                        .filter(p -> !p.toString().contains("/subagents/")
                                && !p.toString().endsWith("manifest-2026-02-23.json"))
                        .sorted()
                        .toList();
            }
            for (Path f : files) {
                // the transcript's own paths sit under a made-up root: read it as if the project were there
                SessionTouches.Result expected = full(layout, f, store);
                TouchIndex.Read first = index(layout, f, store);
                assertEquals(expected, first.result(), f.toString());
                TouchIndex.Read again = index(layout, f, store);
                assertFalse(again.cost().read(), f.toString());
                assertEquals(expected, again.result(), f.toString());
                n++;
            }
        }
        assertTrue(n > 40, "files: " + n);
    }
}
