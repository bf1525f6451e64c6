package io.github.termsprawl.transcript;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens a SQLite database read-only twice over ({@code mode=ro} in the URI and the read-only open
 * flag). Never {@code immutable}: the agent is writing, and immutable would serve stale pages. The only
 * class of the planted command that names a sqlite-jdbc type (the OpenCode readers see {@code java.sql}
 * only), so the JVM opens that jar only when an OpenCode database is read.
 */
final class SqliteReadOnly {
    private static final String TMPDIR = "org.sqlite.tmpdir";

    private SqliteReadOnly() {}

    /** sqlite-jdbc unpacks its native library into {@code org.sqlite.tmpdir}: keep it inside the project. */
    static void unpackNativeLibraryInto(Path dir) {
        if (System.getProperty(TMPDIR) == null) {
            try {
                java.nio.file.Files.createDirectories(dir);
                System.setProperty(TMPDIR, dir.toAbsolutePath().toString());
            } catch (java.io.IOException | RuntimeException e) {
                // unwritable project: sqlite-jdbc falls back to the temp folder
            }
        }
    }

    static Connection open(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        // file:///…, percent-encoded, so any path survives SQLite's URI parsing
        return config.createConnection("jdbc:sqlite:" + db.toUri().toASCIIString() + "?mode=ro");
    }
}
