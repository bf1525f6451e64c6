package io.github.termsprawl.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    public LinkedContext(Path cwd, TranscriptReaders readers) {
        this.layout = new ProjectLayout(cwd);
        this.readers = readers;
    }

    public LinkedContext(Path cwd) {
        this(cwd, new TranscriptReaders());
    }

    public Output render(String self) {
        List<String> blocks = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        NodeTitles titles = null;
        TranscriptIndex index = new TranscriptIndex(layout);
        for (String peer : new Links(layout).peersOf(self)) {
            try {
                TranscriptIndex.Entry entry = index.read(peer);
                if (entry == null) {
                    continue;
                }
                TranscriptReaders.Result result = readers.lastTurns(entry);
                if (result.refusal() != null) {
                    notes.add(peer + ": store-incomplete: " + result.refusal());
                }
                if (result.turns().isEmpty()) {
                    continue;
                }
                if (titles == null) {
                    titles = NodeTitles.load(layout); // read once, and only when something prints
                }
                blocks.add(LinkedContextFormat.block(peer, titles.titleOf(peer), result.turns()));
            } catch (RuntimeException | StackOverflowError e) {
                // fail open: this peer prints nothing
            }
        }
        return new Output(LinkedContextFormat.document(blocks), notes);
    }

    /**
     * One line per peer with an index entry, in peersOf order:
     * {@code <peerId>: store=<store> records=<n> turns=<t> unknown=<u>} (a full read of each transcript).
     */
    public List<String> stats(String self) {
        List<String> lines = new ArrayList<>();
        TranscriptIndex index = new TranscriptIndex(layout);
        for (String peer : new Links(layout).peersOf(self)) {
            try {
                TranscriptIndex.Entry entry = index.read(peer);
                if (entry != null) {
                    lines.add(peer + ": " + readers.stats(entry).describe());
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
