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
     * @param nodeId         the value of {@code TERMSPRAWL_NODE_ID}, maybe null
     * @param input          the parsed hook payload
     * @param defaultProject the project the script lives in, used when the payload names no folder
     * @return whether an entry was written
     */
    public static boolean record(String nodeId, HookInput input, Path defaultProject) {
        if (!NodeId.isSafe(nodeId) || input.transcriptPath() == null) {
            return false;
        }
        try {
            Path project = defaultProject;
            if (input.cwd() != null && Files.isDirectory(Path.of(input.cwd()))) {
                project = Path.of(input.cwd());
            }
            if (project == null) {
                return false;
            }
            String transcript = project.resolve(input.transcriptPath()).toString();
            return new TranscriptIndex(new ProjectLayout(project)).record(nodeId, transcript, null, null);
        } catch (IOException | InvalidPathException | SecurityException e) {
            return false;
        }
    }
}
