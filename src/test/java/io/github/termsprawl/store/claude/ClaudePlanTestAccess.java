package io.github.termsprawl.store.claude;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The corpus files of the Claude Code tests, for tests of other packages. */
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
}
