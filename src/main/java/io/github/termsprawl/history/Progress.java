package io.github.termsprawl.history;

import io.github.termsprawl.store.Agent;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What a long history run shows while it works (docs/planted.md, "termsprawl-history"): per node, the bytes of
 * its transcript read and the turns written, once the run has taken {@link #QUIET_MS}; then every
 * {@code everyMs}. Where it goes is the caller's: a terminal's stderr, one line rewritten in place; Maven's log,
 * a line every few seconds. Nothing is shown for a short run, and a caller that is no terminal shows nothing.
 * {@link #tick} does the work; a thread of its own calls it ({@link #start}), a test calls it with its own clock.
 */
public final class Progress implements AutoCloseable {
    /** How long a run goes before it shows anything: most runs are over by then. */
    public static final long QUIET_MS = 2000;

    /** Where the lines go. */
    public interface Out {
        /**
         * A line of progress; {@code done} for the last call, after which nothing more is shown (a terminal
         * clears its line).
         */
        void show(String line, boolean done);
    }

    /** Shows nothing (a pipe, a script). */
    public static final Progress NONE = new Progress(null, 0, new LongSupplier() {
        @Override
        public long getAsLong() {
            return 0;
        }
    });

    private final Out out;
    private final long everyMs;
    private final LongSupplier clock;
    private final long started;
    private long shownAt = Long.MIN_VALUE;
    private boolean shown;

    private volatile String node;
    private volatile int nodeIndex;
    private volatile int nodes;
    private volatile long size;
    private final AtomicLong position = new AtomicLong();
    private volatile long planBase = -1;
    private Agent.Windows planned; // set before planBase, which is read first
    private final AtomicInteger turns = new AtomicInteger();
    private volatile int total = -1;
    private Thread thread;
    private volatile boolean closed;

    /**
     * @param everyMs how often a line is shown once {@link #QUIET_MS} have gone by
     * @param clock   milliseconds (a test's own; {@code System::currentTimeMillis} otherwise)
     */
    public Progress(Out out, long everyMs, LongSupplier clock) {
        this.out = out;
        this.everyMs = everyMs;
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    /** Calls {@link #tick} every so often on a daemon thread, until {@link #close}. */
    public Progress start() {
        if (out == null) {
            return this;
        }
        thread = new Thread(
                new Runnable() {
                    @Override
                    public void run() {
                        while (!closed) {
                            try {
                                Thread.sleep(Math.min(250, everyMs));
                            } catch (InterruptedException e) {
                                return;
                            }
                            tick();
                        }
                    }
                },
                "termsprawl-progress");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /** The run goes on to node {@code index} (from 1) of {@code count}. */
    public void node(String id, int index, int count) {
        this.node = id;
        this.nodeIndex = index;
        this.nodes = count;
        this.size = 0;
        position.set(0);
        planBase = -1;
        turns.set(0);
        total = -1;
        tick();
    }

    /** The node's transcript is {@code size} bytes. */
    void source(long size) {
        this.size = size;
    }

    /** A plan of the node's windows begins: what it reads is counted from here ({@link Agent.Windows}). */
    void planning(Agent.Windows windows) {
        planned = windows;
        planBase = windows.bytesRead();
    }

    /** The node's reading reached {@code offset} of its transcript. */
    void reached(long offset) {
        long at = position.get();
        while (offset > at && !position.compareAndSet(at, offset)) {
            at = position.get();
        }
    }

    /** The node's next folder will have {@code count} turns (its subagents' first, then its own). */
    void turns(int count) {
        total = count;
        turns.set(0);
        tick();
    }

    /** One more turn in its place. */
    void turn() {
        turns.incrementAndGet();
    }

    /** Shows a line when one is due. */
    public synchronized void tick() {
        if (out == null || closed) {
            return;
        }
        long now = clock.getAsLong();
        if (now - started < QUIET_MS || node == null || (shown && now - shownAt < everyMs)) {
            return;
        }
        out.show(line(), false);
        shown = true;
        shownAt = now;
    }

    /** The line as it stands. */
    String line() {
        long read = position.get();
        long base = planBase;
        if (base >= 0) {
            read = Math.max(read, planned.bytesRead() - base);
        }
        long of = size;
        StringBuilder s = new StringBuilder();
        s.append(node);
        if (nodes > 1) {
            s.append(" (node ").append(nodeIndex).append(" of ").append(nodes).append(')');
        }
        s.append(": read ").append(bytes(of > 0 ? Math.min(read, of) : read));
        if (of > 0) {
            s.append(" of ").append(bytes(of));
        }
        int t = turns.get();
        int all = total;
        s.append(", ").append(String.format(Locale.ROOT, "%,d", t));
        if (all >= 0) {
            s.append(" of ").append(String.format(Locale.ROOT, "%,d", all));
        }
        s.append(t == 1 && all < 0 ? " turn written" : " turns written");
        return s.toString();
    }

    /** 812 MB, 2.2 GB, 40 kB. */
    static String bytes(long n) {
        if (n >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f GB", n / 1e9);
        }
        if (n >= 1_000_000L) {
            return (n / 1_000_000L) + " MB";
        }
        return n >= 1000 ? (n / 1000) + " kB" : n + " bytes";
    }

    /** Before another line goes where progress is shown: a terminal's progress line is cleared first. */
    public synchronized void pause() {
        if (out != null && shown && !closed) {
            out.show("", true);
            shown = false;
            shownAt = Long.MIN_VALUE;
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (thread != null) {
            thread.interrupt();
        }
        if (out != null && shown) {
            out.show("", true);
        }
    }
}
