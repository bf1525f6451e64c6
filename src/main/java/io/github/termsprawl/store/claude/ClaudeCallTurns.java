package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The turn number of each tool call on the live branches of a Claude Code transcript, as {@link ClaudeSession#plan}
 * numbers their messages (all windows, oldest first; a call counts at the first message that makes it), kept between
 * reads of a transcript that only grows (docs/touches.md, "The touch index").
 *
 * <p>A whole read plans every window and keeps the last one's tail (ClaudeTail, as a plan with a cache keeps
 * it) in a file of its caller's. A read of the lines appended since goes on from that tail alone when they only carry
 * the live branch on: then the messages before the tail's cut are those of the read before, and only the calls of
 * the messages from the cut on are numbered again. It gives up (null: the caller reads whole) on anything else the
 * tail refuses (a rewind above the cut, a new compaction window, a record written again, an inline subagent), and
 * on a new call whose id a call before the cut or in an earlier window already had (the turn of such a call is
 * the earlier one's), or a tool call in a message that is not the assistant's (no tail keeps those apart).
 */
final class ClaudeCallTurns implements Agent.CallTurns {

    /** Turns of one read, and the tail to keep for the next. */
    record Turns(int stable, Map<String, Integer> turns, ClaudeTail next, Path tailFile)
            implements Agent.CallTurns.Turns {
        /**
         * Writes the tail for the next read (through a temp file and a rename), or removes the one there when none
         * holds; in a folder the caller checked is the project's ({@code AtomicFiles.confinedFolder}).
         */
        @Override
        public void keep() throws IOException {
            ClaudeTailFile.write(next, tailFile);
        }
    }

    @Override
    public long readableEnd(Path file, long complete, long size) {
        if (size <= complete || !endsAnObject(file, complete, size)) {
            return complete;
        }
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            lines.seek(complete, 1);
            return lines.next() && lines.record(ClaudeRecord.PROSE, ReadLimits.STRING_CAP) != null ? size : complete;
        } catch (IOException | RuntimeException e) {
            return complete;
        }
    }

    /**
     * Whether the bytes {@code [from, size)} end as a JSON object does ({@code }} and white space): a line still being
     * written most often does not, and is then not parsed (it may be long).
     */
    private static boolean endsAnObject(Path file, long from, long size) {
        try (java.io.RandomAccessFile in = new java.io.RandomAccessFile(file.toFile(), "r")) {
            int n = (int) Math.min(64, size - from);
            byte[] last = new byte[n];
            in.seek(size - n);
            in.readFully(last);
            for (int i = n - 1; i >= 0; i--) {
                byte b = last[i];
                if (b != ' ' && b != '\t' && b != '\r') {
                    return b == '}';
                }
            }
            return n == 64; // white space only, as far as looked: the parser tells
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The turns of every call of the lines before {@code end}, and the tail kept under {@code key} (a hash of the
     * bytes read, which the next read gives back) for the next read in {@code tailFile} (null: none is kept).
     */
    @Override
    public Turns whole(Path file, long end, Path tailFile, long key) {
        List<ClaudeRecord> all = new ArrayList<>();
        read(file, 0, end, all, null);
        ClaudeTail.Window[] last = {null};
        List<ClaudeSession.Planned> planned =
                new ClaudeSession().plan(ClaudeRecords.of(all, file.toString()), file, last);
        all = null; // the plan holds what it needs
        Map<String, Integer> turns = new HashMap<>();
        IntList before = new IntList();
        boolean keep = last[0] != null && tailFile != null;
        for (int i = 0; i < planned.size(); i++) {
            Message m = planned.get(i).prose();
            for (Block b : m.blocks()) {
                if (b instanceof Block.ToolCall c && c.id() != null) {
                    turns.putIfAbsent(c.id(), i);
                    if (keep && planned.get(i).window() < last[0].index()) {
                        before.add(c.id().hashCode()); // an earlier window's: no later call may have its id
                    } else if (m.role() != Role.ASSISTANT) {
                        keep = false; // a tail keeps the assistant's calls apart only
                    }
                }
            }
        }
        ClaudeTail next = keep ? ClaudeTail.of(last[0], key(key, end), before.sorted()) : null;
        return new Turns(0, turns, next, tailFile);
    }

    /**
     * The turns of the calls from the kept tail's cut on, the transcript having grown from {@code from} (where the
     * read that kept it under {@code oldKey} stopped) to {@code end}; null when they must be read whole (no tail for
     * that key, or the new lines do not only carry its branch on). The tail for the next read is kept under
     * {@code key}.
     */
    @Override
    public Turns grown(Path file, long from, long end, Path tailFile, long oldKey, long key) {
        ClaudeTail tail = ClaudeTailFile.read(tailFile, key(oldKey, from), false);
        if (tail == null) {
            return null;
        }
        List<ClaudeRecord> added = new ArrayList<>();
        if (!read(file, from, end, added, tail.answered())) {
            return null;
        }
        List<ClaudeRecord> window = new ArrayList<>(tail.records()); // the tail's records first, then the new ones
        window.addAll(added);
        ClaudeTail.Extension grown;
        try {
            grown = tail.extend(ClaudeRecords.of(window, file.toString()), key(key, end), null, Folds.NONE);
        } catch (Deadline.Exceeded e) {
            throw e;
        } catch (RuntimeException e) {
            grown = null; // a tail that does not hold together: the whole read says what it should have
        }
        if (grown == null) {
            return null;
        }
        Map<String, Integer> turns = new HashMap<>();
        ClaudeMessages.Built built = grown.built();
        for (int i = 0; i < built.size(); i++) {
            for (Block b : built.blocks(i)) {
                if (b instanceof Block.ToolCall c && c.id() != null) {
                    if (built.role(i) != Role.ASSISTANT) {
                        return null;
                    }
                    turns.putIfAbsent(c.id(), tail.stable() + i);
                }
            }
        }
        return new Turns(tail.stable(), turns, grown.next(), tailFile);
    }

    private static ClaudeTail.PlanCacheKey key(long key, long end) {
        return new ClaudeTail.PlanCacheKey(key, end, 0, false);
    }

    /**
     * Adds the records of the lines that start in {@code [from, end)} (made fit to keep, as a plan keeps them);
     * with {@code answered} (the new lines of a grown file), false when a call of those lines has an id among them, a
     * message that is not the assistant's makes a call, or the file does not read to the end.
     */
    private static boolean read(Path file, long from, long end, List<ClaudeRecord> into, int[] answered) {
        if (!file.toFile().isFile()) {
            return true;
        }
        String name = file.toString();
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            if (from > 0) {
                lines.seek(from, 1);
            }
            long step = 0;
            while (lines.next() && lines.lineStart() < end) {
                Deadline.checkEvery(step++);
                Map<String, Object> record = lines.record(ClaudeRecord.PROSE, ReadLimits.STRING_CAP);
                if (record == null) {
                    continue;
                }
                if (answered != null && !fresh(record, name, answered)) {
                    return false;
                }
                ClaudePlanCache.keepable(record, false);
                ClaudeRecord r = ClaudeRecord.of(record, lines.lineStart(), lines.lineNumber());
                if (r != null) {
                    into.add(r);
                }
            }
        } catch (Deadline.Exceeded e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // a whole read: what was read stands, as for the walk and the windows; new lines: read whole instead
            return answered == null;
        }
        return true;
    }

    /** Whether a record's calls (any record: one off every branch or without uuid too) have ids none had before. */
    private static boolean fresh(Map<String, Object> record, String file, int[] answered) {
        Message m = ClaudeRecord.message(record, file, 0, 0);
        if (m == null) {
            return true;
        }
        for (Block b : m.blocks()) {
            if (b instanceof Block.ToolCall c && c.id() != null) {
                if (m.role() != Role.ASSISTANT || ClaudeTail.contains(answered, c.id().hashCode())) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public WalkStats walkFrom(Path file, long offset, long line, MessageVisitor visitor) {
        return new ClaudeSession().walkFrom(file, offset, line, visitor);
    }
}
