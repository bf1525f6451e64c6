package io.github.termsprawl.core;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * Stops a read whose heap is full: a session too large for the planted command's heap would otherwise run on for
 * many minutes, the collector reclaiming a little at a time, before it ran out (docs/README.md, "Time and memory").
 * Once a full collection leaves the heap's old generation more than {@link #FULL} full, {@link #check()} throws an
 * {@link OutOfMemoryError}, which the commands write as their one line naming the goal to run instead. The loops
 * that hold what grows with a session (a plan's records, a first write's turns) call {@link #checkEvery}.
 */
public final class HeapGuard {
    /** How full the old generation may be after a full collection. */
    static final double FULL = 0.92;

    /**
     * The first step checked: the management beans cost a run tens of milliseconds to start, which a session of
     * fewer records (a grown session's new lines, an everyday one) never needs to pay.
     */
    static final long FIRST_CHECK = 1 << 16;

    private HeapGuard() {}

    /** {@link #check()} on every 4096th step of a loop from {@link #FIRST_CHECK} on ({@code step} counts from 0). */
    public static void checkEvery(long step) {
        if (step >= FIRST_CHECK && (step & 4095) == 0) {
            check();
        }
    }

    /** Throws an {@link OutOfMemoryError} once a full collection left the heap too full to go on. */
    public static void check() {
        MemoryPoolMXBean old = Old.POOL;
        if (old != null && old.isCollectionUsageThresholdExceeded()) {
            MemoryUsage after = old.getCollectionUsage();
            throw new OutOfMemoryError(
                    "the heap is " + (100 * after.getUsed() / after.getMax()) + "% full after a" + " full collection");
        }
    }

    /** Made on the first check, not when the class loads. */
    private static final class Old {
        static final MemoryPoolMXBean POOL = oldGeneration();
    }

    /** The heap's pool that outlives young collections, its threshold set; null when the runtime has none. */
    private static MemoryPoolMXBean oldGeneration() {
        try {
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                long max = pool.getUsage().getMax();
                String name = pool.getName();
                if (pool.getType() == MemoryType.HEAP
                        && pool.isCollectionUsageThresholdSupported()
                        && max > 0
                        && (name.contains("Old") || name.contains("Tenured"))) {
                    pool.setCollectionUsageThreshold((long) (max * FULL));
                    return pool;
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // a runtime without the management beans: a session too large runs out of memory as it would
        }
        return null;
    }
}
