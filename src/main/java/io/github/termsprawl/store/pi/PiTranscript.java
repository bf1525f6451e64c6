package io.github.termsprawl.store.pi;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.JsonlTurns;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a pi coding-agent session ({@code {type, id, parentId, ...}} entries): the last turns,
 * read backwards, each line's turn the prose of the session's message for it ({@link PiSession}, its one
 * conversion).
 */
public final class PiTranscript implements StoreReader {
    static final JsonProjection KEYS = JsonProjection.whole("type", "message");
    /** Entry types of pi v1 to v3 (corpus; docs/stores.md, "Record types each reader knows"). */
    static final Set<String> KNOWN_TYPES = Set.of(
            "session",
            "message",
            "model_change",
            "thinking_level_change",
            "compaction",
            "branch_summary",
            "custom",
            "custom_message",
            "label",
            "session_info");

    static final Set<String> KNOWN_ROLES =
            Set.of("user", "assistant", "toolResult", "bashExecution", "custom", "branchSummary", "compactionSummary");

    private final JsonlTail tail;

    public PiTranscript(JsonlTail tail) {
        this.tail = tail;
    }

    @Override
    public Store store() {
        return Store.PI;
    }

    /**
     * A record's turn: the prose of its message ({@link PiSession#message}, {@link PiSession#prose}), each pi message
     * being one line; null when it prints nothing.
     */
    static Turn toTurn(Map<String, Object> record) {
        Message m = PiSession.message(record, null);
        return m == null ? null : PiSession.prose(m);
    }

    static boolean isKnown(Map<String, Object> record) {
        if (!(record.get("type") instanceof String type) || !KNOWN_TYPES.contains(type)) {
            return false;
        }
        Map<String, Object> message = Json.asObject(record.get("message"));
        return !type.equals("message")
                || message != null && message.get("role") instanceof String r && KNOWN_ROLES.contains(r);
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.of(JsonlTurns.last(tail, entry.path(), KEYS, null, limits, PiTranscript::toTurn));
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return JsonlTurns.stats(tail, entry.path(), KEYS, Store.PI, PiTranscript::isKnown, PiTranscript::toTurn);
    }

    /** The session header (with its {@code cwd}), or an entry of a pi type linked by {@code parentId}. */
    @Override
    public boolean proves(Map<String, Object> r) {
        Object type = r.get("type");
        if ("session".equals(type)) {
            return r.containsKey("cwd");
        }
        return type instanceof String t && KNOWN_TYPES.contains(t) && r.containsKey("parentId");
    }

    @Override
    public java.util.Set<String> proofKeys() {
        return java.util.Set.of("type", "cwd", "parentId");
    }

    @Override
    public java.util.List<String> proofNeedles() {
        return java.util.List.of("\"session\"", "\"parentId\"");
    }
}
