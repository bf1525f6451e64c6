package io.github.termsprawl.maven;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.plant.ClassDataArchive;
import io.github.termsprawl.plant.Discovery;
import io.github.termsprawl.plant.GitIgnores;
import io.github.termsprawl.plant.HookSettings;
import io.github.termsprawl.plant.JavaRuntime;
import io.github.termsprawl.plant.Launchers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Plants or refreshes the discovery markers, the {@code .termsprawl/bin/} commands and the Claude Code
 * SessionStart hook. Idempotent: a second run changes no file. Every teammate runs it once after cloning
 * (the jars are per machine). What is written, and where: <a href="docs/planted.html">What discover
 * plants</a>.
 */
@Mojo(name = "discover", requiresProject = false, threadSafe = true)
public class DiscoverMojo extends AbstractSqliteMojo {
    /** The call that plants the files, named in the launchers' header and in {@code check}'s fix line. */
    static final String CALL = "mvn termsprawl:discover";

    /** Install the SessionStart hook into {@code .claude/settings.local.json}. */
    @Parameter(property = UserProperties.CLAUDE_HOOK, defaultValue = "true")
    private String claudeHook;

    /** Skips this goal only ({@code termsprawl.discover.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.DISCOVER_SKIP, defaultValue = "false")
    private String skipDiscover;

    /**
     * The guard before an agent's edit: hold (the default), warn, ask, deny or off (docs/touches.md). Unset, a later
     * discover keeps the guard each hook file has.
     */
    @Parameter(property = UserProperties.GUARD)
    String guard;

    private String guard(Path settingsFile) throws IOException, UserErrorException {
        String kept = guard == null || guard.isBlank() ? HookSettings.CLAUDE.currentGuard(settingsFile) : null;
        String g =
                guard == null || guard.isBlank() ? (kept == null ? HookSettings.DEFAULT_GUARD : kept) : guard.strip();
        if (!HookSettings.GUARDS.contains(g)) {
            throw new UserErrorException(
                    "Unknown guard: " + g, "run with -D" + UserProperties.GUARD + "=hold, warn, ask, deny or off");
        }
        return g;
    }

    @Override
    String skipGoal() {
        return skipDiscover;
    }

    @Override
    void run(Path root) throws IOException, UserErrorException, MojoFailureException {
        boolean hook = flag(claudeHook, UserProperties.CLAUDE_HOOK, true);
        ProjectLayout layout = new ProjectLayout(root);
        String settings;
        try {
            // a malformed settings file fails the goal before any other file is touched
            settings = hook
                    ? HookSettings.CLAUDE.plan(layout.claudeSettingsLocal(), guard(layout.claudeSettingsLocal()))
                    : null;
        } catch (UserErrorException e) {
            throw e.or("run with -D" + UserProperties.CLAUDE_HOOK + "=false to skip the hook");
        }
        if (settings != null) {
            AtomicFiles.insideProject(root, layout.claudeSettingsLocal()); // refused before any other write
        }
        boolean creates = settings != null && !Files.exists(layout.claudeSettingsLocal(), LinkOption.NOFOLLOW_LINKS);
        Discovery discovery = new Discovery(layout, CALL, guard == null || guard.isBlank() ? null : guard(null));
        List<Path> written = new ArrayList<>(discovery.discover());
        if (settings != null && AtomicFiles.writeIfChanged(root, layout.claudeSettingsLocal(), settings)) {
            written.add(layout.claudeSettingsLocal());
        }
        verifyWithGit(root, layout, discovery, creates);
        String unloadable = Launchers.unloadableCharacter(layout.binDir());
        if (unloadable != null) {
            // the archive is made by running the command: it could not start either
            getLog().warn(
                            "termsprawl: the path of " + layout.binDir() + " holds " + unloadable + ", a character"
                                    + " outside the Basic Multilingual Plane: Java cannot load classes from under such a path, so the"
                                    + " planted commands will not start there (the goals work). Move or rename the folder to use them.");
        } else {
            ClassDataArchive archive = new ClassDataArchive(layout.binDir(), JavaRuntime.find(System.getenv()));
            try {
                if (archive.ensure()) {
                    written.add(archive.file());
                }
            } catch (IOException e) {
                getLog().warn("termsprawl: could not create the class-data archive " + archive.file()
                        + " (the command still works, only starts slower): " + e.getMessage());
            }
        }
        for (Path p : written) {
            getLog().debug("termsprawl: wrote " + root.relativize(p));
        }
        getLog().info(
                        written.isEmpty()
                                ? "termsprawl: discovery files are up to date"
                                : "termsprawl: wrote " + written.size() + " discovery file(s) under " + root);
        getLog().info("termsprawl: start each agent with its node id (e.g. TERMSPRAWL_NODE_ID=backend claude);"
                + " 'mvn termsprawl:status' lists the nodes and their transcripts");
    }

    /**
     * In a git work tree: the personal settings file discover created is kept out of git (a {@code git add -A}
     * would commit it), and every committed file is checked to be one {@code git add} takes (docs/planted.md,
     * "Git"). Without git, or outside a work tree, nothing is verified.
     */
    private void verifyWithGit(Path root, ProjectLayout layout, Discovery discovery, boolean createdSettings)
            throws IOException, UserErrorException {
        GitIgnores git = GitIgnores.open(root);
        if (git == null) {
            getLog().debug("termsprawl: not a git work tree (or no git): the committed files are not verified");
            return;
        }
        if (createdSettings) {
            try {
                Path exclude = git.keepOut(layout.claudeSettingsLocal());
                if (exclude != null) {
                    getLog().info("termsprawl: .claude/settings.local.json is personal (discover created it): kept"
                            + " out of git in " + shown(root, exclude));
                }
            } catch (IOException e) {
                // the files are planted and work: this is git's bookkeeping, a warning with the line to add
                getLog().warn("termsprawl: could not keep .claude/settings.local.json out of git ("
                        + describe(e) + "); it is personal: add the line '/.claude/settings.local.json' to"
                        + " .git/info/exclude");
            }
        }
        discovery
                .ignoredByGit(git)
                .forEach((path, rule) -> getLog().warn("termsprawl: git ignores "
                        + root.relativize(path) + " (by " + rule
                        + "), so 'git add' leaves it out and a teammate's clone"
                        + " lacks it: commit it with 'git add -f " + root.relativize(path)
                        + "' (or change that rule)"));
    }
}
