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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a Claude Code transcript for a plan ({@link ClaudeSession#plan(Path, ClaudeSession.PlanCache, long,
 * boolean)}), from where its plan cache stopped: the records before come from the cache ({@link ClaudePlanCache}),
 * or, when the new lines only carry the live branch on, from the last plan's tail ({@link ClaudeTail}); the new
 * lines are parsed (a big read in blocks, on two threads) and appended to the cache.
 *
 * <p>What it holds does not grow with the session's text: a record keeps no text but whether it is blank
 * ({@link ClaudePlanCache#keepable}), its ids interned ({@link ClaudeRecords}); a big read holds a few blocks of
 * lines at a time; and the records that only link the tree (progress, hook notes and the like: no message, no boundary) are folded into the
 * record they hang off — their children are linked past them ({@link ClaudePlanTree}) — so a million of them cost a
 * hash each, not a record (docs/files.md, "What a folder was made from"). Folding keeps the plan the same as a plan of every record:
 * a folded record that no record names is still a leaf (rule 1 of docs/context.md's live view takes a leaf up to
 * its nearest user or assistant record), so one stands for its kind below the record it hangs off; one a later
 * record names is kept as a link; and whatever folding cannot keep the same (a folded uuid written again, a
 * preserved segment that names one) makes the plan again from the first line, without folding when it must.
 */
final class ClaudePlanReader {
    /** Bytes of transcript lines parsed by the plans of this JVM, for a caller that shows progress. */
    static final AtomicLong BYTES_READ = new AtomicLong();

    /** The most bytes of lines a block of a big read holds (see readOn). */
    private static final long BLOCK_BYTES = 1L << 18;

    /** How many parsed blocks a reader thread may hold before the merge takes them. */
    private static final int BLOCKS_AHEAD = 2;

    private final ClaudeSession session;
    private final int chunkSize;
    private final int maxInMemoryLine;
    private final long splitBytes;

    /** The most records one block of this reader's reads held: what a block costs the heap while it waits. */
    private int mostInBlock;

    ClaudePlanReader(ClaudeSession session, int chunkSize, int maxInMemoryLine, long splitBytes) {
        this.session = session;
        this.chunkSize = chunkSize;
        this.maxInMemoryLine = maxInMemoryLine;
        this.splitBytes = splitBytes;
    }

    ClaudeSession.Plan plan(Path file, ClaudeSession.PlanCache cache, long end, boolean subagents) throws IOException {
        boolean fold = true;
        for (int tries = 0; ; tries++) {
            try {
                return planOnce(file, cache, end, subagents, fold);
            } catch (ClaudePlanTree.Restart r) {
                if (tries >= 2) {
                    throw new IllegalStateException("the plan of " + file + " does not settle", r);
                }
                if (cache.file() != null) {
                    Files.deleteIfExists(ClaudeTail.fileOf(cache.file()));
                }
                cache = empty(cache.file(), cache);
                fold &= !r.plain;
            }
        }
    }

    private ClaudeSession.Plan planOnce(
            Path file, ClaudeSession.PlanCache cache, long end, boolean subagents, boolean fold) throws IOException {
        if (cache.file() == null) {
            cache = empty(null, cache); // kept nowhere: read whole
        } else if (cache.bytes() > 0 && !AtomicFiles.holds(cache.file(), cache.bytes())) {
            // the cache is appended to in place: never through a link or a hard link, nor into a FIFO (that blocks);
            // and a size its state names past what it holds is no size (appending there would make a sparse giant)
            cache = empty(cache.file(), cache);
        }
        // a tail kept by the last plan made with this cache spares reading the cache; any other goes first
        Path tailFile = cache.file() == null ? null : ClaudeTail.fileOf(cache.file());
        ClaudeTail tail = cache.bytes() <= 0
                ? null
                : ClaudeTailFile.read(
                        tailFile,
                        new ClaudeTail.PlanCacheKey(cache.bytes(), cache.offset(), cache.lines(), cache.redact()),
                        subagents);
        if (tail == null && tailFile != null) {
            Files.deleteIfExists(tailFile);
        }
        ClaudePlanTree tree = tree(file, cache, fold, subagents, tail);
        if (tail != null) {
            tree.seed(tail);
        } else if (cache.bytes() > 0 && !tree.readCache(cache.file(), cache.bytes())) {
            tree = tree(file, cache, fold, subagents, null);
            cache = empty(cache.file(), cache);
        }
        long offset = cache.offset();
        long lineCount = cache.lines();
        long bytes;
        try (PlanCacheAppender appender = new PlanCacheAppender(cache.file(), cache.bytes())) {
            tree.appender = appender;
            if (file.toFile().isFile()) {
                long[] reached = readOn(file, offset, lineCount, end, cache.redact(), tree);
                offset = reached[0];
                lineCount = reached[1];
            }
            tree.finish();
            bytes = appender.size();
        }
        Folds folded = tree.release(); // what only the read needed goes before the plan is made
        ClaudeRecords all = tree.records;
        ClaudeSubagents.Scan scan = tree.scan;
        ClaudeSession.PlanCache next =
                new ClaudeSession.PlanCache(cache.file(), bytes, offset, lineCount, cache.redact());
        // a tail is kept only for a plan of the cache's records alone (none of a line not yet ended)
        boolean whole = cache.file() != null && tree.incomplete.isEmpty();
        for (int i = all.size() - 1; i >= 0 && whole; i--) {
            whole = all.offset(i) < offset;
        }
        ClaudeTail.PlanCacheKey key =
                whole ? new ClaudeTail.PlanCacheKey(bytes, offset, lineCount, cache.redact()) : null;
        if (tail != null) {
            return fromTail(file, cache, end, subagents, tail, tailFile, tree, folded, next, key);
        }
        ClaudeTail.Window[] last = {null};
        List<ClaudeSession.Planned> planned = session.plan(all, file, last);
        ClaudeTail kept = key == null || last[0] == null ? null : ClaudeTail.of(last[0], key, scan, folded);
        last[0] = null;
        if (kept != null) {
            ClaudeTailFile.write(kept, tailFile);
        }
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, 0);
    }

    /** A plan cache of nothing yet, in {@code file} (null: kept nowhere), redacted as {@code cache}. */
    private static ClaudeSession.PlanCache empty(Path file, ClaudeSession.PlanCache cache) {
        return new ClaudeSession.PlanCache(file, 0, 0, 0, cache.redact());
    }

    /** The records of a plan, going on from {@code tail}'s subagent scan when there is one. */
    private static ClaudePlanTree tree(
            Path file, ClaudeSession.PlanCache cache, boolean fold, boolean subagents, ClaudeTail tail) {
        ClaudeSubagents.Scan scan = !subagents ? null : tail != null ? tail.scan() : new ClaudeSubagents.Scan();
        return new ClaudePlanTree(
                fold, scan, new ClaudeRecords(new ClaudeRecords.Pool(), file.toString(), cache.file()));
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
            ClaudePlanTree tree,
            Folds folded,
            ClaudeSession.PlanCache next,
            ClaudeTail.PlanCacheKey key)
            throws IOException {
        ClaudeTail.Extension grown;
        try {
            grown = tail.extend(tree.records, key, tree.scan, folded);
        } catch (RuntimeException e) {
            grown = null; // a tail that does not hold together: the whole cache says what it should have
        }
        if (grown == null) {
            Files.deleteIfExists(tailFile);
            return plan(file, next, end, subagents); // planned from the whole cache, which holds the new lines
        }
        List<ClaudeSession.Planned> planned = new ClaudeSession.PlannedList(new int[] {tail.window()}, grown.built());
        // when nothing was added to the cache, the tail on disk still goes with it
        if (next.bytes() != cache.bytes() || next.offset() != cache.offset()) {
            ClaudeTailFile.write(grown.next(), tailFile);
        }
        ClaudeSubagents.Scan scan = tree.scan;
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, tail.stable());
    }

    int mostInBlock() {
        return mostInBlock;
    }

    // ---- reading the new lines ----

    /** One line read for a plan: its record made fit to keep, and (from a reader thread) its cache JSON. */
    static final class Item {
        final Map<String, Object> record;
        final long offset;
        long line;
        final boolean complete;
        byte[] bytes;

        Item(Map<String, Object> record, long offset, long line, boolean complete) {
            this.record = record;
            this.offset = offset;
            this.line = line;
            this.complete = complete;
        }
    }

    /** The lines that start in one block of the file: lines numbered from 1 within it. */
    private static final class Block {
        final List<Item> items = new ArrayList<>();
        long completeEnd;
        long completeLine;
        long lines;
        boolean failed;
        Throwable error;
    }

    private interface Sink {
        void item(Item item);
    }

    /** A failure of the merge (a write to the cache), not of the read: it stops the plan. */
    private static final class MergeFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MergeFailure(IOException cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    /**
     * Parses the lines from {@code offset} on and gives their records to {@code tree} in file order; returns where
     * the last whole line read ends and how many lines come before it. A big read is cut in blocks that two threads
     * parse by turns while this one merges them in order, each thread at most {@link #BLOCKS_AHEAD} blocks ahead: it
     * holds a few blocks, never the file.
     */
    private long[] readOn(Path file, long offset, long lineCount, long end, boolean redact, ClaudePlanTree tree)
            throws IOException {
        long size = file.toFile().length();
        int threads = size - offset < splitBytes
                ? 1
                : Math.min(2, Runtime.getRuntime().availableProcessors());
        long[] reached = {offset, lineCount};
        if (threads < 2) {
            long base = lineCount;
            Block b = new Block();
            try {
                parse(file, offset, offset, -1, end, redact, b, new Sink() {
                    @Override
                    public void item(Item item) {
                        item.line += base;
                        try {
                            tree.accept(item);
                        } catch (IOException e) {
                            throw new MergeFailure(e);
                        }
                    }
                });
            } catch (MergeFailure e) {
                throw (IOException) e.getCause();
            }
            if (b.completeLine > 0) {
                reached[0] = b.completeEnd;
                reached[1] = b.completeLine + base;
            }
            if (b.error instanceof Error e) {
                throw e;
            }
            return reached;
        }
        // blocks of at most 256 KiB: a thread holds a few blocks of parsed lines, some eight hundred tiny records a
        // block; blocks of 1 MiB held so many records waiting for the merge that young collections copied them (a
        // third more collection time for 1 M tiny records, bench/README.md)
        long blockSize = Math.max(1, Math.min(BLOCK_BYTES, splitBytes / 2));
        long count = Math.max(1, (size - offset + blockSize - 1) / blockSize);
        if (count > Integer.MAX_VALUE) {
            throw new IOException(file + " is too large to read in blocks of " + blockSize + " bytes");
        }
        int blocks = (int) count;
        List<BlockingQueue<Block>> queues = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < threads; w++) {
            BlockingQueue<Block> queue = new ArrayBlockingQueue<>(BLOCKS_AHEAD);
            queues.add(queue);
            int first = w;
            Thread t = new Thread(
                    () -> {
                        for (int i = first; i < blocks; i += threads) {
                            long from = offset + i * blockSize;
                            long limit = i == blocks - 1 ? -1 : from + blockSize;
                            Block b = new Block();
                            parse(file, i == 0 ? offset : -1, from, limit, end, redact, b, null);
                            try {
                                queue.put(b);
                            } catch (InterruptedException e) {
                                return; // the merge stopped
                            }
                            if (b.failed) {
                                return;
                            }
                        }
                    },
                    "termsprawl-plan-reader-" + w);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        try {
            long base = lineCount;
            for (int i = 0; i < blocks; i++) {
                Block b;
                try {
                    b = queues.get(i % threads).take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while reading " + file, e);
                }
                mostInBlock = Math.max(mostInBlock, b.items.size());
                for (Item item : b.items) {
                    item.line += base;
                    tree.accept(item);
                }
                if (b.completeLine > 0) {
                    reached[0] = b.completeEnd;
                    reached[1] = b.completeLine + base;
                }
                base += b.lines;
                if (b.error instanceof Error e) {
                    throw e;
                }
                if (b.failed) {
                    break; // what was read stands; the cache keeps only what was read whole
                }
            }
        } finally {
            for (Thread t : workers) {
                t.interrupt();
            }
        }
        return reached;
    }

    /**
     * Parses the lines that start in {@code [from, limit)} ({@code limit} -1: to the end), numbered from 1, into
     * {@code block} or, given, to {@code sink}. {@code start} is where the first line starts when known, else -1:
     * then it is the first line start at or past {@code from} (none before {@code limit}: no lines).
     */
    private void parse(Path file, long start, long from, long limit, long end, boolean redact, Block block, Sink sink) {
        boolean serialize = sink == null;
        CompactJsonBytes json = serialize ? new CompactJsonBytes() : null;
        long read = 0;
        try (ForwardLineReader lines = ForwardLineReader.open(file, chunkSize, maxInMemoryLine)) {
            long first = start >= 0 ? start : lineStartIn(file, from, limit);
            if (first < 0) {
                return;
            }
            lines.seek(first, 1);
            boolean session = false;
            while (lines.next() && (limit < 0 || lines.lineStart() < limit)) {
                read += lines.length() + 1;
                if (read > 1 << 20) {
                    BYTES_READ.addAndGet(read);
                    read = 0;
                }
                boolean complete = lines.lineStart() + lines.length() < end;
                Map<String, Object> record = lines.record(PROSE_AND_LINKS, ReadLimits.STRING_CAP);
                if (record != null) {
                    ClaudePlanCache.keepable(record, redact);
                    if (record.get("sessionId") != null) {
                        // the scan takes the first one; the others only weigh
                        if (session) {
                            record.remove("sessionId");
                        }
                        session = true;
                    }
                    boolean node = record.get("uuid") instanceof String;
                    if (node || hasLinks(record)) {
                        Item item = new Item(record, lines.lineStart(), lines.lineNumber(), complete);
                        boolean foldable = node && ClaudePlanTree.foldable(record);
                        if (serialize && complete && !foldable) {
                            json.clear();
                            json.value(PlanCacheAppender.withoutParent(record)); // its parent: written by the appender
                            item.bytes = Arrays.copyOf(json.bytes(), json.size());
                        }
                        if (sink != null) {
                            sink.item(item);
                        } else {
                            block.items.add(item);
                        }
                    }
                }
                if (complete) {
                    block.completeEnd = lines.lineStart() + lines.length() + 1;
                    block.completeLine = lines.lineNumber();
                }
                block.lines = lines.lineNumber();
            }
        } catch (ClaudePlanTree.Restart | MergeFailure r) {
            throw r;
        } catch (IOException | RuntimeException e) {
            block.failed = true;
        } catch (Error e) {
            block.failed = true;
            block.error = e;
            if (sink != null) {
                throw e;
            }
        } finally {
            BYTES_READ.addAndGet(read);
        }
    }

    /** The first line start in {@code [from, limit)}: just past a newline at or after {@code from - 1}; or -1. */
    private static long lineStartIn(Path file, long from, long limit) {
        try (java.io.RandomAccessFile in = new java.io.RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            long stop = limit < 0 ? size : Math.min(size, limit);
            byte[] buf = new byte[1 << 16];
            for (long at = from - 1; at < stop - 1; at += buf.length) {
                in.seek(at);
                int n = in.read(buf, 0, (int) Math.min(buf.length, stop - 1 - at));
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        return at + i + 1;
                    }
                }
                if (n <= 0) {
                    return -1;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
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
