package io.github.termsprawl.maven;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Removes the link between two nodes; a missing link is not an error. */
@Mojo(name = "unlink", requiresProject = false, threadSafe = true)
public class UnlinkMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE =
            "mvn termsprawl:unlink -D" + UserProperties.A + "=backend -D" + UserProperties.B + "=frontend";

    /** One end of the link. */
    @Parameter(property = UserProperties.A)
    private String a;

    /** The other end of the link. */
    @Parameter(property = UserProperties.B)
    private String b;

    /** Skips this goal only ({@code termsprawl.unlink.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.UNLINK_SKIP, defaultValue = "false")
    private String skipUnlink;

    @Override
    String skipGoal() {
        return skipUnlink;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException {
        nodeId(a, UserProperties.A, EXAMPLE);
        nodeId(b, UserProperties.B, EXAMPLE);
        boolean removed = new Links(new ProjectLayout(root)).remove(a, b);
        getLog().info("termsprawl: " + (removed ? "unlinked " : "no link to remove: ") + a + " <-> " + b);
    }
}
