package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of one OpenCode session in its SQLite database ({@code opencode.db}, v1.2+). Every
 * session of every project shares the database, so only the session's last messages are read, newest
 * first through the {@code (session_id, time_created, id)} index, a page at a time until enough have
 * text (tool-only steps have none). A message's turn is the prose ({@link OpenCodeSession#prose}) of its one
 * conversion ({@link OpenCodeParts}, {@link OpenCodeV2#messages}), fed only the keys that prose reads.
 */
public final class OpenCodeTranscript implements StoreReader {
    /** Messages fetched per page; a few pages cover 40 turns even in tool-heavy sessions. */
    static final int PAGE = 64;

    static final JsonProjection MESSAGE_KEYS = JsonProjection.whole("role", "summary");
    static final JsonProjection PART_KEYS = JsonProjection.whole("type", "text", "synthetic", "ignored");
    static final Set<String> KNOWN_ROLES = Set.of("user", "assistant");
    /** Part types of OpenCode 0.x to 1.x (corpus; docs/stores.md, "Record types each reader knows"). */
    static final Set<String> KNOWN_PART_TYPES = Set.of(
            "text",
            "reasoning",
            "tool",
            "step-start",
            "step-finish",
            "file",
            "patch",
            "agent",
            "subtask",
            "retry",
            "snapshot",
            "compaction");

    /** Opens the databases on first use: no sqlite-jdbc class loads unless an OpenCode peer is read. */
    public interface Databases {
        OpenCodeDatabases get();
    }

    private final Databases databases;

    public OpenCodeTranscript(Databases databases) {
        this.databases = databases;
    }

    @Override
    public Store store() {
        return Store.OPENCODE;
    }

    /** OpenCode files are told by their SQLite header or folder layout, never by a JSON record. */
    @Override
    public boolean proves(Map<String, Object> record) {
        return false;
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        if (Files.isDirectory(entry.path())) {
            return PeerTurns.of(OpenCodeLegacyTranscript.lastTurns(entry.path(), entry.session(), limits));
        }
        try {
            return PeerTurns.of(lastTurns(databases.get(), entry.path(), entry.session(), limits));
        } catch (LinkageError e) {
            // sqlite-jdbc missing from bin/lib/, or its native library cannot load here
            return PeerTurns.refused(driverProblem(e));
        }
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        try {
            // a storage folder needs no driver
            return new OpenCodeSession(Files.isDirectory(entry.path()) ? null : databases.get()).stats(entry);
        } catch (LinkageError e) {
            return ReadStats.unreadable(Store.OPENCODE, driverProblem(e));
        }
    }

    static String driverProblem(LinkageError e) {
        return "cannot read OpenCode's SQLite database here (" + e + ")";
    }

    /** A message row: its id, creation time and the keys of its data the prose reads ({@link #MESSAGE_KEYS}). */
    record Row(String id, long created, Map<String, Object> data) {}

    private static Map<String, Object> json(String data, JsonProjection keys) {
        Map<String, Object> m = data == null ? null : JsonlRecords.parse(data, keys);
        return m == null ? Map.of() : m;
    }

    static List<Turn> lastTurns(OpenCodeDatabases dbs, Path db, String session, TurnLimits limits) {
        if (session == null || !Files.isRegularFile(db)) {
            return List.of();
        }
        List<Turn> newestFirst = new ArrayList<>();
        try {
            Connection c = dbs.connection(db);
            if (OpenCodeV2.has(c, session)) {
                return OpenCodeV2.lastTurns(c, session, limits);
            }
            Row after = null;
            while (newestFirst.size() < limits.maxTurns()) {
                Deadline.check();
                List<Row> page = page(c, session, after);
                if (page.isEmpty()) {
                    break;
                }
                Map<String, List<Map<String, Object>>> parts = parts(c, page);
                for (Row m : page) {
                    List<Map<String, Object>> ps = parts.getOrDefault(m.id(), List.of());
                    Turn t = OpenCodeSession.prose(
                            OpenCodeParts.messages(m.id(), m.data(), ps, new Source.Row("message", m.id()))
                                    .get(0));
                    if (t != null && newestFirst.size() < limits.maxTurns()) {
                        newestFirst.add(limits.cut(t));
                    }
                }
                if (page.size() < PAGE) {
                    break;
                }
                after = page.get(page.size() - 1);
            }
        } catch (SQLException e) {
            return List.of(); // a missing table, a locked or corrupt file: no turns, as for any read error
        }
        Collections.reverse(newestFirst);
        return newestFirst;
    }

    /** The next {@link #PAGE} messages older than {@code after}, newest first (keyset paging: no gaps, no repeats). */
    private static List<Row> page(Connection c, String session, Row after) throws SQLException {
        String sql = "SELECT id, time_created, data FROM message WHERE session_id = ?"
                + (after == null ? "" : " AND (time_created < ? OR (time_created = ? AND id < ?))")
                + " ORDER BY time_created DESC, id DESC LIMIT " + PAGE;
        List<Row> page = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, session);
            if (after != null) {
                s.setLong(2, after.created());
                s.setLong(3, after.created());
                s.setString(4, after.id());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    page.add(new Row(rs.getString(1), rs.getLong(2), json(rs.getString(3), MESSAGE_KEYS)));
                }
            }
        }
        return page;
    }

    /** The parts of those messages, each message's in id order (the order OpenCode shows them in). */
    private static Map<String, List<Map<String, Object>>> parts(Connection c, List<Row> messages) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT message_id, data FROM part WHERE message_id IN (");
        for (int i = 0; i < messages.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(") ORDER BY message_id, id");
        Map<String, List<Map<String, Object>>> parts = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < messages.size(); i++) {
                s.setString(i + 1, messages.get(i).id());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    parts.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(json(rs.getString(2), PART_KEYS));
                }
            }
        }
        return parts;
    }

    /** Whether a message {@code role} is one this store writes (docs/stores.md). */
    static boolean isKnownRole(Object role) {
        return role instanceof String r && KNOWN_ROLES.contains(r);
    }

    /** Whether a part {@code type} is one this store writes (docs/stores.md). */
    static boolean isKnownPart(Object type) {
        return type instanceof String t && KNOWN_PART_TYPES.contains(t);
    }
}
