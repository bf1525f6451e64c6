package io.github.termsprawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.termsprawl.jsonl.LongStringCapReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The fields of a Claude Code hook payload that recording needs. Parsing never throws and never holds
 * more than a bounded prefix of any string, whatever arrives on stdin.
 */
public record HookInput(String transcriptPath, String cwd, String sessionId) {
    private static final Set<String> KEYS = Set.of("transcript_path", "cwd", "session_id");
    /** A path longer than this is not a path: treated as absent. */
    static final int MAX_PATH = 16 * 1024;
    /** No hook payload is bigger: past this much, stdin is no payload. */
    static final int MAX_BYTES = 1 << 20;

    /** A payload without a session id (Claude Code's tests of recording need only these two). */
    public HookInput(String transcriptPath, String cwd) {
        this(transcriptPath, cwd, null);
    }

    public static final HookInput EMPTY = new HookInput(null, null, null);

    /**
     * Jackson's default limits, unlike the command parser's: a hook payload is shallow and small, and
     * without a depth limit 50 MB of {@code [} would build tens of millions of parser contexts (out of memory).
     * Strings never reach the string limit: the reader below caps them.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    /** How long the hook waits for its payload: a stdin that never closes must not hold the agent's start. */
    static final long WAIT_MS = 2000;

    /**
     * The payload on {@code in}: at most {@link #MAX_BYTES}, read for at most {@link #WAIT_MS}; past either it is
     * given up ({@link #EMPTY}), as the hook must never fail nor hold the agent (docs/planted.md).
     */
    public static HookInput read(InputStream in) {
        byte[] payload = payload(in, MAX_BYTES, WAIT_MS);
        return payload == null ? EMPTY : parse(new java.io.ByteArrayInputStream(payload));
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

    private static HookInput parse(InputStream in) {
        try (JsonParser p = FACTORY.createParser(
                new LongStringCapReader(new InputStreamReader(in, StandardCharsets.UTF_8), MAX_PATH + 1))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return EMPTY;
            }
            String transcript = null;
            String cwd = null;
            String session = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                String kept = null;
                if (KEYS.contains(name) && value == JsonToken.VALUE_STRING) {
                    String text = p.getText();
                    kept = text.isEmpty() || text.length() > MAX_PATH ? null : text;
                } else {
                    p.skipChildren();
                }
                switch (name) {
                    case "cwd" -> cwd = kept;
                    case "transcript_path" -> transcript = kept;
                    case "session_id" -> session = kept;
                    default -> {}
                }
            }
            return new HookInput(transcript, cwd, session);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return EMPTY;
        }
    }
}
