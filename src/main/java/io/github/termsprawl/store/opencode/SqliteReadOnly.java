package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Deadline;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens a SQLite database read-only twice over ({@code mode=ro} in the URI and the read-only open
 * flag). {@code immutable} only for a WAL database whose file holds all of it ({@link #idleWal}): while the
 * agent writes, immutable would serve stale pages. With
 * {@link SqliteNative}, the only classes of the planted command that name a sqlite-jdbc type (the OpenCode
 * readers see {@code java.sql} only), so the JVM opens that jar only when an OpenCode database is read.
 */
final class SqliteReadOnly {
    private SqliteReadOnly() {}

    /** SQLite VM steps between two looks at the reading thread's deadline. */
    static final int STEPS_PER_CHECK = 10_000;

    /**
     * Whether {@code db} is a WAL database whose file holds all of it: its header says WAL and it has no
     * {@code -wal} file (a writer creates one before it reads or writes, and the last to close deletes it) or
     * an empty one (left by a reader, which cannot delete it, or emptied by a checkpoint). A read-only
     * connection opened then would make the {@code -wal} and {@code -shm} files or rebuild the WAL index,
     * holding the lock that an OpenCode opening the database that moment fails its first statement on: it
     * sets WAL mode before its busy timeout (docs/stores.md, "How OpenCode's database is read").
     */
    static boolean idleWal(Path db) {
        if (!Files.isRegularFile(db)) {
            return false; // its readers take only plain files; a pipe would never give its header
        }
        byte[] header = new byte[20];
        try (InputStream in = Files.newInputStream(db)) {
            if (in.readNBytes(header, 0, header.length) < header.length) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        // bytes 18 and 19: the file format versions for writing and reading, 2 in WAL mode
        return header[18] == 2 && header[19] == 2 && emptyOrMissing(wal(db));
    }

    private static boolean emptyOrMissing(Path wal) {
        try {
            BasicFileAttributes a = Files.readAttributes(wal, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() && a.size() == 0;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static Path wal(Path db) {
        return db.resolveSibling(db.getFileName() + "-wal");
    }

    static Connection open(Path db, boolean immutable) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        // file:///…, percent-encoded, so any path survives SQLite's URI parsing
        Connection c = config.createConnection(
                "jdbc:sqlite:" + db.toUri().toASCIIString() + "?mode=ro" + (immutable ? "&immutable=1" : ""));
        try {
            // a query that never ends (a recursive view in the file) is interrupted at the reader's deadline;
            // the handler runs on the thread that steps the query, whose deadline it reads
            ProgressHandler.setHandler(c, STEPS_PER_CHECK, new ProgressHandler() {
                @Override
                protected int progress() {
                    return Deadline.passed() ? 1 : 0;
                }
            });
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }
}
