package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A received shared node, {@code .termsprawl/shared/<id>/} (docs/sharing.md, "Receiving"). {@code receive} writes
 * only its small files ({@link #EAGER}) and two of its own: {@code .commit}, the commit it holds, and
 * {@code .files}, the blob of every file of that commit ({@code <blob> <path>} a line). The turn files stay in
 * git's object store, where the fetch put them: a reader takes a file from the folder when it is there, else from
 * git ({@code git cat-file --batch}, one process per read); {@link #materialise} writes them all to the folder at
 * first use, for a grep, and marks it done ({@code .complete}, the commit) so that later uses cost one read.
 *
 * <p>A file in the folder is always its blob in {@code .files}: receive removes {@code .commit} and
 * {@code .complete}, deletes the files whose blob changed, then writes {@code .files} and {@code .commit}; a
 * materialising reader that finds the commit changed under it deletes what it wrote. A folder without
 * {@code .commit} (cut in the middle of a receive, or made by hand) is read as it is on disk.
 */
public final class SharedNode {
    public static final String COMMIT = ".commit";
    public static final String FILES = ".files";
    public static final String COMPLETE = ".complete";
    public static final String HISTORY = "history";
    /** The files receive writes to the folder; every other one waits in git until it is read or materialised. */
    public static final List<String> EAGER =
            List.of("manifest.json", "context.md", "touches.json", HISTORY + "/index.md");

    private final ProjectLayout layout;
    private final String id;
    private final Path dir;
    private String commit;
    /**
     * Path ({@code /} separated) to blob; blobs are null for a folder read from disk. Read at first need: a reader
     * of one small file (the guard before an edit reads {@code touches.json}) takes it from the folder alone.
     */
    private Map<String, String> files;

    /** What it may weigh: docs/sharing.md, "Caps" (a test's smaller ones). */
    private final ShareCaps caps;

    private SharedNode(
            ProjectLayout layout, String id, Path dir, String commit, Map<String, String> files, ShareCaps caps) {
        this.caps = caps;
        this.layout = layout;
        this.id = id;
        this.dir = dir;
        this.commit = commit;
        this.files = files;
    }

    /** The received shared node {@code id}, or null when there is no such folder. */
    public static SharedNode open(ProjectLayout layout, String id) {
        return open(layout, id, ShareCaps.DEFAULT);
    }

    static SharedNode open(ProjectLayout layout, String id, ShareCaps caps) {
        if (!NodeId.isSafe(id)) {
            return null;
        }
        Path dir = layout.sharedDir().resolve(id);
        try { // read as it is written: no folder on the way a link (a cloned repository may carry one)
            if (AtomicFiles.existingFolder(layout.cwd(), dir) == null) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return new SharedNode(layout, id, dir, commitIn(dir), null, caps);
    }

    /** The listing, read now if not yet; a folder whose {@code .files} does not read is read from disk. */
    private Map<String, String> files() {
        if (files == null) {
            files = commit == null
                    ? null
                    : listing(AtomicFiles.readConfined(layout.cwd(), dir.resolve(FILES), caps.listing()), caps);
            if (files == null) {
                commit = null;
                files = onDisk(dir, caps);
            }
        }
        return files;
    }

    /** The node {@code id} as {@code files} (path to blob) lists it, before {@code .commit} names it: for receive. */
    public static SharedNode listed(ProjectLayout layout, String id, Map<String, String> files) {
        return new SharedNode(layout, id, layout.sharedDir().resolve(id), null, files, ShareCaps.DEFAULT);
    }

    public String id() {
        return id;
    }

    public Path dir() {
        return dir;
    }

    /** The commit the folder holds, or null when it is read from disk alone. */
    public String commit() {
        files();
        return commit;
    }

    /** Every file of the node, {@code /} separated, sorted. */
    public Set<String> paths() {
        return Collections.unmodifiableSet(files().keySet());
    }

    /** Its own turn files ({@code history/turn-NNNN-<role>.md}, not a subagent's), in turn order. */
    public List<String> turnFiles() {
        TreeMap<Integer, String> turns = new TreeMap<>();
        for (String path : files().keySet()) {
            if (path.startsWith(HISTORY + "/") && path.indexOf('/', HISTORY.length() + 1) < 0) {
                String name = path.substring(HISTORY.length() + 1);
                int n = TurnFileName.turnNumber(name);
                if (n >= 0) {
                    turns.put(n, path);
                }
            }
        }
        return new ArrayList<>(turns.values());
    }

    /** One file's bytes, or null when the node has none there or it cannot be read. */
    public byte[] read(String path, long timeoutMs) {
        return readAll(List.of(path), timeoutMs).get(path);
    }

    /**
     * The bytes of {@code paths}, from the folder where a file is there, the others from git in one call; a path
     * the node does not hold, or that cannot be read (no git, a timeout), is left out.
     */
    public Map<String, byte[]> readAll(List<String> paths, long timeoutMs) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        List<String> fromGit = new ArrayList<>();
        long left = caps.node(); // what a folder holds is read up to a node's cap at most (docs/sharing.md, "Caps")
        for (String path : paths) {
            // a file in the folder is its commit's (receive deletes a changed one first): no listing needed
            byte[] bytes = safePath(path) && commit != null ? inFolder(path) : null;
            if (bytes == null && files().containsKey(path)) {
                if (files().get(path) != null) {
                    fromGit.add(path);
                    continue;
                }
                bytes = inFolder(path); // a folder read from disk: no git to fall back on
            }
            if (bytes == null) {
                continue;
            }
            if ((left -= bytes.length) < 0) {
                break;
            }
            out.put(path, bytes);
        }
        if (!fromGit.isEmpty()) {
            try {
                out.putAll(fromGit(fromGit, timeoutMs));
            } catch (IOException e) {
                // fail open: the caller has fewer files
            }
        }
        return out;
    }

    /**
     * Writes every file of the node that is not in the folder yet, so that a grep finds them all (docs/sharing.md,
     * "Reading a shared node"): once per commit, later calls read {@code .complete} alone.
     *
     * @return how many files it wrote
     */
    public int materialise(long timeoutMs) throws IOException {
        files();
        if (commit == null || commit.equals(text(dir.resolve(COMPLETE)))) {
            return 0;
        }
        List<String> missing = new ArrayList<>();
        Set<Path> checked = new HashSet<>();
        for (String path : files().keySet()) {
            Path folder = dir.resolve(path).getParent();
            if (checked.add(folder)) { // a linked folder (a cloned repository's) is refused, never looked through
                AtomicFiles.confinedFolder(layout.cwd(), folder);
            }
            if (!Files.exists(dir.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
                missing.add(path);
            }
        }
        List<Path> written = write(fromGit(missing, timeoutMs));
        if (commit.equals(commitIn(dir))) {
            AtomicFiles.writeIfChanged(layout.cwd(), dir.resolve(COMPLETE), commit + "\n");
        } else { // a receive changed the node meanwhile: what was written may be the old blobs
            for (Path f : written) {
                AtomicFiles.deleteIfExists(layout.cwd(), f);
            }
        }
        return written.size();
    }

    /**
     * Writes files into the folder (a temp file and a rename each, every folder checked once and its stray temp
     * files swept once: core/AtomicFiles); returns the files written.
     */
    public List<Path> write(Map<String, byte[]> bytes) throws IOException {
        Set<Path> folders = new HashSet<>();
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : bytes.entrySet()) {
            if (!safePath(e.getKey())) {
                throw new IOException("A shared node holds " + e.getKey() + ", which no share writes");
            }
            Path file = dir.resolve(e.getKey());
            Path folder = file.getParent();
            if (folders.add(folder)) {
                AtomicFiles.confinedFolder(layout.cwd(), folder);
                for (String stray : GoneWriters.leftIn(folder, AtomicFiles.BATCH_TEMP, "", false)) {
                    AtomicFiles.deleteInFolder(folder.resolve(stray));
                }
            }
            AtomicFiles.replace(file, e.getValue());
            written.add(file);
        }
        return written;
    }

    /** The blobs of {@code paths} from git's object store, one {@code git cat-file --batch}. */
    private Map<String, byte[]> fromGit(List<String> paths, long timeoutMs) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (paths.isEmpty()) {
            return out;
        }
        StringBuilder ids = new StringBuilder();
        for (String path : paths) {
            ids.append(files().get(path)).append('\n');
        }
        byte[] batch;
        try {
            batch = new Git(layout.cwd()) // never more than a node may weigh (docs/sharing.md, "Caps")
                    .okCapped(
                            ids.toString().getBytes(StandardCharsets.US_ASCII),
                            timeoutMs,
                            caps.batch(),
                            "cat-file",
                            "--batch")
                    .out();
        } catch (UserErrorException e) {
            throw new IOException(e.getMessage(), e);
        }
        int at = 0;
        for (String path : paths) {
            int nl = indexOf(batch, at);
            if (nl < 0) {
                throw new IOException("git cat-file --batch ended early");
            }
            String[] header = new String(batch, at, nl - at, StandardCharsets.US_ASCII).split(" ");
            if (header.length != 3) { // "<id> missing": the fetch did not bring it (receive again)
                at = nl + 1;
                continue;
            }
            long size;
            try {
                size = Long.parseLong(header[2]);
            } catch (NumberFormatException e) {
                throw new IOException("git cat-file --batch printed " + header[2] + " for a size");
            }
            if (size > batch.length - nl - 1L) {
                throw new IOException("git cat-file --batch ended early");
            }
            out.put(path, java.util.Arrays.copyOfRange(batch, nl + 1, nl + 1 + (int) size));
            at = nl + 1 + (int) size + 1;
        }
        return out;
    }

    /** The commit in {@code dir}'s {@code .commit}, or null. */
    public static String commitIn(Path dir) {
        String c = text(dir.resolve(COMMIT));
        return c != null && isObjectId(c) ? c : null;
    }

    /** A file of the folder read as it is written: through no link, at most a file's cap (docs/sharing.md). */
    private byte[] inFolder(String path) {
        return AtomicFiles.readConfined(layout.cwd(), dir.resolve(path), caps.file());
    }

    private static String text(Path file) {
        Path project = AtomicFiles.projectOf(file);
        byte[] b = project == null ? null : AtomicFiles.readConfined(project, file, 1024);
        return b == null ? null : new String(b, StandardCharsets.US_ASCII).trim();
    }

    /** {@code .files} read: path to blob, or null when it is missing or not whole. */
    public static Map<String, String> listing(byte[] bytes) {
        return listing(bytes, ShareCaps.DEFAULT);
    }

    private static Map<String, String> listing(byte[] bytes, ShareCaps caps) {
        if (bytes == null) {
            return null;
        }
        Map<String, String> files = new TreeMap<>();
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            return null;
        }
        for (String line : text.split("\n")) {
            if (files.size() >= caps.files()) {
                return null; // more files than a node may hold (docs/sharing.md, "Caps")
            }
            int sp = line.indexOf(' ');
            if (line.isEmpty()) {
                continue;
            }
            if (sp < 0 || !isObjectId(line.substring(0, sp)) || !safePath(line.substring(sp + 1))) {
                return null;
            }
            files.put(line.substring(sp + 1), line.substring(0, sp));
        }
        return files;
    }

    /** {@code .files} written: {@code <blob> <path>} a line. */
    public static String listingText(Map<String, String> files) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : files.entrySet()) {
            out.append(e.getValue()).append(' ').append(e.getKey()).append('\n');
        }
        return out.toString();
    }

    /** A git object id: 40 (SHA-1) or 64 (SHA-256) lower-case hex digits. */
    public static boolean isObjectId(String s) {
        if (s.length() != 40 && s.length() != 64) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Only what a share writes: {@code name} or {@code folder/…/name}, each name a letter or digit, then letters,
     * digits, {@code .}, {@code _} and {@code -} (so no dot name, no {@code ..}, no empty name).
     */
    public static boolean safePath(String path) {
        boolean start = true;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (c == '/') {
                if (start) {
                    return false;
                }
                start = true;
            } else if (start) {
                if (!alnum) {
                    return false;
                }
                start = false;
            } else if (!alnum && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return !start;
    }

    /** The files of a folder without {@code .commit}, as they are (dot names left out). */
    private static Map<String, String> onDisk(Path dir, ShareCaps caps) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir, 8)) { // links not followed; a share's depth is 4 at most
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .limit(caps.files())
                    .forEach(p -> {
                        String rel = dir.relativize(p).toString().replace('\\', '/');
                        if (safePath(rel)) {
                            files.put(rel, null);
                        }
                    });
        } catch (IOException | RuntimeException e) {
            // what could be listed
        }
        return files;
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
