package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A loop that holds more and more stops once a full collection leaves the heap full, with the guard's error and not
 * the heap's own: in a JVM of its own, a small heap and the launchers' collector (docs/README.md, "Time and
 * memory").
 */
class HeapGuardTest {
    /** Holds blocks of 128 bytes (more than the guard's first check fit in the heap) until something stops it. */
    public static void main(String[] args) {
        List<byte[]> held = new ArrayList<>();
        long step = 0;
        try {
            while (true) {
                HeapGuard.checkEvery(step++);
                held.add(new byte[128]);
            }
        } catch (OutOfMemoryError e) {
            int kept = held.size();
            held = null; // room to print
            System.out.println(e.getMessage() + " after " + kept + " blocks");
        }
    }

    @Test
    void aHeapFullAfterACollectionStopsTheLoopWithTheGuardsError() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Xmx32m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        HeapGuardTest.class.getName())
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a guard against a hang");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.matches("the heap is \\d+% full after a full collection after \\d+ blocks\n"), out);
        long blocks = Long.parseLong(out.replaceAll("(?s).* after (\\d+) blocks\n", "$1"));
        assertTrue(blocks >= HeapGuard.FIRST_CHECK, out); // nothing checked, and nothing started, before it
    }
}
