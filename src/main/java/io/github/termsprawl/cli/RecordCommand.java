package io.github.termsprawl.cli;

import java.io.InputStream;
import java.nio.file.Path;

/**
 * {@code termsprawl-record}, the Claude Code SessionStart hook: reads the hook's JSON from stdin and
 * records the transcript for {@code $TERMSPRAWL_NODE_ID}. Always exits 0 and prints nothing on stdout,
 * since Claude Code adds a SessionStart hook's stdout to the agent's context.
 */
public final class RecordCommand {
    private RecordCommand() {}

    public static void main(String[] args) {
        try {
            run(System.getenv(HookRecorder.NODE_ENV), System.in, projectOfThisJar());
        } catch (RuntimeException | Error e) {
            // never fail the agent's session start
        }
    }

    static boolean run(String nodeId, InputStream stdin, Path defaultProject) {
        if (nodeId == null) {
            return false; // not a termsprawl node: do not even read stdin
        }
        return HookRecorder.record(nodeId, HookInput.read(stdin), defaultProject);
    }

    /** {@code <project>/.termsprawl/bin/termsprawl.jar} → {@code <project>}. */
    static Path projectOfThisJar() {
        try {
            Path jar = Path.of(RecordCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path bin = jar.getParent();
            return bin != null && bin.getParent() != null ? bin.getParent().getParent() : null;
        } catch (Exception e) {
            return null;
        }
    }
}
