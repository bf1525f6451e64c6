package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.plant.ClassDataArchive;
import io.github.termsprawl.plant.Discovery;
import io.github.termsprawl.plant.JavaRuntime;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fails the build when a discovery marker or a {@code .termsprawl/bin/} file is missing or stale, naming
 * each and ending with {@code Run 'mvn termsprawl:discover' to fix.} This machine's jars and class-data
 * archive, which are not committed, only give a warning, so a fresh clone passes.
 *
 * <p>Bound to {@code verify}: add an execution with this goal to the plugin in the pom. What it compares:
 * <a href="docs/planted.html">What discover plants</a>.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class CheckMojo extends AbstractTermsprawlMojo {
    static final String FIX = "Run '" + DiscoverMojo.CALL + "' to fix.";

    /** Skips this goal only ({@code termsprawl.check.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.CHECK_SKIP, defaultValue = "false")
    private String skipCheck;

    @Override
    String skipGoal() {
        return skipCheck;
    }

    @Override
    String skipProperty() {
        return UserProperties.CHECK_SKIP;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        ProjectLayout layout = new ProjectLayout(root);
        Discovery.Findings all = new Discovery(layout, DiscoverMojo.CALL).check();
        List<Discovery.Finding> findings = all.committed();
        if (findings.isEmpty()) {
            for (Discovery.Finding f : all.perMachine()) {
                getLog().warn("termsprawl: " + root.relativize(f.path()) + " is " + f.problem() + " on this machine"
                        + " (built by discover, never committed; the context command needs it). Run '"
                        + DiscoverMojo.CALL + "' here.");
            }
            warnAboutArchive(new ClassDataArchive(layout.binDir(), JavaRuntime.find(System.getenv())), root);
            getLog().info("termsprawl: discovery files are up to date");
            return;
        }
        StringBuilder message = new StringBuilder("termsprawl discovery files are not current:\n");
        for (Discovery.Finding f : findings) {
            message.append("  ")
                    .append(f.problem())
                    .append(": ")
                    .append(root.relativize(f.path()))
                    .append('\n');
        }
        throw new MojoFailureException(message.append(FIX).toString());
    }

    /** The archive is per machine and only a speed-up: a stale one never fails the build. */
    private void warnAboutArchive(ClassDataArchive archive, Path root) {
        ClassDataArchive.Status status = archive.status();
        if (status == ClassDataArchive.Status.MISSING || status == ClassDataArchive.Status.STALE) {
            getLog().warn("termsprawl: the class-data archive " + root.relativize(archive.file()) + " is "
                    + status.name().toLowerCase(java.util.Locale.ROOT)
                    + " (the command starts slower). Run '" + DiscoverMojo.CALL + "' to refresh it.");
        }
    }
}
