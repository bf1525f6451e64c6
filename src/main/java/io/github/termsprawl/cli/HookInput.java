package io.github.termsprawl.cli;

import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * The fields of a Claude Code hook payload that recording needs. Parsing never throws and never holds
 * more than {@link #MAX_BYTES}, whatever arrives on stdin.
 */
public record HookInput(String transcriptPath, String cwd, String sessionId) {
    private static final JsonProjection KEYS = JsonProjection.whole("transcript_path", "cwd", "session_id");
    /** A path longer than this is not a path: treated as absent. */
    static final int MAX_PATH = 16 * 1024;
    /** No hook payload is bigger: past this much, stdin is no payload. */
    static final int MAX_BYTES = 1 << 20;

    public static final HookInput EMPTY = new HookInput(null, null, null);

    /** How long the hook waits for its payload: a stdin that never closes must not hold the agent's start. */
    static final long WAIT_MS = 2000;

    /**
     * The payload on {@code in}: at most {@link #MAX_BYTES}, read for at most {@link #WAIT_MS}; past either it is
     * given up ({@link #EMPTY}), as the hook must never fail nor hold the agent (docs/planted.md).
     */
    public static HookInput read(InputStream in) {
        byte[] payload = payload(in, MAX_BYTES, WAIT_MS);
        return payload == null ? EMPTY : parse(payload);
    }

    /**
     * All of {@code in} when it ends within {@code waitMs} and {@code max} bytes, else null. The read runs on a
     * daemon thread: one blocked on a stdin that never closes is left behind, and does not keep the JVM alive.
     */
    static byte[] payload(InputStream in, int max, long waitMs) {
        Drain drain = new Drain(in, max);
        Thread reader = new Thread(drain, "termsprawl-hook-stdin");
        reader.setDaemon(true);
        reader.start();
        try {
            reader.join(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        return drain.payload(); // null while the reader still waits: stdin never ended, given up
    }

    /** Reads a stream to its end, keeping at most {@code max + 1} bytes. */
    private static final class Drain implements Runnable {
        private final InputStream in;
        private final int max;
        private byte[] bytes; // set once the stream ended within max bytes

        Drain(InputStream in, int max) {
            this.in = in;
            this.max = max;
        }

        @Override
        public void run() {
            byte[] b = new byte[Math.min(max + 1, 64 * 1024)];
            int n = 0;
            try {
                while (true) {
                    if (n == b.length) {
                        if (n > max) {
                            return; // more than a payload can be
                        }
                        b = java.util.Arrays.copyOf(b, (int) Math.min(max + 1L, b.length * 2L));
                    }
                    int r = in.read(b, n, b.length - n);
                    if (r < 0) {
                        break;
                    }
                    n += r;
                }
            } catch (IOException | RuntimeException e) {
                return;
            }
            synchronized (this) {
                bytes = java.util.Arrays.copyOf(b, n);
            }
        }

        synchronized byte[] payload() {
            return bytes;
        }
    }

    /** The payload's first object (what follows it is not read), each field a string of a path's length or absent. */
    private static HookInput parse(byte[] payload) {
        Map<String, Object> fields = JsonlRecords.first(payload, KEYS);
        return fields == null
                ? EMPTY
                : new HookInput(
                        kept(fields.get("transcript_path")), kept(fields.get("cwd")), kept(fields.get("session_id")));
    }

    private static String kept(Object value) {
        return value instanceof String text && !text.isEmpty() && text.length() <= MAX_PATH ? text : null;
    }
}
