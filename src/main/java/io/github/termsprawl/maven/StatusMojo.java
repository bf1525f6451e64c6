package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.view.ProjectStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints one line per node: its store, turn count, transcript size, age and path, and its links (to
 * stdout, or a file); the log says how to give a node without a transcript one.
 */
@Mojo(name = "status", requiresProject = false, threadSafe = true)
public class StatusMojo extends AbstractSqliteMojo {
    /** Write the status to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /** Whether secrets in what is printed (a transcript path) are replaced by {@code [redacted:<kind>]}. */
    @Parameter(property = UserProperties.REDACT, defaultValue = "true")
    private String redact;

    /** Skips this goal only ({@code termsprawl.status.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.STATUS_SKIP, defaultValue = "false")
    private String skipStatus;

    @Override
    String skipGoal() {
        return skipStatus;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        boolean redacts = redaction(redact, true);
        ProjectLayout layout = new ProjectLayout(root);
        List<String> lines;
        List<String> nodes;
        try (TranscriptReaders readers =
                new TranscriptReaders(new io.github.termsprawl.jsonl.JsonlTail(), layout.sqliteNativeDir())) {
            ProjectStatus status = new ProjectStatus(layout, readers);
            nodes = status.nodes();
            lines = new java.util.ArrayList<>(status.lines(redacts));
        }
        // received nodes, with who shared them and when (docs/sharing.md)
        for (String shared : io.github.termsprawl.share.SharedNodes.lines(layout)) {
            lines.add("shared " + shared);
        }
        String where = printData(root, lines(lines), output);
        getLog().info("termsprawl: " + nodes.size() + " node(s), printed to " + where);
        // whether each agent will run its hooks (docs/agents.md): a hint, never data
        for (io.github.termsprawl.plant.HookTrust.State hooks : io.github.termsprawl.plant.HookTrust.of(
                layout, System.getenv(), io.github.termsprawl.store.AgentFolders.home(System.getenv()))) {
            getLog().info("termsprawl: hooks of " + hooks.line());
        }
        TranscriptIndex index = new TranscriptIndex(layout);
        for (String id : nodes) {
            if (index.read(id) == null) {
                getLog().info("termsprawl: " + id + " has no transcript yet: start its agent with TERMSPRAWL_NODE_ID="
                        + id + " (Claude Code records itself through the hook), or run mvn termsprawl:record -D"
                        + UserProperties.NODE + "=" + id + " -D" + UserProperties.TRANSCRIPT + "=<store>:latest");
            }
        }
    }
}
