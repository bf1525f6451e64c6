package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * OpenCode's v2 session tables (1.18; docs/stores.md): a session run by the session API keeps its messages in
 * {@code session_message}, one row per message with its {@code type} and its whole {@code data} (an assistant's
 * text, reasoning and tool calls with their results in {@code content}), in {@code seq} order; a prompt admitted
 * but not yet taken into the conversation is a {@code session_input} row whose {@code promoted_seq} is null.
 * Such a session has no {@code message} or {@code part} rows; the {@code event} table is the log these rows are
 * projected from, and is not read.
 */
final class OpenCodeV2 {
    private OpenCodeV2() {}

    /** The message types of 1.18's {@code Session.Message} union. */
    static final Set<String> KNOWN_TYPES = Set.of(
            "user", "assistant", "synthetic", "system", "shell", "compaction", "agent-switched", "model-switched");
    /** The kinds of an assistant's {@code content}. */
    static final Set<String> KNOWN_CONTENT = Set.of("text", "reasoning", "tool");

    /** Whether the session has v2 messages (false too when the database has no such table). */
    static boolean has(Connection c, String session) {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM session_message WHERE session_id = ? LIMIT 1")) {
            s.setString(1, session);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            return false;
        }
    }

    /** One row: a message of {@code session_message}, or a pending input (type {@code input}). */
    record Row(String id, String type, long created, String data) {}

    /** The session's rows in order: its messages by {@code seq}, then its pending inputs by admission. */
    static void rows(Connection c, String session, Consumer<Row> out) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT id, type, time_created, data FROM session_message WHERE session_id = ? ORDER BY seq, id")) {
            s.setString(1, session);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.accept(new Row(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
                }
            }
        }
        pending(c, session, out);
    }

    /** Prompts admitted and not yet promoted into the conversation (an older database may lack the table). */
    private static void pending(Connection c, String session, Consumer<Row> out) {
        try (PreparedStatement s = c.prepareStatement("SELECT id, time_created, prompt FROM session_input"
                + " WHERE session_id = ? AND promoted_seq IS NULL ORDER BY admitted_seq, id")) {
            s.setString(1, session);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.accept(new Row(rs.getString(1), "input", rs.getLong(2), rs.getString(3)));
                }
            }
        } catch (SQLException e) {
            // no session_input table: nothing is pending
        }
    }

    /** Whether a row's type is one 1.18 writes ({@code input}: a pending prompt). */
    static boolean isKnown(String type) {
        return type != null && ("input".equals(type) || KNOWN_TYPES.contains(type)); // Set.of holds no null
    }

    /** A row as session messages: the message, and for an assistant's finished tool calls a tool message after it. */
    static List<Message> messages(Row row, Source source) {
        Map<String, Object> data = JsonlRecords.parse(row.data() == null ? "{}" : row.data(), JsonProjection.ALL);
        if (data == null) {
            data = Map.of();
        }
        Map<String, Object> time = Json.asObject(data.get("time"));
        Object created = time != null && time.get("created") != null ? time.get("created") : row.created();
        String text = data.get("text") instanceof String t ? t : "";
        switch (row.type() == null ? "" : row.type()) {
            case "user":
                return List.of(Messages.of(Role.USER, user(text, data), created, row.id(), null, source, null));
            case "input":
                return List.of(Messages.of(
                        Role.USER,
                        List.of(new Block.Text(text)),
                        created,
                        row.id(),
                        null,
                        source,
                        null)); // the user's prompt, waiting for the loop
            case "synthetic": // context OpenCode adds as the user's (an inline comment, a notice): never prose
                return List.of(Messages.of(
                        Role.USER,
                        List.of(new Block.Text(text, true)),
                        created,
                        row.id(),
                        null,
                        source,
                        Message.Flag.META));
            case "shell": {
                String command = data.get("command") instanceof String s ? s : "";
                String output = data.get("output") instanceof String s ? s : "";
                String call = data.get("callID") instanceof String s ? s : row.id();
                List<Block> blocks = List.of(
                        new Block.ToolCall(
                                call,
                                "bash",
                                io.github.termsprawl.jsonl.JsonWriter.compact(Map.of("command", command))),
                        new Block.ToolResult(call, output, false));
                return List.of(Messages.of(Role.USER, blocks, created, row.id(), null, source, Message.Flag.META));
            }
            case "compaction": {
                String summary = data.get("summary") instanceof String s ? s : "";
                String recent = data.get("recent") instanceof String s ? s : "";
                String body = recent.isEmpty() ? summary : summary + "\n\n" + recent;
                return List.of(Messages.of(
                        Role.USER,
                        List.of(new Block.Text(body)),
                        created,
                        row.id(),
                        null,
                        source,
                        Message.Flag.COMPACT_SUMMARY));
            }
            case "assistant":
                return assistant(row, data, created, source);
            default: // system, agent-switched, model-switched and what a later version adds
                return List.of(Messages.of(
                        Role.SYSTEM,
                        text.isEmpty() ? List.of() : List.of(new Block.Text(text)),
                        created,
                        row.id(),
                        null,
                        source,
                        Message.Flag.META));
        }
    }

    private static List<Block> user(String text, Map<String, Object> data) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Text(text));
        if (data.get("files") instanceof List<?> files) {
            for (Object f : files) {
                Map<String, Object> file = Json.asObject(f);
                if (file != null) {
                    Object name = file.get("name") != null ? file.get("name") : file.get("uri");
                    blocks.add(new Block.Attachment("file", name instanceof String s ? s : null));
                }
            }
        }
        return blocks;
    }

    private static List<Message> assistant(Row row, Map<String, Object> data, Object created, Source source) {
        List<Block> blocks = new ArrayList<>();
        List<Block> results = new ArrayList<>();
        if (data.get("content") instanceof List<?> content) {
            for (Object o : content) {
                Map<String, Object> c = Json.asObject(o);
                Object type = c == null ? null : c.get("type");
                if ("text".equals(type) && c.get("text") instanceof String t) {
                    blocks.add(new Block.Text(t));
                } else if ("reasoning".equals(type)) {
                    blocks.add(new Block.Thinking(c.get("text") instanceof String t ? t : "", false));
                } else if ("tool".equals(type)) {
                    tool(c, blocks, results);
                }
            }
        }
        Message.Flag flag = data.get("error") != null ? Message.Flag.API_ERROR : null;
        Message message = Messages.of(Role.ASSISTANT, blocks, created, row.id(), null, source, flag);
        return results.isEmpty()
                ? List.of(message)
                : List.of(
                        message,
                        new Message(Role.TOOL, results, message.timestamp(), null, row.id(), source, Set.of()));
    }

    /** A tool call; once completed or failed, its result: the text of its {@code content}, or the error's message. */
    private static void tool(Map<String, Object> c, List<Block> calls, List<Block> results) {
        String id = c.get("id") instanceof String s ? s : null;
        Map<String, Object> state = Json.asObject(c.get("state"));
        Object input = state == null ? null : state.get("input");
        calls.add(new Block.ToolCall(id, c.get("name") instanceof String n ? n : null, ContentBlocks.arguments(input)));
        Object status = state == null ? null : state.get("status");
        if ("completed".equals(status) || "error".equals(status)) {
            StringBuilder out = new StringBuilder();
            if (state.get("content") instanceof List<?> content) {
                for (Object o : content) {
                    Map<String, Object> p = Json.asObject(o);
                    if (p != null && p.get("text") instanceof String t) {
                        out.append(out.length() == 0 ? "" : "\n").append(t);
                    }
                }
            }
            Map<String, Object> error = Json.asObject(state.get("error"));
            if (out.length() == 0 && error != null && error.get("message") instanceof String m) {
                out.append(m);
            }
            results.add(new Block.ToolResult(id, out.toString(), "error".equals(status)));
        }
    }

    /** The last turns of a v2 session: its rows read whole (a session's own rows, by its index), each one's prose. */
    static List<Turn> lastTurns(Connection c, String session, TurnLimits limits) throws SQLException {
        List<Turn> turns = new ArrayList<>();
        rows(c, session, row -> {
            io.github.termsprawl.jsonl.Deadline.check();
            Turn t = OpenCodeSession.prose(
                    messages(row, new Source.Row("session_message", row.id())).get(0));
            if (t != null) {
                turns.add(limits.cut(t)); // each cut as it comes: the session's whole prose is never held
            }
        });
        return limits.last(turns);
    }
}
