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
}
