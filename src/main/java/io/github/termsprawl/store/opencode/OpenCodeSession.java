package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.WalkStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One OpenCode session as a session: its messages in creation order, each with its parts in id order —
 * from the SQLite database (v1.2+), through the held read-only connections of {@link OpenCodeDatabases},
 * or from the JSON files of the {@code storage/} folder used before. The entry's {@code session} names
 * the session. A database is streamed row by row, one message's parts held at a time.
 */
public final class OpenCodeSession implements SessionReader {
    private final OpenCodeDatabases databases;

    public OpenCodeSession(OpenCodeDatabases databases) {
        this.databases = databases;
    }

    /**
     * The turn the file view prints for a message of {@link #walk}, or null (docs/stores.md): a {@code user}
     * or {@code assistant} message's {@code text} parts that are neither {@code synthetic} nor {@code ignored}
     * (the {@link io.github.termsprawl.store.Block.Text#harness()} ones), joined with {@code \n}, when not empty;
     * a compaction's summary never.
     */
    public static Turn prose(Message m) {
        return m.has(Message.Flag.COMPACT_SUMMARY) ? null : Messages.nonEmptyProse(m);
    }

    @Override
    public boolean liveIsWalk() {
        return false; // after a compaction, OpenCode sends the conversation from its summary on
    }

    @Override
    public List<Message> live(TranscriptIndex.Entry entry) {
        List<Message> out = new ArrayList<>();
        walk(entry, m -> out.add(m));
        // a compaction's summary stands for every message before it: OpenCode sends the conversation from it on
        for (int i = out.size() - 1; i > 0; i--) {
            if (out.get(i).has(Message.Flag.COMPACT_SUMMARY)) {
                return new ArrayList<>(out.subList(i, out.size()));
            }
        }
        return out;
    }

