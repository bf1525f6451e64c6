package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.WalkStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
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
        Walk walk = new Walk(visitor, false);
        walk(entry, walk);
        return walk.stats();
    }

    /**
     * A full read of the session for the stats line (docs/stores.md): the walk's records, each v2 assistant's
     * contents counted too, and the turns of its prose.
     */
    ReadStats stats(TranscriptIndex.Entry entry) {
        long[] turns = {0};
        Walk walk = new Walk(
                m -> {
                    turns[0] += prose(m) == null ? 0 : 1;
                    return true;
                },
                true);
        walk(entry, walk);
        return new ReadStats(Store.OPENCODE.id(), walk.records, turns[0], walk.unknown);
    }

    private void walk(TranscriptIndex.Entry entry, Walk walk) {
        if (entry.session() == null) {
            return;
        }
        if (Files.isDirectory(entry.path())) {
            legacy(entry.path(), entry.session(), walk);
        } else if (Files.isRegularFile(entry.path())) {
            database(entry.path(), entry.session(), walk);
        }
    }

    /** Counts as it goes and stops handing messages on once the visitor says so. */
    private static final class Walk {
        final MessageVisitor visitor;
        final boolean forStats;
        long records;
        long unknown;
        long messages;
        boolean stopped;

        Walk(MessageVisitor visitor, boolean forStats) {
            this.visitor = visitor;
            this.forStats = forStats;
        }

        void message(String id, Map<String, Object> data, List<Map<String, Object>> parts, Source source) {
            records++;
            unknown += OpenCodeTranscript.isKnownRole(data.get("role")) ? 0 : 1;
            for (Map<String, Object> p : parts) {
                records++;
                unknown += OpenCodeTranscript.isKnownPart(p.get("type")) ? 0 : 1;
            }
            visit(OpenCodeParts.messages(id, data, parts, source));
        }

        /** A row of the v2 tables (docs/stores.md): counted as the file view counts it, with contents for stats. */
        void row(OpenCodeV2.Row row) {
            records++;
            unknown += OpenCodeV2.isKnown(row.type()) ? 0 : 1;
            if (forStats && "assistant".equals(row.type())) {
                Map<String, Object> d = json(row.data());
                if (d.get("content") instanceof List<?> content) {
                    for (Object o : content) {
                        Map<String, Object> part = Json.asObject(o);
                        records++;
                        unknown += part != null
                                        && part.get("type") instanceof String t
                                        && OpenCodeV2.KNOWN_CONTENT.contains(t)
                                ? 0
                                : 1;
                    }
                }
            }
            visit(OpenCodeV2.messages(row, new Source.Row("session_message", row.id())));
        }

        private void visit(List<Message> messages) {
            for (Message m : messages) {
                if (!stopped) {
                    this.messages++;
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
        } catch (SQLException e) {
            // a missing table, a locked or corrupt file: what was read stands
        } catch (LinkageError e) {
            if (walk.forStats) {
                throw e; // the stats name a driver that cannot load, never zeros (OpenCodeTranscript.stats)
            }
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
        OpenCodeLegacyTranscript.Parts parts = new OpenCodeLegacyTranscript.Parts(storage);
        for (Map<String, Object> m : OpenCodeLegacyTranscript.messages(storage, session)) {
            String id = (String) m.get("id");
            walk.message(id, m, parts.of(id), OpenCodeLegacyTranscript.source(storage, session, id));
            if (walk.stopped) {
                return;
            }
        }
    }

    @Override
    public List<Turn> prose(List<Message> messages) {
        return SessionReader.each(messages, OpenCodeSession::prose);
    }
}
