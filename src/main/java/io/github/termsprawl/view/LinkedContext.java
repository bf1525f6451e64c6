package io.github.termsprawl.view;

import io.github.termsprawl.core.Link;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.NodeTitles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one implementation of the context view, shared by the planted command and the {@code context}
 * goal: peers in link order, each with its last turns, formatted as docs/context.md says. Never throws: a peer
 * that cannot be read prints nothing and the others still print. Closing it closes its readers (and so
 * any OpenCode database they hold open).
 */
public final class LinkedContext implements AutoCloseable {
    /** What to print: {@code stdout} exactly, and one line on stderr per note (a refused store). */
    public static final class Output {
        private final List<Peer> printed;
        private final List<String> notes;

        Output(List<Peer> printed, List<String> notes) {
            this.printed = printed;
            this.notes = notes;
        }

        /** The text to print: the blocks joined as docs/context.md says. */
        public String stdout() {
            List<String> blocks = new ArrayList<>();
            for (Peer peer : printed) {
                blocks.add(
                        peer.turns == null // a shared node's live view: its block as shared (SharedTurns)
                                ? new String(peer.utf8, java.nio.charset.StandardCharsets.UTF_8)
                                : LinkedContextFormat.block(peer.id, peer.title, peer.turns));
            }
            return LinkedContextFormat.document(blocks);
        }

        /** {@link #stdout()} as the exact bytes to print (encoded on the reader threads). */
        public byte[] stdoutUtf8() {
            List<byte[]> blocks = new ArrayList<>();
            for (Peer peer : printed) {
                blocks.add(peer.utf8);
            }
            return LinkedContextFormat.documentUtf8(blocks);
        }

        public List<String> notes() {
            return notes;
        }
    }

    /**
     * How long, from the start of {@link #render}, the peers may be read: a peer not read by then prints
     * nothing and the others print, so no input (an 8 GiB line, a database query that never ends) holds
     * an agent for longer. Real transcripts take milliseconds; a 100 MB line well under a second.
     */
    public static final long DEADLINE_MILLIS = 4000;

    /** The same for one peer's full read in {@link #stats}, which reads whole files. */
    public static final long STATS_DEADLINE_MILLIS = 60_000;

    private final ProjectLayout layout;
    private final TranscriptReaders readers;
    /** {@link View#LIVE}; a flag, so the default view loads no class of the live one. */
    private final boolean live;

    /**
     * The share of the time left that the live view may take for a peer before it falls back to the file
     * view, which reads only the file's tail and so fits in the rest.
     */
    static final double LIVE_SHARE = 0.6;

    private final double liveShare;

    /** Whether turn texts are redacted before they are cut and printed (docs/redaction.md). */
    private final boolean redact;

    private final long deadlineNanos;
    private NodeTitles titles; // read once, and only when something prints

    /** {@code deadlineMillis}: {@link #DEADLINE_MILLIS}, or less for tests. */
    LinkedContext(Path cwd, TranscriptReaders readers, long deadlineMillis) {
        this.layout = new ProjectLayout(cwd);
        this.readers = readers;
        this.deadlineNanos = deadlineMillis * 1_000_000L;
        this.live = false;
        this.redact = false;
        this.liveShare = LIVE_SHARE;
    }

    public LinkedContext(Path cwd) {
        this(cwd, new TranscriptReaders(new JsonlTail(), new ProjectLayout(cwd).sqliteNativeDir()), DEADLINE_MILLIS);
    }

    /** @param redact whether secrets are replaced by {@code [redacted:<kind>]} in what prints */
    public LinkedContext(Path cwd, View view, boolean redact) {
        this(cwd, view, redact, LIVE_SHARE);
    }

