package io.github.termsprawl.view;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeTitles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.transcript.PeerTurns;
import io.github.termsprawl.transcript.TranscriptReaders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one implementation of the context view, shared by the planted command and the {@code context}
 * goal: peers in link order, each with its last turns, formatted per SPEC §7. Never throws: a peer
 * that cannot be read prints nothing and the others still print. Closing it closes its readers (and so
 * any OpenCode database they hold open).
 */
public final class LinkedContext implements AutoCloseable {
    /** What to print: {@code stdout} exactly, and one line on stderr per note (a refused store). */
    public record Output(String stdout, List<String> notes) {}

    private final ProjectLayout layout;
    private final TranscriptReaders readers;
    /** {@link View#LIVE}; a flag, so the default view loads no class of the live one. */
    private final boolean live;

    public LinkedContext(Path cwd, TranscriptReaders readers) {
        this.layout = new ProjectLayout(cwd);
        this.readers = readers;
        this.live = false;
    }

    public LinkedContext(Path cwd) {
        this(
                cwd,
                new TranscriptReaders(
                        new JsonlTail(),
                        new ProjectLayout(cwd).binDir().resolve("lib").resolve(".native")));
    }

    public LinkedContext(Path cwd, View view) {
        this.layout = new ProjectLayout(cwd);
        this.readers = new TranscriptReaders(
                new JsonlTail(), layout.binDir().resolve("lib").resolve(".native"));
        this.live = view == View.LIVE;
    }

    public Output render(String self) {
        List<String> peers = new Links(layout).peersOf(self);
        PeerTurns[] results = readAll(peers);
        List<String> blocks = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        NodeTitles titles = null;
        for (int i = 0; i < peers.size(); i++) {
            PeerTurns result = results[i];
            if (result == null) {
                continue;
            }
            if (result.refusal() != null) {
                notes.add(peers.get(i) + ": store-incomplete: " + result.refusal());
            }
            if (result.turns().isEmpty()) {
                continue;
            }
            if (titles == null) {
                titles = NodeTitles.load(layout); // read once, and only when something prints
            }
            blocks.add(LinkedContextFormat.block(peers.get(i), titles.titleOf(peers.get(i)), result.turns()));
        }
        return new Output(LinkedContextFormat.document(blocks), notes);
    }

    /** Reads the peers on up to one thread per core: the command's wall time is what an agent waits. */
    private PeerTurns[] readAll(List<String> peers) {
        PeerTurns[] results = new PeerTurns[peers.size()];
        TranscriptIndex index = new TranscriptIndex(layout);
        AtomicInteger next = new AtomicInteger();
        Runnable worker = new Runnable() { // a class, not a lambda: no method-handle bootstrap at start
                    @Override
                    public void run() {
                        for (int i = next.getAndIncrement(); i < results.length; i = next.getAndIncrement()) {
                            results[i] = read(index, peers.get(i));
                        }
                    }
                };
        int threads = Math.min(peers.size(), Runtime.getRuntime().availableProcessors()) - 1;
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
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return results;
    }

    /** One peer's turns, or null when it has no index entry or cannot be read. */
    private PeerTurns read(TranscriptIndex index, String peer) {
        try {
            TranscriptIndex.Entry entry = index.read(peer);
            if (entry == null) {
                return null;
            }
            return live
                    ? LiveTurns.lastTurns(readers, entry, LinkedContextFormat.LIMITS)
                    : readers.lastTurns(entry, LinkedContextFormat.LIMITS);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return null; // fail open: this peer prints nothing
        }
    }

    /**
     * One line per peer with an index entry, in peersOf order:
     * {@code <peerId>: store=<store> records=<n> turns=<t> unknown=<u>} (a full read of each transcript);
     * in the live view a Claude peer's line adds {@code windows=<n> branches=<abandoned leaves>}.
     */
    public List<String> stats(String self) {
        List<String> lines = new ArrayList<>();
        TranscriptIndex index = new TranscriptIndex(layout);
        for (String peer : new Links(layout).peersOf(self)) {
            try {
                TranscriptIndex.Entry entry = index.read(peer);
                if (entry != null) {
                    lines.add(peer + ": " + readers.stats(entry).describe()
                            + (live ? LiveTurns.shape(readers, entry) : ""));
                }
            } catch (RuntimeException | StackOverflowError e) {
                lines.add(peer + ": unreadable (" + e + ")");
            }
        }
        return lines;
    }

    @Override
    public void close() {
        readers.close();
    }
}
