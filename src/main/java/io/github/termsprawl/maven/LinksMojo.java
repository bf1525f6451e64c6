package io.github.termsprawl.maven;

import io.github.termsprawl.core.Link;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Lists the links of the project, one {@code a <-> b} per line. */
@Mojo(name = "links", requiresProject = false, threadSafe = true)
public class LinksMojo extends AbstractTermsprawlMojo {
    @Parameter(property = UserProperties.LINKS_SKIP, defaultValue = "false")
    private boolean skipLinks;

    @Override
    boolean skipGoal() {
        return skipLinks;
    }

    @Override
    String skipProperty() {
        return UserProperties.LINKS_SKIP;
    }

    @Override
    void run(Path root) {
        List<Link> links = new Links(new ProjectLayout(root)).list();
        getLog().info("termsprawl: " + links.size() + " link(s)");
        for (Link link : links) {
            getLog().info("  " + link.a() + " <-> " + link.b());
        }
    }
}
