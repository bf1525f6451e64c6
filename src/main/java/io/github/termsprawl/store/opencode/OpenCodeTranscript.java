package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
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
 * text (tool-only steps have none). A message's text is its {@code text} parts, in part-id order.
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
        if (Files.isDirectory(entry.path())) {
            return OpenCodeLegacyTranscript.stats(entry.path(), entry.session());
        }
        try {
            return stats(databases.get(), entry.path(), entry.session());
        } catch (LinkageError e) {
            return ReadStats.unreadable(Store.OPENCODE, driverProblem(e));
        }
    }

    static String driverProblem(LinkageError e) {
        return "cannot read OpenCode's SQLite database here (" + e + ")";
    }

    /** A message row: its id, creation time and role (maybe null). */
    record Message(String id, long created, String role) {}

    /** The text of a message's parts: {@code text} parts that are neither synthetic nor ignored, joined with {@code \n}. */
    static String text(List<Map<String, Object>> parts) {
        StringBuilder text = null;
        for (Map<String, Object> p : parts) {
            if ("text".equals(p.get("type"))
                    && p.get("text") instanceof String t
                    && !Boolean.TRUE.equals(p.get("synthetic"))
                    && !Boolean.TRUE.equals(p.get("ignored"))) {
                text = text == null ? new StringBuilder(t) : text.append('\n').append(t);
            }
        }
        return text == null ? null : text.toString();
    }

    static Turn turn(String role, List<Map<String, Object>> parts) {
        if (!"user".equals(role) && !"assistant".equals(role)) {
            return null;
        }
        String text = text(parts);
        return text == null || text.isEmpty() ? null : new Turn(role, text);
    }

    static String role(String data) {
        Map<String, Object> m = data == null ? null : JsonlRecords.parse(data, MESSAGE_KEYS);
        return m != null && m.get("role") instanceof String r ? r : null;
    }

    /**
     * The role whose text prints: null for a compaction's summary, an assistant message with
     * {@code "summary": true} (docs/stores.md: summaries never print).
     */
    static String proseRole(String data) {
        Map<String, Object> m = data == null ? null : JsonlRecords.parse(data, MESSAGE_KEYS);
        return m == null || Boolean.TRUE.equals(m.get("summary")) || !(m.get("role") instanceof String r) ? null : r;
    }

    static Map<String, Object> part(String data) {
        Map<String, Object> p = data == null ? null : JsonlRecords.parse(data, PART_KEYS);
        return p == null ? Map.of() : p;
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
            Message after = null;
            while (newestFirst.size() < limits.maxTurns()) {
                Deadline.check();
                List<Message> page = page(c, session, after);
                if (page.isEmpty()) {
                    break;
                }
                Map<String, List<Map<String, Object>>> parts = parts(c, page);
                for (Message m : page) {
                    Turn t = turn(m.role(), parts.getOrDefault(m.id(), List.of()));
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
    private static List<Message> page(Connection c, String session, Message after) throws SQLException {
        String sql = "SELECT id, time_created, data FROM message WHERE session_id = ?"
                + (after == null ? "" : " AND (time_created < ? OR (time_created = ? AND id < ?))")
                + " ORDER BY time_created DESC, id DESC LIMIT " + PAGE;
        List<Message> page = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, session);
            if (after != null) {
                s.setLong(2, after.created());
                s.setLong(3, after.created());
                s.setString(4, after.id());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    page.add(new Message(rs.getString(1), rs.getLong(2), proseRole(rs.getString(3))));
                }
            }
        }
        return page;
    }

    /** The parts of those messages, each message's in id order (the order OpenCode shows them in). */
    private static Map<String, List<Map<String, Object>>> parts(Connection c, List<Message> messages)
            throws SQLException {
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
                            .add(part(rs.getString(2)));
                }
            }
        }
        return parts;
    }

    /** A full read of the session: every message and part row. */
    static ReadStats stats(OpenCodeDatabases dbs, Path db, String session) {
        ReadStats.Counter count = new ReadStats.Counter();
        if (session == null || !Files.isRegularFile(db)) {
            return count.of(Store.OPENCODE);
        }
        try {
            Connection c = dbs.connection(db);
            if (OpenCodeV2.has(c, session)) {
                OpenCodeV2.stats(c, session, count);
                return count.of(Store.OPENCODE);
            }
            Map<String, String> roles = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, data FROM message WHERE session_id = ?")) {
                s.setString(1, session);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String role = role(rs.getString(2));
                        roles.put(rs.getString(1), proseRole(rs.getString(2)));
                        count.record(role != null && KNOWN_ROLES.contains(role));
                    }
                }
            }
            Map<String, List<Map<String, Object>>> parts = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT message_id, data FROM part WHERE session_id = ? ORDER BY message_id, id")) {
                s.setString(1, session);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        Map<String, Object> p = part(rs.getString(2));
                        count.record(p.get("type") instanceof String t && KNOWN_PART_TYPES.contains(t));
                        parts.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                                .add(p);
                    }
                }
            }
            for (Map.Entry<String, String> m : roles.entrySet()) {
                if (turn(m.getValue(), parts.getOrDefault(m.getKey(), List.of())) != null) {
                    count.turns++;
                }
            }
        } catch (SQLException | RuntimeException e) {
            // what was counted stands
        }
        return count.of(Store.OPENCODE);
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
