package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Store;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every node's whole session as turn files an agent can grep: {@code .termsprawl/history/<nodeId>/} holds
 * {@code turn-NNNN-<role>.md}, one per message, and {@code index.md}, one line per turn (Claude Code's
 * subagents under {@code agents/<agentId>/}). Turn N is the N-th message of the session: for Claude Code its
 * live branch window by window ({@link Agent.Windows}), for the other stores their walk's order.
 *
 * <p>A node's folder is brought up to date from what its state remembers: an unchanged transcript is not
 * read at all; a grown one is read from where the last read stopped when its store allows (the turns before
 * stand); any other change is read whole, and only the turn files whose bytes change are written, stale ones
 * removed. Each file is written whole (temp file and rename).
 */
public final class History implements AutoCloseable {
    /** What became of one node. */
    public enum Status {
        /** The transcript had not changed: nothing was read or written. */
        UP_TO_DATE,
        /** Its turn files were brought up to date. */
        UPDATED,
        /** The node has no transcript index entry. */
        NO_ENTRY,
        /** Its store keeps no whole session (cursor-agent), or the transcript is of no store termsprawl reads. */
        UNSUPPORTED,
        /** Another run was updating the same node for longer than {@link #LOCK_WAIT_MS}. */
        BUSY
    }

    /**
     * One node's outcome: its folder, its turns and subagents, and how many files were written and removed.
     *
     * @param store the store read, or null when none was
     */
    public record Result(
            String node, Status status, Path dir, Store store, int turns, int agents, int written, int removed) {}

    static final long LOCK_WAIT_MS = 60_000;

    private final ProjectLayout layout;
    private final boolean redact;
    private final TranscriptIndex index;
    private TranscriptReaders readers; // made on the first node that changed: no reader classes otherwise
    private Progress progress = Progress.NONE;

    /** @param redact whether secrets in what is written are replaced by {@code [redacted:<kind>]} */
    public History(ProjectLayout layout, boolean redact) {
        this.layout = layout;
        this.redact = redact;
        this.index = new TranscriptIndex(layout);
    }

    /** What the run shows while it works ({@link Progress}); the caller tells it which node it is at. */
    public History progress(Progress progress) {
        this.progress = progress;
        return this;
    }

    /** Every node with a transcript index entry file, sorted. */
    public List<String> nodes() {
        return index.nodes();
    }

    /** The file of the node's state that says what its folder was made from (to remove to make it again). */
    public Path stateFile(String nodeId) {
        return FolderState.file(dirOf(nodeId), FolderState.STATE);
    }

    /** The node's folder, {@code .termsprawl/history/<nodeId>/}. */
    public Path dirOf(String nodeId) {
        return layout.historyDir().resolve(nodeId);
    }

