package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.ReverseLineReader;

/**
 * The store-neutral read limits, in one place (as jackson's {@code StreamReadConstraints}): how much of a
 * string, a line and a file every store's readers hold. The context command's own caps (40 turns, 2000 units)
 * are the view's (docs/context.md, "The caps"); its deadline is the view's too ("Bounds").
 */
public final class ReadLimits {
    /**
     * The chars of one string kept by a whole-session read (history, ask): a longer string, only in a line
     * too long to hold, is cut with a mark (docs/files.md, "Turn files").
     */
    public static final int STRING_CAP = 1 << 20;

    /** The chars of one string kept by a full read for the drift counters: enough to tell a turn from none. */
    public static final int STATS_STRING_CAP = 2001;

    /** The bytes read at a time, forwards or backwards. */
    public static final int CHUNK = ReverseLineReader.DEFAULT_CHUNK;

    private ReadLimits() {}
}
