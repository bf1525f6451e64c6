package io.github.termsprawl.maven;

import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.share.Sharer;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Stops sharing a node: deletes {@code refs/termsprawl/<user>/<node>} on the git remote and here. Teammates'
 * copies go at their next {@code mvn termsprawl:receive}; what they already read, they keep.
 * <a href="docs/sharing.html">Sharing with your team</a>.
 */
@Mojo(name = "unshare", requiresProject = false, threadSafe = true)
public class UnshareMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE = "mvn termsprawl:unshare -D" + UserProperties.NODE + "=backend";

    /** The node to stop sharing. */
    @Parameter(property = UserProperties.NODE)
    private String node;

    /** The git remote it was pushed to. */
    @Parameter(property = UserProperties.REMOTE, defaultValue = "origin")
    private String remote;

    /** Who shared it; the local part of git's user.email when not set. */
    @Parameter(property = UserProperties.USER)
    private String user;

    /** Skips this goal only ({@code termsprawl.unshare.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.UNSHARE_SKIP, defaultValue = "false")
    private String skipUnshare;

    @Override
    String skipGoal() {
        return skipUnshare;
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
        nodeId(node, UserProperties.NODE, EXAMPLE);
        getLog().info("termsprawl: " + new Sharer(root, remote, user).unshare(node));
    }
}
