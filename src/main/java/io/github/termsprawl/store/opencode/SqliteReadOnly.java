package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Deadline;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens a SQLite database read-only twice over ({@code mode=ro} in the URI and the read-only open
 * flag). Never {@code immutable}: the agent is writing, and immutable would serve stale pages. With
 * {@link SqliteNative}, the only classes of the planted command that name a sqlite-jdbc type (the OpenCode
 * readers see {@code java.sql} only), so the JVM opens that jar only when an OpenCode database is read.
 */
final class SqliteReadOnly {
    private SqliteReadOnly() {}

    /** SQLite VM steps between two looks at the reading thread's deadline. */
    static final int STEPS_PER_CHECK = 10_000;

    static Connection open(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        // file:///…, percent-encoded, so any path survives SQLite's URI parsing
        Connection c = config.createConnection("jdbc:sqlite:" + db.toUri().toASCIIString() + "?mode=ro");
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
