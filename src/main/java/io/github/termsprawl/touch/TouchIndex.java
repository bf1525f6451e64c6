package io.github.termsprawl.touch;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.GrowingFile;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Store;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A node's touches kept between reads (docs/touches.md, "The touch index"):
 * {@code .termsprawl/transcripts/<nodeId>.touches}, per machine like the transcript index beside it. A
 * transcript that has not changed is not opened; a Codex or pi transcript that only grew is read from the end of
 * its last complete line; a Claude Code one too when the new lines only carry on the live branch the index's tail
 * keeps ({@code <nodeId>.touches-tail}, {@link Agent.CallTurns}); any other change (a shrink, a rewrite of the
 * bytes read, another transcript, a Claude Code branch moved above the tail, a Gemini CLI or OpenCode session,
 * which rewrite themselves) reads it whole. The index is written atomically and confined to the project
 * (core/AtomicFiles), and only when it changes; a broken or unreadable index is read again from the transcript.
 */
public final class TouchIndex {
    /**
     * 3: the session's working directory is kept (a relative path is the session's: docs/touches.md, "Paths"), so an
     * index of 2, whose relative paths were taken from the project's root, is read again.
     */
    static final String MAGIC = "termsprawl-touches 3";

    /**
     * The bytes of a Claude Code transcript one step of a build reads (and one line more, to end it), so that what a
     * step holds (the records' tree) is bounded whatever the transcript's size (docs/touches.md, "The touch index").
     */
    public static final long STEP_BYTES = 4L << 20;

    /** No bound on the bytes a read may take: every step to the end of the transcript. */
    public static final long UNBOUNDED = Long.MAX_VALUE;

    /**
     * What one call cost: whether it read the transcript, from which offset, how many bytes, and whether the index now
     * holds the whole transcript ({@code done}; false when it stopped at a step of a long Claude Code transcript and
     * the next read goes on from there).
     */
    public record Cost(boolean read, long from, long bytes, boolean done) {
        Cost(boolean read, long from, long bytes) {
            this(read, from, bytes, true);
        }
    }

    public record Read(SessionTouches.Result result, Cost cost) {}

    /** A read and the store it was read as. */
    public record Found(Store store, Read read) {}

    /**
     * As {@link #read(ProjectLayout, String, TranscriptIndex.Entry, Store, TranscriptReaders)}, the store told
     * by the entry, else by the index when the transcript has not changed since it was read (no detection:
     * the hook before every edit reads only the index and a stat per peer), else by the transcript's content.
     * Null when no store can be told. With {@code only} (a path relative to the project), the events of other files
     * may be left out: an unchanged index then makes objects of that file's events alone, as the hook asks about one
     * file. At most about {@code maxBytes} of the transcript are read, in steps of {@link #STEP_BYTES}.
     */
    public static Found read(
            ProjectLayout layout,
            String node,
            TranscriptIndex.Entry entry,
            TranscriptReaders readers,
            String only,
            long maxBytes) {
        Store named = Store.of(entry.store());
        if (named == null) {
            State old = State.parse(AtomicFiles.readPlain(file(layout, node), StateCaps.TOUCH_INDEX), node, only);
            Store recorded = old == null ? null : Store.of(old.store());
            if (recorded != null
                    && old.source().equals(key(entry))
                    && old.fingerprint().equals(fingerprint(entry))) {
                return new Found(recorded, new Read(old.result(), new Cost(false, 0, 0)));
            }
        }
        Store store = named != null ? named : readers.storeOf(entry);
        return store == null ? null : new Found(store, read(layout, node, entry, store, readers, maxBytes, STEP_BYTES));
    }

    private TouchIndex() {}

    public static Path file(ProjectLayout layout, String node) {
        return layout.transcriptsDir().resolve(node + ".touches");
    }

    /**
     * The node's touches, from its index where it still holds, the transcript read only past it; the index is
     * brought up to date. A failure to write it is no failure of the read. When the read passes the caller's
     * deadline ({@link Deadline}: the hook before an edit has one), the events the index held are the answer,
     * as of its last read, and it is left as it was: the next caller with time brings it up to date.
     */
    public static Read read(
            ProjectLayout layout, String node, TranscriptIndex.Entry entry, Store store, TranscriptReaders readers) {
        return read(layout, node, entry, store, readers, UNBOUNDED, STEP_BYTES);
    }

