package io.github.termsprawl.store.gemini;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Gemini CLI chat as a session: the JSONL log (v0.39+) replayed — the last record per message id at its
 * first position, {@code $set.messages} replacing the list, {@code $rewindTo} dropping a message and all
 * after it — or the older single {@code .json} document. The log holds no branches, so the whole session
 * and its live branch are the same messages. A {@code gemini} message's tool calls carry their results:
 * they become the assistant's calls and a tool message with the results right after it.
 */
public final class GeminiSession implements SessionReader {
    @Override
    public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
        Replay replay = replay(entry.path(), ReadLimits.STRING_CAP);
        long messages = 0;
        for (Message m : replay.messages()) {
            messages++;
            if (!visitor.visit(m)) {
                break;
            }
        }
        return new WalkStats(replay.records, replay.count.of(Store.GEMINI).unknown(), replay.unreadable, messages);
    }

    /** Its subagents' chats (docs/stores.md), each kept under its file's name without the extension. */
    @Override
    public List<Child> children(TranscriptIndex.Entry entry) {
        List<Child> out = new ArrayList<>();
        for (Path chat : subagents(entry.path())) {
            String name = chat.getFileName().toString();
            out.add(new Child(
                    name.substring(0, name.lastIndexOf('.')),
                    new TranscriptIndex.Entry(chat, entry.store(), null),
                    chat));
        }
        return out;
    }

    /**
     * The chats of a chat's subagents (v0.5x+; docs/stores.md): {@code chats/<session id>/<agent id>.jsonl}, a folder
     * named after the session its header names, each chat with a header of {@code kind} {@code subagent}; in the
     * order they started. Empty when there is none.
     */
    public static List<Path> subagents(Path chat) {
        Object id = io.github.termsprawl.jsonl.JsonlHead.scalars(chat, Set.of("sessionId"))
                .get("sessionId");
        Path chats = chat.toAbsolutePath().getParent();
        if (!(id instanceof String session) || chats == null || !io.github.termsprawl.core.NodeId.isSafe(session)) {
            return List.of();
        }
        java.io.File[] files = chats.resolve(session)
                .toFile()
                .listFiles(f -> f.isFile()
                        && (f.getName().endsWith(".jsonl") || f.getName().endsWith(".json")));
        if (files == null) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (java.io.File f : files) {
            out.add(f.toPath());
        }
        java.util.Map<Path, String> started = new java.util.HashMap<>();
        for (Path p : out) {
            Object t = io.github.termsprawl.jsonl.JsonlHead.scalars(p, Set.of("startTime"))
                    .get("startTime");
            started.put(p, t instanceof String time ? time : "");
        }
        out.sort(java.util.Comparator.<Path, String>comparing(started::get)
                .thenComparing(p -> p.getFileName().toString()));
        return out;
    }

    /**
     * The turns the file view prints of a whole chat ({@link #prose(Message)} of its messages), in order, and the
     * drift counts of its records: the context command's read. The log is replayed from its start (a log of edits,
     * not of messages: {@link GeminiReplay}), so the tail read is this forward walk keeping the last turns; these
     * files are small. Strings of a line too long to hold are cut to {@code stringCap}. No turns when the file could
     * not be read.
     */
    static List<Turn> proseTurns(Path file, int stringCap, ReadStats.Counter count) {
        Replay replay = replay(file, stringCap);
        if (replay.failed) {
            return List.of();
        }
        List<Turn> turns = new ArrayList<>();
        for (Message m : replay.messages()) {
            Turn turn = prose(m);
            if (turn != null) {
                turns.add(turn);
            }
        }
        count.add(replay.count);
        count.turns += turns.size();
        return turns;
    }

    private static Replay replay(Path file, int stringCap) {
        Replay replay = new Replay(file.toString());
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".json")) {
            Map<String, Object> doc = Json.asObject(Json.readFileOrNull(file));
            if (doc != null) {
                replay.apply(doc, null);
            }
            return replay;
        }
        if (!file.toFile().isFile()) {
            replay.failed = true; // a FIFO or a device would block or never end
            return replay;
        }
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            while (lines.next()) {
                Map<String, Object> r = lines.record(JsonProjection.ALL, stringCap);
                if (r == null) {
                    replay.unreadable += lines.length() > 0 ? 1 : 0;
                } else {
                    replay.apply(r, new Source.Line(file.toString(), lines.lineNumber(), lines.lineStart()));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            replay.failed = true; // what was read stands for the walk; the context command prints nothing
        }
        return replay;
    }

    /** A message of the log and where its last version was read (null: in a whole document). */
    private record Read(Map<String, Object> message, Source source) {}

    /** The message list as the log's edits leave it ({@link GeminiReplay}, shared with the file view). */
    private static final class Replay {
        final String file;
        final GeminiReplay<Read> list = new GeminiReplay<>();
        long records;
        long unreadable;
        boolean failed;
        /**
         * The drift counts of the context command's stats: a message (also one a checkpoint holds) is a record; its
         * unknown ones are the walk's too.
         */
        final ReadStats.Counter count = new ReadStats.Counter();

        Replay(String file) {
            this.file = file;
        }

        void apply(Map<String, Object> r, Source.Line source) {
            Deadline.check();
            records++;
            switch (GeminiReplay.kind(r)) {
                case MESSAGE:
                    put(r, source);
                    return;
                case REWIND:
                    count.record(true);
                    list.rewind((String) r.get("$rewindTo"));
                    return;
                case CHECKPOINT:
                case HEADER: // the header, or a whole pre-0.39 document
                    count.record(true);
                    List<?> all = GeminiReplay.messagesOf(r);
                    if (all != null) {
                        list.clear();
                        for (Object m : all) {
                            Map<String, Object> message = Json.asObject(m);
                            if (message != null) {
                                put(message, source);
                            }
                        }
                    }
                    return;
                default:
                    count.record(false);
            }
        }

        private void put(Map<String, Object> message, Source source) {
            count.record(GeminiTranscript.isKnownType(message.get("type")));
            list.put(message, new Read(message, source));
        }

        List<Message> messages() {
            List<Message> out = new ArrayList<>();
            int index = 0;
            for (Read read : list.values()) {
                Map<String, Object> m = read.message();
                Source source = read.source() != null
                        ? read.source()
                        : new Source.Row(file, m.get("id") instanceof String id ? id : "#" + index);
                out.addAll(GeminiSession.messages(m, source));
                index++;
            }
            return out;
        }
    }

    /**
     * The turn the file view prints for a message of {@link #walk}, or null (docs/stores.md): a {@code user}
     * or {@code gemini} message's text parts (not thoughts) joined with {@code \n}, when not empty; the CLI's
     * notices ({@code info}, {@code error}, {@code warning}) and the tool results never print.
     */
    public static Turn prose(Message m) {
        return Messages.nonEmptyProse(m);
    }

    static List<Message> messages(Map<String, Object> m, Source source) {
        Object type = m.get("type");
        String id = m.get("id") instanceof String s ? s : null;
        Object time = m.get("timestamp");
        List<Block> blocks = new ArrayList<>();
        if ("user".equals(type)) {
            parts(m.get("content"), blocks);
            if (blocks.isEmpty() && hasFunctionResponse(m.get("content"))) {
                // v0.5x+ also records a call's responses as a user message: the call's own result holds them
                return List.of();
            }
            boolean context = isCliContext(blocks);
            if (context) {
                // the CLI's context, not the user: flagged as Codex's injected context is (docs/stores.md)
                blocks.replaceAll(b -> b instanceof Block.Text t ? new Block.Text(t.text(), true) : b);
            }
            return List.of(message(Role.USER, blocks, time, id, source, context ? Message.Flag.META : null));
        }
        if (!"gemini".equals(type) && !"model".equals(type)) {
            parts(m.get("content"), blocks);
            return List.of(message(Role.SYSTEM, blocks, time, id, source, Message.Flag.META)); // info, error, warning
        }
        if (m.get("thoughts") instanceof List<?> thoughts) {
            for (Object t : thoughts) {
                Map<String, Object> thought = Json.asObject(t);
                if (thought != null) {
                    String subject = thought.get("subject") instanceof String s ? s : "";
                    String description = thought.get("description") instanceof String d ? d : "";
                    blocks.add(new Block.Thinking(
                            subject.isEmpty() || description.isEmpty()
                                    ? subject + description
                                    : subject + "\n" + description,
                            false));
                }
            }
        }
        parts(m.get("content"), blocks);
        List<Block> results = new ArrayList<>();
        if (m.get("toolCalls") instanceof List<?> calls) {
            for (Object c : calls) {
                Map<String, Object> call = Json.asObject(c);
                if (call == null) {
                    continue;
                }
                String callId = call.get("id") instanceof String s ? s : null;
                blocks.add(new Block.ToolCall(
                        callId,
                        call.get("name") instanceof String n ? n : null,
                        ContentBlocks.arguments(call.get("args"))));
                if (call.containsKey("result") || "error".equals(call.get("status"))) {
                    results.add(new Block.ToolResult(callId, resultText(call), "error".equals(call.get("status"))));
                }
            }
        }
        Message assistant = message(Role.ASSISTANT, blocks, time, id, source, null);
        return results.isEmpty()
                ? List.of(assistant)
                : List.of(
                        assistant, new Message(Role.TOOL, results, assistant.timestamp(), null, id, source, Set.of()));
    }

    /**
     * Whether a {@code user} message's text (its text parts, not thoughts, joined) is context the CLI wrote, not the
     * user: the {@code <session_context>} that opens every chat of v0.5x+ (date, folders, file tree) and a hook's
     * {@code <hook_context>}. Gemini CLI itself skips both when it resumes a chat (docs/stores.md).
     */
    private static boolean isCliContext(List<Block> blocks) {
        StringBuilder joined = new StringBuilder();
        for (Block b : blocks) {
            if (b instanceof Block.Text t) {
                joined.append(joined.isEmpty() ? "" : "\n").append(t.text());
            }
        }
        String text = joined.toString().stripLeading();
        return text.startsWith("<session_context>") || text.startsWith("<hook_context>");
    }

    private static boolean hasFunctionResponse(Object content) {
        if (content instanceof List<?> parts) {
            for (Object part : parts) {
                Map<String, Object> p = Json.asObject(part);
                if (p != null && p.containsKey("functionResponse")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Parts as Gemini writes them: {@code text}, {@code inlineData} images and files, function calls and responses. */
    private static void parts(Object content, List<Block> blocks) {
        if (content instanceof String s) {
            if (!s.isEmpty()) {
                blocks.add(new Block.Text(s));
            }
            return;
        }
        if (!(content instanceof List<?> parts)) {
            return;
        }
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p == null) {
                continue;
            }
            Map<String, Object> inline = Json.asObject(p.get("inlineData"));
            Map<String, Object> fileData = Json.asObject(p.get("fileData"));
            if (p.get("text") instanceof String t) {
                blocks.add(Boolean.TRUE.equals(p.get("thought")) ? new Block.Thinking(t, false) : new Block.Text(t));
            } else if (inline != null) {
                String mime = inline.get("mimeType") instanceof String s ? s : null;
                long size = inline.get("data") instanceof String d ? ContentBlocks.base64Size(d) : -1;
                blocks.add(
                        mime != null && mime.startsWith("image/")
                                ? new Block.Image(mime, size)
                                : new Block.Attachment("file", mime));
            } else if (fileData != null) {
                blocks.add(new Block.Attachment("file", fileData.get("fileUri") instanceof String u ? u : null));
            }
        }
    }

    /** A call's result: the outputs (or errors) of its function responses, else what the CLI displayed. */
    private static String resultText(Map<String, Object> call) {
        StringBuilder out = new StringBuilder();
        if (call.get("result") instanceof List<?> parts) {
            for (Object part : parts) {
                Map<String, Object> p = Json.asObject(part);
                Map<String, Object> fr = p == null ? null : Json.asObject(p.get("functionResponse"));
                Map<String, Object> response = fr == null ? null : Json.asObject(fr.get("response"));
                Object value = response == null
                        ? null
                        : response.containsKey("output") ? response.get("output") : response.get("error");
                if (value != null) {
                    out.append(out.length() == 0 ? "" : "\n")
                            .append(value instanceof String s ? s : JsonWriter.compact(value));
                } else if (p != null && p.get("text") instanceof String t) {
                    out.append(out.length() == 0 ? "" : "\n").append(t);
                }
            }
        }
        if (out.length() == 0 && call.get("resultDisplay") instanceof String display) {
            return display;
        }
        return out.toString();
    }

    private static Message message(
            Role role, List<Block> blocks, Object time, String id, Source source, Message.Flag flag) {
        return Messages.of(role, blocks, time, id, null, source, flag);
    }

    @Override
    public List<Turn> prose(List<Message> messages) {
        return SessionReader.each(messages, GeminiSession::prose);
    }
}
