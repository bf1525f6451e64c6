package io.github.termsprawl.share;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedNode;
import java.nio.file.Path;

/**
 * bench/share.sh: one receive into {@code args[0]}, timed; prints seconds and the nodes' statuses' summary. With
 * {@code materialise <id>}: the first use of one received node for a grep instead (every turn file written).
 */
public final class ReceiveBench {
    private ReceiveBench() {}

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        if (args.length == 3 && args[1].equals("materialise")) {
            SharedNode node = SharedNode.open(new ProjectLayout(Path.of(args[0])), args[2]);
            int written = node.materialise(600_000);
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(java.util.Locale.ROOT, "materialise %.2f s, %d files written%n", s, written);
            return;
        }
        var received = new Receiver(Path.of(args[0]), "origin").receive();
        double s = (System.nanoTime() - t0) / 1e9;
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        for (Receiver.Received r : received) {
            kinds.merge(r.status().replaceAll(" \\(.*", ""), 1, Integer::sum);
        }
        System.out.printf(java.util.Locale.ROOT, "receive %.2f s %s%n", s, kinds);
    }
}