    /**
     * As {@link #read(ProjectLayout, String, TranscriptIndex.Entry, Store, TranscriptReaders)}, a long Claude Code
     * transcript read in steps of {@code step} bytes ({@link #STEP_BYTES}), each kept in the index as it ends; the
     * steps stop once they have read {@code maxBytes} (the hook's share: {@link #UNBOUNDED} reads to the end). The
     * answer is then the index as far as it was built ({@link Cost#done()} false), and the next read goes on from
     * there (docs/touches.md, "The touch index").
     */
    static Read read(
            ProjectLayout layout,
            String node,
            TranscriptIndex.Entry entry,
            Store store,
            TranscriptReaders readers,
            long maxBytes,
            long step) {
        try {
            Read first = update(layout, node, entry, store, readers, step);
            Read last = first;
            long bytes = first.cost().bytes();
            long reached = first.cost().from() + first.cost().bytes();
            while (!last.cost().done() && bytes < maxBytes) {
                last = update(layout, node, entry, store, readers, step);
                bytes += last.cost().bytes();
                long end = last.cost().from() + last.cost().bytes();
                if (end <= reached) {
                    break; // no step further (an index that cannot be written): the next read tries again
                }
                reached = end;
            }
            return last == first
                    ? first
                    : new Read(
                            last.result(),
                            new Cost(
                                    true,
                                    first.cost().from(),
                                    bytes,
                                    last.cost().done()));
        } catch (Deadline.Exceeded e) {
            State old = State.parse(AtomicFiles.readPlain(file(layout, node), StateCaps.TOUCH_INDEX), node);
            if (old != null && old.source().equals(key(entry)) && old.store().equals(store.id())) {
                return new Read(old.result(), new Cost(false, 0, 0, false));
            }
            throw e;
        }
    }

    private static Read update(
            ProjectLayout layout,
            String node,
            TranscriptIndex.Entry entry,
            Store store,
            TranscriptReaders readers,
            long step) {
        TouchRule rule = Agents.capability(store, TouchRule.class);
        ProjectPaths paths = new ProjectPaths(layout.cwd());
        Path index = file(layout, node);
        Path source = entry.path();
        String fingerprint = fingerprint(entry);
        State old = State.parse(AtomicFiles.readPlain(index, StateCaps.TOUCH_INDEX), node);
        boolean sameSource =
                old != null && old.source().equals(key(entry)) && old.store().equals(store.id());
        if (rule == null) {
            return new Read(
                    new SessionTouches.Result(List.of(), new SessionTouches.Stats(0, 0, 0)), new Cost(false, 0, 0));
        }
        if (sameSource && old.fingerprint().equals(fingerprint)) {
            return new Read(old.result(), new Cost(false, 0, 0));
        }
        Agent.CallTurns calls = Agents.capability(store, Agent.CallTurns.class);
        if (calls != null) {
            return branch(layout, node, entry, store, calls, rule, paths, sameSource ? old : null, fingerprint, step);
        }
        Agent.GrowingLog log = Agents.capability(store, Agent.GrowingLog.class);
        boolean growing = log != null;
        long size = source.toFile().length();
        long end = growing ? GrowingFile.completeLines(source, size) : 0;
        SessionTouches.Collector c;
        long from = 0;
        if (growing) {
            c = new SessionTouches.Collector(node, rule, paths, null);
            boolean resume = sameSource
                    && old.end() > 0
                    && old.end() <= end
                    && log.resumes(old.modelTranscript())
                    && GrowingFile.prefixHash(source, old.end()) == old.hash();
            if (resume) {
                c.resume(old.events(), old.sidechain(), old.waiting(), old.stats(), old.messages(), old.directory());
                from = old.end();
            }
            c.end = end;
            boolean model = log.walkFrom(source, from, 1, from > 0 && old.modelTranscript(), c)
                    || from > 0 && old.modelTranscript();
            Deadline.check(); // a walk stops short at the deadline: what it read is not kept as read to the end
            SessionTouches.Result r = c.result();
            write(
                    layout,
                    index,
                    new State(
                            key(entry), // the same as the old one's when it is the same source
                            store.id(),
                            fingerprint,
                            end,
                            GrowingFile.prefixHash(source, end),
                            model,
                            c.messages,
                            r.stats(),
                            r.events(),
                            c.sidechain,
                            c.waitingEvents(),
                            c.directory));
            return new Read(r, new Cost(true, from, end - from));
        }
        SessionTouches.Result r = SessionTouches.read(node, entry, store, paths, readers);
        write(
                layout,
                index,
                new State(
                        key(entry),
                        store.id(),
                        fingerprint,
                        0,
                        0,
                        false,
                        0,
                        r.stats(),
                        r.events(),
                        new BitSet(),
                        List.of(),
                        null));
        return new Read(r, new Cost(true, 0, size));
    }

