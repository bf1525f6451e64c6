package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Writes turn files on a thread of its own, so that reading and rendering the next turns goes on while the
 * file system works (a first write of a big session is thousands of files). At most {@link #MAX_BYTES} wait
 * to be written; the first failure stops the writes and is thrown to the caller.
 */
final class WriterThread {
    static final int MAX_BYTES = 32 << 20;

    private static final Object[] END = {};

    private final BlockingQueue<Object[]> queue = new ArrayBlockingQueue<>(1024);
    private final Semaphore room = new Semaphore(MAX_BYTES);
    private final Thread thread;
    private volatile Throwable failure;
    private volatile int written;
    /** Whether files are created new, each under its name ({@link AtomicFiles#createNew}), in a staged folder. */
    private final boolean staged;

    /** @param staged whether the files go into a staged folder (each created new), else each through a temp file */
    WriterThread(boolean staged) {
        this.staged = staged;
        thread = new Thread(
                new Runnable() {
                    @Override
                    public void run() {
                        drain();
                    }
                },
                "termsprawl-history-writer");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Queues a file; {@code compare} first reads what is there and writes only bytes that differ.
     *
     * @throws IOException the failure of an earlier write
     */
    void write(Path file, byte[] bytes, boolean compare) throws IOException {
        rethrow();
        int permits = Math.min(bytes.length, MAX_BYTES);
        try {
            room.acquire(permits);
            queue.put(new Object[] {file, bytes, compare});
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing " + file, e);
        }
    }

    /** Waits for every queued write; returns how many files were written. */
    int finish() throws IOException {
        try {
            queue.put(END);
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing turn files", e);
        }
        rethrow();
        return written;
    }

    private void rethrow() throws IOException {
        Throwable f = failure;
        if (f instanceof IOException io) {
            throw io;
        }
        if (f instanceof Error e) {
            throw e; // out of memory, say: the command's edge says so in one line
        }
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    private void drain() {
        while (true) {
            Object[] job;
            try {
                job = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (job == END) {
                return;
            }
            Path file = (Path) job[0];
            byte[] bytes = (byte[]) job[1];
            try {
                if (failure == null && staged) {
                    AtomicFiles.createNew(file, bytes);
                    written++;
                } else if (failure == null && !((Boolean) job[2] && AtomicFiles.isCurrentPlain(file, bytes, false))) {
                    AtomicFiles.replace(file, bytes);
                    written++;
                }
            } catch (IOException | RuntimeException e) {
                failure = e instanceof IOException io ? io : new IOException("cannot write " + file + ": " + e, e);
            } catch (Error e) {
                failure = e; // the thread goes on draining, so that the run waiting on it is never stuck
            } finally {
                room.release(Math.min(bytes.length, MAX_BYTES));
            }
        }
    }
}
