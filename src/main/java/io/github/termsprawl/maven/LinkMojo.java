package io.github.termsprawl.maven;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Links two nodes so each reads the other's context: {@code .termsprawl/links/<lo>--<hi>.json}, written once
 * for the pair. Example: {@code mvn termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend}.
 */
@Mojo(name = "link", requiresProject = false, threadSafe = true)
public class LinkMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE =
            "mvn termsprawl:link -D" + UserProperties.A + "=backend -D" + UserProperties.B + "=frontend";

    /** One end of the link. */
    @Parameter(property = UserProperties.A)
    private String a;

    /** The other end of the link. */
    @Parameter(property = UserProperties.B)
    private String b;

    /** Skips this goal only ({@code termsprawl.link.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.LINK_SKIP, defaultValue = "false")
    private String skipLink;

    @Override
    String skipGoal() {
        return skipLink;
    }

    @Override
    void run(Path root) throws MojoExecutionException, MojoFailureException {
        nodeId(a, UserProperties.A, EXAMPLE);
        nodeId(b, UserProperties.B, EXAMPLE);
        Links links = new Links(new ProjectLayout(root));
        java.util.SortedSet<String> known = links.knownNodes(); // before this link makes them known
        Links.Result result = links.add(a, b);
        if (result.error() == Links.Error.SELF) {
            throw new MojoFailureException("Cannot link node '" + a + "' to itself (" + UserProperties.A + " and "
                    + UserProperties.B + " are equal). Example: " + EXAMPLE);
        }
        if (!result.ok()) {
            throw new MojoExecutionException("Could not write " + links.fileOf(a, b) + ": " + result.message());
        }
        getLog().info("termsprawl: " + (result.changed() ? "linked " : "already linked: ") + a + " <-> " + b);
        for (String id : a.equals(b) ? java.util.List.of(a) : java.util.List.of(a, b)) {
            if (!known.contains(id)) {
                getLog().warn(stranger(id, known, a, b));
            }
        }
    }

    /** A node the project did not know: a typo is linked in silence, so name the nodes it knows and the undo. */
    static String stranger(String id, java.util.SortedSet<String> known, String a, String b) {
        String nodes = known.isEmpty()
                ? "no node is known yet"
                : "known nodes: "
                        + String.join(
                                ", ",
                                known.size() <= 20
                                        ? known
                                        : java.util.List.copyOf(known).subList(0, 20))
                        + (known.size() > 20 ? ", …" : "");
        return "termsprawl: node '" + id + "' has no recorded transcript and is in no other link (" + nodes + ")."
                + " If it is a typo: mvn termsprawl:unlink -D" + UserProperties.A + "=" + a + " -D" + UserProperties.B
                + "=" + b + ". Else record its transcript once its agent has started: mvn termsprawl:record -D"
                + UserProperties.NODE + "=" + id + " -D" + UserProperties.TRANSCRIPT + "=latest";
    }
}
