package io.github.termsprawl.ask;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bytes kept up to a cap, the rest counted and dropped: what a server or the {@code claude} command sends is
 * held in memory, so its size must not be theirs to choose (docs/ask.md, "Limits").
 */
final class CappedBytes {
    /**
     * The most of one response, or of one stream of the {@code claude} command, that is kept: an answer is
     * a few thousand tokens, so 16 MiB is far past any real one.
     */
    static final int CAP = 16 << 20;

    private final int cap;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long dropped;

    CappedBytes(int cap) {
        this.cap = cap;
    }

    /** Keeps what fits under the cap and counts the rest. */
    synchronized void add(byte[] bytes, int offset, int length) {
        int room = (int) Math.max(0, Math.min(length, (long) cap - kept.size()));
        kept.write(bytes, offset, room);
        dropped += length - room;
    }

    /** Reads the stream to its end, keeping what fits: the writer is never blocked on a full pipe. */
    void drain(InputStream in) throws IOException {
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) >= 0; ) {
            add(buf, 0, n);
        }
    }

    synchronized boolean overflowed() {
        return dropped > 0;
    }

    /** How many bytes came in all. */
    synchronized long total() {
        return kept.size() + dropped;
    }

    synchronized byte[] bytes() {
        return kept.toByteArray();
    }

    /** A size for messages: {@code 17.2 MB}, or {@code 512 bytes} under a megabyte. */
    static String describe(long bytes) {
        return bytes < 1_000_000 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
