package io.github.termsprawl.share;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The project's git repository as sharing needs it: a work tree, a remote by name (never its URL, which may
 * hold a credential), and refs under {@code refs/termsprawl/}. docs/sharing.md.
 */
public final class GitRepo {
    public static final String REFS = "refs/termsprawl/";

    private final Git git;
    private final String remote;

    private GitRepo(Git git, String remote) {
        this.git = git;
        this.remote = remote;
    }

    /** The repository of {@code project}, checked: inside a git work tree, with {@code remote} configured. */
    public static GitRepo open(Path project, String remote) throws IOException, UserErrorException {
        Git git = new Git(project);
        Git.Result inside = git.run(null, Git.LOCAL_MS, "rev-parse", "--is-inside-work-tree");
        if (inside.code() != 0 || !inside.text().equals("true")) {
            throw new UserErrorException(
                    project + " is not in a git work tree: sharing goes through the project's git remote",
                    "Run it in a clone of the project (git clone <url>), or make one: git init, then"
                            + " git remote add origin <url>");
        }
        List<String> remotes = List.of(git.ok("remote").split("\n"));
        if (!remotes.contains(remote)) {
            throw new UserErrorException(
                    "The repository has no remote named '" + remote + "'"
                            + (remotes.get(0).isEmpty() ? "" : " (it has: " + String.join(", ", remotes) + ")"),
                    "Add it (git remote add " + remote + " <url>), or name another remote");
        }
        return new GitRepo(git, remote);
    }

    public Git git() {
        return git;
    }

    public String remote() {
        return remote;
    }

    /** The commit a ref names, or null when there is none. */
    public String resolve(String ref) throws IOException, UserErrorException {
        Git.Result r = git.run(null, Git.LOCAL_MS, "rev-parse", "--verify", "-q", ref + "^{commit}");
        return r.code() == 0 ? r.text() : null;
    }

    /** {@code refname objectname objecttype} of every ref under {@code refs/termsprawl/}. */
    public List<String[]> refs() throws IOException, UserErrorException {
        String text = git.ok("for-each-ref", "--format=%(refname) %(objectname) %(objecttype)", REFS);
        List<String[]> refs = new java.util.ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                refs.add(line.split(" ", 3));
            }
        }
        return refs;
    }

    /** {@code git config --get name}, or null when unset. */
    public String config(String name) throws IOException, UserErrorException {
        Git.Result r = git.run(null, Git.LOCAL_MS, "config", "--get", name);
        return r.code() == 0 && !r.text().isEmpty() ? r.text() : null;
    }
}
