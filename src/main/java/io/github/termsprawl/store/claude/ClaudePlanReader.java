package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.CompactJsonBytes;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.store.ReadLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a Claude Code transcript for a plan ({@link ClaudeSession#plan(Path, ClaudeSession.PlanCache, long,
 * boolean)}), from where its plan cache stopped: the records before come from the cache ({@link ClaudePlanCache}),
 * or, when the new lines only carry the live branch on, from the last plan's tail ({@link ClaudeTail}); the new
 * lines are parsed (a big read in two parts at once) and appended to the cache.
 */
final class ClaudePlanReader {
    private final ClaudeSession session;
    private final int chunkSize;
    private final int maxInMemoryLine;
    private final long splitBytes;

    ClaudePlanReader(ClaudeSession session, int chunkSize, int maxInMemoryLine, long splitBytes) {
        this.session = session;
        this.chunkSize = chunkSize;
        this.maxInMemoryLine = maxInMemoryLine;
        this.splitBytes = splitBytes;
    }

    ClaudeSession.Plan plan(Path file, ClaudeSession.PlanCache cache, long end, boolean subagents) throws IOException {
        if (cache.bytes() > 0 && !AtomicFiles.holds(cache.file(), cache.bytes())) {
            // the cache is appended to in place: never through a link or a hard link, nor into a FIFO (that blocks);
            // and a size its state names past what it holds is no size (appending there would make a sparse giant)
            cache = new ClaudeSession.PlanCache(cache.file(), 0, 0, 0, cache.redact());
        }
        // a tail kept by the last plan made with this cache spares reading the cache; any other goes first
        Path tailFile = ClaudeTail.fileOf(cache.file());
        ClaudeTail tail = cache.bytes() <= 0
                ? null
                : ClaudeTail.read(
                        tailFile,
                        new ClaudeTail.PlanCacheKey(cache.bytes(), cache.offset(), cache.lines(), cache.redact()),
                        subagents);
        if (tail == null) {
            Files.deleteIfExists(tailFile);
        }
        ClaudeSubagents.Scan[] scans = {subagents ? (tail != null ? tail.scan() : new ClaudeSubagents.Scan()) : null};
        List<ClaudeRecord> all = new ArrayList<>();
        ClaudePlanCache.Visitor keep = new ClaudePlanCache.Visitor() {
            @Override
            public void record(long offset, long line, Map<String, Object> record) {
                add(all, scans[0], record, offset, line);
            }
        };
        if (tail == null && !ClaudePlanCache.read(cache.file(), cache.bytes(), keep)) {
            all.clear();
            cache = new ClaudeSession.PlanCache(cache.file(), 0, 0, 0, cache.redact());
            scans[0] = subagents ? new ClaudeSubagents.Scan() : null;
        }
        ClaudeSubagents.Scan scan = scans[0];
        long offset = cache.offset();
        long lineCount = cache.lines();
        long bytes;
        try (ClaudePlanCache.Appender appender = new ClaudePlanCache.Appender(cache.file(), cache.bytes())) {
            if (file.toFile().isFile()) {
                long[] reached = readOn(file, offset, lineCount, end, cache.redact(), appender, all, scan);
                offset = reached[0];
                lineCount = reached[1];
            }
            bytes = appender.size();
        }
        ClaudeSession.PlanCache next =
                new ClaudeSession.PlanCache(cache.file(), bytes, offset, lineCount, cache.redact());
        // a tail is kept only for a plan of the cache's records alone (none of a line not yet ended)
        boolean whole = true;
        for (int i = all.size() - 1; i >= 0 && whole; i--) {
            whole = all.get(i).offset < offset;
        }
        ClaudeTail.PlanCacheKey key =
                whole ? new ClaudeTail.PlanCacheKey(bytes, offset, lineCount, cache.redact()) : null;
        if (tail != null) {
            return fromTail(file, cache, end, subagents, tail, tailFile, all, scan, next, key);
        }
        ClaudeTail.Window[] last = {null};
        List<ClaudeSession.Planned> planned = session.plan(all, file, last);
        ClaudeTail kept = key == null || last[0] == null ? null : ClaudeTail.of(last[0], key, scan);
        if (kept != null) {
            kept.write(tailFile);
        }
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, 0);
    }

    /**
     * Parses the lines from {@code offset} on (a big read cut in two at a line start, the second half on a thread
     * of its own), adds their records to {@code all} and the kept ones to the cache; returns where the last whole
     * line read ends and how many lines come before it.
     */
    private long[] readOn(
            Path file,
            long offset,
            long lineCount,
            long end,
            boolean redact,
            ClaudePlanCache.Appender appender,
            List<ClaudeRecord> all,
            ClaudeSubagents.Scan scan)
            throws IOException {
        long split = split(file, offset, splitBytes);
        Part first = new Part(file, offset, split, lineCount + 1, end, redact);
        Part second = split < 0 ? null : new Part(file, split, -1, 1, end, redact);
        java.util.concurrent.FutureTask<Part> other = null;
        if (second != null) {
            other = new java.util.concurrent.FutureTask<>(second);
            Thread t = new Thread(other, "termsprawl-plan-reader");
            t.setDaemon(true);
            t.start();
        }
        first.call();
        List<Part> parts = new ArrayList<>(List.of(first));
        if (other != null) {
            try {
                other.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException e) {
                // what was read stands
            }
            if (!first.failed && other.isDone()) {
                parts.add(second);
            }
        }
        long shift = 0;
        for (Part part : parts) {
            for (int i = 0; i < part.records.size(); i++) {
                long at = part.offsets[i];
                long line = part.lines[i] + shift;
                int from = i == 0 ? 0 : part.ends[i - 1];
                if (part.ends[i] > from) {
                    appender.append(at, line, part.kept.bytes(), from, part.ends[i]);
                }
                add(all, scan, part.records.get(i), at, line);
            }
            if (part.completeEnd > 0) {
                offset = part.completeEnd;
                lineCount = part.completeLine + shift;
            }
            shift = part.lastLine; // the second part counts its lines from 1
            if (part.failed) {
                break; // what was read stands; the cache keeps only what was read whole
            }
        }
        return new long[] {offset, lineCount};
    }

    /**
     * The plan of the new records with the last plan's tail; when they do not carry its branch on, the plan of the
     * whole cache (which now holds them).
     */
    private ClaudeSession.Plan fromTail(
            Path file,
            ClaudeSession.PlanCache cache,
            long end,
            boolean subagents,
            ClaudeTail tail,
            Path tailFile,
            List<ClaudeRecord> all,
            ClaudeSubagents.Scan scan,
            ClaudeSession.PlanCache next,
            ClaudeTail.PlanCacheKey key)
            throws IOException {
        ClaudeTail.Extension grown;
        try {
            grown = tail.extend(all, file.toString(), key, scan);
        } catch (RuntimeException e) {
            grown = null; // a tail that does not hold together: the whole cache says what it should have
        }
        if (grown == null) {
            Files.deleteIfExists(tailFile);
            return plan(file, next, end, subagents); // planned from the whole cache, which holds the new lines
        }
        List<ClaudeSession.Planned> planned = new ArrayList<>();
        for (ClaudeMessages.Built built : grown.built()) {
            planned.add(ClaudeSession.planned(tail.window, built));
        }
        // when nothing was added to the cache, the tail on disk still goes with it
        if (next.bytes() != cache.bytes() || next.offset() != cache.offset()) {
            if (grown.next() != null) {
                grown.next().write(tailFile);
            } else {
                Files.deleteIfExists(tailFile);
            }
        }
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, tail.stable);
    }

    /** The start of the first line past the middle of what is left to read, or -1 to read it in one go. */
    private static long split(Path file, long from, long splitBytes) {
        long size = file.toFile().length();
        if (size - from < splitBytes || Runtime.getRuntime().availableProcessors() < 2) {
            return -1;
        }
        try (java.io.RandomAccessFile in = new java.io.RandomAccessFile(file.toFile(), "r")) {
            byte[] buf = new byte[1 << 16];
            for (long at = from + (size - from) / 2; at < size; at += buf.length) {
                in.seek(at);
                int n = in.read(buf, 0, (int) Math.min(buf.length, size - at));
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        return at + i + 1 < size ? at + i + 1 : -1;
                    }
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    /**
     * The lines of one part of a file read for a plan, parsed and made fit to keep ({@link ClaudePlanCache#keepable}),
     * each with the JSON the cache keeps of it (for a line that has ended): the costly half of a read, which two
     * parts do at once. What is kept is held as bytes, not strings: a part holds tens of MB until it is merged.
     */
    private final class Part implements java.util.concurrent.Callable<Part> {
        final Path file;
        final long from;
        final long to; // -1: to the end of the file
        final long firstLine;
        final long end;
        final boolean redact;
        final List<Map<String, Object>> records = new ArrayList<>();
        long[] offsets = new long[256];
        long[] lines = new long[256];
        /** Where each record's cache JSON ends in {@link #kept} (it starts where the one before ends; none: empty). */
        int[] ends = new int[256];

        final CompactJsonBytes kept = new CompactJsonBytes();
        long completeEnd;
        long completeLine;
        long lastLine;
        boolean failed;

        Part(Path file, long from, long to, long firstLine, long end, boolean redact) {
            this.file = file;
            this.from = from;
            this.to = to;
            this.firstLine = firstLine;
            this.end = end;
            this.redact = redact;
            this.lastLine = firstLine - 1;
        }

        @Override
        public Part call() {
            try (ForwardLineReader lines = ForwardLineReader.open(file, chunkSize, maxInMemoryLine)) {
                if (from > 0) {
                    lines.seek(from, firstLine);
                }
                while (lines.next() && (to < 0 || lines.lineStart() < to)) {
                    boolean complete = lines.lineStart() + lines.length() < end;
                    Map<String, Object> record = lines.record(PROSE_AND_LINKS, ReadLimits.STRING_CAP);
                    if (record != null) {
                        ClaudePlanCache.keepable(record, redact);
                        if (complete && (record.get("uuid") instanceof String || hasLinks(record))) {
                            kept.value(record);
                        }
                        add(lines.lineStart(), lines.lineNumber(), record);
                    }
                    if (complete) {
                        completeEnd = lines.lineStart() + lines.length() + 1;
                        completeLine = lines.lineNumber();
                    }
                    lastLine = lines.lineNumber();
                }
            } catch (IOException | RuntimeException e) {
                failed = true;
            }
            return this;
        }

        private void add(long offset, long line, Map<String, Object> record) {
            int i = records.size();
            if (i == offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, i * 2);
                this.lines = java.util.Arrays.copyOf(this.lines, i * 2);
                ends = java.util.Arrays.copyOf(ends, i * 2);
            }
            offsets[i] = offset;
            this.lines[i] = line;
            ends[i] = kept.size();
            records.add(record);
        }
    }

    private static void add(
            List<ClaudeRecord> all, ClaudeSubagents.Scan scan, Map<String, Object> record, long offset, long line) {
        if (scan != null) {
            scan.record(record);
        }
        dropLinks(record);
        ClaudeRecord r = ClaudeRecord.of(record, offset, line);
        if (r != null) {
            all.add(r);
        }
    }

    /** Whether a record without uuid still says something of the session's subagents. */
    private static boolean hasLinks(Map<String, Object> record) {
        return record.containsKey("sessionId")
                || record.containsKey("toolUseResult")
                || record.containsKey("data")
                || record.containsKey("agentId");
    }

    /** {@link ClaudeRecord#PROSE} and what {@link ClaudeSubagents#LINKS} needs; the links are dropped once scanned. */
    static final JsonProjection PROSE_AND_LINKS = ClaudeRecord.prose(
            new String[] {"type", "text", "id", "name", "tool_use_id", "is_error", "input"},
            "agentId",
            JsonProjection.ALL,
            "sessionId",
            JsonProjection.ALL,
            "parentToolUseID",
            JsonProjection.ALL,
            "toolUseResult",
            JsonProjection.whole("agentId"),
            "data",
            JsonProjection.whole("type", "agentId"));

    /** A record read under {@link #PROSE_AND_LINKS} as {@link ClaudeRecord#PROSE} would read it: the links scanned, then dropped. */
    static void dropLinks(Map<String, Object> record) {
        try {
            record.remove("agentId");
            record.remove("sessionId");
            record.remove("parentToolUseID");
            record.remove("toolUseResult");
            record.remove("data");
            Map<String, Object> message = Json.asObject(record.get("message"));
            if (message != null && message.get("content") instanceof List<?> parts) {
                for (Object part : parts) {
                    Map<String, Object> p = Json.asObject(part);
                    if (p != null) {
                        p.remove("input");
                    }
                }
            }
        } catch (UnsupportedOperationException e) {
            // a record the parser made unmodifiable: it keeps them, at some memory
        }
    }
}
