package io.github.termsprawl.store.cursor;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.JsonlTurns;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.TurnLimits;
import java.util.Map;

/**
 * cursor-agent's JSONL is refused, not read: it holds the prompt, the prose and bare tool calls, with no
 * tool results, timestamps, ids or version. Printed beside a complete transcript it looks like a broken
 * reader; printing nothing would claim nothing happened.
 */
public record CursorTranscript(JsonlTail tail) implements StoreReader {
    public static final String REFUSAL = "cursor-agent transcripts record prompts, prose and bare tool calls but no"
            + " tool results, timestamps or ids, so they cannot show what the agent did";
    static final JsonProjection KEYS = JsonProjection.whole("role", "type", "message");

    @Override
    public Store store() {
        return Store.CURSOR;
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.refused(REFUSAL);
    }

    /** Records are counted (a line with a role, or {@code turn_ended}, is known); turns are 0: nothing prints. */
    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return JsonlTurns.stats(
                tail,
                entry.path(),
                KEYS,
                Store.CURSOR,
                r -> r.get("role") instanceof String || "turn_ended".equals(r.get("type")),
                null);
    }

    /** A message keyed by {@code role} (no {@code type}), or the {@code turn_ended} marker. */
    @Override
    public boolean proves(Map<String, Object> r) {
        Object type = r.get("type");
        return type == null && r.get("role") instanceof String && Json.asObject(r.get("message")) != null
                || "turn_ended".equals(type);
    }

    @Override
    public java.util.Set<String> proofKeys() {
        return java.util.Set.of("type", "role", "message");
    }

    @Override
    public java.util.List<String> proofNeedles() {
        return java.util.List.of("\"role\"", "\"turn_ended\"");
    }
}
