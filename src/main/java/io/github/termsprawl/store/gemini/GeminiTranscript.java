package io.github.termsprawl.store.gemini;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.TurnLimits;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a Gemini CLI chat: JSONL (v0.39+: a header, message records, {@code $set} patches
 * and {@code $rewindTo} markers) or the older single {@code .json} document. The JSONL file is a log of
 * edits, not of messages ({@link GeminiReplay}), so it is replayed from the start; these files are small. The
 * turns are the session's own ({@link GeminiSession#proseTurns}): its one conversion and prose projection, the last
 * of them kept.
 */
public final class GeminiTranscript implements StoreReader {
    /** Message types Gemini CLI writes ({@code model}: an older document shape); docs/stores.md, "Record types each reader knows". */
    static final Set<String> KNOWN_MESSAGE_TYPES = Set.of("user", "gemini", "info", "error", "warning", "model");

    /**
     * Message types that no Claude record has. Not {@code user} (nor the old {@code model}): an entry
     * without {@code store} is read as Claude Code's unless proved otherwise (docs/stores.md, "How the store is
     * recognised without {@code store}"), and an odd Claude line must never
     * switch its reader.
     */
    private static final Set<String> PROVING_MESSAGE_TYPES = Set.of("gemini", "info", "error", "warning");

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

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.of(
                limits.last(GeminiSession.proseTurns(entry.path(), limits.stringCap(), new ReadStats.Counter())));
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        ReadStats.Counter count = new ReadStats.Counter();
        GeminiSession.proseTurns(entry.path(), ReadLimits.STATS_STRING_CAP, count);
        return count.of(Store.GEMINI);
    }

    /** Whether a message {@code type} is one this store writes (docs/stores.md). */
    static boolean isKnownType(Object type) {
        return type instanceof String t && KNOWN_MESSAGE_TYPES.contains(t);
    }
}