    /** Where the touch index of a Claude Code session keeps its live branch's tail ({@link Agent.CallTurns}). */
    public static Path tailFile(ProjectLayout layout, String node) {
        return layout.transcriptsDir().resolve(node + ".touches-tail");
    }

    /**
     * A transcript that changed, of an agent that keeps its calls' turns ({@link Agent.CallTurns}: Claude Code): when
     * it only grew, read from the end of the last read on, if the new lines carry the live branch on from the tail the
     * last read kept: the events before keep their turns up to the tail's cut and are numbered again from it; else
     * read whole. {@code old} is the index of this transcript, or null.
     */
    private static Read branch(
            ProjectLayout layout,
            String node,
            TranscriptIndex.Entry entry,
            Store store,
            Agent.CallTurns calls,
            TouchRule rule,
            ProjectPaths paths,
            State old,
            String fingerprint,
            long step) {
        Path source = entry.path();
        Path tail = tailFile(layout, node);
        long size = source.toFile().length();
        long readable = calls.readableEnd(source, GrowingFile.completeLines(source, size), size);
        boolean goesOn = old != null
                && old.end() > 0
                && old.end() <= readable
                && continuesLine(source, old.end())
                && GrowingFile.prefixHash(source, old.end()) == old.hash();
        // one step: a long transcript is built in steps, each read on from the last as a grown one is
        long end = stepEnd(source, goesOn ? old.end() : 0, readable, step);
        long hash = GrowingFile.prefixHash(source, end);
        Agent.CallTurns.Turns turns = null;
        if (goesOn) {
            turns = calls.grown(source, old.end(), end, tail, old.hash(), hash);
        }
        long from = turns == null ? 0 : old.end();
        if (turns == null) {
            turns = calls.whole(source, end, tail, hash);
        }
        boolean done = end == readable;
        SessionTouches.Collector c = new SessionTouches.Collector(node, rule, paths, turns.turns());
        if (from > 0) {
            c.resume(
                    renumbered(old, turns),
                    old.sidechain(),
                    old.waiting(),
                    old.stats(),
                    old.messages(),
                    old.directory());
        }
        c.end = end;
        calls.walkFrom(source, from, 1, c);
        Deadline.check(); // a walk stops short at the deadline: what it read is not kept as read to the end
        SessionTouches.Result r = c.result();
        try {
            AtomicFiles.confinedFolder(layout.cwd(), layout.transcriptsDir());
            turns.keep();
        } catch (IOException | RuntimeException e) {
            // the tail is a cache as the index is: without one that goes with the index, the next read is whole
        }
        write(
                layout,
                file(layout, node),
                new State(
                        key(entry),
                        store.id(),
                        done ? fingerprint : PARTIAL, // no transcript has it: the next read goes on
                        end,
                        hash,
                        false,
                        c.messages,
                        r.stats(),
                        r.events(),
                        c.sidechain,
                        c.waitingEvents(),
                        c.directory));
        return new Read(r, new Cost(true, from, end - from, done));
    }

    /** The fingerprint of an index built part of the way: none of a transcript's ({@link #fingerprint}) is it. */
    static final String PARTIAL = "partial";

