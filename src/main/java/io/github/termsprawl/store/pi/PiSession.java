package io.github.termsprawl.store.pi;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.JsonlMessages;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.WalkStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A pi coding-agent session as a session: its entries in file order. The role of a message is read
 * before its blocks — a {@code toolResult} holds plain {@code text} blocks that are the tool's, not the
 * model's. A {@code compaction} entry stands as its summary; the user's own shell commands
 * ({@code bashExecution}) as a call and its result.
 */
public final class PiSession implements SessionReader {
    @Override
    public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
        return JsonlMessages.walk(entry.path(), JsonProjection.ALL, RULE, visitor);
    }

    /**
     * The messages of the lines from {@code offset} on (a line start of an earlier walk, numbered {@code line}):
     * each pi message is one line, so a file that only grew is read from where the last walk stopped.
     */
    public WalkStats walkFrom(Path file, long offset, long line, MessageVisitor visitor) {
        return JsonlMessages.walk(file, offset, line, JsonProjection.ALL, RULE, visitor);
    }

    /**
     * The turn the file view prints for a message of {@link #walk}, or null (docs/stores.md): a {@code user}
     * or {@code assistant} message's {@code text} blocks joined with {@code \n}, when not empty. Compaction and
     * branch summaries and the user's shell commands are messages of the session but print nothing.
     */
    public static Turn prose(Message m) {
        return m.has(Message.Flag.COMPACT_SUMMARY) || m.has(Message.Flag.META) ? null : Messages.nonEmptyProse(m);
    }

    static final JsonlMessages.Rule RULE = new JsonlMessages.Rule() {
        @Override
        public List<Message> messages(Map<String, Object> record, Source.Line source) {
            Message m = message(record, source);
            return m == null ? List.of() : List.of(m);
        }

        @Override
        public boolean isKnown(Map<String, Object> record) {
            return PiTranscript.isKnown(record);
        }

        /** The session header names the folder pi runs in ({@code cwd}). */
        @Override
        public String directory(Map<String, Object> record) {
            return "session".equals(record.get("type")) && record.get("cwd") instanceof String cwd ? cwd : null;
        }
    };

    static Message message(Map<String, Object> entry, Source source) {
        Object type = entry.get("type");
        String id = entry.get("id") instanceof String s ? s : null;
        String parent = entry.get("parentId") instanceof String s ? s : null;
        Object time = entry.get("timestamp");
        if ("compaction".equals(type) || "branch_summary".equals(type)) {
            return summary(entry, "compaction".equals(type), time, id, parent, source);
        }
        if ("custom_message".equals(type)) {
            return Messages.of(Role.SYSTEM, content(entry.get("content")), time, id, parent, source, Message.Flag.META);
        }
        Map<String, Object> m = Json.asObject(entry.get("message"));
        if (!"message".equals(type) || m == null) {
            return null; // the header, model and thinking-level changes, labels, names
        }
        if (time == null) {
            time = m.get("timestamp");
        }
        Object role = m.get("role");
        if ("user".equals(role)) {
            return Messages.of(Role.USER, content(m.get("content")), time, id, parent, source, null);
        }
        if ("assistant".equals(role)) {
            Message.Flag flag = "error".equals(m.get("stopReason")) ? Message.Flag.API_ERROR : null;
            return Messages.of(Role.ASSISTANT, content(m.get("content")), time, id, parent, source, flag);
        }
        if ("toolResult".equals(role)) {
            Block result = new Block.ToolResult(
                    m.get("toolCallId") instanceof String c ? c : null,
                    Messages.text(content(m.get("content"))),
                    Boolean.TRUE.equals(m.get("isError")));
            return Messages.of(Role.TOOL, List.of(result), time, id, parent, source, null);
        }
        if ("bashExecution".equals(role)) {
            String command = m.get("command") instanceof String c ? c : "";
            boolean failed = !(m.get("exitCode") instanceof Json.JsonNumber n) || n.value() != 0;
            List<Block> blocks = List.of(
                    new Block.ToolCall(id, "bash", JsonWriter.compact(Map.of("command", command))),
                    new Block.ToolResult(id, m.get("output") instanceof String o ? o : "", failed));
            return Messages.of(Role.USER, blocks, time, id, parent, source, Message.Flag.META);
        }
        if ("compactionSummary".equals(role) || "branchSummary".equals(role)) {
            return summary(m, "compactionSummary".equals(role), time, id, parent, source);
        }
        return Messages.of(Role.SYSTEM, content(m.get("content")), time, id, parent, source, Message.Flag.META);
    }

    /** A compaction's summary (the conversation before it), or an abandoned branch's (a note). */
    private static Message summary(
            Map<String, Object> from, boolean compaction, Object time, String id, String parent, Source source) {
        String summary = from.get("summary") instanceof String s ? s : "";
        return Messages.of(
                Role.USER,
                List.of(new Block.Text(summary)),
                time,
                id,
                parent,
                source,
                compaction ? Message.Flag.COMPACT_SUMMARY : Message.Flag.META);
    }

    /** A string, or blocks: {@code text}, {@code thinking}, {@code toolCall}, {@code image}. */
    static List<Block> content(Object content) {
        List<Block> blocks = new ArrayList<>();
        if (content instanceof String s) {
            blocks.add(new Block.Text(s));
        } else if (content instanceof List<?> parts) {
            for (Object part : parts) {
                Map<String, Object> p = Json.asObject(part);
                Object type = p == null ? null : p.get("type");
                if ("text".equals(type) && p.get("text") instanceof String t) {
                    blocks.add(new Block.Text(t));
                } else if ("thinking".equals(type)) {
                    boolean redacted = Boolean.TRUE.equals(p.get("redacted"));
                    blocks.add(new Block.Thinking(
                            redacted || !(p.get("thinking") instanceof String t) ? "" : t, redacted));
                } else if ("toolCall".equals(type)) {
                    blocks.add(new Block.ToolCall(
                            p.get("id") instanceof String i ? i : null,
                            p.get("name") instanceof String n ? n : null,
                            ContentBlocks.arguments(p.get("arguments"))));
                } else if ("image".equals(type)) {
                    blocks.add(new Block.Image(
                            p.get("mimeType") instanceof String mt ? mt : null,
                            p.get("data") instanceof String d ? ContentBlocks.base64Size(d) : -1));
                }
            }
        }
        return blocks;
    }

    @Override
    public List<Turn> prose(List<Message> messages) {
        return SessionReader.each(messages, PiSession::prose);
    }
}
