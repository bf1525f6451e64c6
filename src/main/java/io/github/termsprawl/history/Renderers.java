package io.github.termsprawl.history;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The threads that read and render a folder's turns, a batch of turns at a time, each turn's result (its index
 * line) handed back in the turns' order. A batch, not a turn, goes to a thread: a turn of a long session's first
 * write is tens of microseconds of work, and handing each one over (a queue, a wake-up, a future, then the writer
 * thread's queue) cost about as much again on two cores. A batch is sized by how long the turns of the last one
 * took, so that turns of megabytes still go one a thread.
 *
 * @param <T> a turn, as the folder describes it
 */
final class Renderers<T> implements AutoCloseable {
    /** The most turns a batch holds (a batch of tiny turns). */
    static final int BATCH = 64;

    /**
     * About how long a batch takes: long enough that handing it over is little beside it (tens of microseconds),
     * short enough that a few long turns are shared by the threads, not rendered one after another by one.
     */
    static final long BATCH_NANOS = 5_000_000L;

    /** At most this many batches wait for their place, per thread: each holds its turns' index lines. */
    private static final int WAITING_PER_THREAD = 4;

    /** Reads and renders a batch of turns and has their files written, on a renderer thread: their index lines. */
    interface Work<T> {
        String[] run(List<T> batch) throws IOException;
    }

    /** Puts a done turn in its place, on the folder's thread, in the order the turns came. */
    interface Place<T> {
        void place(T turn, String result) throws IOException;
    }

    private record Batch<T>(List<T> turns, Future<String[]> results) {}

    /** A monotonic clock in nanoseconds: what sizes the batches (a test gives its own). */
    interface Clock {
        long nanos();
    }

    private static final Clock SYSTEM = new Clock() {
        @Override
        public long nanos() {
            return System.nanoTime();
        }
    };

    private final int threads;
    private final Work<T> work;
    private final Place<T> place;
    private final ExecutorService pool;
    private final ArrayDeque<Batch<T>> waiting = new ArrayDeque<>();
    private final Clock clock;
    private List<T> filling = new ArrayList<>(BATCH);
    /** What a turn of the last batch done took to render, on average; 0 until one is done. */
    private volatile long nanosPerTurn;

    Renderers(int threads, Work<T> work, Place<T> place) {
        this(threads, work, place, SYSTEM);
    }

    Renderers(int threads, Work<T> work, Place<T> place, Clock clock) {
        this.clock = clock;
        this.threads = threads;
        this.work = work;
        this.place = place;
        pool = Executors.newFixedThreadPool(threads, new ThreadFactory() {
            @Override
            public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "termsprawl-history-renderer");
                t.setDaemon(true);
                return t;
            }
        });
    }

    /** Queues a turn; places the oldest batches done while too many wait. */
    void add(T turn) throws IOException {
        filling.add(turn);
        if (filling.size() >= batchSize()) {
            submit();
        }
        while (waiting.size() > threads * WAITING_PER_THREAD) {
            placeOldest();
        }
    }

    /** Waits for every turn queued and places it, then lets the threads end; the first failure is thrown. */
    void finish() throws IOException {
        if (!filling.isEmpty()) {
            submit();
        }
        while (!waiting.isEmpty()) {
            placeOldest();
        }
        pool.shutdown();
    }

    /** Turns a batch holds: one until a batch is done, then about {@link #BATCH_NANOS} of them, at most {@link #BATCH}. */
    private int batchSize() {
        long each = nanosPerTurn;
        return each <= 0 ? 1 : (int) Math.max(1, Math.min(BATCH, BATCH_NANOS / each));
    }

    private void submit() {
        List<T> turns = filling;
        filling = new ArrayList<>(BATCH);
        waiting.add(new Batch<>(turns, pool.submit(new Callable<String[]>() {
            @Override
            public String[] call() throws IOException {
                long start = clock.nanos();
                String[] results = work.run(turns);
                nanosPerTurn = Math.max(1, (clock.nanos() - start) / turns.size());
                return results;
            }
        })));
    }

    private void placeOldest() throws IOException {
        Batch<T> batch = waiting.poll();
        String[] results;
        try {
            results = batch.results().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while rendering turn files", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err; // out of memory, say: the command's edge says so in one line
            }
            throw new IOException("cannot render turn files: " + cause, cause);
        }
        for (int i = 0; i < results.length; i++) {
            place.place(batch.turns().get(i), results[i]);
        }
    }

    /**
     * Stops the threads and waits until none runs, so that none hands a file to the writer after this (a failed
     * first write's staged folder is removed next). A thread stops within the turn it is on: the interrupt fails
     * its next hand-over.
     */
    @Override
    public void close() {
        pool.shutdownNow();
        waiting.clear();
        filling.clear();
        try {
            while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                // a turn of gigabytes takes long to render: still, nothing may write after close
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
