package io.github.termsprawl.maven;

import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints exactly what {@code termsprawl-context --cwd <root> --self <id>} prints, to stdout (so
 * {@code mvn -q termsprawl:context -Dtermsprawl.self=x} is scriptable) or to a file: the last 40 turns of
 * each peer of the node. The output byte for byte: <a href="docs/context.html">The context command</a>.
 */
@Mojo(name = "context", requiresProject = false, threadSafe = true)
public class ContextMojo extends AbstractSqliteMojo {
    static final String EXAMPLE = "mvn -q termsprawl:context -D" + UserProperties.SELF + "=frontend";

    /** The node whose peers to print. */
    @Parameter(property = UserProperties.SELF)
    private String self;

    /** Write the context to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /**
     * Print, instead of the context, one line per peer with an index entry: what a full read of its
     * transcript saw (store, records, turns, unknown).
     */
    @Parameter(property = UserProperties.STATS, defaultValue = "false")
    private String stats;

    /**
     * Which conversation to show: {@code file} (the default: the user's and the agent's text, in the transcript's order) or
     * {@code live} (what the peer's agent would send next).
     */
    @Parameter(property = UserProperties.VIEW)
    private String view;

    /**
     * Whether secrets are replaced by {@code [redacted:<kind>]}. Unset: the live view redacts and the file
     * view prints the transcripts' text as it is, as the planted command does without {@code --redact}.
     */
    @Parameter(property = UserProperties.REDACT)
    private String redact;

    /** Skips this goal only ({@code termsprawl.context.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.CONTEXT_SKIP, defaultValue = "false")
    private String skipContext;

    @Override
    String skipGoal() {
        return skipContext;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        nodeId(self, UserProperties.SELF, EXAMPLE);
        boolean statsWanted = flag(stats, UserProperties.STATS, false);
        View chosen = view == null || view.isEmpty() ? View.PROSE : View.of(view);
        if (chosen == null) {
            throw new MojoFailureException("Unknown view '" + printable(view) + "' in " + UserProperties.VIEW
                    + ": expected one of " + View.names() + ". Example: " + EXAMPLE + " -D" + UserProperties.VIEW
                    + "=live");
        }
        boolean redacts = redaction(redact, chosen == View.LIVE);
        LinkedContext.Output result;
        List<String> statsLines = null;
        try (LinkedContext context = new LinkedContext(root, chosen, redacts)) {
            result = context.render(self);
            if (statsWanted) {
                statsLines = context.stats(self);
            }
        }
        for (String note : result.notes()) {
            getLog().warn("termsprawl-context: " + note);
        }
        if (statsLines != null) {
            // the data asked for is the stats, printed as the context would be: scripts read it under -q
            String where = printData(root, lines(statsLines), output);
            getLog().info("termsprawl: printed the read stats of the peers of " + self + " to " + where);
            return;
        }
        String where = printData(root, result.stdout(), output);
        getLog().info("termsprawl: printed the context of " + self + " to " + where);
    }
}
