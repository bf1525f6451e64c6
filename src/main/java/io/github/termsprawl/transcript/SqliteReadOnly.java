package io.github.termsprawl.transcript;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens a SQLite database read-only twice over ({@code mode=ro} in the URI and the read-only open
 * flag). Never {@code immutable}: the agent is writing, and immutable would serve stale pages. Named only
 * by the OpenCode classes, so sqlite-jdbc is loaded only when an OpenCode database is read.
 */
final class SqliteReadOnly {
    private SqliteReadOnly() {}

    static Connection open(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        // file:///…, percent-encoded, so any path survives SQLite's URI parsing
        return config.createConnection("jdbc:sqlite:" + db.toUri().toASCIIString() + "?mode=ro");
    }
}
