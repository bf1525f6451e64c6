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
    /** A file ignored by a rule above {@code .termsprawl/} (or in {@code .claude/}): once tracked, git keeps it. */
    static final String IGNORED_FIX = "An ignored file is left out by 'git add', so a teammate's clone lacks it: commit"
            + " it with 'git add -f <file>' (or change the rule named).";

    /** Skips this goal only ({@code termsprawl.check.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.CHECK_SKIP, defaultValue = "false")
    private String skipCheck;

    @Override
    String skipGoal() {
        return skipCheck;
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
            // each user trusts the hooks in their own agent: said, never a failure (CI trusts none)
            for (io.github.termsprawl.plant.HookTrust.State hooks : io.github.termsprawl.plant.HookTrust.of(
                    layout, System.getenv(), io.github.termsprawl.store.AgentFolders.home(System.getenv()))) {
                if (hooks.problem() != null) {
                    getLog().info("termsprawl: hooks of " + hooks.line());
                }
            }
            getLog().info("termsprawl: discovery files are up to date");
            return;
        }
        throw new MojoFailureException(failure(root, findings));
    }

    /** One line per finding; a file git ignores gets its own fix, which {@code discover} cannot always give. */
    static String failure(Path root, List<Discovery.Finding> findings) {
        StringBuilder message = new StringBuilder("termsprawl discovery files are not current:\n");
        boolean ignored = false;
        for (Discovery.Finding f : findings) {
            message.append("  ").append(f.problem()).append(": ").append(root.relativize(f.path()));
            if (f.detail() != null) {
                message.append(" (")
                        .append(f.problem().equals("ignored") ? "by " : "")
                        .append(f.detail())
                        .append(')');
            }
            message.append('\n');
            ignored |= f.problem().equals("ignored");
        }
        boolean other = findings.stream().anyMatch(f -> !f.problem().equals("ignored"));
        // discover fixes every other problem, and an ignore rule inside .termsprawl/; not one above it
        message.append(other ? FIX : "").append(other && ignored ? " " : "").append(ignored ? IGNORED_FIX : "");
        return message.toString();
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
