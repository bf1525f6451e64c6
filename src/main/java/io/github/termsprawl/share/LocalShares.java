package io.github.termsprawl.share;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;

/**
 * What this machine has shared (docs/sharing.md, "What is shared"): the commit it last wrote for each of its nodes,
 * kept in the clone's own git configuration ({@code termsprawl.<user>/<node>.shared}), which no push, fetch or clone
 * carries. The first-share confirmation is read from here, never from a ref: {@code receive} copies the remote's
 * refs over the local ones, so a ref under your user id may be a teammate's push.
 */
final class LocalShares {
    private final GitRepo repo;

    LocalShares(GitRepo repo) {
        this.repo = repo;
    }

    private static String key(String user, String node) {
        return "termsprawl." + user + "/" + node + ".shared";
    }

    /** The commit this machine last shared {@code node} as, or null when it never did (or unshared it). */
    String written(String user, String node) throws IOException, UserErrorException {
        String commit = repo.config(key(user, node));
        return commit == null || !io.github.termsprawl.core.SharedNode.isObjectId(commit) ? null : commit;
    }

    /** Notes that this machine shared {@code node} as {@code commit}. */
    void record(String user, String node, String commit) throws IOException, UserErrorException {
        repo.git().ok("config", "--local", key(user, node), commit);
    }

    /** Forgets {@code node}: its next share asks again. */
    void forget(String user, String node) throws IOException, UserErrorException {
        repo.git().run(null, Git.LOCAL_MS, "config", "--local", "--unset-all", key(user, node));
    }
}
