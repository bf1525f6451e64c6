package io.github.termsprawl.store;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlHead;
import java.util.Map;

/**
 * What every store's reader gives: the last turns of an entry's transcript, a full-read count for
 * drift stats, and whether one record proves that a file is this store's (for entries without
 * {@code store}), so each store's list of record types lives in its reader alone.
 */
public interface StoreReader {
    Store store();

    /** The turns to print, or a refusal; never throws for a bad transcript (it has no turns). */
    PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits);

    /**
     * As {@link #lastTurns(TranscriptIndex.Entry, TurnLimits)} when the entry's whole file has already
     * been read (to tell its store): a reader that reads files whole may use those bytes.
     */
    default PeerTurns lastTurns(TranscriptIndex.Entry entry, JsonlHead.Head wholeFile, TurnLimits limits) {
        return lastTurns(entry, limits);
    }

    ReadStats stats(TranscriptIndex.Entry entry);

    /** Whether this one record (its detection keys only) can only have been written by this store. */
    boolean proves(Map<String, Object> record);

    /** The keys {@link #proves} looks at: the detector parses only the union of every store's. */
    default java.util.Set<String> proofKeys() {
        return java.util.Set.of();
    }

    /**
     * Strings (JSON as written) of which a line holds one whenever {@link #proves} holds for it: the detector
     * parses no line that holds none of any store's.
     */
    default java.util.List<String> proofNeedles() {
        return java.util.List.of();
    }
}
