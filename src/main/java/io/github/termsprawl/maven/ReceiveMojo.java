package io.github.termsprawl.maven;

import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.share.Receiver;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fetches the nodes teammates shared ({@code refs/termsprawl/*} on the git remote, with your own git) and
 * keeps each, read-only, in {@code .termsprawl/shared/<user>__<node>/} (git-ignored): its live view at share
 * time, its touches, its index and manifest; its turn files stay in git until read. A node no longer shared
 * goes.
 * <a href="docs/sharing.html">Sharing with your team</a>.
 */
@Mojo(name = "receive", requiresProject = false, threadSafe = true)
public class ReceiveMojo extends AbstractTermsprawlMojo {
    /** The git remote to fetch from. */
    @Parameter(property = UserProperties.REMOTE, defaultValue = "origin")
    private String remote;

    /** Skips this goal only ({@code termsprawl.receive.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.RECEIVE_SKIP, defaultValue = "false")
    private String skipReceive;

    @Override
    String skipGoal() {
        return skipReceive;
    }

    @Override
    String example() {
        return "mvn termsprawl:receive";
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        int n = 0;
        for (Receiver.Received r : new Receiver(root, remote).receive()) {
            String who = r.manifest() == null
                    ? ""
                    : " (shared by " + r.manifest().user() + " at "
                            + r.manifest().sharedAt() + ")";
            String line = "termsprawl: " + (r.id() == null ? r.ref() : r.id()) + ": " + r.status() + who;
            if (r.status().startsWith("skipped")) {
                getLog().warn(line);
            } else {
                getLog().info(line);
            }
            n++;
        }
        getLog().info("termsprawl: " + n + " shared node(s) from " + remote);
    }
}
