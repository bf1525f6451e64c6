package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Writes turn files on a thread of its own, so that reading and rendering the next turns goes on while the
 * file system works (a first write of a big session is thousands of files). One thread, for every renderer: files
 * created in one folder by two threads at once wait for each other in the kernel (its lock on the folder), and on
 * a slow disk the waiting one spins on a core a renderer needs. At most {@link #MAX_BYTES} wait to be written; the
 * first failure stops the writes and is thrown to the caller.
 */
final class WriterThread {
    /**
     * What may wait to be written. Renderers outrun a disk: more waiting only keeps turns alive across the young
     * collections, which copy them (32 MB here cost a tenth more time and 80 MB more resident memory than 8).
     */
    static final int MAX_BYTES = 8 << 20;

    private static final Group END = new Group();

    private final BlockingQueue<Group> queue = new ArrayBlockingQueue<>(1024);
    private final Semaphore room = new Semaphore(MAX_BYTES);
    private final Thread thread;
    private volatile Throwable failure;
    private volatile int written;
    /** Whether files are created new, each under its name ({@link AtomicFiles#createNew}), in a staged folder. */
    private final boolean staged;

    /**
     * Files handed over together, a renderer's batch: one entry in the queue and one wake-up of the writer, not one
     * per file (a turn of a first write is tens of microseconds of work: handing each over cost as much again).
     */
    static final class Group {
        private record File(Path path, byte[] bytes, boolean compare) {}

        private final List<File> files = new ArrayList<>();
        private long bytes;

        /** Adds a file; {@code compare} first reads what is there and writes only bytes that differ. */
        void add(Path file, byte[] content, boolean compare) {
            files.add(new File(file, content, compare));
            bytes += content.length;
        }

        long bytes() {
            return bytes;
        }

        boolean isEmpty() {
            return files.isEmpty();
        }

        private int permits() {
            return (int) Math.min(bytes, MAX_BYTES);
        }
    }

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
        Group one = new Group();
        one.add(file, bytes, compare);
        write(one);
    }

    /**
     * Queues a group of files (from any thread); waits while {@link #MAX_BYTES} wait already.
     *
     * @throws IOException the failure of an earlier write
     */
    void write(Group group) throws IOException {
        rethrow();
        if (group.isEmpty()) {
            return;
        }
        try {
            room.acquire(group.permits());
            queue.put(group);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(
                    "interrupted while writing " + group.files.get(0).path(), e);
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
            Group group;
            try {
                group = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (group == END) {
                return;
            }
            for (int i = 0; i < group.files.size() && failure == null; i++) {
                Group.File file = group.files.get(i);
                try {
                    if (writeOne(file.path(), file.bytes(), file.compare())) {
                        written++;
                    }
                } catch (IOException | RuntimeException e) {
                    failure = e instanceof IOException io
                            ? io
                            : new IOException("cannot write " + file.path() + ": " + e, e);
                } catch (Error e) {
                    failure = e; // the thread goes on draining, so that the run waiting on it is never stuck
                }
            }
            room.release(group.permits());
        }
    }

    /** Created new under its name in a staged folder, else through a temp file unless the bytes are there already. */
    private boolean writeOne(Path file, byte[] bytes, boolean compare) throws IOException {
        if (staged) {
            AtomicFiles.createNew(file, bytes);
            return true;
        }
        if (compare && AtomicFiles.isCurrentPlain(file, bytes, false)) {
            return false;
        }
        AtomicFiles.replace(file, bytes);
        return true;
    }
}
