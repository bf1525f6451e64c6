package io.github.termsprawl.maven;

import io.github.termsprawl.core.Link;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Prints the links of the project, one {@code a <-> b} per line, to stdout (or a file). */
@Mojo(name = "links", requiresProject = false, threadSafe = true)
public class LinksMojo extends AbstractTermsprawlMojo {
    /** Write the list to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /** Skips this goal only ({@code termsprawl.links.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.LINKS_SKIP, defaultValue = "false")
    private String skipLinks;

    @Override
    String skipGoal() {
        return skipLinks;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        List<Link> links = new Links(new ProjectLayout(root)).list();
        StringBuilder text = new StringBuilder();
        for (Link link : links) {
            text.append(link.a()).append(" <-> ").append(link.b()).append('\n');
        }
        String where = printData(root, text.toString(), output);
        getLog().info("termsprawl: " + links.size() + " link(s), printed to " + where);
    }
}
