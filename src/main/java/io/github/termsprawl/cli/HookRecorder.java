package io.github.termsprawl.cli;

import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** What the SessionStart hook does: record the session's transcript for {@code $TERMSPRAWL_NODE_ID}. */
public final class HookRecorder {
    public static final String NODE_ENV = "TERMSPRAWL_NODE_ID";

    private HookRecorder() {}

    /**
     * Records into the project that planted the hook (the folder above {@code .termsprawl/bin/}), never
     * into the folder the payload's {@code cwd} names: a session started in a subfolder belongs to the
     * same project, and a payload must not make the hook write anywhere else.
     *
     * @param nodeId  the value of {@code TERMSPRAWL_NODE_ID}, maybe null
     * @param input   the parsed hook payload
     * @param project the project the script lives in
     * @return whether an entry was written
     */
    public static boolean record(String nodeId, HookInput input, Path project) {
        if (!NodeId.isSafe(nodeId) || input.transcriptPath() == null || project == null) {
            return false;
        }
        try {
            // a relative transcript path (Claude Code writes absolute ones) is the session's, so read it
            // against the session's folder
            Path base = project;
            if (input.cwd() != null && Files.isDirectory(Path.of(input.cwd()))) {
                base = Path.of(input.cwd());
            }
            String transcript = base.resolve(input.transcriptPath()).toString();
            return new TranscriptIndex(new ProjectLayout(project)).record(nodeId, transcript, null, null);
        } catch (IOException | InvalidPathException | SecurityException e) {
            return false;
        }
    }
}
