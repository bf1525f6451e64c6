package io.github.termsprawl.store.claude;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The corpus files of the Claude Code tests, and the reads the tests compare plans with, for tests of any package. */
public final class ClaudePlanTestAccess {
    private ClaudePlanTestAccess() {}

    public static List<Path> claudeFiles() throws IOException {
        return ClaudePlanTest.claudeFiles();
    }

    /**
     * A random session of about {@code records} records ({@link ClaudeTailTest.RandomSession}: rewinds, split and
     * continued messages, parallel results, interrupted calls, records written twice, compactions, inline subagents).
     */
    public static String randomSession(long seed, int records) {
        return new ClaudeTailTest.RandomSession(new java.util.Random(seed)).lines(records);
    }

    /** Every window's live branch, oldest first, from the whole file's records held at once in full. */
    public static List<ClaudeSession.Window> windows(Path file) {
        return windows(new ClaudeSession(), file);
    }

    static List<ClaudeSession.Window> windows(ClaudeSession session, Path file) {
        ClaudeRecords all = ClaudeRecords.of(session.records(file, ClaudeRecord.FULL), file.toString());
        List<ClaudeSession.Window> windows = new ArrayList<>();
        for (int[] w : ClaudeSession.windowBounds(all)) {
            windows.add(ClaudeSession.window(ClaudeBranch.of(all, w[0], w[1], ClaudeSession.scopeOf(file))));
        }
        return windows;
    }

    /** The plan of every window from the whole file's records held at once, with no cache: what a cached plan is. */
    static List<ClaudeSession.Planned> plan(ClaudeSession session, Path file) {
        return session.plan(ClaudeRecords.of(session.records(file, ClaudeRecord.PROSE), file.toString()), file, null);
    }

    /** The records a plan is made of (its first window's), or null. */
    static ClaudeRecords recordsOf(List<ClaudeSession.Planned> plan) {
        return plan instanceof ClaudeSession.PlannedList list && list.parts.length > 0 ? list.parts[0].records : null;
    }
}
