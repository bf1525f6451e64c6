package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.ByteNeedles;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.JsonlTurns;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Prose;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The context view of a Claude Code transcript (docs/context.md): user and assistant prose, in file order. */
public final class ClaudeTranscript implements StoreReader {
    static final JsonProjection KEYS = JsonProjection.whole("type", "message");
    /** Of a record, only what a turn is made of: the type and the text blocks of the content. */
    static final JsonProjection TURN = JsonProjection.fields(
            "type",
            JsonProjection.ALL,
            "message",
            JsonProjection.fields(
                    "content", JsonProjection.fields("type", JsonProjection.ALL, "text", JsonProjection.ALL)));
    /**
     * A turn's {@code type} value is {@code "user"} or {@code "assistant"} as written, or spelled with a
     * backslash-u escape: a line with none of these cannot be a turn.
     */
    static final ByteNeedles TURN_NEEDLES = new ByteNeedles("\"user\"", "\"assistant\"", "\\" + "u");
    /**
     * Every record type of the real Claude Code files in the corpus (1.0.24 to 2.1.x) and of those the
     * real-agent tests make Claude Code write ({@code file-history-delta}: 2.1.217+; the request Claude Code
     * sent, {@code api-request}, {@code api-request-shape} and {@code api-request-blob}, with {@code tools-used}
     * and {@code cost-state}: 2.1.332; docs/stores.md, "Record types each reader knows"); counting the others is
     * only a drift signal, it never changes what prints.
     */
    static final Set<String> KNOWN_TYPES = Set.of(
            "user",
            "assistant",
            "system",
            "summary",
            "progress",
            "file-history-snapshot",
            "queue-operation",
            "attachment",
            "custom-title",
            "agent-name",
            "ai-title",
            "last-prompt",
            "permission-mode",
            "mode",
            "frame-link",
            "pr-link",
            "worktree-state",
            "file-history-delta",
            "started",
            "result",
            "relocated",
            "bridge-session",
            "atis-latch",
            "api-request",
            "api-request-shape",
            "api-request-blob",
            "tools-used",
            "cost-state");

    /** A class, not a method reference: no method-handle bootstrap on the command's start-up path. */
    private static final JsonlTurns.TurnRule TO_TURN = new JsonlTurns.TurnRule() {
        @Override
        public Turn toTurn(Map<String, Object> record) {
            return ClaudeTranscript.toTurn(record);
        }
    };

    private final JsonlTail tail;

    public ClaudeTranscript(JsonlTail tail) {
        this.tail = tail;
    }

    @Override
    public Store store() {
        return Store.CLAUDE;
    }

    /** The record's turn, or null when it prints nothing. */
    public static Turn toTurn(Map<String, Object> record) {
        Object type = record.get("type");
        if (!"user".equals(type) && !"assistant".equals(type)) {
            return null;
        }
        Map<String, Object> message = Json.asObject(record.get("message"));
        if (message == null) {
            return null;
        }
        String text = Prose.join(message.get("content"), true);
        return text == null ? null : new Turn((String) type, text);
    }

    public List<Turn> lastTurns(Path file, TurnLimits limits) {
        return JsonlTurns.last(tail, file, TURN, TURN_NEEDLES, limits, TO_TURN);
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.of(lastTurns(entry.path(), limits));
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, JsonlHead.Head wholeFile, TurnLimits limits) {
        return PeerTurns.of(JsonlTurns.last(tail, entry.path(), wholeFile, TURN, TURN_NEEDLES, limits, TO_TURN));
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return JsonlTurns.stats(
                tail, entry.path(), KEYS, Store.CLAUDE, ClaudeTranscript::isKnown, ClaudeTranscript::toTurn);
    }

    @Override
    public boolean proves(Map<String, Object> r) {
        Object type = r.get("type");
        return ("user".equals(type) || "assistant".equals(type)) && Json.asObject(r.get("message")) != null;
    }

    @Override
    public java.util.Set<String> proofKeys() {
        return java.util.Set.of("type", "message");
    }

    @Override
    public java.util.List<String> proofNeedles() {
        return java.util.List.of("\"user\"", "\"assistant\"");
    }

    /** Whether a record's {@code type} is one this store writes (the drift counters of both walks: docs/stores.md). */
    static boolean isKnown(Map<String, Object> record) {
        return record.get("type") instanceof String t && KNOWN_TYPES.contains(t);
    }
}
