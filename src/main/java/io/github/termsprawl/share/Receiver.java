package io.github.termsprawl.share;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ShareCaps;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Fetches every shared node in one {@code git fetch --prune <remote> +refs/termsprawl/*:refs/termsprawl/*} and
 * gives each its own folder, {@code .termsprawl/shared/<user>__<node>/} (git-ignored; core/SharedNode): a folder
 * whose commit is unchanged is not touched; a changed one gets the listing of its commit, its few small files,
 * and loses the files whose blob changed; the turn files stay in git's object store until a reader wants them.
 * The folder of a node no longer shared goes. A shared id equal to a local node's is skipped with a note.
 * docs/sharing.md.
 */
public final class Receiver {
    /** One shared node after a receive. */
    public record Received(String id, String ref, String status, Manifest manifest) {}

    private final ProjectLayout layout;
    private final GitRepo repo;
    private final ShareCaps caps;

    public Receiver(Path project, String remote) throws IOException, UserErrorException {
        this(project, remote, ShareCaps.DEFAULT);
    }

    /** A receiver held to {@code caps} (a test's smaller ones; docs/sharing.md, "Caps"). */
    Receiver(Path project, String remote, ShareCaps caps) throws IOException, UserErrorException {
        this.layout = new ProjectLayout(project);
        this.repo = GitRepo.open(project, remote);
        this.caps = caps;
    }

    /** A node to bring to its ref's commit: its listing checked, or a problem. */
    private record Pending(String id, String ref, Path dir, String commit, int at, NodeListing listing) {}

    /**
     * Fetches and updates the folders; one entry per shared ref, then one per folder removed. A ref that is not a
     * share's, or past a cap (docs/sharing.md, "Caps"), is skipped with its reason, and the others are received.
     */
    public List<Received> receive() throws IOException, UserErrorException {
        repo.git()
                .okWith(
                        null,
                        Git.NETWORK_MS,
                        "fetch",
                        "--quiet",
                        "--prune",
                        "--no-tags",
                        repo.remote(),
                        "+" + GitRepo.REFS + "*:" + GitRepo.REFS + "*");
        Path shared = layout.sharedDir();
        AtomicFiles.writeIfChanged(layout.cwd(), shared.resolve(".gitignore"), "*\n"); // never committed
        Set<String> local = localNodes();
        String me = myUser();
        LocalShares mine = new LocalShares(repo);
        List<Received> out = new ArrayList<>();
        Set<String> kept = new HashSet<>();
        List<Pending> pending = new ArrayList<>();
        for (String[] ref : repo.refs()) {
            String rest = ref[0].substring(GitRepo.REFS.length());
            int slash = rest.indexOf('/');
            String user = slash < 0 ? null : rest.substring(0, slash);
            String node = slash < 0 ? null : rest.substring(slash + 1);
            if (!SharedIds.isUser(user) || !NodeId.isSafe(node) || !NodeId.isSafe(user + SharedIds.SEPARATOR + node)) {
                out.add(new Received(null, ref[0], "skipped: not a shared node's ref", null));
                continue;
            }
            String id = user + SharedIds.SEPARATOR + node;
            if (local.contains(id)) {
                out.add(new Received(id, ref[0], "skipped: a local node has this id", null));
                continue;
            }
            if (!"commit".equals(ref.length > 2 ? ref[2] : null)) {
                out.add(new Received(
                        id, ref[0], "skipped: " + ref[0] + " names a " + ref[2] + ", not a share's commit", null));
                continue;
            }
            if (user.equals(me) && !ref[1].equals(mine.written(user, node))) {
                // under your name, but not what this machine shared: a teammate's push, or another clone's
                out.add(new Received(
                        id,
                        ref[0],
                        "skipped: " + ref[0] + " is under your user id " + me + " but this"
                                + " machine did not write it: check who can push to the remote, and unshare it if it is not"
                                + " yours",
                        null));
                continue;
            }
            kept.add(id); // a node skipped below keeps the folder it had
            Path dir = shared.resolve(id);
            out.add(null);
            pending.add(new Pending(id, ref[0], dir, ref[1], out.size() - 1, null));
        }
        List<Pending> checked = parallel(pending, p -> {
            if (p.commit().equals(SharedNode.commitIn(p.dir()))) {
                return p;
            }
            return new Pending(
                    p.id(),
                    p.ref(),
                    p.dir(),
                    p.commit(),
                    p.at(),
                    NodeListing.of(repo.git(), p.ref(), p.commit(), caps));
        });
        long budget = caps.receive();
        List<Pending> toWrite = new ArrayList<>();
        for (Pending p : checked) { // in ref order: which node the per-receive cap leaves out does not depend on timing
            NodeListing l = p.listing();
            if (l == null) {
                out.set(p.at(), new Received(p.id(), p.ref(), "unchanged", SharedNodes.manifest(p.dir())));
            } else if (l.problem() != null) {
                String user = p.id().substring(0, p.id().indexOf(SharedIds.SEPARATOR));
                out.set(
                        p.at(),
                        skipped(
                                p,
                                l.problem() + "; ask " + user + " to share it again within the caps of"
                                        + " docs/sharing.md, or unshare it"));
            } else if (l.bytes() > budget) {
                out.set(
                        p.at(),
                        skipped(
                                p,
                                p.ref() + " would take this receive past its cap of "
                                        + ShareCaps.describe(caps.receive())
                                        + " (docs/sharing.md); receive again to take it"));
            } else {
                budget -= l.bytes();
                toWrite.add(p);
            }
        }
        // nodes side by side: each costs a few git calls and a few files (bench/README.md)
        parallel(toWrite, p -> {
            try {
                String status = receiveNode(p.dir(), p.commit(), p.listing().blobs());
                out.set(p.at(), new Received(p.id(), p.ref(), status, SharedNodes.manifest(p.dir())));
            } catch (IOException | UserErrorException e) { // one node that fails never stops the others
                out.set(p.at(), skipped(p, e.getMessage()));
            }
            return p;
        });
        String[] folders = shared.toFile().list();
        if (folders != null) {
            for (String name : new TreeSet<>(List.of(folders))) {
                if (NodeId.isSafe(name) && !kept.contains(name) && Files.isDirectory(shared.resolve(name))) {
                    removeFolder(shared.resolve(name));
                    out.add(new Received(name, null, "removed: no longer shared", null));
                }
            }
        }
        return out;
    }

    private static Received skipped(Pending p, String why) {
        return new Received(p.id(), p.ref(), "skipped: " + why.replace('\n', ' '), null);
    }

    /** The user id shares from here go under, or null when there is none. */
    private String myUser() {
        try {
            return SharedIds.user(null, repo);
        } catch (IOException | UserErrorException e) {
            return null;
        }
    }

    private interface Job {
        Pending run(Pending p) throws IOException, UserErrorException;
    }

    /** {@code job} on each of {@code items}, a few at a time; the results in the items' order. */
    private static List<Pending> parallel(List<Pending> items, Job job) throws IOException, UserErrorException {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors())), r -> {
                    Thread t = new Thread(r, "termsprawl-receive");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<java.util.concurrent.Future<Pending>> jobs = new ArrayList<>();
            for (Pending p : items) {
                jobs.add(pool.submit(() -> job.run(p)));
            }
            List<Pending> done = new ArrayList<>();
            for (java.util.concurrent.Future<Pending> f : jobs) {
                done.add(f.get());
            }
            return done;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof UserErrorException u) {
                throw u;
            }
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private Set<String> localNodes() {
        Set<String> ids = new HashSet<>(new TranscriptIndex(layout).nodes());
        String[] history = layout.historyDir().toFile().list();
        if (history != null) {
            ids.addAll(List.of(history));
        }
        return ids;
    }

    /**
     * Brings one node's folder to {@code commit}: O(its changes), not O(its files). The listing of the commit
     * goes to {@code .files}; only {@link SharedNode#EAGER} are written, the turn files wait in git until a reader
     * wants them (core/SharedNode). Order matters to readers: {@code .complete} and {@code .commit} go first, the
     * files whose blob changed are deleted, and {@code .commit} names the new commit last; a cut run leaves no
     * {@code .commit}, and the next one compares with the same {@code .files} again.
     */
    private String receiveNode(Path dir, String commit, java.util.Map<String, String> blobs)
            throws IOException, UserErrorException {
        String held = SharedNode.commitIn(dir);
        if (commit.equals(held)) {
            return "unchanged";
        }
        boolean first = !Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        java.util.Map<String, String> had = SharedNode.listing(
                AtomicFiles.readConfined(layout.cwd(), dir.resolve(SharedNode.FILES), caps.listing()));
        if (!first) {
            AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(SharedNode.COMPLETE));
            AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(SharedNode.COMMIT));
        }
        int changed = 0;
        int removed = 0;
        if (had == null) {
            if (!first) { // files of no known blob (a folder made by hand, an older .files): none is kept
                removeFiles(dir);
            }
            changed = blobs.size();
        } else {
            for (java.util.Map.Entry<String, String> e : had.entrySet()) {
                String now = blobs.get(e.getKey());
                if (!e.getValue().equals(now)) {
                    AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(e.getKey()));
                    removed += now == null ? 1 : 0;
                }
            }
            for (java.util.Map.Entry<String, String> e : blobs.entrySet()) {
                changed += e.getValue().equals(had.get(e.getKey())) ? 0 : 1;
            }
        }
        AtomicFiles.confinedFolder(layout.cwd(), dir);
        AtomicFiles.writeIfChanged(layout.cwd(), dir.resolve(SharedNode.FILES), SharedNode.listingText(blobs));
        SharedNode node = SharedNode.listed(layout, dir.getFileName().toString(), blobs);
        List<String> eager = new ArrayList<>();
        for (String path : SharedNode.EAGER) {
            if (blobs.containsKey(path) && !Files.exists(dir.resolve(path), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                eager.add(path);
            }
        }
        java.util.Map<String, byte[]> bytes = node.readAll(eager, Git.LOCAL_MS);
        if (bytes.size() != eager.size()) {
            throw new IOException("git cat-file could not read the files of " + commit + ": receive again");
        }
        node.write(bytes);
        AtomicFiles.writeIfChanged(layout.cwd(), dir.resolve(SharedNode.COMMIT), commit + "\n");
        return first || had == null
                ? "new (" + blobs.size() + " files)"
                : "updated (" + changed + " files changed, " + removed + " removed)";
    }

    /** Removes every file under {@code dir}; its folders stay. */
    private void removeFiles(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> !Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .toList();
        }
        for (Path f : files) {
            AtomicFiles.deleteIfExists(layout.cwd(), f);
        }
    }

    private void removeFolder(Path dir) throws IOException {
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.sorted(java.util.Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(p);
            } else {
                AtomicFiles.deleteIfExists(layout.cwd(), p);
            }
        }
    }
}
