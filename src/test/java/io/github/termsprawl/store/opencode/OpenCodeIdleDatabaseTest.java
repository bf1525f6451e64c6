package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WAL database no process has open (the agent not running) is read without a lock and without making
 * SQLite's {@code -wal} and {@code -shm} files beside it: a read-only connection would make them and rebuild
 * the WAL index, and an OpenCode opening the database in that moment fails its first statement, which runs
 * before its busy timeout is set, with {@code SQLITE_BUSY_RECOVERY} (what made {@link OpenCodeWalContentionTest}
 * fail now and then). Once a writer
 * shows, the reader must see what it writes.
 */
class OpenCodeIdleDatabaseTest {
    @TempDir
    Path dir;

    private Path idleDatabase(int turns) throws SQLException, IOException {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            w.session("ses_a", null, "/p", 1);
            for (int i = 0; i < turns; i++) {
                commit(w, i);
            }
        }
        assertFalse(Files.exists(sibling(db, "-wal")), "the last connection to close deletes the WAL");
        // written a minute ago: a writer's checkpoint within the file system's time tick would look like no change
        Files.setLastModifiedTime(db, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        return db;
    }

    private static void commit(OpenCodeDbFixture w, int i) throws SQLException {
        String msg = String.format("msg_%04d", i);
        w.message(msg, "ses_a", 1000L + i, i % 2 == 0 ? "user" : "assistant");
        w.part("prt_" + i, msg, "ses_a", OpenCodeDbFixture.text("turn " + i));
    }

    private static Path sibling(Path db, String suffix) {
        return db.resolveSibling(db.getFileName() + suffix);
    }

    /** How many messages {@code c} reads (a read through it works). */
    private static int messages(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM message")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static List<String> texts(OpenCodeDatabases dbs, Path db) {
        return OpenCodeTranscript.lastTurns(dbs, db, "ses_a", StoreFixtures.LIMITS).stream()
                .map(Turn::text)
                .toList();
    }

    @Test
    void anIdleDatabaseIsReadWithoutMakingAFileBesideIt() throws Exception {
        Path db = idleDatabase(2);
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
            assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
            assertFalse(Files.exists(sibling(db, "-wal")), "a -wal made by the reader");
            assertFalse(Files.exists(sibling(db, "-shm")), "a -shm made by the reader");
            SQLException e = assertThrows(SQLException.class, () -> {
                try (Statement s = dbs.connection(db).createStatement()) {
                    s.execute("INSERT INTO project VALUES ('x', '/x', 0, 0)");
                }
            });
            assertTrue(e.getMessage().contains("readonly"), e.getMessage());
        }
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                Statement s = w.c.createStatement()) {
            assertTrue(s.execute("PRAGMA integrity_check"));
            assertEquals("ok", s.getResultSet().getString(1));
        }
    }

    @Test
    void theEmptyWalAndIndexAnEarlierReaderLeftAreLeftAlone() throws Exception {
        Path db = idleDatabase(2);
        // a read-only connection opened as any reader's makes them, and cannot delete them when it closes
        try (Connection earlier = SqliteReadOnly.open(db, false)) {
            assertEquals(2, messages(earlier));
        }
        Path shm = sibling(db, "-shm");
        assertEquals(0, Files.size(sibling(db, "-wal")));
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        Files.setLastModifiedTime(shm, old);
        byte[] index = Files.readAllBytes(shm);
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
            assertTrue(SqliteReadOnly.idleWal(db));
        }
        // an ordinary reader would have mapped the index and rebuilt it, the first to open it since
        assertEquals(old, Files.getLastModifiedTime(shm), "the WAL index written to");
        assertArrayEquals(index, Files.readAllBytes(shm));
    }

    @Test
    void aWriterThatOpensAfterTheFirstReadIsSeenAndKeepsWriting() throws Exception {
        Path db = idleDatabase(1);
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            assertEquals(List.of("turn 0"), texts(dbs, db));
            try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
                commit(w, 1);
                assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
                commit(w, 2);
                assertEquals(List.of("turn 0", "turn 1", "turn 2"), texts(dbs, db));
            }
            // the reader's connection is one any reader holds now: the writer's close left the WAL to it
            assertEquals(List.of("turn 0", "turn 1", "turn 2"), texts(dbs, db));
            assertEquals(1, dbs.size());
        }
    }

    @Test
    void aWriterThatCameAndWentBetweenTwoReadsIsSeen() throws Exception {
        Path db = idleDatabase(1);
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            assertEquals(List.of("turn 0"), texts(dbs, db));
            try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
                commit(w, 1);
            }
            assertFalse(Files.exists(sibling(db, "-wal")), "the writer checkpointed and deleted its WAL");
            assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
        }
    }

    @Test
    void aConnectionHandedOutBeforeAWriterCameStaysReadableUntilTheEnd() throws Exception {
        Path db = idleDatabase(1);
        Connection before;
        Connection after;
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            before = dbs.connection(db);
            try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
                commit(w, 1);
                after = dbs.connection(db);
                assertNotSame(before, after, "a writer came: the immutable connection is not handed out again");
                // another thread may be in the middle of a read through it
                assertEquals(1, messages(before), "what the file held when it was opened");
                assertEquals(List.of("turn 0", "turn 1"), texts(dbs, db));
                assertEquals(1, dbs.size());
            }
        }
        assertTrue(before.isClosed(), "closed with the others");
        assertTrue(after.isClosed());
    }

    @Test
    void aDatabaseInRollbackModeIsNeverReadAsIdle() throws Exception {
        Path db = dir.resolve("rollback.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            try (Statement s = w.c.createStatement()) {
                s.execute("PRAGMA journal_mode=DELETE");
            }
        }
        assertFalse(SqliteReadOnly.idleWal(db), "a rollback database has no WAL to wait for");
        assertTrue(SqliteReadOnly.idleWal(idleDatabase(0)));
        assertFalse(SqliteReadOnly.idleWal(dir.resolve("missing.db")));
    }
}
