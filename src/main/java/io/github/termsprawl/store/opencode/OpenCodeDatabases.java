package io.github.termsprawl.store.opencode;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One read-only connection per OpenCode database, opened on first use and held until {@link #close()}.
 * Opening is what costs the writer: attaching to a WAL database takes a lock OpenCode's own writes (no
 * busy timeout) may lose a commit to, so a reader that reopened per poll would make the agent fail.
 */
public final class OpenCodeDatabases implements AutoCloseable {
    private final Map<Path, Connection> open = new LinkedHashMap<>();

    /** The held read-only connection to {@code db}, opened on first use. */
    public synchronized Connection connection(Path db) throws SQLException {
        Path key = db.toAbsolutePath().normalize();
        Connection c = open.get(key);
        if (c == null) {
            c = SqliteReadOnly.open(key);
            open.put(key, c);
        }
        return c;
    }

    /** How many databases are held open (for tests). */
    synchronized int size() {
        return open.size();
    }

    @Override
    public synchronized void close() {
        for (Connection c : open.values()) {
            try {
                c.close();
            } catch (SQLException e) {
                // nothing was written; a failed close loses nothing
            }
        }
        open.clear();
    }
}
