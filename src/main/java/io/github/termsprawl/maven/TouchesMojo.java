package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.touch.Overlaps;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints the overlap table: the files that two or more nodes changed in their current sessions, with the nodes, the
 * kinds and the times, the most recently changed first ({@code docs/touches.md}). With {@code -Dtermsprawl.file=}
 * every node that changed that one file. To stdout, or to {@code termsprawl.output}.
 */
@Mojo(name = "touches", requiresProject = false, threadSafe = true)
public class TouchesMojo extends AbstractTermsprawlMojo {
    /** Only this file: absolute, or relative to the project folder. */
    @Parameter(property = UserProperties.FILE)
    private String file;

    /** Write the table to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /** Skips this goal only ({@code termsprawl.touches.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.TOUCHES_SKIP, defaultValue = "false")
    private String skipTouches;

    @Override
    String skipGoal() {
        return skipTouches;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        String text = Overlaps.table(new ProjectLayout(root), file == null || file.isBlank() ? null : file);
        String where = printData(root, text, output);
        long files = text.lines().filter(l -> !l.startsWith("  ")).count();
        getLog().info("termsprawl: " + files + (file == null ? " file(s) changed by two or more nodes" : " file(s)")
                + ", printed to " + where);
    }
}
