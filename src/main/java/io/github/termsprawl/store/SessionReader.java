package io.github.termsprawl.store;

import io.github.termsprawl.core.TranscriptIndex;
import java.util.List;

/** What every store's session reader gives: every message in order, and the live branch. */
public interface SessionReader {
    /**
     * Every message of the session in the store's order, to {@code visitor}, one at a time (a whole file is
     * streamed, never held); never throws for a bad transcript.
     */
    WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor);

    /**
     * The messages the agent would send next: Claude Code's live branch of the last compaction window;
     * Codex's history since its last {@code compacted} record; Gemini's messages after {@code $set} and
     * {@code $rewindTo}; pi's and OpenCode's in file or database order.
     */
    List<Message> live(TranscriptIndex.Entry entry);
}
