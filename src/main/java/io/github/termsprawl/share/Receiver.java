package io.github.termsprawl.share;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
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
 * Fetches every shared node ({@code git fetch --prune <remote> +refs/termsprawl/*:refs/termsprawl/*}) and
 * keeps each in its own folder, {@code .termsprawl/shared/<user>__<node>/} (git-ignored), as its commit holds
 * it: a folder whose commit is unchanged is not touched; a changed one gets only the files whose bytes
 * changed (temp and rename), and loses the files the commit no longer holds; the folder of a node no longer
 * shared goes. A shared id equal to a local node's is skipped with a note. docs/sharing.md.
 */
public final class Receiver {
    /** The commit a folder holds. */
    static final String COMMIT = ".commit";
    /** The blob of each file it holds. */
    static final String FILES = ".files";

    /** One shared node after a receive. */
    public record Received(String id, String ref, String status, Manifest manifest) {}

    private final ProjectLayout layout;
    private final GitRepo repo;

    public Receiver(Path project, String remote) throws IOException, UserErrorException {
        this.layout = new ProjectLayout(project);
        this.repo = GitRepo.open(project, remote);
    }

    /** Fetches and materialises; one entry per shared ref, then one per folder removed. */
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
        // nodes are written side by side: a first receive is bound by creating files (bench/README.md)
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
                String status = materialise(dir, commit);
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

    private String materialise(Path dir, String commit) throws IOException, UserErrorException {
        byte[] held = AtomicFiles.readPlain(dir.resolve(COMMIT));
        if (held != null && new String(held, StandardCharsets.US_ASCII).trim().equals(commit)) {
            return "unchanged";
        }
        String listing = new String(
                repo.git()
                        .okWith(null, Git.LOCAL_MS, "ls-tree", "-r", "-z", commit)
                        .out(),
                StandardCharsets.UTF_8);
        java.util.Map<String, String> blobs = new java.util.LinkedHashMap<>();
        for (String entry : listing.split("\0")) {
            if (entry.isEmpty()) {
                continue;
            }
            int tab = entry.indexOf('\t');
            String[] head = entry.substring(0, tab).split(" ");
            String path = entry.substring(tab + 1);
            if (!head[1].equals("blob") || !safePath(path)) {
                throw new UserErrorException(
                        "The shared commit " + commit + " holds " + path + ", which no share writes",
                        "Ask who shared it to share again, or unshare it");
            }
            blobs.put(path, head[2]);
        }
        // what the last receive wrote, blob by blob: only the files whose blob changed are fetched and written
        java.util.Map<String, String> had = held == null ? java.util.Map.of() : readFiles(dir);
        List<String> changed = new ArrayList<>();
        StringBuilder ids = new StringBuilder();
        for (java.util.Map.Entry<String, String> e : blobs.entrySet()) {
            if (!e.getValue().equals(had.get(e.getKey()))
                    || !Files.exists(dir.resolve(e.getKey()), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                changed.add(e.getKey());
                ids.append(e.getValue()).append('\n');
            }
        }
        // a cut run leaves no .commit that matches: the next one checks every file again
        AtomicFiles.deleteIfExists(layout.cwd(), dir.resolve(COMMIT));
        byte[] batch = changed.isEmpty()
                ? new byte[0]
                : repo.git()
                        .okWith(ids.toString().getBytes(StandardCharsets.US_ASCII), Git.LOCAL_MS, "cat-file", "--batch")
                        .out();
        int at = 0;
        Set<Path> folders = new HashSet<>();
        for (String path : changed) {
            int nl = indexOf(batch, (byte) '\n', at);
            String[] header = new String(batch, at, nl - at, StandardCharsets.US_ASCII).split(" ");
            int size = Integer.parseInt(header[2]);
            byte[] bytes = java.util.Arrays.copyOfRange(batch, nl + 1, nl + 1 + size);
            at = nl + 1 + size + 1;
            Path file = dir.resolve(path);
            Path folder = file.getParent();
            if (folders.add(folder)) { // each folder checked once, its stray temp files swept once
                AtomicFiles.confinedFolder(layout.cwd(), folder);
                for (String stray :
                        io.github.termsprawl.core.GoneWriters.leftIn(folder, AtomicFiles.BATCH_TEMP, "", false)) {
                    AtomicFiles.deleteInFolder(folder.resolve(stray));
                }
            }
            AtomicFiles.replace(file, bytes);
        }
        Set<Path> keep = new HashSet<>();
        for (String path : blobs.keySet()) {
            keep.add(dir.resolve(path));
        }
        int removed = removeOthers(dir, keep);
        StringBuilder files = new StringBuilder();
        for (java.util.Map.Entry<String, String> e : blobs.entrySet()) {
            files.append(e.getValue()).append(' ').append(e.getKey()).append('\n');
        }
        AtomicFiles.writeIfChanged(layout.cwd(), dir.resolve(FILES), files.toString());
        AtomicFiles.writeIfChanged(layout.cwd(), dir.resolve(COMMIT), commit + "\n");
        return held == null
                ? "new (" + blobs.size() + " files)"
                : "updated (" + changed.size() + " files written, " + removed + " removed)";
    }

    /** {@code .files}: {@code <blob> <path>} per file the last receive wrote. */
    private static java.util.Map<String, String> readFiles(Path dir) {
        byte[] b = AtomicFiles.readPlain(dir.resolve(FILES));
        java.util.Map<String, String> files = new java.util.HashMap<>();
        if (b != null) {
            for (String line : new String(b, StandardCharsets.UTF_8).split("\n")) {
                int sp = line.indexOf(' ');
                if (sp > 0) {
                    files.put(line.substring(sp + 1), line.substring(0, sp));
                }
            }
        }
        return files;
    }

    /** Only what a share writes: {@code name} or {@code folder/…/name} of safe names, no dot names. */
    static boolean safePath(String path) {
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.startsWith(".") || !part.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                return false;
            }
        }
        return true;
    }

    private int removeOthers(Path dir, Set<Path> keep) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> !Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .toList();
        }
        int removed = 0;
        for (Path f : files) {
            if (!keep.contains(f) && !f.equals(dir.resolve(COMMIT)) && !f.equals(dir.resolve(FILES))) {
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

    private static int indexOf(byte[] b, byte c, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        throw new IllegalStateException("git cat-file --batch ended early");
    }
}
