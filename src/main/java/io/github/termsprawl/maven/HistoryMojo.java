package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.history.History;
import io.github.termsprawl.history.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes every node's whole session as turn files an agent can grep, {@code .termsprawl/history/<nodeId>/}
 * ({@code turn-NNNN-<role>.md} and {@code index.md}), or one node's; an unchanged transcript is not read again.
 * The files: <a href="docs/files.html">The .termsprawl/ folder</a>, "Turn files". A run that takes more than 2 s
 * logs how far it got every 5 s (the node, the bytes of its transcript read, the turns written). It runs with
 * Maven's heap ({@code MAVEN_OPTS=-Xmx…}): a session too large for the planted command's heap is written here.
 */
@Mojo(name = "history", requiresProject = false, threadSafe = true)
public class HistoryMojo extends AbstractSqliteMojo {
    /** How often a long run logs how far it got. */
    static final long PROGRESS_EVERY_MS = 5000;

    static final String EXAMPLE = "mvn termsprawl:history -D" + UserProperties.NODE + "=backend";

    /** The one node to write; every node with a transcript index entry when not set. */
    @Parameter(property = UserProperties.NODE)
    private String node;

    /** Whether secrets (API keys, tokens, private keys, passwords) are replaced by {@code [redacted:<kind>]}. */
    @Parameter(property = UserProperties.REDACT, defaultValue = "true")
    private String redact;

    /** Skips this goal only ({@code termsprawl.history.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.HISTORY_SKIP, defaultValue = "false")
    private String skipHistory;

    @Override
    String skipGoal() {
        return skipHistory;
    }

    @Override
    String valueInError() {
        return node == null ? null : UserProperties.NODE + "=" + printable(node);
    }

    @Override
    String example() {
        return EXAMPLE;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        if (node != null && !node.isEmpty()) {
            nodeId(node, UserProperties.NODE, EXAMPLE);
        }
        boolean redacts = redaction(redact, true);
        ProjectLayout layout = new ProjectLayout(root);
        int turns = 0;
        int written = 0;
        int removed = 0;
        int upToDate = 0;
        int done = 0;
        // a long run says how far it got every few seconds (docs/goals.md, "history"): a few lines, not one a turn
        Progress.Out log = new Progress.Out() {
            @Override
            public void show(String line, boolean done) {
                if (!done) {
                    getLog().info("termsprawl: " + line);
                }
            }
        };
        try (Progress progress = new Progress(log, PROGRESS_EVERY_MS, System::currentTimeMillis).start();
                History history = new History(layout, redacts).progress(progress)) {
            List<String> nodes = node == null || node.isEmpty() ? history.nodes() : List.of(node);
            int index = 0;
            for (String id : nodes) {
                progress.node(id, ++index, nodes.size());
                History.Result r = history.update(id);
                switch (r.status()) {
                    case NO_ENTRY:
                        throw new UserErrorException(
                                "Node " + id + " has no transcript recorded",
                                "Record one first: mvn termsprawl:record -D" + UserProperties.NODE + "=" + id + " -D"
                                        + UserProperties.TRANSCRIPT + "=<path | session id | latest>");
                    case UNSUPPORTED:
                        getLog().warn("termsprawl: " + id + ": its transcript is of no store whose whole session"
                                + " termsprawl reads"
                                + (r.store() == null ? "" : " (" + r.store().id() + ")"));
                        continue;
                    case BUSY:
                        getLog().warn("termsprawl: " + id + ": another run is writing its turn files; skipped");
                        continue;
                    case UP_TO_DATE:
                        upToDate++;
                        getLog().debug("termsprawl: " + id + ": up to date");
                        break;
                    default:
                        turns += r.turns();
                        written += r.written();
                        removed += r.removed();
                        getLog().debug("termsprawl: " + id + ": " + r.turns() + " turns, " + r.agents() + " subagents, "
                                + r.written() + " files written, " + r.removed() + " removed");
                }
                done++;
            }
        }
        getLog().info("termsprawl: turn files of " + done + " node(s) in " + root.relativize(layout.historyDir())
                + ": " + (done - upToDate) + " updated (" + turns + " turns, " + written + " files written, " + removed
                + " removed), " + upToDate + " up to date" + (redacts ? "" : "; secrets NOT redacted"));
    }
}
