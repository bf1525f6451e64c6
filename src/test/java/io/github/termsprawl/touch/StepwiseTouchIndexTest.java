package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long Claude Code transcript's touch index is built in steps (docs/touches.md, "The touch index"): each step
 * reads at most {@link TouchIndex#STEP_BYTES} and a line, a read bounded in bytes stops between steps and the next
 * goes on, and the index, once built, holds what a whole read finds.
 */
class StepwiseTouchIndexTest {
    /** The longest line of the generated sessions: a step may end it past its bytes. */
    private static final long LINE = 4096;

    @TempDir
    Path tmp;

    private ProjectLayout layout;
    private Path project;

    @BeforeEach
    void project() throws IOException {
        project = Files.createDirectories(tmp.resolve("p")).toRealPath();
        layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
    }

    private TouchIndex.Read read(TranscriptIndex.Entry entry, long maxBytes) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return TouchIndex.read(layout, "peer", entry, Store.CLAUDE, readers, maxBytes, TouchIndex.STEP_BYTES);
        }
    }

    private SessionTouches.Result full(TranscriptIndex.Entry entry) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return SessionTouches.read("peer", entry, Store.CLAUDE, new ProjectPaths(project), readers);
        }
    }

    @Test
    void aLongSessionIsBuiltInBoundedStepsAcrossReads() throws IOException {
        // 14,000 calls of about 1 kB: three steps and more; every 100th an edit
        Path file = LongClaudeSession.write(tmp.resolve("long.jsonl"), project, 14_000, 100, 40, 600);
        long size = Files.size(file);
        assertTrue(size > 3 * TouchIndex.STEP_BYTES, size + " bytes");
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, Store.CLAUDE.id(), null);
        int reads = 0;
        long reached = 0;
        TouchIndex.Read r;
        do {
            r = read(entry, TouchIndex.STEP_BYTES);
            reads++;
            assertTrue(r.cost().read());
            // one step a read: it goes on from where the last stopped, never more than a step and a line
            assertEquals(reached, r.cost().from(), "read " + reads);
            assertTrue(
                    r.cost().bytes() <= TouchIndex.STEP_BYTES + LINE, r.cost().bytes() + " bytes");
            reached = r.cost().from() + r.cost().bytes();
        } while (!r.cost().done() && reads < 100);
        assertEquals(size, reached);
        assertTrue(reads <= size / TouchIndex.STEP_BYTES + 1, reads + " reads");
        SessionTouches.Result whole = full(entry);
        assertEquals(140, whole.events().size());
        assertEquals(whole, r.result());
        // built: the index alone answers, and what is appended is read on from the end
        TouchIndex.Read again = read(entry, TouchIndex.STEP_BYTES);
        assertFalse(again.cost().read());
        assertEquals(whole, again.result());
        Files.write(
                file,
                ("{\"type\":\"assistant\",\"uuid\":\"ax\",\"parentUuid\":\"r13999\",\"timestamp\":"
                                + "\"2026-01-01T09:00:00Z\",\"message\":{\"id\":\"mx\",\"role\":\"assistant\","
                                + "\"content\":[{\"type\":\"tool_use\",\"id\":\"tx\",\"name\":\"Write\",\"input\":"
                                + "{\"file_path\":\"" + project + "/src/New.java\",\"content\":\"x\"}}]}}\n")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                StandardOpenOption.APPEND);
        TouchIndex.Read grown = read(entry, TouchIndex.STEP_BYTES);
        assertEquals(size, grown.cost().from());
        assertEquals(full(entry), grown.result());
    }

    @Test
    void anUnboundedReadGoesThroughEveryStep() throws IOException {
        Path file = LongClaudeSession.write(tmp.resolve("long.jsonl"), project, 9_000, 100, 40, 600);
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, Store.CLAUDE.id(), null);
        TouchIndex.Read r = read(entry, TouchIndex.UNBOUNDED);
        assertTrue(r.cost().done());
        assertEquals(0, r.cost().from());
        assertEquals(Files.size(file), r.cost().bytes());
        assertEquals(full(entry), r.result());
        assertFalse(read(entry, TouchIndex.UNBOUNDED).cost().read());
    }

    @Test
    void aTailPastItsSaneSizeIsReadWholeAndMadeAgain() throws IOException {
        // a tail padded past its cap (docs/files.md, "Sane sizes"): not read, so the grown transcript is read whole
        Path file = LongClaudeSession.write(tmp.resolve("s.jsonl"), project, 200, 10, 4, 100);
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, Store.CLAUDE.id(), null);
        assertTrue(read(entry, TouchIndex.UNBOUNDED).cost().done());
        Path tail = TouchIndex.tailFile(layout, "peer");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(tail.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Files.write(
                file,
                ("{\"type\":\"assistant\",\"uuid\":\"ax\",\"parentUuid\":\"r199\",\"timestamp\":"
                                + "\"2026-01-01T09:00:00Z\",\"message\":{\"id\":\"mx\",\"role\":\"assistant\","
                                + "\"content\":[{\"type\":\"tool_use\",\"id\":\"tx\",\"name\":\"Write\",\"input\":"
                                + "{\"file_path\":\"" + project + "/src/New.java\",\"content\":\"x\"}}]}}\n")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                StandardOpenOption.APPEND);
        TouchIndex.Read r = read(entry, TouchIndex.UNBOUNDED);
        assertEquals(0, r.cost().from());
        assertEquals(full(entry), r.result());
        assertTrue(Files.size(tail) < 1 << 20, Files.size(tail) + " bytes");
    }

    @Test
    void anIndexThatCannotBeWrittenEndsTheSteps() throws IOException {
        // no step is kept (a folder where the index goes): the read stops instead of reading the first step again
        Files.createDirectories(TouchIndex.file(layout, "peer").resolve("x"));
        Path file = LongClaudeSession.write(tmp.resolve("long.jsonl"), project, 9_000, 100, 40, 600);
        TouchIndex.Read r = read(StoreFixtures.entry(file, Store.CLAUDE.id(), null), TouchIndex.UNBOUNDED);
        assertFalse(r.cost().done());
        assertTrue(
                r.cost().bytes() <= 2 * (TouchIndex.STEP_BYTES + LINE), r.cost().bytes() + " bytes");
    }
}
