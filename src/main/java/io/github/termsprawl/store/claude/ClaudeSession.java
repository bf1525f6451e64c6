package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlRecords;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.JsonlMessages;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A Claude Code transcript as a session: every message of every record ({@link #walk}), and the
 * conversation Claude Code itself would send — the live branch of each compaction window
 * ({@link #live}, {@link #plan}). The live branch of the last window is read backwards from the end
 * only as far as that window's {@code compact_boundary} (and its preserved segment), so it costs what
 * the window costs, not what the file does. Rules are numbered as in docs/context.md, "The live view".
 */
public final class ClaudeSession implements SessionReader, Agent.Windows {

    /** One window's live branch: its messages, and how many leaves it has and left behind (see {@link ClaudeBranch.Result}). */
    public record Window(List<Message> messages, int leaves, int abandoned) {}

    /** The tree of a whole file: how many compaction windows, and the abandoned leaves of all of them. */
    public record Shape(int windows, int abandoned) {}

    /** Only the tree and what rule 3 needs of a record. */
    static final JsonProjection SHAPE = ClaudeRecord.withTree(
            "message", JsonProjection.fields("id", JsonProjection.ALL, "content", JsonProjection.whole("type")));

    private final int chunkSize;
    private final int maxInMemoryLine;
    private final long splitBytes;

    public ClaudeSession() {
        this(ReverseLineReader.DEFAULT_CHUNK, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE);
    }

    /** Small sizes are for tests that must hit every chunk boundary. */
    ClaudeSession(int chunkSize, int maxInMemoryLine) {
        this(chunkSize, maxInMemoryLine, SPLIT_BYTES);
    }

    /** {@code splitBytes}: a plan's read of this many bytes or more is cut in two (small for tests). */
    ClaudeSession(int chunkSize, int maxInMemoryLine, long splitBytes) {
        this.chunkSize = chunkSize;
        this.maxInMemoryLine = maxInMemoryLine;
        this.splitBytes = splitBytes;
    }

    /**
     * Rule 8: a subagent's own transcript ({@code agent-*.jsonl}) is all sidechain records and they are its
     * branch; in a session file they are inline subagents (1.0.x) and no part of the main branch.
     */
    static ClaudeBranch.Scope scopeOf(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().startsWith("agent-") ? ClaudeBranch.OWN : ClaudeBranch.MAIN;
    }

    /** The live branch of the last window, with every block in full (strings of lines over 4 MiB cut). */
    public Window live(Path file) {
        return live(file, ClaudeRecord.FULL, ReadLimits.STRING_CAP, scopeOf(file));
    }

    /**
     * The live branch of the last window with only what prose needs: text, and the ids that pair calls with
     * results (tool arguments and results are empty, thinking is empty); strings of long lines cut to
     * {@code stringCap}.
     */
    public Window liveProse(Path file, int stringCap) {
        return live(file, ClaudeRecord.PROSE, stringCap, scopeOf(file));
    }

    /** A subagent's live branch: its own file's, or for an inline one its records' in the parent's last window. */
    public Window live(Subagent subagent) {
        if (subagent.rootUuid() == null) {
            return live(subagent.file(), ClaudeRecord.FULL, ReadLimits.STRING_CAP, ClaudeBranch.OWN);
        }
        List<List<ClaudeRecord>> read = readBack(subagent.file(), ClaudeRecord.FULL, ReadLimits.STRING_CAP);
        ClaudeBranch.Scope scope = ClaudeBranch.only(ClaudeBranch.inline(subagent.rootUuid(), read.get(0)));
        return window(branch(read, subagent.file().toString(), scope));
    }

    @Override
    public List<Message> inline(Subagent subagent) {
        return live(subagent).messages();
    }

    @Override
    public List<Path> subagentFolders(Path file) {
        return ClaudeSubagents.folders(file);
    }

    Window live(Path file, JsonProjection projection, int stringCap, ClaudeBranch.Scope scope) {
        List<List<ClaudeRecord>> read = readBack(file, projection, stringCap);
        return window(branch(read, file.toString(), scope));
    }

    /** The branch of a window read backwards: its records, after the ones before it ({@link #readBack}). */
    private static ClaudeBranch.Result branch(List<List<ClaudeRecord>> read, String file, ClaudeBranch.Scope scope) {
        List<ClaudeRecord> all = new ArrayList<>(read.get(1));
        all.addAll(read.get(0));
        return ClaudeBranch.of(ClaudeRecords.of(all, file), read.get(1).size(), all.size(), scope);
    }

    /** The last window's records and, when its boundary keeps a preserved segment, the records back to its head. */
    private List<List<ClaudeRecord>> readBack(Path file, JsonProjection projection, int stringCap) {
        List<ClaudeRecord> window = new ArrayList<>();
        List<ClaudeRecord> before = new ArrayList<>();
        if (file.toFile().isFile()) {
            try (ReverseLineReader lines = ReverseLineReader.open(file, chunkSize, maxInMemoryLine)) {
                ClaudeRecord boundary = previous(lines, projection, stringCap, window, null);
                String[] seg = boundary == null ? null : ClaudeRecord.preservedSegment(boundary.record);
                if (seg != null) {
                    previous(lines, projection, stringCap, before, seg[0]); // on to the preserved segment's head
                }
            } catch (IOException | UncheckedIOException e) {
                // what was read stands: a file cut short reads as the lines that were there
            }
        }
        Collections.reverse(window);
        Collections.reverse(before);
        return List.of(window, before);
    }

    /**
     * Adds records, last first, up to and including a {@code compact_boundary} (which it returns), or,
     * given {@code stopAt}, up to the record with that uuid and never past a boundary.
     */
    private static ClaudeRecord previous(
            ReverseLineReader lines, JsonProjection projection, int cap, List<ClaudeRecord> into, String stopAt)
            throws IOException {
        while (lines.previous()) {
            Map<String, Object> record = JsonlRecords.parse(lines, projection, cap);
            ClaudeRecord r = record == null ? null : ClaudeRecord.of(record, lines.lineStart(), 0);
            if (r == null) {
                continue;
            }
            if (stopAt != null && r.isBoundary()) {
                return null;
            }
            into.add(r);
            if (stopAt == null ? r.isBoundary() : r.uuid.equals(stopAt)) {
                return r;
            }
        }
        return null;
    }

    static Window window(ClaudeBranch.Result branch) {
        return new Window(ClaudeMessages.of(branch.records(), branch.chain()), branch.leaves(), branch.abandoned());
    }

    /**
     * Every window's messages, oldest first (the last one is {@link #live}'s), without holding the file: as plans
     * that keep the tree and the prose only (a 200 MB transcript holds tens of MB, not its whole size); {@link #full}
     * turns each into the message in full. With {@code subagents}, {@link ClaudeSubagents#of} too. It reads
     * only the file's lines past {@code cache.offset()}: the records of the lines before come from the cache. The
     * plan keeps no text: of each, only whether it is blank (its messages' texts are a mark; {@link #full} reads
     * them).
     * The records of lines that end before {@code end} are added to the cache; a cache that does not read is
     * started again from the file's first line. The caller makes sure the bytes before {@code cache.offset()}
     * are those the cache was made from.
     */
    @Override
    public Plan plan(Path file, PlanCache cache, long end, boolean subagents) throws IOException {
        return new ClaudePlanReader(this, chunkSize, maxInMemoryLine, splitBytes).plan(file, cache, end, subagents);
    }

    /**
     * {@link #plan(Path, PlanCache, long, boolean)} with every message in {@link Plan#messages}: the tail kept beside
     * the cache is dropped first, so the whole cache is read.
     */
    @Override
    public Plan planWhole(Path file, PlanCache cache, long end, boolean subagents) throws IOException {
        Files.deleteIfExists(ClaudeTail.fileOf(cache.file()));
        return plan(file, cache, end, subagents);
    }

    @Override
    public long bytesRead() {
        return ClaudePlanReader.BYTES_READ.get();
    }

    /** A read of this many bytes or more is parsed in blocks, on two threads (ClaudePlanReader). */
    static final long SPLIT_BYTES = 16L << 20;

    /** The plan of every window; {@code last[0]}, when asked, what the last window's was made of. */
    List<Planned> plan(ClaudeRecords all, Path file, ClaudeTail.Window[] last) {
        ClaudeBranch.Scope scope = scopeOf(file);
        List<int[]> bounds = windowBounds(all);
        int[] windows = new int[bounds.size()];
        ClaudeMessages.Built[] parts = new ClaudeMessages.Built[bounds.size()];
        int before = 0;
        for (int w = 0; w < bounds.size(); w++) {
            int[] b = bounds.get(w);
            ClaudeBranch.Result branch = ClaudeBranch.of(all, b[0], b[1], scope);
            ClaudeMessages.Built built = ClaudeMessages.built(all, branch.chain());
            if (last != null && w == bounds.size() - 1) {
                ClaudeTail.Mode mode = scope == ClaudeBranch.OWN
                        ? ClaudeTail.Mode.OWN
                        : branch.scope() == ClaudeBranch.OWN ? ClaudeTail.Mode.SIDECHAINS : ClaudeTail.Mode.MAIN;
                last[0] = new ClaudeTail.Window(w, before, all.offset(b[0]), branch, built, mode);
            }
            windows[w] = w;
            parts[w] = built;
            before += built.size();
        }
        return new PlannedList(windows, parts);
    }

    /**
     * Planned messages as their windows' messages hold them (their records, {@link ClaudeMessages.Built}), each
     * made when asked for: a plan holds no message object, with its blocks and source, for each. The
     * messages of {@code parts}, each of the window of the same place in {@code windows}.
     */
    static final class PlannedList extends java.util.AbstractList<Planned> {
        private final int[] windows;
        final ClaudeMessages.Built[] parts;
        /** How many messages come before each part; the last entry, all of them. */
        private final int[] before;

        PlannedList(int[] windows, ClaudeMessages.Built... parts) {
            this.windows = windows;
            this.parts = parts;
            this.before = new int[parts.length + 1];
            for (int p = 0; p < parts.length; p++) {
                before[p + 1] = before[p] + parts[p].size();
            }
        }

        @Override
        public Planned get(int i) {
            if (i < 0 || i >= size()) {
                throw new IndexOutOfBoundsException(i);
            }
            int p = java.util.Arrays.binarySearch(before, i);
            p = p >= 0 ? p : -p - 2;
            while (parts[p].size() == 0 || i >= before[p + 1]) {
                p++; // empty parts share their start with the next
            }
            ClaudeMessages.Built b = parts[p];
            int k = i - before[p];
            long[] offsets = new long[b.count(k)];
            long[] lines = new long[offsets.length];
            for (int j = 0; j < offsets.length; j++) {
                offsets[j] = b.records.offset(b.record(k, j));
                lines[j] = b.records.line(b.record(k, j));
            }
            return new Planned(windows[p], b.message(k), offsets, lines);
        }

        @Override
        public int size() {
            return before[parts.length];
        }
    }

    /**
     * The message in full that {@code planned} stands for: its lines read again from {@code lines} (a
     * reader of the same file) with every block, merged as the live view merges them and cut to the blocks the
     * plan kept; a synthetic result is its plan. A line that no longer reads gives the plan's own message.
     */
    @Override
    public Message full(ForwardLineReader lines, Planned planned) throws IOException {
        Message merged = null;
        for (int i = 0; i < planned.offsets().length; i++) {
            lines.seek(planned.offsets()[i], planned.lines()[i]);
            Map<String, Object> record = lines.next() ? lines.record(ClaudeRecord.FULL, ReadLimits.STRING_CAP) : null;
            Message m = record == null
                    ? null
                    : ClaudeRecord.message(
                            record,
                            planned.prose().source() instanceof Source.Line l ? l.file() : "",
                            lines.lineStart(),
                            lines.lineNumber());
            if (m == null) {
                return planned.prose();
            }
            merged = merged == null ? m : ClaudeMessages.merge(merged, m);
        }
        if (merged == null) {
            return planned.prose();
        }
        int keep = planned.prose().blocks().size();
        if (merged.blocks().size() == keep) {
            return merged;
        }
        return new Message(
                merged.role(),
                merged.blocks().subList(0, Math.min(keep, merged.blocks().size())),
                merged.timestamp(),
                merged.id(),
                merged.parentId(),
                merged.source(),
                merged.flags());
    }

    /** How many windows the file has and how many leaves their branches left behind: a full read of the tree only. */
    public Shape shape(Path file) {
        ClaudeRecords all = ClaudeRecords.of(records(file, SHAPE), file.toString());
        ClaudeBranch.Scope scope = scopeOf(file);
        List<int[]> bounds = windowBounds(all);
        int abandoned = 0;
        for (int[] w : bounds) {
            abandoned += ClaudeBranch.of(all, w[0], w[1], scope).abandoned();
        }
        return new Shape(bounds.size(), abandoned);
    }

    /** Each window's [from, to) in the records: a new one starts at every {@code compact_boundary}; none is empty. */
    static List<int[]> windowBounds(ClaudeRecords all) {
        List<int[]> bounds = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= all.size(); i++) {
            if (i == all.size() || all.isBoundary(i)) {
                if (i > from) {
                    bounds.add(new int[] {from, i});
                }
                from = i;
            }
        }
        return bounds;
    }

    List<ClaudeRecord> records(Path file, JsonProjection projection) {
        List<ClaudeRecord> all = new ArrayList<>();
        if (!file.toFile().isFile()) {
            return all;
        }
        try (ForwardLineReader lines = ForwardLineReader.open(file, chunkSize, maxInMemoryLine)) {
            while (lines.next()) {
                Map<String, Object> record = lines.record(projection, ReadLimits.STRING_CAP);
                ClaudeRecord r = record == null ? null : ClaudeRecord.of(record, lines.lineStart(), lines.lineNumber());
                if (r != null) {
                    all.add(r);
                }
            }
        } catch (IOException e) {
            // what was read stands (a record that does not parse is skipped by the reader; a bug is not caught)
        }
        return all;
    }

    /**
     * Every message of every record, in file order, to {@code visitor} (all branches, every window,
     * sidechains, system notices); one record is held at a time.
     */
    public WalkStats walk(Path file, MessageVisitor visitor) {
        return JsonlMessages.walk(file, ClaudeRecord.WALK, RULE, visitor);
    }

    /** {@link #walk(Path, MessageVisitor)} from the line that starts at {@code offset} (numbered {@code line}) on. */
    public WalkStats walkFrom(Path file, long offset, long line, MessageVisitor visitor) {
        return JsonlMessages.walk(file, offset, line, ClaudeRecord.WALK, RULE, visitor);
    }

    private static final JsonlMessages.Rule RULE = new JsonlMessages.Rule() {
        @Override
        public List<Message> messages(Map<String, Object> record, Source.Line source) {
            Message m = ClaudeRecord.message(record, source.file(), source.offset(), source.line());
            return m == null ? List.of() : List.of(m);
        }

        @Override
        public boolean isKnown(Map<String, Object> record) {
            return ClaudeTranscript.isKnown(record);
        }

        /** Claude Code writes the session's working directory on each record ({@code cwd}). */
        @Override
        public String directory(Map<String, Object> record) {
            return record.get("cwd") instanceof String cwd ? cwd : null;
        }
    };

    @Override
    public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
        return walk(entry.path(), visitor);
    }

    @Override
    public boolean liveIsWalk() {
        return false;
    }

    /** Its own rules over the live branch of the last window, read with only what prose needs. */
    @Override
    public List<Turn> liveTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return ClaudeLiveProse.last(liveProse(entry.path(), limits.stringCap()).messages(), limits.maxTurns());
    }

    /** Each call id on the live branches of every window, with the turn number of the message that makes it. */
    @Override
    public Map<String, Integer> callTurns(TranscriptIndex.Entry entry) {
        return new ClaudeCallTurns()
                .whole(entry.path(), Long.MAX_VALUE, null, 0)
                .turns();
    }

    @Override
    public String liveShape(TranscriptIndex.Entry entry) {
        Shape shape = shape(entry.path());
        return " windows=" + shape.windows() + " branches=" + shape.abandoned();
    }

    @Override
    public List<Message> live(TranscriptIndex.Entry entry) {
        return live(entry.path()).messages();
    }

    /**
     * The turns the file view prints for messages of {@link #walk} (docs/context.md, "From a Claude Code transcript
     * to turns"): a user or assistant record's text blocks joined with {@code \n}, even an empty text. The file view
     * prints every such record, so meta, sidechain and compaction-summary records print too; attachments, system
     * notices, tool-result-only records and records without a text block do not.
     */
    @Override
    public List<Turn> prose(List<Message> messages) {
        return SessionReader.each(messages, Messages::prose);
    }
}
