package io.github.termsprawl.touch;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The overlap table of the {@code touches} goal (docs/touches.md, "The touches goal"): the files two or more nodes
 * (recorded here, or received from a teammate) changed in their current sessions, the most recently changed first, each with one line per node (its number of
 * changes, its newest kind, time and turn); for one file, every node that changed it.
 */
public final class Overlaps {
    private Overlaps() {}

    /** The table, or an empty string when no file is shared (or, with {@code file}, nobody changed it). */
    public static String table(ProjectLayout layout, String file) {
        List<String> nodes = new ArrayList<>(new TranscriptIndex(layout).nodes());
        String[] shared = layout.sharedDir().toFile().list(); // received shared nodes: what they were shared with
        if (shared != null) {
            java.util.Arrays.sort(shared);
            for (String id : shared) {
                if (!nodes.contains(id) && io.github.termsprawl.core.SharedNode.open(layout, id) != null) {
                    nodes.add(id);
                }
            }
        }
        List<PeerTouches.Peer> all = PeerTouches.of(layout, nodes, file, null);
        Map<String, List<PeerTouches.Peer>> byFile = new LinkedHashMap<>();
        for (PeerTouches.Peer p : all) {
            for (TouchEvent e : PeerTouches.latestPerFile(p.touches())) {
                byFile.computeIfAbsent(e.path(), k -> new ArrayList<>()).add(p);
            }
        }
        List<String> files = new ArrayList<>();
        for (Map.Entry<String, List<PeerTouches.Peer>> f : byFile.entrySet()) {
            if (f.getValue().size() >= (file == null ? 2 : 1)) {
                files.add(f.getKey());
            }
        }
        files.sort(Comparator.comparing(
                        (String f) -> newest(byFile.get(f), f), Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(Comparator.naturalOrder()));
        StringBuilder out = new StringBuilder();
        for (String f : files) {
            out.append(TouchEvent.escaped(f)).append('\n');
            for (PeerTouches.Peer p : byFile.get(f)) {
                List<TouchEvent> of =
                        p.touches().stream().filter(e -> e.path().equals(f)).toList();
                TouchEvent last = of.get(0);
                out.append("  " + p.node() + " (" + p.store().id() + "): " + of.size()
                        + (of.size() == 1 ? " change" : " changes") + ", last "
                        + last.kind().id() + " at "
                        + TouchReport.time(last.time()) + ", turn " + (last.turn() == null ? "-" : last.turn()) + "\n");
            }
        }
        return out.toString();
    }

    private static Instant newest(List<PeerTouches.Peer> peers, String file) {
        Instant newest = null;
        for (PeerTouches.Peer p : peers) {
            for (TouchEvent e : p.touches()) {
                if (e.path().equals(file)
                        && e.time() != null
                        && (newest == null || e.time().isAfter(newest))) {
                    newest = e.time();
                }
            }
        }
        return newest;
    }

    /** How many files each node changed in its current session (the {@code status} goal's {@code changed=}). */
    public static int filesChanged(ProjectLayout layout, String node) {
        List<PeerTouches.Peer> p = PeerTouches.of(layout, List.of(node), null, null);
        return p.isEmpty() ? 0 : PeerTouches.latestPerFile(p.get(0).touches()).size();
    }
}
