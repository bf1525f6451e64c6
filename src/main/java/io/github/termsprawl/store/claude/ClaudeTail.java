package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a plan of a Claude Code transcript keeps of its last window so that lines appended to it can be planned
 * alone: the plan's messages before a cut stand, and only the records that hang below the cut are planned again
 * with the new ones. The cut is a user record on the live branch of the last window; the records below it (its
 * tail) are kept whole. Of the rest only what tells whether new lines reach past the cut is kept: hashes of the
 * window's uuids (and of the parents its records name, and of the records a plan folded, ClaudePlanReader), of the message ids outside the tail, of the tool ids before the cut, the calls before the cut
 * that only the tail answers, and the time of the latest leaf outside the tail.
 *
 * <p>New lines are planned alone only when each record hangs below the cut with a new uuid and a message id of
 * its own, no call before the cut gains a result on the branch (it had a made-up one) or loses the one it had,
 * and the new branch is later than every leaf outside the tail: then the branch rules (ClaudeBranch,
 * ClaudeMessages) give the same messages from the tail as from the whole window. Anything else — a rewind, a
 * new compaction window, a record written again, an inline subagent — is planned from the whole plan cache, as
 * before. A hash that collides only sends a plan that way.
 *
 * @param key the cache this tail goes with
 * @param stable how many planned messages, all windows, come before the cut's
 * @param other the latest time of a leaf outside the tail, or null when there is none
 * @param needed the calls before the cut answered only below it: the branch must keep answering them
 * @param sessionId the subagent scan so far (when {@code scanned})
 * @param records the tail, by position, the cut first
 * @param folds the uuids the plans folded (in {@code uuids} too) and the cache's lines that list them
 */