    /**
     * Where a step from {@code from} ends: {@code readable} when it is at most {@code step} bytes on, else the end of
     * the line that holds the step's last byte (a line is never cut).
     */
    static long stepEnd(Path file, long from, long readable, long step) {
        if (readable - from <= step) {
            return readable;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            byte[] buf = new byte[8192];
            long pos = from + step - 1;
            while (pos < readable) {
                in.seek(pos);
                int n = in.read(buf, 0, (int) Math.min(buf.length, readable - pos));
                if (n <= 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        return pos + i + 1;
                    }
                }
                pos += n;
                Deadline.checkEvery(pos >>> 13);
            }
        } catch (IOException e) {
            // unreadable now: the whole, as the read will find
        }
        return readable;
    }

    /**
     * The events of the last read with the turns the grown transcript gives them: those before the tail's cut as they
     * were (their messages are the same), the others as the messages from the cut on make them; an event whose call
     * is on no live branch is rewound, unless a subagent's record makes it.
     */
    private static List<TouchEvent> renumbered(State old, Agent.CallTurns.Turns turns) {
        List<TouchEvent> out = new ArrayList<>(old.events().size());
        for (int i = 0; i < old.events().size(); i++) {
            TouchEvent e = old.events().get(i);
            Integer turn = e.turn() != null && e.turn() < turns.stable()
                    ? e.turn()
                    : e.callId() == null ? null : turns.turns().get(e.callId());
            boolean rewound = turn == null && !old.sidechain().get(i);
            out.add(
                    java.util.Objects.equals(turn, e.turn()) && rewound == e.rewound()
                            ? e
                            : new TouchEvent(
                                    e.node(),
                                    e.path(),
                                    e.kind(),
                                    e.command(),
                                    e.time(),
                                    turn,
                                    e.success(),
                                    rewound,
                                    e.callId()));
        }
        return out;
    }

    /**
     * Whether the line the last read ended in goes on as it was read: it had ended, or it is followed by its newline
     * (or nothing yet). A line read before its newline was written and then written on is another line: read whole.
     */
    static boolean continuesLine(Path file, long offset) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(offset - 1);
            if (in.read() == '\n') {
                return true;
            }
            int next = in.read();
            return next == -1 || next == '\n';
        } catch (IOException e) {
            return false;
        }
    }

    private static String key(TranscriptIndex.Entry entry) {
        return entry.path() + (entry.session() == null ? "" : "#" + entry.session());
    }

    private static void write(ProjectLayout layout, Path index, State state) {
        try {
            AtomicFiles.writeIfChanged(layout.cwd(), index, state.format());
        } catch (IOException | RuntimeException e) {
            // the index is a cache: the next call reads the transcript again
        }
    }

    /** Size and modification time of the transcript (and of an OpenCode database's write-ahead log). */
    static String fingerprint(TranscriptIndex.Entry entry) {
        File f = entry.path().toFile();
        if (f.isDirectory()) {
            return "dir:" + System.nanoTime(); // a folder store tells no change: always read
        }
        File wal = new File(f.getPath() + "-wal");
        return f.length() + ":" + f.lastModified()
                + (wal.exists() ? ":" + wal.length() + ":" + wal.lastModified() : "");
    }

    /**
     * The index file: a header line each, then one line per event, tab separated, escaped (docs/touches.md).
     *
     * @param sidechain the events a sidechain record made (their third flag)
     * @param waiting the indexes of the events whose call has no result yet
     * @param directory the session's working directory where the read stopped, or null: a read that goes on starts
     *     from it
     */
    record State(
            String source,
            String store,
            String fingerprint,
            long end,
            long hash,
            boolean modelTranscript,
            int messages,
            SessionTouches.Stats stats,
            List<TouchEvent> events,
            BitSet sidechain,
            List<Integer> waiting,
            String directory) {

        SessionTouches.Result result() {
            return new SessionTouches.Result(List.copyOf(events), stats);
        }

        String format() {
            StringBuilder out = new StringBuilder(64 + events.size() * 80);
            out.append(MAGIC).append('\n');
            out.append("source\t").append(esc(source)).append('\n');
            out.append("store\t").append(store).append('\n');
            out.append("fingerprint\t").append(fingerprint).append('\n');
            out.append("read\t")
                    .append(end)
                    .append('\t')
                    .append(hash)
                    .append('\t')
                    .append(modelTranscript)
                    .append('\t')
                    .append(messages)
                    .append('\n');
            out.append("stats\t")
                    .append(stats.calls())
                    .append('\t')
                    .append(stats.malformed())
                    .append('\t')
                    .append(stats.outside())
                    .append('\n');
            out.append("waiting");
            for (int w : waiting) {
                out.append('\t').append(w);
            }
            out.append('\n');
            out.append("directory\t")
                    .append(directory == null ? "-" : esc(directory))
                    .append('\n');
            for (int i = 0; i < events.size(); i++) {
                TouchEvent e = events.get(i);
                out.append(e.kind().id())
                        .append('\t')
                        .append(e.time() == null ? "-" : Long.toString(e.time().toEpochMilli()))
                        .append('\t')
                        .append(e.turn() == null ? "-" : e.turn().toString())
                        .append('\t')
                        .append(e.success() ? '1' : '0')
                        .append(e.rewound() ? '1' : '0')
                        .append(sidechain.get(i) ? '1' : '0')
                        .append('\t')
                        .append(e.callId() == null ? "-" : esc(e.callId()))
                        .append('\t')
                        .append(esc(e.path()))
                        .append('\t')
                        .append(e.command() == null ? "-" : esc(e.command()))
                        .append('\n');
            }
            return out.toString();
        }

        /** The state of {@code bytes}, or null when it is missing or not a whole index. */
        static State parse(byte[] bytes, String node) {
            return parse(bytes, node, null);
        }

        /** As {@link #parse(byte[], String)}, with the events of {@code only} alone when it is not null. */
        static State parse(byte[] bytes, String node, String only) {
            if (bytes == null) {
                return null;
            }
            try {
                String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
                if (lines.length < 9 || !lines[0].equals(MAGIC) || !lines[lines.length - 1].isEmpty()) {
                    return null;
                }
                String source = unesc(value(lines[1], "source"));
                String store = value(lines[2], "store");
                String fingerprint = value(lines[3], "fingerprint");
                String[] read = value(lines[4], "read").split("\t");
                String[] stats = value(lines[5], "stats").split("\t");
                List<Integer> waiting = new ArrayList<>();
                String[] w = lines[6].split("\t", -1);
                if (!w[0].equals("waiting")) {
                    return null;
                }
                for (int i = 1; i < w.length; i++) {
                    waiting.add(Integer.valueOf(w[i]));
                }
                String dir = value(lines[7], "directory");
                String directory = dir.equals("-") ? null : unesc(dir);
                List<TouchEvent> events = new ArrayList<>();
                BitSet sidechain = new BitSet();
                String wanted = only == null ? null : "\t" + esc(only) + "\t";
                for (int i = 8; i < lines.length - 1; i++) {
                    if (wanted != null && !lines[i].contains(wanted)) {
                        continue; // not that file: its path is one whole field, between two tabs
                    }
                    String[] f = lines[i].split("\t", -1);
                    if (wanted != null && !unesc(f[5]).equals(only)) {
                        continue;
                    }
                    sidechain.set(events.size(), f[3].charAt(2) == '1');
                    events.add(new TouchEvent(
                            node,
                            unesc(f[5]),
                            FileTouch.Kind.of(f[0]),
                            f[6].equals("-") ? null : unesc(f[6]),
                            f[1].equals("-") ? null : Instant.ofEpochMilli(Long.parseLong(f[1])),
                            f[2].equals("-") ? null : Integer.valueOf(f[2]),
                            f[3].charAt(0) == '1',
                            f[3].charAt(1) == '1',
                            f[4].equals("-") ? null : unesc(f[4])));
                }
                for (int i : waiting) {
                    if (only == null && (i < 0 || i >= events.size())) {
                        return null; // an index that does not hold together
                    }
                }
                return new State(
                        source,
                        store,
                        fingerprint,
                        Long.parseLong(read[0]),
                        Long.parseLong(read[1]),
                        Boolean.parseBoolean(read[2]),
                        Integer.parseInt(read[3]),
                        new SessionTouches.Stats(
                                Integer.parseInt(stats[0]), Integer.parseInt(stats[1]), Integer.parseInt(stats[2])),
                        events,
                        sidechain,
                        waiting,
                        directory);
            } catch (RuntimeException e) {
                return null;
            }
        }

        private static String value(String line, String key) {
            if (!line.startsWith(key + "\t")) {
                throw new IllegalArgumentException(key);
            }
            return line.substring(key.length() + 1);
        }

        /** Reversible: a backslash, tab, newline and carriage return as {@code \\ \t \n \r}; a lone {@code -} as {@code \-}. */
        static String esc(String s) {
            if (s.equals("-")) {
                return "\\-";
            }
            return s.replace("\\", "\\\\")
                    .replace("\t", "\\t")
                    .replace("\n", "\\n")
                    .replace("\r", "\\r");
        }

        static String unesc(String s) {
            if (s.indexOf('\\') < 0) {
                return s;
            }
            StringBuilder out = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < s.length()) {
                    char n = s.charAt(++i);
                    out.append(n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : n);
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }
}
