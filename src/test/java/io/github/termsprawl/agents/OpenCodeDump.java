package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * An OpenCode database kept as SQL text (its tables' own {@code CREATE} statements and every row of the tables
 * that hold sessions), since the database itself is mostly schema: a test rebuilds it with {@link #restore}.
 */
final class OpenCodeDump {
    /** The tables a session lives in (1.18: the v1 message tables, the v2 ones, the event log, shares). */
    static final List<String> TABLES = List.of(
            "project",
            "session",
            "message",
            "part",
            "session_message",
            "session_input",
            "event_sequence",
            "event",
            "session_share");

    private OpenCodeDump() {}

    /** The tables' schema and rows of {@code db} as SQL statements, one a line. */
    static String dump(Path db) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            for (String table : TABLES) {
                try (ResultSet rs = s.executeQuery(
                        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'")) {
                    if (!rs.next()) {
                        continue;
                    }
                    out.append(rs.getString(1).replaceAll("\\s*\n\\s*", " ")).append(";\n");
                }
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + table + " ORDER BY rowid")) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        out.append("INSERT INTO ").append(table).append(" VALUES (");
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            Object v = rs.getObject(i);
                            out.append(i > 1 ? ", " : "")
                                    .append(
                                            v == null
                                                    ? "NULL"
                                                    : v instanceof Number
                                                            ? v.toString()
                                                            : "'"
                                                                    + v.toString()
                                                                            .replace("'", "''")
                                                                            .replace("\n", "' || char(10) || '")
                                                                    + "'");
                        }
                        out.append(");\n");
                    }
                }
            }
        }
        return out.toString();
    }

    /** A database made from a dump's statements. */
    static Path restore(String sql, Path db) throws SQLException, IOException {
        Files.createDirectories(db.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (String line : sql.split("\n")) {
                if (!line.isBlank()) {
                    s.execute(line);
                }
            }
            c.commit();
        }
        return db;
    }
}
