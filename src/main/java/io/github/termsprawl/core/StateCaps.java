package io.github.termsprawl.core;

/**
 * The sane size of each file termsprawl keeps beside a project and reads back (docs/files.md, "Sane sizes"), in one
 * place. A file past its cap is not read: its size is looked at first, and the file is treated as broken (as a
 * garbled one is) and made again from what it was made from, so a file padded or made sparse by accident or on
 * purpose costs no more than a stat and never fails a command for good. Each cap is far above what the largest
 * session termsprawl can read makes (bench/README.md, "Memory bounds").
 */
public final class StateCaps {
    /** The project's node titles ({@code .termsprawl/project.json}), committed: a line per node. */
    public static final long PROJECT = 1L << 20;

    /** A link file ({@code .termsprawl/links/*.json}): two node ids and a version. */
    public static final long LINK = 64L << 10;

    /** A transcript index entry ({@code .termsprawl/transcripts/<nodeId>.json}) with its list of earlier sessions. */
    public static final long TRANSCRIPT_INDEX = 4L << 20;

    /** A touch index ({@code <nodeId>.touches}): one line of about 100 bytes per touch, some 300,000 touches. */
    public static final long TOUCH_INDEX = 32L << 20;

    /**
     * A kept tail of a Claude Code session ({@code <nodeId>.touches-tail}, and history's {@code .plan-tail}): the
     * records of the last window from the cut on, and a hash per record of the window (400 KB for a session of 84 MB).
     */
    public static final long TAIL = 64L << 20;

    /** A folder's history state ({@code .state} under {@code history-state/}): a few lines, read on every run. */
    public static final long HISTORY_STATE = 1L << 20;

    /**
     * A folder's turn list ({@code .turns} under {@code history-state/}): one line per turn, held whole, so below the
     * planted history command's heap (400,000 turns fit it).
     */
    public static final long TURN_LIST = 128L << 20;

    /**
     * A Claude Code session's plan cache ({@code .plan} under {@code history-state/}): a line per kept record, read as
     * a stream (68 MB for a session of 2.2 GB).
     */
    public static final long PLAN_CACHE = 1L << 30;

    /** The stamp beside a class-data archive ({@code termsprawl-<hash>.jsa.stamp}, {@code .aot.stamp}): a few lines. */
    public static final long ARCHIVE_STAMP = 64L << 10;

    /**
     * A file of the user's that termsprawl edits a part of ({@code .termsprawl/AGENTS.md}, {@code
     * .claude/settings.local.json}): past it, it is not read and not rewritten (the rest is the user's), and the goal
     * stops with an error that names it.
     */
    public static final long USER_TEXT = 16L << 20;

    /** What a file past {@code cap} is called in an error: its size and the cap, in words. */
    public static String tooBig(long size, long cap) {
        return "it is " + size + " bytes, more than the " + (cap >> 20) + " MiB termsprawl reads of it";
    }

    private StateCaps() {}
}