record ClaudeTail(
        PlanCacheKey key,
        boolean scanned,
        int stable,
        int window,
        Mode mode,
        Instant other,
        int[] uuids,
        int[] outsideIds,
        int[] answered,
        int[] synthesized,
        Set<String> needed,
        String sessionId,
        Map<String, String> linked,
        List<ClaudeRecord> records,
        Folds folds) {
    /** How many user records of the branch, latest first, are tried as the cut. */
    private static final int CUTS_TRIED = 6;

    /** Which records the window's branch is made of ({@link ClaudeBranch.Scope}). */
    enum Mode {
        /** A session file: its main conversation (new sidechain records are inline subagents). */
        MAIN,
        /** A session file whose window is all sidechain records: read as a subagent's own. */
        SIDECHAINS,
        /** A subagent's own transcript: every record. */
        OWN
    }

    /** The file kept beside a plan cache ({@link ClaudeTailFile}). */
    static Path fileOf(Path cache) {
        return cache.resolveSibling(cache.getFileName() + "-tail");
    }

    /** The plan cache a tail file is kept beside: {@link #fileOf} the other way. */
    static Path cacheOf(Path tailFile) {
        String name = tailFile.getFileName().toString();
        return tailFile.resolveSibling(name.substring(0, name.length() - "-tail".length()));
    }

    /** What a window's plan is made of: its branch, its messages, and what comes before them. */
    record Window(
            int index,
            int messagesBefore,
            long start,
            ClaudeBranch.Result branch,
            ClaudeMessages.Built built,
            Mode mode) {}

    /** Hashes and times a tail inherits from the one it grew from (empty for a plan of the whole window). */
    private record Inherited(
            int[] uuids,
            int[] outsideIds,
            int[] answered,
            int[] synthesized,
            Set<String> needed,
            Instant other,
            Folds folds) {}

    /**
     * The tail of a plan's last window, or null when no user record of its branch makes a cut that holds (see the
     * class comment); {@code folds} the uuids' hashes (sorted) of the records the plan folded ({@link
     * ClaudePlanReader}), which a record written again must not have either.
     */
    static ClaudeTail of(Window w, PlanCacheKey key, ClaudeSubagents.Scan scan, Folds folds) {
        return of(
                w, key, scan, new Inherited(folds.hashes(), new int[0], new int[0], new int[0], Set.of(), null, folds));
    }

    /**
     * {@link #of(Window, PlanCacheKey, ClaudeSubagents.Scan, Folds)} for a reader that keeps no plan cache and no subagent
     * scan (ClaudeCallTurns): {@code answered} (sorted hashes) are ids of calls outside the window that no call from
     * the cut on may have either.
     */
    static ClaudeTail of(Window w, PlanCacheKey key, int[] answered) {
        return of(
                w, key, null, new Inherited(new int[0], new int[0], answered, new int[0], Set.of(), null, Folds.NONE));
    }

    /** The cache a tail is made for: its size, and the transcript's offset and line count it reaches. */
    record PlanCacheKey(long planBytes, long offset, long lines, boolean redact) {}

    private static ClaudeTail of(Window w, PlanCacheKey key, ClaudeSubagents.Scan scan, Inherited before) {
        if (scan != null && scan.hasInlineRoots()) {
            return null;
        }
        ClaudeBranch.Result branch = w.branch();
        if (branch.leaf() < 0) {
            return null;
        }
        ClaudeRecords s = branch.records();
        // the records off each uuid (the parent each names, not a relinked one), in entry order
        int[] entries = branch.entries();
        ClaudeBranch.IdMap childGroup = new ClaudeBranch.IdMap(entries.length, s.pool.size());
        int[] groupOf = new int[entries.length];
        for (int k = 0; k < entries.length; k++) {
            int p = s.parent(entries[k]);
            groupOf[k] = p < 0 ? -1 : childGroup.group(p);
        }
        Children tree = new Children(childGroup, new ClaudeBranch.Groups(groupOf, childGroup.groups()));
        groupOf = null;
        int[] onChain = new int[s.size()]; // each record's place on the chain, -1 off it
        Arrays.fill(onChain, -1);
        for (int i = 0; i < branch.chain().length; i++) {
            onChain[branch.chain()[i]] = i;
        }
        ClaudeMessages.Built built = w.built();
        int tried = 0;
        for (int k = built.size() - 1; k >= 0 && tried < CUTS_TRIED; k--) {
            int cut = built.count(k) == 0 ? -1 : built.record(k, 0);
            if (cut < 0 || s.type(cut) != ClaudeRecords.USER || s.offset(cut) < w.start() || onChain[cut] < 0) {
                continue;
            }
            tried++;
            ClaudeTail tail = cutAt(w, key, scan, before, tree, onChain, k, cut);
            if (tail != null) {
                return tail;
            }
        }
        return null;
    }

    /** The records off each uuid id, as the places of their entries ({@link ClaudeBranch.Result#entries}). */
    private record Children(ClaudeBranch.IdMap group, ClaudeBranch.Groups entries) {}

    private static ClaudeTail cutAt(
            Window w,
            PlanCacheKey key,
            ClaudeSubagents.Scan scan,
            Inherited before,
            Children tree,
            int[] onChain,
            int k,
            int cut) {
        ClaudeBranch.Result branch = w.branch();
        ClaudeRecords s = branch.records();
        java.util.BitSet below = new java.util.BitSet(); // uuid ids
        IntList queue = new IntList();
        queue.add(cut);
        below.set(s.uuid(cut));
        for (int i = 0; i < queue.size(); i++) {
            int g = tree.group().get(s.uuid(queue.get(i)));
            if (g < 0) {
                continue;
            }
            for (int c = tree.entries().start[g]; c < tree.entries().start[g + 1]; c++) {
                int child = branch.entries()[tree.entries().members[c]];
                if (!below.get(s.uuid(child))) {
                    below.set(s.uuid(child));
                    queue.add(child);
                }
            }
        }
        if (s.parent(cut) >= 0 && below.get(s.parent(cut)) || !below.get(s.uuid(branch.leaf()))) {
            return null; // a cycle through the cut, or a branch that does not end below it
        }
        for (int u : branch.relinked()) {
            if (below.get(u)) {
                return null; // the preserved segment's relink moves records below the cut
            }
        }
        int[] chain = branch.chain();
        for (int i = onChain[cut]; i < chain.length; i++) {
            if (!below.get(s.uuid(chain[i]))) {
                return null;
            }
        }
        IntList inIds = new IntList();
        IntList outIds = new IntList(before.outsideIds());
        IntList tail = new IntList();
        IntList uuids = new IntList(before.uuids());
        for (int r : branch.entries()) {
            uuids.add(s.pool.hash(s.uuid(r)));
            if (s.parent(r) >= 0) {
                // a parent missing from the window: a new record with its uuid would join what hangs off it
                uuids.add(s.pool.hash(s.parent(r)));
            }
            int id = s.messageId(r);
            if (below.get(s.uuid(r))) {
                tail.add(r);
                if (id >= 0) {
                    inIds.add(s.pool.hash(id));
                }
            } else if (id >= 0) {
                outIds.add(s.pool.hash(id));
            }
        }
        if (meet(inIds, outIds)) {
            return null; // a message with lines on both sides of the cut
        }
        ClaudeMessages.Built built = w.built();
        IntList answered = new IntList(before.answered());
        IntList synthesized = new IntList(before.synthesized());
        Set<String> needed = new java.util.LinkedHashSet<>(before.needed());
        for (int i = 0; i < k; i++) {
            boolean synthetic = built.has(i, Message.Flag.SYNTHETIC);
            Role role = built.role(i);
            for (Block b : built.blocks(i)) {
                if (b instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId().hashCode());
                    needed.remove(r.callId());
                    if (synthetic) {
                        synthesized.add(r.callId().hashCode());
                    }
                } else if (b instanceof Block.ToolCall c && c.id() != null && role == Role.ASSISTANT) {
                    answered.add(c.id().hashCode());
                    needed.add(c.id());
                }
            }
        }
        if (callsMeet(built, k, answered.sorted())) {
            return null;
        }
        Instant other = before.other();
        for (int c : branch.candidates()) {
            if (!below.get(s.uuid(c))) {
                Instant t = s.timeOrMin(c);
                other = other == null || t.isAfter(other) ? t : other;
            }
        }
        if (other != null && !s.timeOrMin(branch.leaf()).isAfter(other)) {
            return null; // the branch won on its place in the file, which new lines could not tell
        }
        List<ClaudeRecord> records = s.records(tail.toArray());
        if (records == null) {
            return null; // what the tail is made of no longer reads: the next plan reads the whole cache
        }
        return new ClaudeTail(
                key,
                scan != null,
                w.messagesBefore() + k,
                w.index(),
                w.mode(),
                other,
                uuids.sorted(),
                outIds.sorted(),
                answered.sorted(),
                synthesized.sorted(),
                needed,
                scan == null ? null : scan.sessionId(),
                scan == null ? Map.of() : new LinkedHashMap<>(scan.linked()),
                records,
                before.folds());
    }

    /** Whether a call from the cut on has an id a result or call before the cut had. */
    private static boolean callsMeet(ClaudeMessages.Built built, int from, int[] answered) {
        for (int i = from; i < built.size(); i++) {
            if (built.role(i) != Role.ASSISTANT) {
                continue;
            }
            for (Block b : built.blocks(i)) {
                if (b instanceof Block.ToolCall c && c.id() != null && contains(answered, c.id().hashCode())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The subagent scan this tail goes on from. */
    ClaudeSubagents.Scan scan() {
        return new ClaudeSubagents.Scan(sessionId, linked);
    }

    /** The last window planned again from the tail and the records added, and the tail it leaves. */
    record Extension(ClaudeMessages.Built built, ClaudeTail next) {}

    /**
     * The last window's messages from the cut on, with the records added (in {@code records}, after this tail's
     * {@link #records}, which are its first: the records of the lines past the cache's offset, in file order), or
     * null when they must be planned from the whole window. {@code next} is null when {@code key} is null (the added
     * lines are not all in the cache) or no cut holds. {@code folded}: the uuids the new lines folded.
     */
    Extension extend(ClaudeRecords s, PlanCacheKey key, ClaudeSubagents.Scan scan, Folds folded) {
        java.util.BitSet known = new java.util.BitSet(); // uuid ids of the tail and of the new records so far
        for (int i = 0; i < records.size(); i++) {
            known.set(s.uuid(i));
        }
        for (int i = records.size(); i < s.size(); i++) {
            if (s.isBoundary(i)
                    || (mode == Mode.MAIN && s.isSidechain(i))
                    || (mode == Mode.SIDECHAINS && !s.isSidechain(i))
                    || contains(uuids, s.pool.hash(s.uuid(i)))
                    || s.parent(i) < 0
                    || !known.get(s.parent(i))
                    || known.get(s.uuid(i))) {
                return null; // a new window, an inline subagent, a record written again, or a branch above the cut
            }
            known.set(s.uuid(i));
            int id = s.messageId(i);
            if (id >= 0 && contains(outsideIds, s.pool.hash(id))) {
                return null;
            }
        }
        ClaudeBranch.Result branch =
                ClaudeBranch.of(s, 0, s.size(), mode == Mode.MAIN ? ClaudeBranch.MAIN : ClaudeBranch.OWN);
        if (branch.leaf() < 0 || other != null && !s.timeOrMin(branch.leaf()).isAfter(other)) {
            return null; // a leaf outside the tail is as late: the branch may not end below the cut
        }
        ClaudeMessages.Built built = ClaudeMessages.built(s, branch.chain());
        if (built.size() == 0 || built.count(0) == 0 || built.record(0, 0) != 0) {
            return null;
        }
        if (callsMeet(built, 0, answered)) {
            return null;
        }
        Set<String> unanswered = new HashSet<>(needed);
        for (int k = 0; k < built.size(); k++) {
            if (built.has(k, Message.Flag.SYNTHETIC)) {
                continue;
            }
            for (Block block : built.blocks(k)) {
                if (block instanceof Block.ToolResult t && t.callId() != null) {
                    if (contains(synthesized, t.callId().hashCode())) {
                        return null; // a call before the cut got its result on the branch: its made-up one goes
                    }
                    unanswered.remove(t.callId());
                }
            }
        }
        if (!unanswered.isEmpty()) {
            return null; // a call before the cut lost its result with the branch: it gets a made-up one
        }
        ClaudeTail next = key == null
                ? null
                : of(
                        new Window(this.window, stable, Long.MIN_VALUE, branch, built, mode),
                        key,
                        scan,
                        new Inherited(
                                union(uuids, folded.hashes()),
                                outsideIds,
                                answered,
                                synthesized,
                                needed,
                                other,
                                folds.plus(folded)));
        return new Extension(built, next);
    }

    /** The sorted set of both (each sorted). */
    static int[] union(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        IntList all = new IntList(a);
        for (int v : b) {
            all.add(v);
        }
        return all.sorted();
    }

    /** {@code all} without {@code some} (both sorted, distinct). */
    static int[] without(int[] all, int[] some) {
        if (some.length == 0) {
            return all;
        }
        IntList out = new IntList();
        for (int h : all) {
            if (!contains(some, h)) {
                out.add(h); // in order, each once
            }
        }
        return out.toArray();
    }

    static boolean contains(int[] sorted, int value) {
        return Arrays.binarySearch(sorted, value) >= 0;
    }

    /** Whether the two hold a value in common. */
    private static boolean meet(IntList a, IntList b) {
        int[] theirs = b.sorted();
        for (int v : a.sorted()) {
            if (contains(theirs, v)) {
                return true;
            }
        }
        return false;
    }
}
