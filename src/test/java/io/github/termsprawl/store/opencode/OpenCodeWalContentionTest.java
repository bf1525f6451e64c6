package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The property the one-held-connection design exists for: a reader that takes locks at the wrong moment makes
 * the agent's own writes fail. Here a writer opened as OpenCode opens one ({@link OpenCodeDbFixture}: WAL set
 * before any busy timeout) commits 400 times while the reader polls through one held read-only connection.
 * The two open the database in the same moment, as when an agent starts while a peer reads it: the reader's
 * first read finds the database idle ({@link OpenCodeIdleDatabaseTest}). With a reader that made the WAL index
 * itself, 14 of 300 repetitions on two busy cores had the writer fail its first statement.
 */
class OpenCodeWalContentionTest {
    static final int COMMITS = 400;

    @TempDir
    Path dir;

    @Test
    void noWriterCommitFailsWhileTheReaderPolls() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture setup = new OpenCodeDbFixture(db)) {
            setup.schema();
            setup.session("ses_a", null, "/p", 1);
        }
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger committed = new AtomicInteger();
        Thread writer = new Thread(() -> {
            try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
                for (int i = 0; i < COMMITS; i++) {
                    try {
                        w.c.setAutoCommit(false);
                        String msg = String.format("msg_%04d", i);
                        w.message(msg, "ses_a", 1000L + i, i % 2 == 0 ? "user" : "assistant");
                        w.part("prt_" + i, msg, "ses_a", OpenCodeDbFixture.text("turn " + i));
                        w.c.commit();
                        committed.incrementAndGet();
                    } catch (Exception e) {
                        failures.add(e);
                        w.c.rollback();
                    }
                }
            } catch (Exception e) {
                failures.add(e);
            } finally {
                done.set(true);
            }
        });
        int polls = 0;
        int lastSeen = 0;
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            TranscriptIndex.Entry entry = StoreFixtures.entry(db, "opencode", "ses_a");
            writer.start();
            while (!done.get()) {
                List<Turn> turns =
                        readers.lastTurns(entry, StoreFixtures.LIMITS).turns();
                assertTrue(turns.size() <= StoreFixtures.LIMITS.maxTurns());
                if (!turns.isEmpty()) {
                    // commits land in order: a poll never sees fewer of them than the one before
                    int seen =
                            Integer.parseInt(turns.get(turns.size() - 1).text().substring(5));
                    assertTrue(seen >= lastSeen, "went back from turn " + lastSeen + " to turn " + seen);
                    assertEquals(Math.min(seen + 1, StoreFixtures.LIMITS.maxTurns()), turns.size());
                    lastSeen = seen;
                }
                polls++;
            }
            writer.join();
            assertEquals(List.of(), failures, "writer commits failed while the reader polled " + polls + " times");
            List<Turn> last = readers.lastTurns(entry, StoreFixtures.LIMITS).turns();
            assertEquals("turn " + (COMMITS - 1), last.get(last.size() - 1).text());
            assertTrue(lastSeen <= COMMITS - 1, "saw turn " + lastSeen + " of " + COMMITS);
        }
        assertEquals(COMMITS, committed.get());
        assertTrue(polls > 1, "the reader polled during the writes");
    }
}