    @Override
    public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
        Walk walk = new Walk(visitor);
        if (entry.session() == null) {
            return walk.stats();
        }
        if (Files.isDirectory(entry.path())) {
            legacy(entry.path(), entry.session(), walk);
        } else if (Files.isRegularFile(entry.path())) {
            database(entry.path(), entry.session(), walk);
        }
        return walk.stats();
    }

    /** Counts as it goes and stops handing messages on once the visitor says so. */
    private static final class Walk {
        final MessageVisitor visitor;
        long records;
        long unknown;
        long messages;
        boolean stopped;

        Walk(MessageVisitor visitor) {
            this.visitor = visitor;
        }

        void message(String id, Map<String, Object> data, List<Map<String, Object>> parts, Source source) {
            records++;
            unknown += OpenCodeTranscript.isKnownRole(data.get("role")) ? 0 : 1;
            for (Map<String, Object> p : parts) {
                records++;
                unknown += OpenCodeTranscript.isKnownPart(p.get("type")) ? 0 : 1;
            }
            for (Message m : OpenCodeParts.messages(id, data, parts, source)) {
                if (!stopped) {
                    messages++;
                    stopped = !visitor.visit(m);
                }
            }
        }

        /** A row of the v2 tables (docs/stores.md): counted as the file view counts it. */
        void row(OpenCodeV2.Row row) {
            records++;
            unknown += OpenCodeV2.isKnown(row.type()) ? 0 : 1;
            for (Message m : OpenCodeV2.messages(row, new Source.Row("session_message", row.id()))) {
                if (!stopped) {
                    messages++;
                    stopped = !visitor.visit(m);
                }
            }
        }

        WalkStats stats() {
            return new WalkStats(records, unknown, 0, messages);
        }
    }

    private void database(Path db, String session, Walk walk) {
        String sql = "SELECT m.id, m.data, p.data FROM message m LEFT JOIN part p ON p.message_id = m.id"
                + " WHERE m.session_id = ? ORDER BY m.time_created, m.id, p.id";
        try {
            Connection c = databases.connection(db);
            directory(c, session, walk.visitor);
            if (OpenCodeV2.has(c, session)) {
                OpenCodeV2.rows(c, session, row -> {
                    if (!walk.stopped) {
                        walk.row(row);
                    }
                });
                return;
            }
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, session);
                try (ResultSet rs = s.executeQuery()) {
                    String current = null;
                    Map<String, Object> data = null;
                    List<Map<String, Object>> parts = new ArrayList<>();
                    while (rs.next() && !walk.stopped) {
                        String id = rs.getString(1);
                        if (!id.equals(current)) {
                            if (current != null) {
                                walk.message(current, data, parts, new Source.Row("message", current));
                            }
                            current = id;
                            data = json(rs.getString(2));
                            parts = new ArrayList<>();
                        }
                        String part = rs.getString(3);
                        if (part != null) {
                            parts.add(json(part));
                        }
                    }
                    if (current != null && !walk.stopped) {
                        walk.message(current, data, parts, new Source.Row("message", current));
                    }
                }
            }
        } catch (SQLException | LinkageError e) {
            // a missing table, a locked or corrupt file, no driver: what was read stands
        }
    }

    /** The folder the session runs in, as its row names it ({@code directory}), to the visitor before any message. */
    private static void directory(Connection c, String session, MessageVisitor visitor) {
        try (PreparedStatement s = c.prepareStatement("SELECT directory FROM session WHERE id = ?")) {
            s.setString(1, session);
            try (ResultSet rs = s.executeQuery()) {
                String dir = rs.next() ? rs.getString(1) : null;
                if (dir != null) {
                    visitor.directory(dir);
                }
            }
        } catch (SQLException e) {
            // a schema without it: no directory known
        }
    }

    /** Its write-ahead log: OpenCode leaves its newest writes there (docs/stores.md). */
    @Override
    public List<Path> companions(Path transcript) {
        return Files.isRegularFile(transcript) ? List.of(Path.of(transcript + "-wal")) : List.of();
    }

    /**
     * The sessions OpenCode started for this one's subagents (the {@code task} tool; docs/stores.md): its
     * descendants by {@code parent_id}, each after its parent, siblings oldest first. Empty for a storage folder
     * (before v1.2 a child's files name their parent only in the session's own JSON) or when none can be read.
     */
    @Override
    public List<Child> children(TranscriptIndex.Entry entry) {
        List<Child> out = new ArrayList<>();
        if (entry.session() == null || !Files.isRegularFile(entry.path())) {
            return out;
        }
        try {
            Connection c = databases.connection(entry.path());
            java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(List.of(entry.session()));
            java.util.Set<String> seen = new java.util.HashSet<>(todo);
            while (!todo.isEmpty()) {
                try (PreparedStatement s =
                        c.prepareStatement("SELECT id FROM session WHERE parent_id = ? ORDER BY time_created, id")) {
                    s.setString(1, todo.poll());
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            String id = rs.getString(1);
                            if (id != null && seen.add(id)) { // a cycle in the rows never loops
                                out.add(new Child(
                                        id, new TranscriptIndex.Entry(entry.path(), entry.store(), id), null));
                                todo.add(id);
                            }
                        }
                    }
                }
            }
        } catch (SQLException | LinkageError e) {
            // what was read stands
        }
        return out;
    }

    private static Map<String, Object> json(String text) {
        Map<String, Object> value = text == null ? null : JsonlRecords.parse(text, JsonProjection.ALL);
        return value == null ? Map.of() : value;
    }

    private static void legacy(Path path, String session, Walk walk) {
        Path storage = OpenCodeLegacyTranscript.storageDir(path);
        if (storage == null || !OpenCodeLegacyTranscript.isSafeName(session)) {
            return;
        }
        List<Map<String, Object>> messages = new ArrayList<>();
        for (Path file :
                OpenCodeLegacyTranscript.jsonFiles(storage.resolve("message").resolve(session))) {
            Map<String, Object> m = Json.asObject(Json.readFileOrNull(file));
            if (m != null) {
                if (!(m.get("id") instanceof String)) {
                    String name = file.getFileName().toString(); // a *.json file: its stem, as the file view reads it
                    m.put("id", name.substring(0, name.length() - ".json".length()));
                }
                messages.add(m);
            }
        }
        messages.sort(Comparator.<Map<String, Object>>comparingDouble(OpenCodeSession::created)
                .thenComparing(m -> (String) m.get("id")));
        Map<String, List<Map<String, Object>>> flat = null;
        for (Map<String, Object> m : messages) {
            String id = (String) m.get("id");
            Path dir = OpenCodeLegacyTranscript.isSafeName(id)
                    ? storage.resolve("part").resolve(id)
                    : null;
            List<Map<String, Object>> parts = new ArrayList<>();
            if (dir != null && Files.isDirectory(dir)) {
                for (Path file : OpenCodeLegacyTranscript.jsonFiles(dir)) {
                    Map<String, Object> p = Json.asObject(Json.readFileOrNull(file));
                    if (p != null) {
                        parts.add(p);
                    }
                }
            } else {
                if (flat == null) {
                    flat = flatParts(storage.resolve("part"));
                }
                parts.addAll(flat.getOrDefault(id, List.of()));
            }
            parts.sort(Comparator.comparing(p -> p.get("id") instanceof String s ? s : ""));
            walk.message(
                    id,
                    m,
                    parts,
                    new Source.Row(storage.resolve("message").resolve(session).toString(), id));
            if (walk.stopped) {
                return;
            }
        }
    }

    /** The oldest layout keeps every part in one folder, each naming its {@code messageID}. */
    private static Map<String, List<Map<String, Object>>> flatParts(Path dir) {
        Map<String, List<Map<String, Object>>> byMessage = new HashMap<>();
        for (Path file : OpenCodeLegacyTranscript.jsonFiles(dir)) {
            Map<String, Object> p = Json.asObject(Json.readFileOrNull(file));
            if (p != null && p.get("messageID") instanceof String m) {
                byMessage.computeIfAbsent(m, k -> new ArrayList<>()).add(p);
            }
        }
        return byMessage;
    }

    private static double created(Map<String, Object> m) {
        Map<String, Object> time = Json.asObject(m.get("time"));
        return time != null && time.get("created") instanceof Json.JsonNumber n ? n.value() : 0;
    }

    @Override
    public List<Turn> prose(List<Message> messages) {
        return SessionReader.each(messages, OpenCodeSession::prose);
    }
}