    /**
     * Brings the node's turn files up to date. A transcript that is missing or unreadable gives no turns
     * (its folder keeps none); only a failure to write throws. The turn files of the node's earlier sessions
     * are kept, each under {@code sessions/<session>/} (docs/files.md, "History"): the folder of a session the
     * index entry no longer names is moved there before the current one is written, and an earlier session of
     * the entry's {@code sessions} with no folder yet is written there from its transcript, while it exists.
     */
    public Result update(String nodeId) throws IOException {
        Path dir = dirOf(nodeId);
        TranscriptIndex.Entry entry = NodeId.isSafe(nodeId) ? index.read(nodeId) : null;
        if (entry == null) {
            return new Result(nodeId, Status.NO_ENTRY, dir, null, 0, 0, 0, 0);
        }
        List<TranscriptIndex.Entry> earlier = index.earlier(nodeId);
        boolean chores =
                SessionFolders.replaced(dir, NodeJob.sessionOf(entry)) != null || SessionFolders.missing(dir, earlier);
        if (!chores) {
            Result same =
                    unchanged(nodeId, dir, entry, settings(nodeId, entry, SessionFolders.names(dir)), layout.cwd());
            if (same != null) {
                return same;
            }
        }
        AtomicFiles.confinedFolder(layout.cwd(), dir); // never through a linked folder
        AtomicFiles.confinedFolder(layout.cwd(), FolderState.stateDir(dir));
        Path lockFile = FolderState.file(dir, ".lock");
        if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS) && !AtomicFiles.isPlain(lockFile)) {
            // opening a FIFO to write blocks; a link or a hard link would lock (and make) another file
            AtomicFiles.deleteInFolder(lockFile);
        }
        try (FileChannel channel = FileChannel.open(
                        lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                FileLock lock = lock(channel)) {
            if (lock == null) {
                return new Result(nodeId, Status.BUSY, dir, null, 0, 0, 0, 0);
            }
            if (chores) {
                SessionFolders.keep(layout.cwd(), dir, NodeJob.sessionOf(entry));
                for (TranscriptIndex.Entry e : earlier) {
                    Path to = SessionFolders.folderOf(dir, NodeJob.sessionOf(e));
                    if (!Files.exists(to, LinkOption.NOFOLLOW_LINKS) && Files.exists(e.path())) {
                        materialize(nodeId, to, e, settings(nodeId, e, List.of()), List.of());
                    }
                }
            }
            // a link planted at a turn file is replaced even when its turn is unchanged (docs/files.md)
            LinkedTurns.look(layout.cwd(), dir, true);
            List<String> names = SessionFolders.names(dir);
            String settings = settings(nodeId, entry, names);
            Result same = unchanged(nodeId, dir, entry, settings, layout.cwd()); // another run may have just done it
            if (same != null) {
                return same;
            }
            return materialize(nodeId, dir, entry, settings, SessionFolders.lines(dir, names));
        }
    }

    private Result materialize(
            String nodeId, Path dir, TranscriptIndex.Entry entry, String settings, List<String> sessions)
            throws IOException {
        if (readers == null) {
            readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir());
        }
        Store store = readers.storeOf(entry);
        NodeJob job = new NodeJob(layout.cwd(), nodeId, dir, entry, store, redact, settings, sessions, progress);
        progress.source(entry.path().toFile().length());
        if (store == null || readers.sessionReader(store) == null) {
            return new Result(nodeId, Status.UNSUPPORTED, dir, store, 0, 0, 0, 0);
        }
        Agent.Windows windows = Agents.capability(store, Agent.Windows.class);
        if (windows != null) {
            return new WindowedHistory(job, windows).run();
        }
        Agent.GrowingLog log = Agents.capability(store, Agent.GrowingLog.class);
        return log != null ? new GrowingHistory(job, log).run() : new ReplayedHistory(job, readers).run();
    }

    /**
     * What the state must have been made with: the format, redaction, the node, its index entry, and the earlier
     * sessions its {@code index.md} lists (a new one makes it written again).
     */
    private String settings(String nodeId, TranscriptIndex.Entry entry, List<String> sessions) {
        return "format=" + TurnMarkdown.FORMAT + " plan=" + Agent.Windows.PlanCache.FORMAT + " redact=" + redact
                + " node=" + nodeId + " store=" + entry.store() + " session=" + entry.session()
                + (sessions.isEmpty() ? "" : " sessions=" + String.join(",", sessions));
    }

    /**
     * The result of a node whose folder matches its transcript (size, time, watched files) and holds no linked
     * turn file, or null.
     */
    private static Result unchanged(String nodeId, Path dir, TranscriptIndex.Entry entry, String settings, Path project)
            throws IOException {
        FolderState state = FolderState.read(dir);
        if (state == null || !state.madeFrom(entry.path().toString(), settings)) {
            return null;
        }
        File source = entry.path().toFile();
        if (state.size() < 0 || source.length() != state.size() || source.lastModified() != state.mtime()) {
            return null;
        }
        for (String w : state.watched()) {
            int a = w.indexOf(' ');
            int b = a < 0 ? -1 : w.indexOf(' ', a + 1);
            if (b < 0 || !SourceFiles.watch(Path.of(w.substring(b + 1))).equals(w)) {
                return null;
            }
        }
        if (!new File(dir.toFile(), "index.md").isFile()
                || LinkedTurns.look(project, dir, false).linked()) {
            return null;
        }
        return new Result(nodeId, Status.UP_TO_DATE, dir, null, -1, -1, 0, 0);
    }

    /**
     * The node's turn files in order, then each subagent's (subagents by name): what its last update wrote.
     */
    public List<Path> files(String nodeId) {
        List<Path> files = new ArrayList<>();
        Path dir = dirOf(nodeId);
        addTurns(dir, files);
        String[] agents = dir.resolve(WindowedHistory.AGENTS).toFile().list();
        if (agents != null) {
            Arrays.sort(agents);
            for (String agent : agents) {
                addTurns(dir.resolve(WindowedHistory.AGENTS).resolve(agent), files);
            }
        }
        return files;
    }

    private static void addTurns(Path dir, List<Path> into) {
        List<FolderState.Turn> turns = FolderState.readTurns(dir);
        if (turns != null) {
            for (FolderState.Turn t : turns) {
                into.add(dir.resolve(t.name()));
            }
        }
    }

    /** The file of the node's turn {@code n} (not a subagent's), or null when it has none. */
    public Path turnFile(String nodeId, int n) {
        List<FolderState.Turn> turns = FolderState.readTurns(dirOf(nodeId));
        return turns == null || n < 0 || n >= turns.size()
                ? null
                : dirOf(nodeId).resolve(turns.get(n).name());
    }

    private static FileLock lock(FileChannel channel) throws IOException {
        long until = System.currentTimeMillis() + LOCK_WAIT_MS;
        while (true) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException e) {
                // this JVM holds it (another thread): wait as for another process
            }
            if (System.currentTimeMillis() > until) {
                return null;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    @Override
    public void close() {
        if (readers != null) {
            readers.close();
        }
    }
}
