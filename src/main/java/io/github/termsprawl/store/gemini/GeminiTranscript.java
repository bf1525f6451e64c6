package io.github.termsprawl.store.gemini;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Prose;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a Gemini CLI chat: JSONL (v0.39+: a header, message records, {@code $set} patches
 * and {@code $rewindTo} markers) or the older single {@code .json} document. The JSONL file is a log of
 * edits, not of messages ({@link GeminiReplay}), so it is replayed from the start; these files are small.
 */
public final class GeminiTranscript implements StoreReader {
    static final JsonProjection KEYS =
            JsonProjection.whole("id", "type", "content", "$set", "$rewindTo", "sessionId", "projectHash", "messages");
    /** Message types Gemini CLI writes ({@code model}: an older document shape); docs/stores.md, "Record types each reader knows". */
    static final Set<String> KNOWN_MESSAGE_TYPES = Set.of("user", "gemini", "info", "error", "warning", "model");

    /**
     * Message types that no Claude record has. Not {@code user} (nor the old {@code model}): an entry
     * without {@code store} is read as Claude Code's unless proved otherwise (docs/stores.md, "How the store is
     * recognised without {@code store}"), and an odd Claude line must never
     * switch its reader.
     */
    private static final Set<String> PROVING_MESSAGE_TYPES = Set.of("gemini", "info", "error", "warning");

    /** Stats only ask whether a message has prose: a streamed long line keeps this much of each string. */
    private final JsonlTail tail;

    public GeminiTranscript(JsonlTail tail) {
        this.tail = tail;
    }

    @Override
    public Store store() {
        return Store.GEMINI;
    }

    /** A {@code $set} or {@code $rewindTo} record, the header, or a message of a Gemini-only type. */
    @Override
    public boolean proves(Map<String, Object> r) {
        Object type = r.get("type");
        return r.containsKey("$set")
                || r.containsKey("$rewindTo")
                || type == null && r.containsKey("sessionId") && r.containsKey("projectHash")
                || type instanceof String t
                        && PROVING_MESSAGE_TYPES.contains(t)
                        && r.containsKey("id")
                        && r.containsKey("content")
                        && !r.containsKey("message");
    }

    @Override
    public java.util.Set<String> proofKeys() {
        return java.util.Set.of("type", "$set", "$rewindTo", "sessionId", "projectHash", "id", "content", "message");
    }

    @Override
    public java.util.List<String> proofNeedles() {
        return java.util.List.of(
                "\"$set\"", "\"$rewindTo\"", "\"projectHash\"", "\"gemini\"", "\"info\"", "\"error\"", "\"warning\"");
    }

    /** The resolved message list, in conversation order. */
    List<Map<String, Object>> messages(Path file, ReadStats.Counter count, int stringCap) {
        Replay replay = new Replay(count);
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".json")) {
            Map<String, Object> doc = Json.asObject(Json.readFileOrNull(file));
            if (doc != null) {
                replay.apply(doc);
            }
            return replay.list();
        }
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        List<Map<String, Object>> records = new ArrayList<>();
        if (!tail.walk(file, KEYS, null, stringCap, record -> records.add(record))) {
            return List.of();
        }
        for (int i = records.size() - 1; i >= 0; i--) { // scan goes backwards; replay goes forwards
            replay.apply(records.get(i));
        }
        return replay.list();
    }

    /** The replay of the log ({@link GeminiReplay}), counting its records for stats. */
    private static final class Replay {
        private final ReadStats.Counter count;
        private final GeminiReplay<Map<String, Object>> messages = new GeminiReplay<>();

        Replay(ReadStats.Counter count) {
            this.count = count;
        }

        void apply(Map<String, Object> r) {
            Deadline.check();
            GeminiReplay.Kind kind = GeminiReplay.kind(r);
            switch (kind) {
                case MESSAGE:
                    put(r);
                    return;
                case REWIND:
                    count.record(true);
                    messages.rewind((String) r.get("$rewindTo"));
                    return;
                case CHECKPOINT:
                case HEADER: // the header, or a whole pre-0.39 document
                    count.record(true);
                    List<?> all = GeminiReplay.messagesOf(r);
                    if (all != null) {
                        messages.clear();
                        for (Object m : all) {
                            Map<String, Object> message = Json.asObject(m);
                            if (message != null) {
                                put(message);
                            }
                        }
                    }
                    return;
                default:
                    count.record(false);
            }
        }

        private void put(Map<String, Object> message) {
            count.record(message.get("type") instanceof String t && KNOWN_MESSAGE_TYPES.contains(t));
            messages.put(message, message);
        }

        List<Map<String, Object>> list() {
            return messages.values();
        }
    }

    /**
     * {@code user} and {@code gemini} (in older documents {@code model}) messages with text; null for everything
     * else.
     */
    static Turn toTurn(Map<String, Object> message) {
        Object type = message.get("type");
        String role = "user".equals(type) ? "user" : "gemini".equals(type) || "model".equals(type) ? "assistant" : null;
        if (role == null) {
            return null;
        }
        String text = contentText(message.get("content"));
        return text == null || text.isEmpty() || "user".equals(role) && isCliContext(text)
                ? null
                : new Turn(role, text);
    }

    /**
     * Whether a {@code user} message's text is context the CLI wrote, not the user: the {@code <session_context>}
     * that opens every chat of v0.5x+ (date, folders, file tree) and a hook's {@code <hook_context>}. Gemini CLI
     * itself skips both when it resumes a chat (docs/stores.md).
     */
    static boolean isCliContext(String text) {
        String t = text.stripLeading();
        return t.startsWith("<session_context>") || t.startsWith("<hook_context>");
    }

    /**
     * A string as it is; else the {@code text} of each text-bearing part joined with {@code \n}, not the
     * model's thoughts ({@code "thought": true}: reasoning never prints, docs/stores.md); else null.
     */
    static String contentText(Object content) {
        if (!(content instanceof List<?> parts)) {
            return Prose.join(content, false);
        }
        StringBuilder text = null;
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p != null && p.get("text") instanceof String t && !Boolean.TRUE.equals(p.get("thought"))) {
                text = text == null ? new StringBuilder(t) : text.append('\n').append(t);
            }
        }
        return text == null ? null : text.toString();
    }

    List<Turn> lastTurns(Path file, TurnLimits limits) {
        List<Turn> turns = new ArrayList<>();
        for (Map<String, Object> message : messages(file, new ReadStats.Counter(), limits.stringCap())) {
            Turn turn = toTurn(message);
            if (turn != null) {
                turns.add(limits.cut(turn));
            }
        }
        int max = Math.max(0, limits.maxTurns());
        return turns.size() <= max ? turns : new ArrayList<>(turns.subList(turns.size() - max, turns.size()));
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.of(lastTurns(entry.path(), limits));
    }

    ReadStats stats(Path file) {
        ReadStats.Counter count = new ReadStats.Counter();
        for (Map<String, Object> message : messages(file, count, ReadLimits.STATS_STRING_CAP)) {
            if (toTurn(message) != null) {
                count.turns++;
            }
        }
        return count.of(Store.GEMINI);
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return stats(entry.path());
    }

    /** Whether a message {@code type} is one this store writes (docs/stores.md). */
    static boolean isKnownType(Object type) {
        return type instanceof String t && KNOWN_MESSAGE_TYPES.contains(t);
    }
}
