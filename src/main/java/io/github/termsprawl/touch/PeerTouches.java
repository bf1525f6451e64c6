package io.github.termsprawl.touch;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each linked peer of a node changed in its current session (docs/touches.md, "termsprawl-touches"): per peer
 * in link order, its touches newest first, read through the touch index; a received shared node's from the
 * touches it was shared with ({@link SharedTouches}). A peer that cannot be read has none.
 */
public final class PeerTouches {
    /** A peer's touches, newest first (an event without a time last, in session order). */
    public record Peer(String node, Store store, List<TouchEvent> touches) {}

    private PeerTouches() {}

    /**
     * @param file  only touches of this file (a path as an agent names it: absolute, or relative to the project), or null
     * @param since only touches at or after it (events without a time then count as older), or null
     */
    public static List<Peer> of(ProjectLayout layout, String self, String file, Instant since) {
        return of(layout, NodeId.isSafe(self) ? new Links(layout).peersOf(self) : List.of(), file, since);
    }

    /** The touches of {@code nodes}, as {@link #of(ProjectLayout, String, String, Instant)}. */
    public static List<Peer> of(ProjectLayout layout, List<String> nodes, String file, Instant since) {
        return of(layout, nodes, file, since, TouchIndex.UNBOUNDED);
    }

    /**
     * As {@link #of(ProjectLayout, String, String, Instant)}, each peer's transcript read for at most about
     * {@code maxBytes} (in steps of {@link TouchIndex#STEP_BYTES}): the hook before an edit builds a long session's index in steps across its runs.
     */
    public static List<Peer> of(ProjectLayout layout, String self, String file, Instant since, long maxBytes) {
        return of(layout, NodeId.isSafe(self) ? new Links(layout).peersOf(self) : List.of(), file, since, maxBytes);
    }

    private static List<Peer> of(ProjectLayout layout, List<String> nodes, String file, Instant since, long maxBytes) {
        String wanted = file == null ? null : new ProjectPaths(layout.cwd()).relative(file);
        if (file != null && wanted == null) {
            return List.of(); // a file outside the project: nobody there changed it
        }
        List<Peer> out = new ArrayList<>();
        TranscriptIndex index = new TranscriptIndex(layout);
        try (TranscriptReaders readers =
                new TranscriptReaders(new io.github.termsprawl.jsonl.JsonlTail(), layout.sqliteNativeDir())) {
            for (String node : nodes) {
                try {
                    TranscriptIndex.Entry entry = index.read(node);
                    Store store;
                    List<TouchEvent> events;
                    if (entry == null) { // a received shared node: the touches it was shared with (docs/sharing.md)
                        Peer shared = SharedTouches.read(layout, node);
                        if (shared == null) {
                            continue;
                        }
                        store = shared.store();
                        events = shared.touches();
                    } else {
                        TouchIndex.Found found = TouchIndex.read(layout, node, entry, readers, wanted, maxBytes);
                        if (found == null) {
                            continue;
                        }
                        store = found.store();
                        events = found.read().result().events();
                    }
                    List<TouchEvent> kept = new ArrayList<>();
                    for (TouchEvent e : events) {
                        if ((wanted == null || wanted.equals(e.path()))
                                && (since == null
                                        || e.time() != null && !e.time().isBefore(since))) {
                            kept.add(e);
                        }
                    }
                    if (!kept.isEmpty()) {
                        out.add(new Peer(node, store, newestFirst(kept)));
                    }
                } catch (RuntimeException e) {
                    // fail open: a peer that cannot be read has nothing to say
                }
            }
        }
        return out;
    }

    /** A class, not a lambda: the hook before every edit would spin the lambda's class at each start. */
    private static final Comparator<TouchEvent> NEWEST_FIRST = new Comparator<>() {
        @Override
        public int compare(TouchEvent a, TouchEvent b) {
            if (a.time() == null || b.time() == null) {
                return a.time() == null ? (b.time() == null ? 0 : 1) : -1;
            }
            return b.time().compareTo(a.time());
        }
    };

    /** Newest first; events without a time after those with one, the later in the session first. */
    static List<TouchEvent> newestFirst(List<TouchEvent> sessionOrder) {
        List<TouchEvent> reversed = new ArrayList<>(sessionOrder);
        java.util.Collections.reverse(reversed);
        reversed.sort(NEWEST_FIRST);
        return reversed;
    }

    /** The newest touch of each file, newest first: what a peer changed. */
    public static List<TouchEvent> latestPerFile(List<TouchEvent> newestFirst) {
        Map<String, TouchEvent> out = new LinkedHashMap<>();
        for (TouchEvent e : newestFirst) {
            out.putIfAbsent(e.path(), e);
        }
        return List.copyOf(out.values());
    }
}
