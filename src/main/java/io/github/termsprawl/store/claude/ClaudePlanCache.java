package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.CompactJsonBytes;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.ReadLimits;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The records a plan of a Claude Code transcript is made from, kept in a file of their own so that a
 * transcript that grew is read only from where the last read stopped: one line per record, {@code {"o":
 * offset, "l": line, "r": record}}, the record as {@link ClaudePlanReader#PROSE_AND_LINKS} reads it with the
 * arguments of every tool call dropped but a subagent call's prompt, and its texts redacted when asked
 * ({@link #keepable}). The file only grows; what a killed run appended past the size its caller kept is cut
 * off before the next append.
 */
final class ClaudePlanCache {
    private ClaudePlanCache() {}

    /** One kept record. */
    interface Visitor {
        void record(long offset, long line, Map<String, Object> record);
    }

    /** The records of the first {@code bytes} of {@code cache}; false when it holds fewer bytes (then none are given). */
    static boolean read(Path cache, long bytes, Visitor visitor) {
        if (bytes <= 0 || !AtomicFiles.holds(cache, bytes)) {
            return false;
        }
        // a big cache is parsed in two halves at once (the parse of a cold JVM is most of a small update)
        long split = bytes >= SPLIT_BYTES && Runtime.getRuntime().availableProcessors() > 1
                ? lineAfter(cache, bytes / 2)
                : -1;
        if (split <= 0 || split >= bytes) {
            return read(cache, 0, bytes, visitor);
        }
        List<Object[]> second = new ArrayList<>();
        boolean[] secondRead = {false};
        Thread other = new Thread(
                new Runnable() {
                    @Override
                    public void run() {
                        secondRead[0] = read(cache, split, bytes, new Visitor() {
                            @Override
                            public void record(long offset, long line, Map<String, Object> record) {
                                second.add(new Object[] {offset, line, record});
                            }
                        });
                    }
                },
                "termsprawl-plan-cache-reader");
        other.setDaemon(true);
        other.start();
        boolean firstRead = read(cache, 0, split, visitor);
        try {
            other.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (!firstRead || !secondRead[0]) {
            return false;
        }
        for (Object[] r : second) {
            @SuppressWarnings("unchecked")
            Map<String, Object> record = (Map<String, Object>) r[2];
            visitor.record((Long) r[0], (Long) r[1], record);
        }
        return true;
    }

    /**
     * A cache at least this big is read in two halves (a session of about 40 MB): below it, a second thread costs
     * about what it saves (measured on a 10 MB session's cache of 1 MB).
     */
    static final long SPLIT_BYTES = 4L << 20;

    /** The records of the lines that start in {@code [from, to)} of the cache ({@code from} a line start). */
    static boolean read(Path cache, long from, long to, Visitor visitor) {
        try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
            lines.seek(from, 1);
            while (lines.next() && lines.lineStart() < to) {
                Map<String, Object> kept = lines.record(JsonProjection.ALL, ReadLimits.STRING_CAP);
                Map<String, Object> record = kept == null ? null : Json.asObject(kept.get("r"));
                if (record == null
                        || !(kept.get("o") instanceof Json.JsonNumber o)
                        || !(kept.get("l") instanceof Json.JsonNumber l)) {
                    return false;
                }
                visitor.record(Long.parseLong(o.text()), Long.parseLong(l.text()), record);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return true;
    }

    /** The start of the first line past {@code at}, or -1. */
    private static long lineAfter(Path cache, long at) {
        try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
            lines.seek(at, 1);
            return lines.next() && lines.lineStart() + lines.length() + 1 < Files.size(cache)
                    ? lines.lineStart() + lines.length() + 1
                    : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Makes a record fit to keep: of its tool calls only what a plan and the subagent scan read (a {@code Task}
     * or {@code Agent} call's prompt, no other argument); with {@code redact}, its texts redacted
     * ({@link Redactor}), so that the cache holds no secret the transcript had.
     */
    static void keepable(Map<String, Object> record, boolean redact) {
        Map<String, Object> message = Json.asObject(record.get("message"));
        if (redact) {
            Map<String, Object> attachment = Json.asObject(record.get("attachment"));
            if (attachment != null && attachment.get("prompt") instanceof String prompt) {
                attachment.put("prompt", Redactor.redact(prompt));
            }
            if (message != null && message.get("content") instanceof String text) {
                message.put("content", Redactor.redact(text));
            }
        }
        if (message == null || !(message.get("content") instanceof List<?> parts)) {
            return;
        }
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p == null) {
                continue;
            }
            if (redact && p.get("text") instanceof String text) {
                p.put("text", Redactor.redact(text));
            }
            if (!p.containsKey("input")) {
                continue;
            }
            Map<String, Object> input = Json.asObject(p.get("input"));
            if (("Task".equals(p.get("name")) || "Agent".equals(p.get("name")))
                    && input != null
                    && input.get("prompt") instanceof String prompt) {
                p.put("input", Map.of("prompt", redact ? Redactor.redact(prompt) : prompt));
            } else {
                p.remove("input");
            }
        }
    }

    /** Appends records to a cache from a size on (anything past it is cut off first). */
    static final class Appender implements Closeable {
        private static final byte[] LINE_START = ascii("{\"o\":");
        private static final byte[] LINE = ascii(",\"l\":");
        private static final byte[] RECORD = ascii(",\"r\":");
        private static final byte[] LINE_END = ascii("}\n");

        private final FileChannel channel;
        private final CompactJsonBytes pending = new CompactJsonBytes();

        /** On a cache in a folder its caller checked ({@code AtomicFiles.confinedFolder}). */
        Appender(Path cache, long from) throws IOException {
            FileChannel c = AtomicFiles.appendChannel(cache, from);
            if (c == null) {
                throw new IOException(cache + " changed while it was read: run again");
            }
            channel = c;
        }

        /** Keeps a record given as its compact JSON: {@code bytes[from, to)} ({@link CompactJsonBytes}). */
        void append(long offset, long line, byte[] bytes, int from, int to) throws IOException {
            pending.raw(LINE_START, 0, LINE_START.length);
            pending.ascii(Long.toString(offset));
            pending.raw(LINE, 0, LINE.length);
            pending.ascii(Long.toString(line));
            pending.raw(RECORD, 0, RECORD.length);
            pending.raw(bytes, from, to);
            pending.raw(LINE_END, 0, LINE_END.length);
            if (pending.size() > 1 << 20) {
                flush();
            }
        }

        private void flush() throws IOException {
            ByteBuffer bytes = ByteBuffer.wrap(pending.bytes(), 0, pending.size());
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            pending.clear();
        }

        /** The size of the cache with everything appended. */
        long size() throws IOException {
            flush();
            return channel.position();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }

        private static byte[] ascii(String text) {
            return text.getBytes(StandardCharsets.US_ASCII);
        }
    }
}