    /** {@code liveShare}: {@link #LIVE_SHARE}, or 0 in tests (the live view always falls back). */
    LinkedContext(Path cwd, View view, boolean redact, double liveShare) {
        this.layout = new ProjectLayout(cwd);
        this.readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir());
        this.deadlineNanos = DEADLINE_MILLIS * 1_000_000L;
        this.live = view == View.LIVE;
        this.redact = redact;
        this.liveShare = liveShare;
    }

    public Output render(String self) {
        long end = System.nanoTime() + deadlineNanos;
        Links links = new Links(layout);
        String[] files = NodeId.isSafe(self) ? links.fileNames() : new String[0];
        Peer[] found = readAll(links, files, self, end);
        List<Peer> printed = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Peer peer : found) {
            if (peer == null || !seen.add(peer.id)) {
                continue; // not a link of self, or a peer already met in an earlier file (Links.peersOf order)
            }
            if (peer.refusal != null) {
                notes.add(peer.id + ": store-incomplete: " + peer.refusal);
            }
            if (peer.fallback != null && peer.utf8 != null) {
                notes.add(peer.id + ": " + peer.fallback);
            }
            if (peer.utf8 != null) {
                printed.add(peer);
            }
        }
        return new Output(printed, notes);
    }

    /**
     * The block {@code id} prints in this view, as a linked peer's (docs/context.md), or null when it prints
     * nothing: what a shared node carries as its live view at share time (docs/sharing.md).
     */
    public String block(String id) {
        Peer peer = peer(new TranscriptIndex(layout), id, System.nanoTime() + deadlineNanos);
        return peer.utf8 == null ? null : new String(peer.utf8, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** One linked peer as read by a worker: what prints of it (none when {@code utf8} is null), already encoded. */
    private static final class Peer {
        final String id;
        String refusal;
        /** Why the live view fell back to the file view for this peer, or null. */
        String fallback;

        String title;
        List<Turn> turns;
        byte[] utf8;

        Peer(String id) {
            this.id = id;
        }
    }

    /**
     * Reads each link file and, when it links {@code self}, that peer's turns and its block, on up to one
     * thread per core: the command's wall time is what an agent waits. A worker does all of one file's
     * work, so neither the link scan nor the output's formatting is a serial phase.
     */
    private Peer[] readAll(Links links, String[] files, String self, long end) {
        Peer[] found = new Peer[files.length];
        boolean[] closed =
                new boolean[1]; // under found's lock: set once the peers not read by the deadline are given up
        TranscriptIndex index = new TranscriptIndex(layout);
        AtomicInteger next = new AtomicInteger();
        Runnable worker = new Runnable() { // a class, not a lambda: no method-handle bootstrap at start
                    @Override
                    public void run() {
                        for (int i = next.getAndIncrement(); i < files.length; i = next.getAndIncrement()) {
                            Link link = links.read(files[i]);
                            String peer = link == null ? null : link.opposite(self);
                            Peer read = peer == null ? null : peer(index, peer, end);
                            synchronized (found) {
                                if (!closed[0]) {
                                    found[i] = read;
                                }
                            }
                        }
                    }
                };
        int threads = Math.min(files.length, Runtime.getRuntime().availableProcessors()) - 1;
        List<Thread> helpers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread helper = new Thread(worker, "termsprawl-reader-" + t);
            helper.setDaemon(true);
            helper.start();
            helpers.add(helper);
        }
        worker.run();
        for (Thread helper : helpers) {
            try {
                // a helper stuck where no deadline check reaches is left behind (a daemon): its peer prints nothing
                helper.join(Math.max(1, (end - System.nanoTime()) / 1_000_000L + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        synchronized (found) {
            closed[0] = true; // a left-behind helper writes nothing now: its peer prints nothing
            return found.clone();
        }
    }

    private Peer peer(TranscriptIndex index, String id, long end) {
        Peer peer = new Peer(id);
        PeerTurns result = read(index, peer, end);
        io.github.termsprawl.core.SharedNode shared =
                result == null ? io.github.termsprawl.core.SharedNode.open(layout, id) : null;
        if (shared != null) { // a received shared node: no transcript, its turn files (docs/sharing.md)
            try {
                if (live) {
                    peer.utf8 = SharedTurns.liveBlock(shared, titles().titleOf(id), end);
                    return peer;
                }
                result = SharedTurns.fileView(
                        shared, redact ? RedactedTurns.READ_LIMITS : LinkedContextFormat.LIMITS, end);
            } catch (RuntimeException e) {
                return peer; // fail open: this peer prints nothing
            }
        }
        if (result != null) {
            peer.refusal = result.refusal();
            if (!result.turns().isEmpty()) {
                peer.title = titles().titleOf(id);
                peer.turns = redact ? RedactedTurns.of(result.turns()) : result.turns();
                peer.utf8 = LinkedContextFormat.blockUtf8(id, peer.title, peer.turns);
            }
        }
        return peer;
    }

    private synchronized NodeTitles titles() {
        if (titles == null) {
            titles = NodeTitles.load(layout);
        }
        return titles;
    }

    /**
     * One peer's turns, or null when it has no index entry, cannot be read, or was not read by {@code end}. In
     * the live view, a peer whose live branch is not built within {@link #liveShare} of the time left (a window
     * of a million records) prints its file view instead, and says so (docs/context.md, "The live view").
     */
    private PeerTurns read(TranscriptIndex index, Peer peer, long end) {
        Deadline.set(end);
        try {
            TranscriptIndex.Entry entry = index.read(peer.id);
            if (entry == null) {
                return null;
            }
            TurnLimits limits = redact ? RedactedTurns.READ_LIMITS : LinkedContextFormat.LIMITS;
            if (live) {
                long now = System.nanoTime();
                Deadline.set(now + (long) ((end - now) * liveShare));
                String why = null;
                try {
                    PeerTurns turns = LiveTurns.lastTurns(readers, entry, limits);
                    if (!Deadline.passed()) {
                        return turns;
                    }
                } catch (Deadline.Exceeded e) {
                    // past its share: the file view below
                } catch (OutOfMemoryError e) {
                    why = "too large to build in memory";
                }
                why = why != null ? why : "not built within " + seconds(Deadline.elapsedSince(now));
                peer.fallback = "live view " + why + ": printed the file view";
                Deadline.set(end);
            }
            PeerTurns turns = readers.lastTurns(entry, limits);
            return Deadline.passed() ? null : turns; // a reader may have stopped short at the deadline
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return null; // fail open: this peer prints nothing
        } finally {
            Deadline.clear();
        }
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /**
     * One line per peer with an index entry, in peersOf order (a full read of each transcript):
     * {@code <peerId>: store=<store> records=<n> turns=<t> unknown=<u>}; {@code <peerId>: missing <path>}
     * when the transcript is not there; {@code <peerId>: store=<store> unreadable: <why>} when it cannot be
     * read at all; {@code <peerId>: timed out after <s> s reading <path>} past {@link #STATS_DEADLINE_MILLIS}.
     * In the live view a Claude peer's line adds {@code windows=<n> branches=<abandoned leaves>}.
     */
    public List<String> stats(String self) {
        List<String> lines = new ArrayList<>();
        TranscriptIndex index = new TranscriptIndex(layout);
        for (String peer : new Links(layout).peersOf(self)) {
            TranscriptIndex.Entry entry = index.read(peer);
            if (entry != null) {
                lines.add(peer + ": " + statsOf(entry));
            }
        }
        return lines;
    }

    private String statsOf(TranscriptIndex.Entry entry) {
        if (!Files.exists(entry.path())) {
            return "missing " + entry.path();
        }
        Deadline.set(System.nanoTime() + STATS_DEADLINE_MILLIS * 1_000_000L);
        try {
            String line = readers.stats(entry).describe() + (live ? LiveTurns.shape(readers, entry) : "");
            return Deadline.passed() ? timedOut(entry) : line;
        } catch (Deadline.Exceeded e) {
            return timedOut(entry);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return "unreadable (" + e + ")";
        } finally {
            Deadline.clear();
        }
    }

    private static String timedOut(TranscriptIndex.Entry entry) {
        return "timed out after " + STATS_DEADLINE_MILLIS / 1000 + " s reading " + entry.path();
    }

    @Override
    public void close() {
        readers.close();
    }
}
