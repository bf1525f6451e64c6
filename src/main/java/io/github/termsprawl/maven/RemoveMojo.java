package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.plant.GitIgnores;
import io.github.termsprawl.plant.Removal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Undoes {@code discover}: the markers' block, the launchers and jars, the skills, the hook entry and the git
 * exclude line; keeps the links, the transcript index and the turn files unless {@code termsprawl.all}, and while
 * this machine's data is kept, a {@code .termsprawl/.gitignore} that keeps it out of git. In a git work tree it
 * prints last the {@code git add} command that commits the removal. Safe to run twice.
 */
@Mojo(name = "remove", requiresProject = false, threadSafe = true)
public class RemoveMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE = "mvn termsprawl:remove -D" + UserProperties.ALL + "=true";

    /** Also remove the links, the transcript index, {@code project.json} and the turn files. */
    @Parameter(property = UserProperties.ALL, defaultValue = "false")
    private String all;

    @Parameter(property = UserProperties.REMOVE_SKIP, defaultValue = "false")
    private String skipRemove;

    @Override
    String skipGoal() {
        return skipRemove;
    }

    @Override
    void run(Path root) throws IOException, UserErrorException, MojoFailureException {
        boolean everything = flag(all, UserProperties.ALL, false);
        GitIgnores git = GitIgnores.open(root);
        List<Removal.Change> changes = new Removal(new ProjectLayout(root)).remove(everything, git);
        int done = 0;
        boolean kept = false;
        for (Removal.Change c : changes) {
            String line = "termsprawl: " + c.action() + " " + shown(root, c.path());
            if (c.action().equals("kept") && c.note() == null) {
                kept = true;
                line += " (the team's and this machine's data; -D" + UserProperties.ALL + "=true removes it)";
            } else if (c.note() != null) {
                line += " (" + c.note() + ")";
            }
            getLog().info(line);
            done += c.action().equals("kept") ? 0 : 1;
        }
        getLog().info(
                        done == 0
                                ? "termsprawl: nothing to remove"
                                : "termsprawl: removed termsprawl from " + root + " (" + done + " change(s));"
                                        + " 'mvn termsprawl:discover' plants it again");
        String commit = done == 0 ? null : Removal.commitCommand(root, git);
        if (commit != null) {
            getLog().info("termsprawl: to commit the removal: " + commit + " && git commit");
        }
    }
}
