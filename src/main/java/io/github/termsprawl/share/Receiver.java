package io.github.termsprawl.share;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    public Receiver(Path project, String remote) throws IOException, UserErrorException {
        this.layout = new ProjectLayout(project);
        this.repo = GitRepo.open(project, remote);
    }

    /** Fetches and updates the folders; one entry per shared ref, then one per folder removed. */
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
        // nodes side by side: each costs two git calls (ls-tree, cat-file) and a few files (bench/README.md)
        List<Received> out = java.util.Collections.synchronizedList(new ArrayList<>());
        Set<String> kept = new HashSet<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors())), r -> {
                    Thread t = new Thread(r, "termsprawl-receive");
                    t.setDaemon(true);
                    return t;
                });
        List<java.util.concurrent.Future<Object>> jobs = new ArrayList<>();
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
            kept.add(id);
            Path dir = shared.resolve(id);
            String commit = ref[1];
            int at = out.size();
            out.add(null);
            jobs.add(pool.submit(() -> {
                String status = receiveNode(dir, commit);
                out.set(at, new Received(id, ref[0], status, SharedNodes.manifest(dir)));
                return null;
            }));
        }
        try {
            for (java.util.concurrent.Future<Object> job : jobs) {
                job.get();
            }
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
    private String receiveNode(Path dir, String commit) throws IOException, UserErrorException {
        String held = SharedNode.commitIn(dir);
        if (commit.equals(held)) {
            return "unchanged";
        }
        boolean first = !Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        java.util.Map<String, String> had = SharedNode.listing(AtomicFiles.readPlain(dir.resolve(SharedNode.FILES)));
        java.util.Map<String, String> blobs = listing(commit);
        if (!first) {
            AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(SharedNode.COMPLETE));
            AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(SharedNode.COMMIT));
        }
        int changed = 0;
        int removed = 0;
        if (had == null) {
            if (!first) { // files of no known blob (a folder made by hand, an older .files): none is kept
                removeOthers(dir, Set.of());
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

    /** The blob of each file of {@code commit}, checked: only what a share writes. */
    private java.util.Map<String, String> listing(String commit) throws IOException, UserErrorException {
        String text = new String(
                repo.git()
                        .okWith(null, Git.LOCAL_MS, "ls-tree", "-r", "-z", commit)
                        .out(),
                StandardCharsets.UTF_8);
        java.util.Map<String, String> blobs = new java.util.TreeMap<>();
        for (String entry : text.split("\0")) {
            if (entry.isEmpty()) {
                continue;
            }
            int tab = entry.indexOf('\t');
            String[] head = entry.substring(0, tab).split(" ");
            String path = entry.substring(tab + 1);
            if (!head[1].equals("blob") || !SharedNode.safePath(path) || !SharedNode.isObjectId(head[2])) {
                throw new UserErrorException(
                        "The shared commit " + commit + " holds " + path + ", which no share writes",
                        "Ask who shared it to share again, or unshare it");
            }
            blobs.put(path, head[2]);
        }
        return blobs;
    }

    private int removeOthers(Path dir, Set<Path> keep) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> !Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .toList();
        }
        int removed = 0;
        for (Path f : files) {
            if (!keep.contains(f)) {
                AtomicFiles.deleteIfExists(layout.cwd(), f);
                removed++;
            }
        }
        return removed;
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
