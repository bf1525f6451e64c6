package io.github.termsprawl.store.opencode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One read-only connection per OpenCode database, opened on first use and held until {@link #close()}.
 * Opening is what costs the writer: attaching to a WAL database takes locks a writer with little or no busy
 * timeout fails on, so a reader that reopened per poll would make the agent fail. A database no process had
 * open is read {@code immutable} (no lock, no file made) until its writer shows, then reopened once,
 * attaching to the index the writer built (docs/stores.md, "How OpenCode's database is read").
 */
public final class OpenCodeDatabases implements AutoCloseable {
    /**
     * A held connection; {@code idleFile} is the database file's {@link #stamp} when it was opened
     * {@code immutable} on an idle WAL database, null when it was opened as any reader is.
     */
    private record Held(Connection connection, String idleFile) {
        /** Whether the connection still reads what is on disk: never stale unless opened immutable. */
        boolean current(Path db) {
            return idleFile == null || (SqliteReadOnly.idleWal(db) && idleFile.equals(stamp(db)));
        }
    }

    private final Map<Path, Held> open = new LinkedHashMap<>();
    /**
     * Immutable connections a writer's coming made stale: closed with the others, not at once, since another
     * thread may still be reading through one (they hold no lock, and there is one per writer that came).
     */
    private final List<Connection> retired = new ArrayList<>();

    /** The held read-only connection to {@code db}, opened on first use. */
    public synchronized Connection connection(Path db) throws SQLException {
        Path key = db.toAbsolutePath().normalize();
        Held held = open.get(key);
        if (held != null && !held.current(key)) {
            open.remove(key);
            retired.add(held.connection()); // a writer came (or came and went): immutable would serve stale pages
            held = null;
        }
        if (held == null) {
            String idleFile = SqliteReadOnly.idleWal(key) ? stamp(key) : null;
            held = new Held(SqliteReadOnly.open(key, idleFile != null), idleFile);
            open.put(key, held);
        }
        return held.connection();
    }

    /** How many databases are held open (for tests). */
    synchronized int size() {
        return open.size();
    }

    @Override
    public synchronized void close() {
        for (Held held : open.values()) {
            close(held.connection());
        }
        open.clear();
        retired.forEach(OpenCodeDatabases::close);
        retired.clear();
    }

    /**
     * The file's identity, size and modification time, or "" when it cannot be read (never equal to a real stamp).
     * A WAL writer's checkpoint changes neither the header's change counter nor, for a few rows, the size: the
     * time is what tells, to the file system's tick (docs/stores.md, "How OpenCode's database is read").
     */
    private static String stamp(Path db) {
        try {
            BasicFileAttributes a = Files.readAttributes(db, BasicFileAttributes.class);
            return a.fileKey() + ":" + a.size() + "@" + a.lastModifiedTime();
        } catch (IOException e) {
            return "";
        }
    }

    private static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // nothing was written; a failed close loses nothing
        }
    }
}
