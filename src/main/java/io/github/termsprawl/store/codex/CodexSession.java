package io.github.termsprawl.store.codex;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.JsonlMessages;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Codex rollout as a session. The messages are the {@code response_item} records — the transcript the
 * model is sent: messages, reasoning, tool calls and their outputs. The {@code event_msg} records mirror
 * them for the UI and give none, except in a rollout with no {@code response_item} at all (the oldest
 * ones), whose UI prose is then all there is. A {@code compacted} record replaces the history: the live
 * branch is its {@code replacement_history} (or its summary) and what came after.
 */
public final class CodexSession implements SessionReader {
    static final JsonProjection KEYS = JsonProjection.whole("timestamp", "type", "payload", "metadata");

    @Override
    public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
        return walkFrom(entry.path(), 0, 1, false, visitor).stats();
    }

    /** A walk and whether it saw the model transcript ({@code response_item} records). */
    public record Walk(WalkStats stats, boolean modelTranscript) {}

    /**
     * The messages of the lines from {@code offset} on (a line start of an earlier walk, numbered {@code line}).
     * Once a walk has seen the model transcript ({@code modelTranscript}), every message is one line's, so a file
     * that only grew is read from where that walk stopped; before, the UI prose of the whole file may stand in
     * for it (read from the start then).
     */
    public Walk walkFrom(Path file, long offset, long line, boolean modelTranscript, MessageVisitor visitor) {
        return walkFrom(file, offset, line, modelTranscript, false, visitor);
    }

    private Walk walkFrom(
            Path file, long offset, long line, boolean modelTranscript, boolean copies, MessageVisitor visitor) {
        if (offset == 0) {
            CodexFork.Start own = CodexFork.ownStart(file); // a subagent's replay of its parent is the parent's
            if (own != null) {
                offset = own.offset();
                line = own.line();
            }
        }
        List<Message> fallback = new ArrayList<>();
        boolean[] items = {modelTranscript};
        JsonlMessages.Rule rule = new JsonlMessages.Rule() {
            @Override
            public List<Message> messages(Map<String, Object> record, Source.Line source) {
                if ("response_item".equals(record.get("type"))) {
                    items[0] = true;
                    fallback.clear();
                } else if (!items[0] && !copies) {
                    fallback.addAll(uiMessages(record, source)); // kept only while no model transcript is seen
                }
                return copies ? copies(record, source) : CodexSession.messages(record, source);
            }

            @Override
            public boolean isKnown(Map<String, Object> record) {
                return CodexTranscript.isKnown(record);
            }

            /** The folder the session starts in ({@code session_meta}) and each turn runs in ({@code turn_context}). */
            @Override
            public String directory(Map<String, Object> record) {
                Object type = record.get("type");
                if (!"session_meta".equals(type) && !"turn_context".equals(type)) {
                    return null;
                }
                Map<String, Object> payload = io.github.termsprawl.jsonl.Json.asObject(record.get("payload"));
                return payload != null && payload.get("cwd") instanceof String cwd ? cwd : null;
            }
        };
        // a rollout in segments: the earlier segments first, then the rollout (a walk that goes on reads only it)
        long records = 0;
        long unknown = 0;
        long unreadable = 0;
        long seen = 0;
        boolean[] stopped = {false};
        MessageVisitor counting = new MessageVisitor() {
            @Override
            public boolean visit(Message m) {
                boolean more = visitor.visit(m);
                stopped[0] |= !more;
                return more;
            }

            @Override
            public void directory(String dir) {
                visitor.directory(dir);
            }
        };
        for (Path segment : offset == 0 ? CodexSegments.before(file) : List.<Path>of()) {
            WalkStats s = JsonlMessages.walk(segment, 0, 1, KEYS, rule, counting);
            records += s.records();
            unknown += s.unknown();
            unreadable += s.unreadable();
            seen += s.messages();
            if (stopped[0]) {
                return new Walk(new WalkStats(records, unknown, unreadable, seen), items[0]);
            }
        }
        WalkStats last = JsonlMessages.walk(file, offset, line, KEYS, rule, counting);
        WalkStats stats = new WalkStats(
                records + last.records(),
                unknown + last.unknown(),
                unreadable + last.unreadable(),
                seen + last.messages());
        long messages = stats.messages();
        for (Message m : items[0] || copies ? List.<Message>of() : fallback) {
            messages++;
            if (!visitor.visit(m)) {
                break;
            }
        }
        return new Walk(new WalkStats(stats.records(), stats.unknown(), stats.unreadable(), messages), items[0]);
    }

    /**
     * A whole rollout's prose and the counts of its walk: every message of the model transcript and, where they were
     * written, the UI stream's and the completed items' copies of the prose ({@link Message.Flag#UI_COPY},
     * {@link Message.Flag#ITEM_COPY}), in file order, projected exchange by exchange ({@link #prose(List)}). The
     * views of the whole session ({@link #walk}) give the model transcript alone.
     */
    record Whole(List<Turn> turns, WalkStats stats) {}

    Whole whole(Path file) {
        List<Message> messages = new ArrayList<>();
        WalkStats stats = walkFrom(file, 0, 1, false, true, messages::add).stats();
        return new Whole(prose(messages), stats);
    }

    /** Prose channels, most preferred first (docs/stores.md): the UI stream, completed items, the model transcript. */
    private static final Message.Flag[] CHANNELS = {Message.Flag.UI_COPY, Message.Flag.ITEM_COPY, null};

    /**
     * The turns the file view prints, from the messages {@link #whole} reads, in order (docs/stores.md).
     * Codex writes one message on up to three channels, and some rollouts have one side of an exchange (a run of
     * user messages and the replies up to the next user message) on one channel only: for each exchange, its user
     * side and its assistant side are each taken from the first channel, in {@link #CHANNELS} order, that has
     * prose for it. A user text loses the harness blocks it opens with; reasoning, tool traffic, developer
     * messages, other agents' messages and compaction summaries print nothing.
     */
    @Override
    public List<Turn> prose(List<Message> messages) {
        List<Turn> turns = new ArrayList<>();
        List<List<Turn>> users = new ArrayList<>();
        List<List<Turn>> assistants = new ArrayList<>();
        for (int i = 0; i < CHANNELS.length; i++) {
            users.add(new ArrayList<>());
            assistants.add(new ArrayList<>());
        }
        boolean replied = false;
        for (Message m : messages) {
            int channel = m.has(Message.Flag.UI_COPY) ? 0 : m.has(Message.Flag.ITEM_COPY) ? 1 : 2;
            Turn turn = prose(m);
            if (turn == null) {
                continue;
            }
            boolean user = turn.role().equals("user");
            if (user && replied) {
                exchange(users, assistants, turns);
                replied = false;
            }
            (user ? users : assistants).get(channel).add(turn);
            replied |= !user;
        }
        exchange(users, assistants, turns);
        return turns;
    }

    private static void exchange(List<List<Turn>> users, List<List<Turn>> assistants, List<Turn> into) {
        for (List<List<Turn>> side : List.of(users, assistants)) {
            for (List<Turn> channel : side) {
                if (!channel.isEmpty()) {
                    into.addAll(channel);
                    break;
                }
            }
            for (List<Turn> channel : side) {
                channel.clear();
            }
        }
    }

    /** One message's prose on its own channel, or null. */
    static Turn prose(Message m) {
        if (m.has(Message.Flag.COMPACT_SUMMARY)
                || m.has(Message.Flag.META)
                || (m.role() != Role.USER && m.role() != Role.ASSISTANT)) {
            return null; // injected context, another agent's message, a summary, the harness's
        }
        boolean user = m.role() == Role.USER;
        boolean joinFirst = m.has(Message.Flag.ITEM_COPY); // an item's blocks are one text, stripped as a whole
        StringBuilder text = null;
        for (Block b : m.blocks()) {
            if (b instanceof Block.Text t) {
                String own = user && !joinFirst ? CodexTranscript.userText(t.text()) : t.text();
                if (own != null) {
                    text = text == null
                            ? new StringBuilder(own)
                            : text.append('\n').append(own);
                }
            }
        }
        String joined =
                text == null ? null : user && joinFirst ? CodexTranscript.userText(text.toString()) : text.toString();
        return joined == null || joined.isEmpty() ? null : new Turn(m.role().id(), joined);
    }

    /**
     * A rollout whose model transcript holds none of the user's messages (they are on its UI channel only): what
     * its model was sent is not in the file, so the file view stands (docs/context.md, "The live view").
     */
    @Override
    public List<Turn> liveTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        List<Turn> prose = SessionReader.liveProse(this, live(entry));
        for (Turn t : prose) {
            if (t.role().equals("user")) {
                return SessionReader.last(prose, limits);
            }
        }
        return null;
    }

    @Override
    public boolean liveIsWalk() {
        return false; // after a compaction its model is sent the history the compaction left
    }

    /** Read backwards to the last {@code compacted} record: the history it left, and what followed. */
    @Override
    public List<Message> live(TranscriptIndex.Entry entry) {
        Path file = entry.path();
        List<Map<String, Object>> records = new ArrayList<>();
        List<Source.Line> sources = new ArrayList<>();
        CodexFork.Start own = CodexFork.ownStart(file);
        long from = own == null ? 0 : own.offset(); // a subagent's replay of its parent is the parent's
        if (file.toFile().isFile()) {
            try (ReverseLineReader lines = ReverseLineReader.open(
                    file, ReverseLineReader.DEFAULT_CHUNK, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE)) {
                while (lines.previous() && lines.lineStart() >= from) {
                    Map<String, Object> r = JsonlRecords.parse(lines, KEYS, ReadLimits.STRING_CAP);
                    if (r != null) {
                        records.add(r);
                        sources.add(new Source.Line(file.toString(), 0, lines.lineStart()));
                        if ("compacted".equals(r.get("type"))) {
                            break;
                        }
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // what was read stands
            }
        }
        Collections.reverse(records);
        Collections.reverse(sources);
        boolean compacted =
                !records.isEmpty() && "compacted".equals(records.get(0).get("type"));
        List<Path> segments = compacted ? List.of() : CodexSegments.before(file);
        if (!segments.isEmpty()) {
            // no compaction in the rollout itself: its segment's live branch goes on in it
            Path previous = segments.get(segments.size() - 1);
            List<Message> before = live(new TranscriptIndex.Entry(previous, entry.store(), entry.session()));
            List<Message> after = liveOf(records, sources);
            List<Message> all = new ArrayList<>(before);
            all.addAll(after);
            return all;
        }
        return liveOf(records, sources);
    }

    /** The live branch of records read back to a compaction (or the start). */
    private static List<Message> liveOf(List<Map<String, Object>> records, List<Source.Line> sources) {
        List<Message> out = new ArrayList<>();
        List<Message> fallback = new ArrayList<>();
        boolean items = false;
        for (int i = 0; i < records.size(); i++) {
            Map<String, Object> r = records.get(i);
            Map<String, Object> payload = Json.asObject(r.get("payload"));
            // the history a compaction left: its replacement_history items, else its summary (messages)
            if ("compacted".equals(r.get("type"))
                    && payload != null
                    && payload.get("replacement_history") instanceof List<?> history) {
                for (Object item : history) {
                    Map<String, Object> p = Json.asObject(item);
                    if (p != null) {
                        out.addAll(item(p, r.get("timestamp"), sources.get(i)));
                    }
                }
            } else {
                out.addAll(messages(r, sources.get(i)));
                fallback.addAll(uiMessages(r, sources.get(i)));
            }
            // a compaction's replacement is a model transcript
            items |= "response_item".equals(r.get("type")) || "compacted".equals(r.get("type"));
        }
        return items ? out : fallback;
    }

    /** A record's messages in the model transcript: its {@code response_item}, or a compaction's summary. */
    static List<Message> messages(Map<String, Object> record, Source.Line source) {
        Map<String, Object> p = Json.asObject(record.get("payload"));
        if (p == null) {
            return List.of();
        }
        if ("response_item".equals(record.get("type"))) {
            List<Message> item = item(p, record.get("timestamp"), source);
            if (CodexTranscript.isCompactionOutput(record) && item.size() == 1) {
                // the summary a compaction asked the model for (0.169+): the harness's, never an answer
                Message m = item.get(0);
                return List.of(
                        message(m.role(), m.blocks(), record.get("timestamp"), m.id(), source, Message.Flag.META));
            }
            return item;
        }
        if ("compacted".equals(record.get("type"))
                && p.get("message") instanceof String summary
                && !summary.isEmpty()) {
            return List.of(message(
                    Role.USER,
                    List.of(new Block.Text(summary)),
                    record.get("timestamp"),
                    null,
                    source,
                    Message.Flag.COMPACT_SUMMARY));
        }
        return List.of();
    }

    private static List<Message> item(Map<String, Object> p, Object time, Source.Line source) {
        Object type = p.get("type");
        String id = p.get("id") instanceof String s ? s : null;
        if ("message".equals(type) || "agent_message".equals(type)) {
            List<Block> blocks = parts(p.get("content"));
            Object role = p.get("role");
            if ("agent_message".equals(type)) { // another agent's message to this one (0.146+): no prose of the session
                return List.of(message(Role.ASSISTANT, blocks, time, id, source, Message.Flag.META));
            }
            if ("assistant".equals(role)) {
                return List.of(message(Role.ASSISTANT, blocks, time, id, source, null));
            }
            if ("user".equals(role)) {
                return List.of(
                        message(Role.USER, blocks, time, id, source, injected(blocks) ? Message.Flag.META : null));
            }
            return List.of(message(Role.SYSTEM, blocks, time, id, source, Message.Flag.META)); // developer, system
        }
        if ("reasoning".equals(type)) {
            String text = texts(p.get("summary")) + texts(p.get("content"));
            boolean redacted = text.isEmpty() && p.get("encrypted_content") != null;
            return List.of(
                    message(Role.ASSISTANT, List.of(new Block.Thinking(text, redacted)), time, id, source, null));
        }
        String callId = p.get("call_id") instanceof String c ? c : id;
        if ("function_call".equals(type) || "custom_tool_call".equals(type)) {
            Object args = p.containsKey("arguments") ? p.get("arguments") : p.get("input");
            return List.of(message(
                    Role.ASSISTANT,
                    List.of(new Block.ToolCall(callId, string(p.get("name")), ContentBlocks.arguments(args))),
                    time,
                    id,
                    source,
                    null));
        }
        if ("local_shell_call".equals(type)
                || "web_search_call".equals(type)
                || "tool_search_call".equals(type)
                || "image_generation_call".equals(type)) {
            String name = ((String) type).substring(0, ((String) type).length() - "_call".length());
            Object args = p.containsKey("action") ? p.get("action") : p.get("arguments");
            return List.of(message(
                    Role.ASSISTANT,
                    List.of(new Block.ToolCall(callId, name, ContentBlocks.arguments(args))),
                    time,
                    id,
                    source,
                    null));
        }
        if (type instanceof String t && t.endsWith("_output")) {
            Object output = p.get("output");
            boolean error = output instanceof Map<?, ?> o && Boolean.FALSE.equals(o.get("success"));
            return List.of(message(
                    Role.TOOL,
                    List.of(new Block.ToolResult(callId, outputText(output), error)),
                    time,
                    id,
                    source,
                    null));
        }
        if ("compaction".equals(type)) { // a summary the server keeps encrypted
            return List.of(message(
                    Role.USER,
                    List.of(new Block.Attachment("compaction", null)),
                    time,
                    id,
                    source,
                    Message.Flag.COMPACT_SUMMARY));
        }
        return List.of(); // ghost snapshots: bookkeeping
    }

    /**
     * Whether a record's messages ({@link #copies}) may have prose: a {@code response_item} message, or a UI event of
     * a message or a completed item. The backward walk converts no other record (tool traffic, reasoning, counts),
     * which is most of a rollout.
     */
    static boolean mayHaveProse(Map<String, Object> record) {
        Map<String, Object> p = Json.asObject(record.get("payload"));
        Object type = p == null ? null : p.get("type");
        return "response_item".equals(record.get("type"))
                ? "message".equals(type)
                : "event_msg".equals(record.get("type"))
                        && ("user_message".equals(type)
                                || "agent_message".equals(type)
                                || "item_completed".equals(type));
    }

    /** A record's messages and its prose copies, as {@link #whole} reads them. */
    static List<Message> copies(Map<String, Object> record, Source.Line source) {
        List<Message> out = new ArrayList<>(messages(record, source));
        for (Message m : uiMessages(record, source)) {
            out.add(copy(m, Message.Flag.UI_COPY));
        }
        Map<String, Object> p = Json.asObject(record.get("payload"));
        Map<String, Object> item = p == null ? null : Json.asObject(p.get("item"));
        if ("event_msg".equals(record.get("type")) && item != null && "item_completed".equals(p.get("type"))) {
            Role role = "UserMessage".equals(item.get("type"))
                    ? Role.USER
                    : "AgentMessage".equals(item.get("type")) ? Role.ASSISTANT : null;
            if (role != null && item.get("content") instanceof List<?> content) {
                List<Block> blocks = new ArrayList<>();
                for (Object o : content) {
                    Map<String, Object> b = Json.asObject(o);
                    if (b != null
                            && ("Text".equals(b.get("type")) || "text".equals(b.get("type")))
                            && b.get("text") instanceof String t) {
                        blocks.add(new Block.Text(t));
                    }
                }
                String id = item.get("id") instanceof String s ? s : null;
                out.add(message(role, blocks, record.get("timestamp"), id, source, Message.Flag.ITEM_COPY));
            }
        }
        return out;
    }

    private static Message copy(Message m, Message.Flag flag) {
        Set<Message.Flag> flags = EnumSet.of(flag);
        flags.addAll(m.flags());
        return new Message(m.role(), m.blocks(), m.timestamp(), m.id(), m.parentId(), m.source(), flags);
    }

    /**
     * The UI stream, for rollouts that have no model transcript: its prose, and the edits and commands of its
     * completed items ({@code FileChange}, {@code CommandExecution}) as tool calls and results, so that their
     * touches count (docs/touches.md); a rollout with a model transcript has the same calls there, by the same id.
     */
    static List<Message> uiMessages(Map<String, Object> record, Source.Line source) {
        Map<String, Object> p = Json.asObject(record.get("payload"));
        if (!"event_msg".equals(record.get("type")) || p == null) {
            return List.of();
        }
        if ("item_completed".equals(p.get("type"))) {
            return itemCall(Json.asObject(p.get("item")), record.get("timestamp"), source);
        }
        if (!(p.get("message") instanceof String text)) {
            return List.of();
        }
        Object time = record.get("timestamp");
        if ("user_message".equals(p.get("type"))) {
            boolean plain = !(p.get("kind") instanceof String kind) || kind.equals("plain");
            return List.of(message(
                    Role.USER,
                    List.of(new Block.Text(text)),
                    time,
                    null,
                    source,
                    plain && !CodexTranscript.isInjected(text) ? null : Message.Flag.META));
        }
        if ("agent_message".equals(p.get("type"))) {
            return List.of(message(Role.ASSISTANT, List.of(new Block.Text(text)), time, null, source, null));
        }
        return List.of();
    }

    /** A completed {@code FileChange} or {@code CommandExecution} item as a call and its result; else nothing. */
    private static List<Message> itemCall(Map<String, Object> item, Object time, Source.Line source) {
        if (item == null || !(item.get("id") instanceof String id)) {
            return List.of();
        }
        String name;
        String arguments;
        String output;
        if ("FileChange".equals(item.get("type")) && Json.asObject(item.get("changes")) != null) {
            name = CodexTouches.FILE_CHANGE;
            arguments = ContentBlocks.arguments(item.get("changes"));
            output = (item.get("stdout") instanceof String o ? o : "")
                    + (item.get("stderr") instanceof String e ? e : "");
        } else if ("CommandExecution".equals(item.get("type")) && item.get("command") != null) {
            name = CodexTouches.COMMAND_EXECUTION;
            arguments = ContentBlocks.arguments(Map.of("command", item.get("command")));
            output = item.get("aggregated_output") instanceof String o ? o : "";
        } else {
            return List.of();
        }
        boolean failed = item.get("status") instanceof String status && !"completed".equals(status);
        return List.of(
                message(Role.ASSISTANT, List.of(new Block.ToolCall(id, name, arguments)), time, id, source, null),
                message(Role.TOOL, List.of(new Block.ToolResult(id, output, failed)), time, id, source, null));
    }

    private static boolean injected(List<Block> blocks) {
        boolean any = false;
        for (Block b : blocks) {
            if (b instanceof Block.Text t) {
                if (!CodexTranscript.isInjected(t.text())) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** Message parts: {@code input_text}, {@code output_text}, {@code text} (and refusals) as text; images as placeholders. */
    private static List<Block> parts(Object content) {
        List<Block> blocks = new ArrayList<>();
        if (content instanceof String s) {
            blocks.add(new Block.Text(s));
        } else if (content instanceof List<?> parts) {
            for (Object part : parts) {
                Map<String, Object> b = Json.asObject(part);
                if (b == null) {
                    continue;
                }
                if (b.get("text") instanceof String t) {
                    blocks.add(new Block.Text(t));
                } else if (b.get("refusal") instanceof String r) {
                    blocks.add(new Block.Text(r));
                } else if ("input_image".equals(b.get("type"))) {
                    blocks.add(ContentBlocks.dataUrlImage(b.get("image_url")));
                }
            }
        }
        return blocks;
    }

    private static String texts(Object parts) {
        StringBuilder out = new StringBuilder();
        if (parts instanceof List<?> list) {
            for (Object part : list) {
                Map<String, Object> b = Json.asObject(part);
                if (b != null && b.get("text") instanceof String t) {
                    out.append(out.length() == 0 ? "" : "\n").append(t);
                }
            }
        }
        return out.toString();
    }

    /** A tool's output: a string; {@code {content}} or {@code {text}}; or content items (text joined, images described). */
    private static String outputText(Object output) {
        if (output instanceof String s) {
            return s;
        }
        Map<String, Object> o = Json.asObject(output);
        if (o != null) {
            return o.get("content") instanceof String c
                    ? c
                    : o.get("text") instanceof String t ? t : outputText(o.get("content"));
        }
        StringBuilder out = new StringBuilder();
        if (output instanceof List<?> items) {
            for (Object item : items) {
                Map<String, Object> b = Json.asObject(item);
                String text = b == null
                        ? null
                        : b.get("text") instanceof String t
                                ? t
                                : "input_image".equals(b.get("type"))
                                        ? ContentBlocks.dataUrlImage(b.get("image_url"))
                                                .describe()
                                        : null;
                if (text != null) {
                    out.append(out.length() == 0 ? "" : "\n").append(text);
                }
            }
        }
        return out.toString();
    }

    private static String string(Object value) {
        return value instanceof String s ? s : null;
    }

    private static Message message(
            Role role, List<Block> blocks, Object time, String id, Source source, Message.Flag flag) {
        return Messages.of(role, blocks, time, id, null, source, flag);
    }
}
