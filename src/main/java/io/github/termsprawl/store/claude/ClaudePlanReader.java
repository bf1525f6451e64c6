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
import java.util.Base64;
import java.util.LinkedHashMap;
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
 * ({@link ClaudePlanCache#keepable}), as columns of numbers ({@link ClaudeRecords}); a big read holds a few blocks
 * of lines at a time; and the
 * records that only link the tree (progress, hook notes and the like: no message, no boundary) are folded into the
 * record they hang off — their children are linked past them — so a million of them cost a hash each, not a
 * record (docs/files.md, "What a folder was made from"). Folding keeps the plan the same as a plan of every record:
 * a folded record that no record names is still a leaf (rule 1 of docs/context.md's live view takes a leaf up to
 * its nearest user or assistant record), so one stands for its kind below the record it hangs off; one a later
 * record names is kept as a link; and whatever folding cannot keep the same (a folded uuid written again, a
 * preserved segment that names one) makes the plan again from the first line, without folding when it must.
 */
final class ClaudePlanReader {
    /** Bytes of transcript lines parsed by the plans of this JVM, for a caller that shows progress. */
    static final AtomicLong BYTES_READ = new AtomicLong();

    /** The most bytes of lines a block of a big read holds. */
    private static final long BLOCK_BYTES = 1L << 20;

    /** How many parsed blocks a reader thread may hold before the merge takes them. */
    private static final int BLOCKS_AHEAD = 2;

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

    /** A plan that folding would make differ from a plan of every record: made again from the first line. */
    private static final class Restart extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** Whether it must be made without folding (else a fresh read settles it). */
        final boolean plain;

        Restart(boolean plain) {
            super(null, null, false, false);
            this.plain = plain;
        }
    }

    ClaudeSession.Plan plan(Path file, ClaudeSession.PlanCache cache, long end, boolean subagents) throws IOException {
        boolean fold = true;
        for (int tries = 0; ; tries++) {
            try {
                return planOnce(file, cache, end, subagents, fold);
            } catch (Restart r) {
                if (tries >= 2) {
                    throw new IllegalStateException("the plan of " + file + " does not settle", r);
                }
                if (cache.file() != null) {
                    Files.deleteIfExists(ClaudeTail.fileOf(cache.file()));
                }
                cache = new ClaudeSession.PlanCache(cache.file(), 0, 0, 0, cache.redact());
                fold &= !r.plain;
            }
        }
    }

    private ClaudeSession.Plan planOnce(
            Path file, ClaudeSession.PlanCache cache, long end, boolean subagents, boolean fold) throws IOException {
        if (cache.file() == null) {
            cache = new ClaudeSession.PlanCache(null, 0, 0, 0, cache.redact()); // kept nowhere: read whole
        } else if (cache.bytes() > 0 && !AtomicFiles.holds(cache.file(), cache.bytes())) {
            // the cache is appended to in place: never through a link or a hard link, nor into a FIFO (that blocks);
            // and a size its state names past what it holds is no size (appending there would make a sparse giant)
            cache = new ClaudeSession.PlanCache(cache.file(), 0, 0, 0, cache.redact());
        }
        // a tail kept by the last plan made with this cache spares reading the cache; any other goes first
        Path tailFile = cache.file() == null ? null : ClaudeTail.fileOf(cache.file());
        ClaudeTail tail = cache.bytes() <= 0
                ? null
                : ClaudeTail.read(
                        tailFile,
                        new ClaudeTail.PlanCacheKey(cache.bytes(), cache.offset(), cache.lines(), cache.redact()),
                        subagents);
        if (tail == null && tailFile != null) {
            Files.deleteIfExists(tailFile);
        }
        Tree tree = new Tree(
                fold,
                subagents ? (tail != null ? tail.scan() : new ClaudeSubagents.Scan()) : null,
                new ClaudeRecords(new ClaudeRecords.Pool(), file.toString(), cache.file()));
        if (tail != null) {
            tree.seed(tail);
        } else if (cache.bytes() > 0 && !tree.readCache(cache.file(), cache.bytes())) {
            tree = new Tree(
                    fold,
                    subagents ? new ClaudeSubagents.Scan() : null,
                    new ClaudeRecords(new ClaudeRecords.Pool(), file.toString(), cache.file()));
            cache = new ClaudeSession.PlanCache(cache.file(), 0, 0, 0, cache.redact());
        }
        long offset = cache.offset();
        long lineCount = cache.lines();
        long bytes;
        try (ClaudePlanCache.Appender appender = new ClaudePlanCache.Appender(cache.file(), cache.bytes())) {
            tree.appender = appender;
            if (file.toFile().isFile()) {
                long[] reached = readOn(file, offset, lineCount, end, cache.redact(), tree);
                offset = reached[0];
                lineCount = reached[1];
            }
            tree.finish();
            bytes = appender.size();
        }
        int[] folded = tree.release(); // what only the read needed goes before the plan is made
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
        all.planned();
        if (kept != null) {
            kept.write(tailFile);
        }
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, 0);
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
            Tree tree,
            int[] folded,
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
        tree.records.planned();
        List<ClaudeSession.Planned> planned = ClaudeSession.planned(new int[] {tail.window}, grown.built());
        // when nothing was added to the cache, the tail on disk still goes with it
        if (next.bytes() != cache.bytes() || next.offset() != cache.offset()) {
            if (grown.next() != null) {
                grown.next().write(tailFile);
            } else {
                Files.deleteIfExists(tailFile);
            }
        }
        ClaudeSubagents.Scan scan = tree.scan;
        return new ClaudeSession.Plan(planned, scan == null ? List.of() : scan.found(file), next, tail.stable);
    }

    // ---- reading the new lines ----

    /** One line read for a plan: its record made fit to keep, and (from a reader thread) its cache JSON. */
    private static final class Item {
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
    private long[] readOn(Path file, long offset, long lineCount, long end, boolean redact, Tree tree)
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
        // blocks of at most 1 MiB: a thread holds a few blocks of parsed lines, and a MiB of tiny records is some
        // ten thousand of them
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
                    new Runnable() {
                        @Override
                        public void run() {
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
                        if (serialize && complete && !(node && Tree.foldable(record))) {
                            json.clear();
                            json.value(record);
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
        } catch (Restart | MergeFailure r) {
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

    // ---- the tree, folded ----

    /**
     * The records of a plan as they are merged in file order: the cache's, then the new lines', folding the records
     * that only link the tree (see the class comment). A folded record joins the group of its kind below the record
     * it hangs off (its children are linked to that record); at the end of a window or a read, a group with a record
     * no other names leaves one link in its place, under the uuid of its latest record when that one is such a leaf
     * (a later line most likely hangs off it), and one more under a made-up uuid when others are too.
     */
    private static final class Tree {
        private static final byte KEPT = 1;
        private static final byte FOLDED = 2;
        private static final byte SIDE = 4;
        private static final byte NAMED = 8;
        /** A link a plan kept for folded records: its place in the file is not where it stands in the cache. */
        private static final byte LINK = 16;

        final boolean fold;
        final ClaudeSubagents.Scan scan;
        /** The records of the plan: a tail's, then the cache's or the new lines'. */
        final ClaudeRecords records;

        final List<Item> incomplete = new ArrayList<>();
        ClaudePlanCache.Appender appender;

        private LongTable table = new LongTable();
        private List<Group> groups = new ArrayList<>();
        private final Map<String, Group> open = new LinkedHashMap<>();
        private final IntList foldedIds = new IntList();
        private final IntList linkIds = new IntList();
        /** The uuids an earlier read folded (from the cache's lines), as String hashes. */
        private IntSet earlier;
        /** The window's uuids a tail knows (the plan goes on from one), or null. */
        private int[] tailIds;

        private boolean windowHasMain;
        /** Whether the window has a preserved segment (records of an earlier window in it). */
        private boolean windowSegment;

        /** Appended to a uuid, one no record has: a parent missing from every window. */
        private static final String GONE = ":gone";

        Tree(boolean fold, ClaudeSubagents.Scan scan, ClaudeRecords records) {
            this.fold = fold;
            this.scan = scan;
            this.records = records;
        }

        /** A kind of record no message and no window is made of: it only links the tree. */
        static boolean foldable(Map<String, Object> record) {
            Object type = record.get("type");
            return !"user".equals(type)
                    && !"assistant".equals(type)
                    && !"attachment".equals(type)
                    && !"system".equals(type);
        }

        /** The records of a tail the plan goes on from (the last window's, below its cut). */
        void seed(ClaudeTail tail) {
            for (ClaudeRecord r : tail.records) {
                kept(r.uuid, r.record, r.isSidechain());
                records.add(r); // first: the plan goes on from them (ClaudeTail.extend)
            }
            windowHasMain = tail.mode != ClaudeTail.Mode.SIDECHAINS;
            tailIds = tail.uuids;
        }

        /** Reads the cache's records; false when it does not read, or must be made again from the first line. */
        boolean readCache(Path cache, long bytes) {
            earlier = new IntSet();
            boolean[] bad = {false};
            boolean read = ClaudePlanCache.read(cache, bytes, new ClaudePlanCache.Visitor() {
                @Override
                public void record(long at, long offset, long line, Map<String, Object> record) {
                    if (bad[0]) {
                        return;
                    }
                    try {
                        cached(at, offset, line, record);
                    } catch (Restart | IllegalArgumentException e) {
                        bad[0] = true; // a record of a later read names what an earlier one folded
                    }
                }
            });
            return read && !bad[0];
        }

        private void cached(long at, long offset, long line, Map<String, Object> record) {
            if (offset < 0) {
                if (record.get("folded") instanceof String ids) {
                    for (int id : decode(ids)) {
                        earlier.add(id);
                    }
                }
                return;
            }
            // a cache an earlier version wrote kept texts: held as a plan holds them now, as marks
            ClaudePlanCache.keepable(record, false);
            String uuid = record.get("uuid") instanceof String u ? u : null;
            if (uuid != null) {
                String parent = record.get("parentUuid") instanceof String p ? p : null;
                if (earlier.contains(uuid.hashCode()) || parent != null && earlier.contains(parent.hashCode())) {
                    throw new Restart(false);
                }
                boolean side = Boolean.TRUE.equals(record.get("isSidechain"));
                int slot = table.find(hash(uuid));
                if (slot >= 0 && fold && (table.flags[slot] & LINK) != 0) {
                    throw new Restart(true); // a link's uuid written again: it stands where the link does
                }
                if (slot >= 0 && fold && ((table.flags[slot] & SIDE) != 0) != side) {
                    throw new Restart(true);
                }
                if (ClaudeRecord.isBoundary(record)) {
                    segment(record);
                    windowHasMain = false;
                    windowSegment = ClaudeRecord.of(record, 0, 0).preservedSegment() != null;
                }
                kept(uuid, record, side);
                windowHasMain |= !side;
            }
            add(record, offset, line, at);
        }

        /** A kept record's uuid; a link's with its parent (a group of its own). */
        private void kept(String uuid, Map<String, Object> record, boolean side) {
            int slot = table.put(hash(uuid));
            table.flags[slot] = (byte) (KEPT | (side ? SIDE : 0));
            if (Boolean.TRUE.equals(record.get("link"))) {
                Group g = new Group(groups.size(), record.get("parentUuid") instanceof String p ? p : null, side);
                g.closed = true;
                groups.add(g);
                table.flags[slot] |= LINK;
                table.folds();
                table.group[slot] = g.index;
                table.origin[slot] =
                        record.get("from") instanceof String from ? Long.parseUnsignedLong(from, 16) : hash(g.parent);
            }
        }

        /** One line of the new ones, in file order. */
        void accept(Item item) throws IOException {
            if (!item.complete) {
                incomplete.add(item); // merged last, after the cache has what the whole lines say
                return;
            }
            merge(item, true);
        }

        private void merge(Item item, boolean complete) throws IOException {
            Map<String, Object> record = item.record;
            String uuid = record.get("uuid") instanceof String u ? u : null;
            if (uuid == null) {
                if (complete) {
                    append(item, record);
                }
                add(record, item.offset, item.line, -1);
                return;
            }
            String parent = record.get("parentUuid") instanceof String p ? p : null;
            boolean side = Boolean.TRUE.equals(record.get("isSidechain"));
            if (earlier != null
                    && (earlier.contains(uuid.hashCode()) || parent != null && earlier.contains(parent.hashCode()))) {
                throw new Restart(false); // a new record names one an earlier read folded
            }
            int ps = parent == null ? -1 : table.find(hash(parent));
            byte pf = ps < 0 ? 0 : table.flags[ps];
            Group pg = (pf & FOLDED) != 0 ? groups.get(table.group[ps]) : null;
            boolean parentSide = pg != null ? pg.side : (pf & SIDE) != 0;
            String resolved = pg != null ? pg.parent : parent;
            if (pg != null && pg.closed) {
                // a folded record of an earlier window: missing here as it was, unless this window's preserved
                // segment brings it back, which folding cannot tell
                if (windowSegment) {
                    throw new Restart(true);
                }
                resolved = parent + GONE;
            }
            long h = hash(uuid);
            int es = table.find(h);
            byte ef = es < 0 ? 0 : table.flags[es];
            boolean foldable = fold && complete && foldable(record);
            if ((ef & (FOLDED | LINK)) != 0) {
                // within its window (in another it is a record of its own there)
                if (foldable
                        && !groups.get(table.group[es]).closed
                        && table.origin[es] == hash(parent)
                        && side == ((ef & SIDE) != 0)) {
                    scan(record, item, false); // the same line written again: the tree is as it was
                    return;
                }
                // a folded uuid (or its link's) written again as another record, or off another one: what hangs
                // below it, and where it stands, are no longer what folding made of them
                throw new Restart(true);
            }
            if (fold && (ef & KEPT) != 0 && ((ef & SIDE) != 0) != side) {
                throw new Restart(true); // what was folded below it may have changed its window's scope
            }
            boolean known = parent == null || ps >= 0;
            boolean elsewhere = tailIds != null && ClaudeTail.contains(tailIds, uuid.hashCode());
            if (foldable
                    && ef == 0
                    && !elsewhere
                    && known
                    && (parent == null || parentSide == side)
                    && (side || windowHasMain)) {
                scan(record, item, true);
                if (pg != null) {
                    named(ps, pg);
                }
                Group g = open.get(key(resolved, side));
                if (g == null) {
                    g = new Group(groups.size(), resolved, side);
                    groups.add(g);
                    open.put(key(resolved, side), g);
                }
                int slot = table.put(h);
                table.flags[slot] = (byte) (FOLDED | (side ? SIDE : 0));
                table.folds();
                table.group[slot] = g.index;
                table.origin[slot] = hash(parent);
                g.unnamed++;
                g.latest = uuid;
                g.latestHash = h;
                g.latestOffset = item.offset;
                g.latestLine = item.line;
                g.latestValid = true;
                foldedIds.add(uuid.hashCode());
                return;
            }
            boolean rewired = false;
            if (pg != null) {
                if (!pg.closed) {
                    if (side != pg.side && (table.flags[ps] & NAMED) != 0) {
                        // a child out of its scope (a sidechain one of a main record, or the other way) would leave
                        // it a leaf, though folded children hang off it
                        throw new Restart(true);
                    }
                    link(ps, parent, pg, item.offset, item.line, complete, true); // it stays; the child hangs off it
                } else {
                    record.put("parentUuid", resolved);
                    rewired = true;
                }
            }
            if (ClaudeRecord.isBoundary(record)) {
                segment(record);
                close(complete, true);
                windowHasMain = false;
                windowSegment = ClaudeRecord.of(record, 0, 0).preservedSegment() != null;
            }
            long at = -1;
            if (complete) {
                if (rewired) {
                    item.bytes = null;
                }
                at = append(item, record);
            }
            if (es < 0) {
                es = table.put(h);
            }
            table.flags[es] = (byte) (KEPT | (side ? SIDE : 0));
            windowHasMain |= !side;
            add(record, item.offset, item.line, at);
        }

        /** The scan sees every record; a folded one leaves a line in the cache only when it told the scan something. */
        private void scan(Map<String, Object> record, Item item, boolean folded) throws IOException {
            if (scan == null) {
                return;
            }
            String session = scan.sessionId();
            Map<String, Object> data = Json.asObject(record.get("data"));
            String agent = data != null && data.get("agentId") instanceof String a ? a : null;
            boolean had = agent != null && scan.linked().containsKey(agent);
            String tool = had ? scan.linked().get(agent) : null;
            scan.record(record);
            boolean told = (session == null && scan.sessionId() != null)
                    || (agent != null && (!had || (tool == null && scan.linked().get(agent) != null)));
            if (folded && told && item.complete) {
                Map<String, Object> links = new LinkedHashMap<>(record);
                links.remove("uuid");
                links.remove("parentUuid");
                links.remove("isSidechain");
                appender.append(item.offset, item.line, links);
            }
        }

        /** A folded record named by a child: no longer a leaf of its group. */
        private void named(int slot, Group g) {
            if (g.closed || (table.flags[slot] & NAMED) != 0) {
                return;
            }
            table.flags[slot] |= NAMED;
            g.unnamed--;
            if (table.keys[slot] == g.latestHash) {
                g.latestValid = false;
            }
        }

        /** A folded record kept after all, as a link to what its group hangs off: a record names it. */
        private void link(int slot, String uuid, Group g, long offset, long line, boolean toCache, boolean toPlan)
                throws IOException {
            named(slot, g);
            table.flags[slot] = (byte) (KEPT | LINK | (g.side ? SIDE : 0));
            linkIds.add(uuid.hashCode());
            emit(uuid, table.origin[slot], g, offset, line, toCache, toPlan);
        }

        /** A link: {@code from} the hash of the parent its folded record's line named (a line written again must). */
        private void emit(String uuid, long from, Group g, long offset, long line, boolean toCache, boolean toPlan)
                throws IOException {
            Map<String, Object> link = new LinkedHashMap<>();
            link.put("type", "progress");
            link.put("link", Boolean.TRUE);
            link.put("uuid", uuid);
            if (g.parent != null) {
                link.put("parentUuid", g.parent);
            }
            if (from != hash(g.parent)) {
                link.put("from", Long.toHexString(from)); // the parent its line named, when folding moved it
            }
            if (g.side) {
                link.put("isSidechain", Boolean.TRUE);
            }
            long at = toCache ? appender.append(offset, line, link) : -1;
            if (toPlan) {
                windowHasMain |= !g.side;
                add(link, offset, line, at);
            }
        }

        /**
         * Ends the open groups (a window ends, or the read): each with a record no other names leaves its link(s).
         */
        private void close(boolean toCache, boolean toPlan) throws IOException {
            for (Group g : open.values()) {
                if (g.parent != null && g.unnamed > 0) {
                    if (g.latestValid) {
                        int slot = table.find(g.latestHash);
                        table.flags[slot] = (byte) (KEPT | LINK | (g.side ? SIDE : 0));
                        linkIds.add(g.latest.hashCode());
                        emit(g.latest, table.origin[slot], g, g.latestOffset, g.latestLine, toCache, toPlan);
                    }
                    if (g.unnamed > (g.latestValid ? 1 : 0)) {
                        String leaf = g.latest + ":leaf"; // a uuid no record has: it stays a leaf
                        int slot = table.put(hash(leaf));
                        table.flags[slot] = (byte) (KEPT | LINK | (g.side ? SIDE : 0));
                        table.folds();
                        table.group[slot] = g.index;
                        emit(leaf, 0, g, g.latestOffset, g.latestLine, toCache, toPlan);
                    }
                }
                g.closed = true;
            }
            open.clear();
        }

        /** After the last line: the groups' links, the folded uuids for later reads, then the lines not yet ended. */
        void finish() throws IOException {
            if (incomplete.isEmpty()) {
                close(true, true);
                foldedLine();
                return;
            }
            // the cache says what the whole lines say; the plan also what the lines not yet ended do
            for (Group g : open.values()) {
                if (g.parent != null && g.unnamed > 0) {
                    if (g.latestValid) {
                        linkIds.add(g.latest.hashCode());
                        long from = table.origin[table.find(g.latestHash)];
                        emit(g.latest, from, g, g.latestOffset, g.latestLine, true, false);
                    }
                    if (g.unnamed > (g.latestValid ? 1 : 0)) {
                        emit(g.latest + ":leaf", 0, g, g.latestOffset, g.latestLine, true, false);
                    }
                }
            }
            foldedLine();
            for (Item item : incomplete) {
                merge(item, false);
            }
            close(false, true);
        }

        private void foldedLine() throws IOException {
            int[] ids = foldedNow();
            if (ids.length > 0) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("folded", encode(ids));
                appender.append(-1, 0, line);
            }
        }

        /** The uuids this read folded and kept no link for, as sorted String hashes. */
        private int[] foldedNow() {
            int[] links = linkIds.sorted();
            IntList out = new IntList();
            for (int id : foldedIds.sorted()) {
                if (!ClaudeTail.contains(links, id)) {
                    out.add(id);
                }
            }
            return out.sorted();
        }

        /** {@link #folded}, and lets go of what only the read needed (a hash per record, the groups). */
        int[] release() {
            int[] ids = folded();
            table = null;
            groups = null;
            earlier = null;
            return ids;
        }

        /** {@link #foldedNow}, and an earlier read's: what a record written again must not be. */
        int[] folded() {
            if (earlier == null) {
                return foldedNow();
            }
            IntList out = new IntList();
            for (int id : foldedNow()) {
                out.add(id);
            }
            earlier.addTo(out);
            return out.sorted();
        }

        /** A preserved segment that names a folded record would not be found the same: made again, unfolded. */
        private void segment(Map<String, Object> boundary) {
            Map<String, Object> meta = Json.asObject(boundary.get("compactMetadata"));
            Map<String, Object> seg = meta == null ? null : Json.asObject(meta.get("preservedSegment"));
            if (seg == null) {
                return;
            }
            for (String k : new String[] {"headUuid", "tailUuid", "anchorUuid"}) {
                if (seg.get(k) instanceof String u) {
                    int slot = table.find(hash(u));
                    if (slot >= 0 && (table.flags[slot] & FOLDED) != 0) {
                        throw new Restart(true);
                    }
                    if (earlier != null && earlier.contains(u.hashCode())) {
                        throw new Restart(false);
                    }
                }
            }
        }

        /** Appends a record to the cache; where its line starts there. */
        private long append(Item item, Map<String, Object> record) throws IOException {
            if (item.bytes != null) {
                return appender.append(item.offset, item.line, item.bytes, 0, item.bytes.length);
            }
            return appender.append(item.offset, item.line, record);
        }

        /** A record to the scan, and one with uuid to the plan's records ({@code at}: where it is in the cache, or -1). */
        private void add(Map<String, Object> record, long offset, long line, long at) {
            if (scan != null) {
                scan.record(record);
            }
            if (record.get("uuid") instanceof String) {
                dropLinks(record);
                records.add(record, offset, line, at);
            }
        }

        private static String key(String parent, boolean side) {
            return (side ? "1" : "0") + (parent == null ? "" : parent);
        }
    }

    /** The folded records of one window that hang off one record, with one sidechain flag. */
    private static final class Group {
        final int index;
        final String parent;
        final boolean side;
        int unnamed;
        String latest;
        long latestHash;
        long latestOffset;
        long latestLine;
        /** Whether the latest is still a leaf and folded. */
        boolean latestValid;
        /** Its window has ended: its leaves are what they were there. */
        boolean closed;

        Group(int index, String parent, boolean side) {
            this.index = index;
            this.parent = parent;
            this.side = side;
        }
    }

    /** A 64-bit hash of a uuid: folding tells uuids apart by it (two of a million collide about once in 10^7). */
    static long hash(String s) {
        if (s == null) {
            return 0;
        }
        long h = 0x9E3779B97F4A7C15L ^ s.length();
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }

    /** uuid hashes to flags and a group, open addressing. */
    private static final class LongTable {
        long[] keys = new long[1024];
        byte[] flags = new byte[1024];
        /** For a folded record or a link: its group; null until there is one (a session of no such record). */
        int[] group;
        /** For a folded record or a link: the hash of the parent its line names (0: none); null as {@link #group}. */
        long[] origin;

        private int size;

        /** Makes the columns of folded records and links, before the first is written. */
        void folds() {
            if (group == null) {
                group = new int[keys.length];
                origin = new long[keys.length];
            }
        }

        int find(long h) {
            int mask = keys.length - 1;
            for (int i = (int) (h ^ (h >>> 32)) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == h) {
                    return i;
                }
                if (keys[i] == 0) {
                    return -1;
                }
            }
        }

        /** The slot of {@code h}, made (flags 0) when it had none. */
        int put(long h) {
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = (int) (h ^ (h >>> 32)) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == h) {
                    return i;
                }
                if (keys[i] == 0) {
                    keys[i] = h;
                    size++;
                    return i;
                }
            }
        }

        private void grow() {
            long[] k = keys;
            byte[] f = flags;
            int[] g = group;
            long[] o = origin;
            keys = new long[k.length * 2];
            flags = new byte[k.length * 2];
            group = g == null ? null : new int[k.length * 2];
            origin = o == null ? null : new long[k.length * 2];
            size = 0;
            for (int i = 0; i < k.length; i++) {
                if (k[i] != 0) {
                    int slot = put(k[i]);
                    flags[slot] = f[i];
                    if (g != null) {
                        group[slot] = g[i];
                        origin[slot] = o[i];
                    }
                }
            }
        }
    }

    /** A set of ints, open addressing (0 kept apart). */
    private static final class IntSet {
        private int[] keys = new int[64];
        private int size;
        private boolean zero;

        void add(int v) {
            if (v == 0) {
                zero = true;
                return;
            }
            if (2 * (size + 1) > keys.length) {
                int[] old = keys;
                keys = new int[old.length * 2];
                size = 0;
                for (int k : old) {
                    if (k != 0) {
                        add(k);
                    }
                }
            }
            int mask = keys.length - 1;
            for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == v) {
                    return;
                }
                if (keys[i] == 0) {
                    keys[i] = v;
                    size++;
                    return;
                }
            }
        }

        boolean contains(int v) {
            if (v == 0) {
                return zero;
            }
            int mask = keys.length - 1;
            for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == v) {
                    return true;
                }
                if (keys[i] == 0) {
                    return false;
                }
            }
        }

        void addTo(IntList out) {
            if (zero) {
                out.add(0);
            }
            for (int k : keys) {
                if (k != 0) {
                    out.add(k);
                }
            }
        }

        private static int mix(int v) {
            int h = v * 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }

    private static String encode(int[] ids) {
        byte[] bytes = new byte[ids.length * 4];
        for (int i = 0; i < ids.length; i++) {
            bytes[4 * i] = (byte) (ids[i] >>> 24);
            bytes[4 * i + 1] = (byte) (ids[i] >>> 16);
            bytes[4 * i + 2] = (byte) (ids[i] >>> 8);
            bytes[4 * i + 3] = (byte) ids[i];
        }
        return Base64.getEncoder().withoutPadding().encodeToString(bytes);
    }

    private static int[] decode(String text) {
        byte[] bytes = Base64.getDecoder().decode(text);
        if (bytes.length % 4 != 0) {
            throw new IllegalArgumentException("folded uuids of " + bytes.length + " bytes");
        }
        int[] ids = new int[bytes.length / 4];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = (bytes[4 * i] & 0xff) << 24
                    | (bytes[4 * i + 1] & 0xff) << 16
                    | (bytes[4 * i + 2] & 0xff) << 8
                    | (bytes[4 * i + 3] & 0xff);
        }
        return ids;
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
