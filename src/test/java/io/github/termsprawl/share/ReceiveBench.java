package io.github.termsprawl.share;

import java.nio.file.Path;

/** bench/share.sh: one receive into {@code args[0]}, timed; prints seconds and the nodes' statuses' summary. */
public final class ReceiveBench {
    private ReceiveBench() {}

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        var received = new Receiver(Path.of(args[0]), "origin").receive();
        double s = (System.nanoTime() - t0) / 1e9;
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        for (Receiver.Received r : received) {
            kinds.merge(r.status().replaceAll(" \\(.*", ""), 1, Integer::sum);
        }
        System.out.printf(java.util.Locale.ROOT, "receive %.2f s %s%n", s, kinds);
    }
}
