package io.github.termsprawl.jsonl;

/**
 * The time by which the current thread's read must be done, so that no input (an 8 GiB line, a
 * quadratic log, a database query that never ends) holds an agent for long. The loops that may run long
 * (reading chunks of a file, replaying a log, stepping a query) call {@link #check()}; past the time it
 * throws {@link Exceeded}, which the reader treats as a read error. A thread without a deadline is never
 * stopped.
 */
public final class Deadline {
    /** Thrown by {@link #check()} once the current thread's deadline has passed. */
    public static final class Exceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Exceeded() {
            super("deadline passed", null, false, false); // no stack trace: it is control flow
        }
    }

    private static final ThreadLocal<long[]> END = new ThreadLocal<>();

    private Deadline() {}

    /** Sets the current thread's deadline to {@code endNanos} on the {@link System#nanoTime()} clock. */
    public static void set(long endNanos) {
        END.set(new long[] {endNanos});
    }

    public static void clear() {
        END.remove();
    }

    /** Whether the current thread has a deadline and it has passed. */
    public static boolean passed() {
        long[] end = END.get();
        return end != null && System.nanoTime() - end[0] >= 0;
    }

    /** Nanoseconds since {@code startNanos} on the {@link System#nanoTime()} clock. */
    public static long elapsedSince(long startNanos) {
        return System.nanoTime() - startNanos;
    }

    /**
     * {@link #check()} on every 1024th step of a loop ({@code step} counts from 0): a long in-memory pass
     * keeps its deadline at the cost of one compare per step.
     */
    public static void checkEvery(long step) {
        if ((step & 1023) == 0) {
            check();
        }
    }

    /** Throws {@link Exceeded} once the current thread's deadline has passed. */
    public static void check() {
        if (passed()) {
            throw new Exceeded();
        }
    }
}
