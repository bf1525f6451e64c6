package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenCodeTranscriptTest {
    @TempDir
    Path dir;

    @Test
    void readsOneSessionOfASharedDatabaseWithToolPartsUpdatedInPlace() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                TranscriptReaders readers = StoreFixtures.readers()) {
            w.schema();
            w.session("ses_a", null, "/p", 10);
            w.session("ses_b", null, "/other", 20);
            w.message("msg_01", "ses_a", 1000, "user");
            w.part("prt_01", "msg_01", "ses_a", OpenCodeDbFixture.text("list the files"));
            w.part(
                    "prt_02",
                    "msg_01",
                    "ses_a",
                    "{\"type\":\"text\",\"text\":\"Called the Read tool\",\"synthetic\":true}");
            w.part("prt_03", "msg_01", "ses_a", "{\"type\":\"file\",\"mime\":\"image/png\",\"url\":\"data:...\"}");
            w.message("msg_02", "ses_a", 2000, "assistant");
            w.part("prt_04", "msg_02", "ses_a", "{\"type\":\"step-start\"}");
            w.part("prt_05", "msg_02", "ses_a", "{\"type\":\"reasoning\",\"text\":\"let me look\"}");
            w.part("prt_06", "msg_02", "ses_a", "{\"type\":\"text\",\"text\":\"Looking.\"}");
            w.part("prt_07", "msg_02", "ses_a", OpenCodeDbFixture.tool("pending", null));
            w.message("msg_03", "ses_b", 1500, "user"); // the other session, interleaved in time
            w.part("prt_08", "msg_03", "ses_b", OpenCodeDbFixture.text("not this one"));
            TranscriptIndex.Entry entry = StoreFixtures.entry(db, "opencode", "ses_a");
            List<Turn> expected = StoreFixtures.turns("user", "list the files", "assistant", "Looking.");
            assertEquals(
                    expected, readers.lastTurns(entry, StoreFixtures.LIMITS).turns());

            // the tool row walks pending -> running -> completed in place: one call, never printed
            w.updatePart("prt_07", OpenCodeDbFixture.tool("running", null));
            assertEquals(
                    expected, readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
            w.updatePart("prt_07", OpenCodeDbFixture.tool("completed", "a.txt\nb.txt"));
            w.part("prt_09", "msg_02", "ses_a", "{\"type\":\"text\",\"text\":\"Two files.\"}");
            w.part("prt_10", "msg_02", "ses_a", "{\"type\":\"text\",\"text\":\"hidden\",\"ignored\":true}");
            w.part("prt_11", "msg_02", "ses_a", "{\"type\":\"step-finish\",\"reason\":\"stop\"}");
            assertEquals(
                    StoreFixtures.turns("user", "list the files", "assistant", "Looking.\nTwo files."),
                    readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
            assertEquals(new ReadStats("opencode", 12, 2, 0), readers.stats(entry));
            assertEquals(
                    StoreFixtures.turns("user", "not this one"),
                    readers.lastTurns(StoreFixtures.entry(db, null, "ses_b"), StoreFixtures.LIMITS)
                            .turns());
        }
    }

    @Test
    void pagesBackPastToolOnlyMessagesToFindFortyTurns() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                TranscriptReaders readers = StoreFixtures.readers()) {
            w.schema();
            w.session("ses_a", null, "/p", 10);
            w.c.setAutoCommit(false);
            int n = 0;
            for (int i = 0; i < 30; i++) {
                w.message(String.format("msg_%04d", n++), "ses_a", 1000L * n, "user");
                w.part("prt_u" + i, String.format("msg_%04d", n - 1), "ses_a", OpenCodeDbFixture.text("q" + i));
                for (int k = 0; k < 10; k++) { // ten tool-only steps per answer: 300 messages without text
                    w.message(String.format("msg_%04d", n++), "ses_a", 1000L * n, "assistant");
                    w.part(
                            "prt_t" + i + "_" + k,
                            String.format("msg_%04d", n - 1),
                            "ses_a",
                            OpenCodeDbFixture.tool("completed", "x"));
                }
                w.message(String.format("msg_%04d", n++), "ses_a", 1000L * n, "assistant");
                w.part("prt_a" + i, String.format("msg_%04d", n - 1), "ses_a", OpenCodeDbFixture.text("a" + i));
            }
            w.c.commit();
            List<Turn> turns = readers.lastTurns(StoreFixtures.entry(db, "opencode", "ses_a"), StoreFixtures.LIMITS)
                    .turns();
            assertEquals(40, turns.size());
            assertEquals(new Turn("user", "q10"), turns.get(0));
            assertEquals(new Turn("assistant", "a29"), turns.get(39));
        }
    }

    @Test
    void messagesOfTheSameMillisecondAreOrderedById() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                TranscriptReaders readers = StoreFixtures.readers()) {
            w.schema();
            w.message("msg_b", "ses_a", 5, "assistant");
            w.part("p2", "msg_b", "ses_a", OpenCodeDbFixture.text("second"));
            w.message("msg_a", "ses_a", 5, "user");
            w.part("p1", "msg_a", "ses_a", OpenCodeDbFixture.text("first"));
            assertEquals(
                    StoreFixtures.turns("user", "first", "assistant", "second"),
                    readers.lastTurns(StoreFixtures.entry(db, "opencode", "ses_a"), StoreFixtures.LIMITS)
                            .turns());
        }
    }

    @Test
    void theConnectionIsReadOnlyAndHeldOnce() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            w.schema();
            OpenCodeTranscript.lastTurns(dbs, db, "ses_a", StoreFixtures.LIMITS);
            OpenCodeTranscript.lastTurns(dbs, db, "ses_b", StoreFixtures.LIMITS);
            assertEquals(1, dbs.size());
            SQLException e = assertThrows(SQLException.class, () -> {
                try (Statement s = dbs.connection(db).createStatement()) {
                    s.execute("INSERT INTO project VALUES ('x', '/x', 0, 0)");
                }
            });
            assertTrue(e.getMessage().contains("readonly"), e.getMessage());
        }
    }

    @Test
    void aMissingSessionOrDatabaseGivesNoTurns() throws Exception {
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            assertEquals(
                    List.of(),
                    readers.lastTurns(
                                    StoreFixtures.entry(dir.resolve("none.db"), "opencode", "ses_a"),
                                    StoreFixtures.LIMITS)
                            .turns());
            Path junk = StoreFixtures.write(dir.resolve("junk.db"), "not a database");
            assertEquals(
                    List.of(),
                    readers.lastTurns(StoreFixtures.entry(junk, "opencode", "ses_a"), StoreFixtures.LIMITS)
                            .turns());
        }
    }

    /** Issue 16: a driver that cannot load is named in the stats (and the view refuses), never shown as zeros. */
    @Test
    void aDriverThatCannotLoadSaysWhy() throws Exception {
        OpenCodeTranscript reader = new OpenCodeTranscript(() -> {
            throw new UnsatisfiedLinkError("no sqlitejdbc in java.library.path");
        });
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
        }
        TranscriptIndex.Entry entry = StoreFixtures.entry(db, "opencode", "ses_1");
        assertEquals(
                "store=opencode unreadable: cannot read OpenCode's SQLite database here"
                        + " (java.lang.UnsatisfiedLinkError: no sqlitejdbc in java.library.path)",
                reader.stats(entry).describe());
        assertEquals(
                "cannot read OpenCode's SQLite database here"
                        + " (java.lang.UnsatisfiedLinkError: no sqlitejdbc in java.library.path)",
                reader.lastTurns(entry, StoreFixtures.LIMITS).refusal());
    }

    /**
     * Two peers in one database share its one read-only connection, and the view reads peers on several
     * threads: concurrent reads of two sessions each get their own session's turns, every time.
     */
    @Test
    void twoSessionsReadOnOneConnectionFromTwoThreads() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            for (String session : new String[] {"ses_a", "ses_b"}) {
                w.session(session, null, "/p", 1);
                for (int i = 0; i < 150; i++) {
                    String msg = session + "_msg_" + String.format("%03d", i);
                    w.message(msg, session, 1000L + i, i % 2 == 0 ? "user" : "assistant");
                    w.part(msg + "_p", msg, session, OpenCodeDbFixture.text(session + " " + i));
                    w.part(msg + "_t", msg, session, OpenCodeDbFixture.tool("completed", "out"));
                }
            }
        }
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            java.util.List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.List<Thread> threads = new java.util.ArrayList<>();
            for (String session : new String[] {"ses_a", "ses_b", "ses_a", "ses_b"}) {
                Thread t = new Thread(() -> {
                    try {
                        TranscriptIndex.Entry entry = StoreFixtures.entry(db, "opencode", session);
                        for (int round = 0; round < 60; round++) {
                            List<Turn> turns = readers.lastTurns(entry, StoreFixtures.LIMITS)
                                    .turns();
                            assertEquals(40, turns.size());
                            for (int k = 0; k < 40; k++) {
                                assertEquals(
                                        session + " " + (110 + k), turns.get(k).text());
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(List.of(), failures);
        }
    }
}
