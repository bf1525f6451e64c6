package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.JsonWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Writes OpenCode-shaped databases for tests and benchmarks: the v1.2+ tables as OpenCode declares them
 * (a {@code session} row has real columns and no {@code data}; roles live in {@code message.data}).
 */
public final class OpenCodeDbFixture implements AutoCloseable {
    public static final String SCHEMA = String.join(
            "\n",
            "CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);",
            "CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, workspace_id TEXT, parent_id TEXT, slug TEXT NOT NULL,",
            "  directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL, share_url TEXT, time_created INTEGER NOT NULL,",
            "  time_updated INTEGER NOT NULL, time_compacting INTEGER, time_archived INTEGER);",
            "CREATE INDEX session_project_idx ON session (project_id);",
            "CREATE INDEX session_parent_idx ON session (parent_id);",
            "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,",
            "  time_updated INTEGER NOT NULL, data TEXT NOT NULL);",
            "CREATE INDEX message_session_time_created_id_idx ON message (session_id, time_created, id);",
            "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,",
            "  time_updated INTEGER NOT NULL, data TEXT NOT NULL);",
            "CREATE INDEX part_message_id_id_idx ON part (message_id, id);",
            "CREATE INDEX part_session_idx ON part (session_id);",
            "CREATE TABLE event (id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL);",
            "CREATE TABLE event_sequence (aggregate_id TEXT PRIMARY KEY, seq INTEGER NOT NULL);");

    public final Connection c;

    /**
     * A writer connection as OpenCode 1.18 opens one: its first statement sets WAL mode with no busy timeout yet
     * (so it fails at once on a lock, as when a reader is rebuilding the WAL index), then a 5 s busy timeout for
     * everything after (docs/stores.md, "How OpenCode's database is read").
     */
    public OpenCodeDbFixture(Path db) throws SQLException {
        org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
        config.setBusyTimeout(0);
        c = config.createConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            s.execute("PRAGMA busy_timeout = 5000");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    public void schema() throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : SCHEMA.split(";")) {
                if (!sql.isBlank()) {
                    s.execute(sql);
                }
            }
            s.execute("INSERT OR IGNORE INTO project VALUES ('prj_1', '/p', 0, 0)");
        }
    }

    public void session(String id, String parent, String directory, long updated) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated)"
                        + " VALUES (?, 'prj_1', ?, 'slug', ?, 'title', '1.2.0', 0, ?)")) {
            s.setString(1, id);
            s.setString(2, parent);
            s.setString(3, directory);
            s.setLong(4, updated);
            s.executeUpdate();
        }
    }

    public void message(String id, String session, long created, String role) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO message VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, session);
            s.setLong(3, created);
            s.setLong(4, created);
            s.setString(5, "{\"role\":\"" + role + "\",\"time\":{\"created\":" + created + "},\"agent\":\"build\"}");
            s.executeUpdate();
        }
    }

    /** {@code data} is the part's JSON without id, sessionID and messageID (as OpenCode stores it). */
    public void part(String id, String message, String session, String data) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO part VALUES (?, ?, ?, 0, 0, ?)")) {
            s.setString(1, id);
            s.setString(2, message);
            s.setString(3, session);
            s.setString(4, data);
            s.executeUpdate();
        }
    }

    public void updatePart(String id, String data) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("UPDATE part SET data = ?, time_updated = time_updated + 1 WHERE id = ?")) {
            s.setString(1, data);
            s.setString(2, id);
            s.executeUpdate();
        }
    }

    public static String text(String text) {
        return "{\"type\":\"text\",\"text\":" + quote(text) + "}";
    }

    public static String tool(String status, String output) {
        return "{\"type\":\"tool\",\"callID\":\"call_1\",\"tool\":\"bash\",\"state\":{\"status\":\"" + status
                + "\",\"input\":{\"command\":\"ls\"}" + (output == null ? "" : ",\"output\":" + quote(output)) + "}}";
    }

    /** A JSON string literal (the writer's compact form, which is all a fixture needs). */
    public static String quote(String text) {
        String json = JsonWriter.write(java.util.List.of(text));
        return json.substring(json.indexOf('"'), json.lastIndexOf('"') + 1);
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
