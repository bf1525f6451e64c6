package io.github.termsprawl.core;

import java.util.List;

/**
 * Picks the reader for an index entry's store and reads its last turns. Every store's reader gives
 * the same view: user and assistant prose in conversation order, capped per SPEC §6.
 */
public final class TranscriptReaders {
    /** The turns to print, or a refusal (the store cannot give a faithful view; nothing prints). */
    public record Result(List<Turn> turns, String refusal) {
        public static Result of(List<Turn> turns) {
            return new Result(turns, null);
        }

        public static Result refused(String reason) {
            return new Result(List.of(), reason);
        }
    }

    private final JsonlTail tail;

    public TranscriptReaders() {
        this(new JsonlTail());
    }

    public TranscriptReaders(JsonlTail tail) {
        this.tail = tail;
    }

    public Result lastTurns(TranscriptIndex.Entry entry) {
        return Result.of(ClaudeTranscript.lastTurns(tail, entry.path()));
    }
}
