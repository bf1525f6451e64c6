package io.github.termsprawl.maven;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints exactly what {@code termsprawl-context --cwd <root> --self <id>} prints, to stdout (so
 * {@code mvn -q termsprawl:context -Dtermsprawl.self=x} is scriptable) or to a file.
 */
@Mojo(name = "context", requiresProject = false, threadSafe = true)
public class ContextMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE = "mvn -q termsprawl:context -D" + UserProperties.SELF + "=frontend";

    /** The node whose peers to print. */
    @Parameter(property = UserProperties.SELF)
    private String self;

    /** Write the context to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /** Also log, per peer with an index entry, what a full read of its transcript saw (store, records, turns, unknown). */
    @Parameter(property = UserProperties.STATS, defaultValue = "false")
    private boolean stats;

    /** Which conversation to show: {@code prose} (SPEC §6, the default) or {@code live} (what the peer's agent would send next). */
    @Parameter(property = UserProperties.VIEW)
    private String view;

    @Parameter(property = UserProperties.CONTEXT_SKIP, defaultValue = "false")
    private boolean skipContext;

    @Override
    boolean skipGoal() {
        return skipContext;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        nodeId(self, UserProperties.SELF, EXAMPLE);
        View chosen = view == null || view.isEmpty() ? View.PROSE : View.of(view);
        if (chosen == null) {
            throw new MojoFailureException("Unknown view '" + printable(view) + "' in " + UserProperties.VIEW
                    + ": expected one of " + View.names() + ". Example: " + EXAMPLE + " -D" + UserProperties.VIEW
                    + "=live");
        }
        LinkedContext.Output result;
        try (LinkedContext context = new LinkedContext(root, chosen)) {
            result = context.render(self);
            if (stats) {
                for (String line : context.stats(self)) {
                    getLog().info(line);
                }
            }
        }
        for (String note : result.notes()) {
            getLog().warn("termsprawl-context: " + note);
        }
        byte[] bytes = Utf8Output.encode(result.stdout());
        if (output != null && !output.isEmpty()) {
            Path file = root.resolve(output);
            AtomicFiles.writeIfChanged(file, bytes, false);
            getLog().info("termsprawl: wrote the context of " + self + " to " + file);
            return;
        }
        // straight to file descriptor 1: Maven may wrap System.out, and the bytes must be exact
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        out.write(bytes);
        out.flush();
        getLog().info("termsprawl: printed the context of " + self + " (" + bytes.length + " bytes)");
    }
}
