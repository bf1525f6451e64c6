package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 */
final class ClaudeTail {
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

    /** The cache this tail goes with. */
    final PlanCacheKey key;

    final boolean scanned;
    /** How many planned messages, all windows, come before the cut's. */
    final int stable;

    final int window;
    final Mode mode;
    /** The latest time of a leaf outside the tail, or null when there is none. */
    final Instant other;

    final int[] uuids;
    final int[] outsideIds;
    final int[] answered;
    final int[] synthesized;
    /** The calls before the cut answered only below it: the branch must keep answering them. */
    final Set<String> needed;
    /** The subagent scan so far (when {@link #scanned}). */
    final String sessionId;

    final Map<String, String> linked;
    /** The tail, by position, the cut first. */
    final List<ClaudeRecord> records;

    ClaudeTail(
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
            List<ClaudeRecord> records) {
        this.key = key;
        this.scanned = scanned;
        this.stable = stable;
        this.window = window;
        this.mode = mode;
        this.other = other;
        this.uuids = uuids;
        this.outsideIds = outsideIds;
        this.answered = answered;
        this.synthesized = synthesized;
        this.needed = needed;
        this.sessionId = sessionId;
        this.linked = linked;
        this.records = records;
    }

    /** Writes the tail beside its cache ({@link ClaudeTailFile}). */
    void write(Path file) throws IOException {
        ClaudeTailFile.write(this, file);
    }

    /** The tail kept for {@code key} in {@code file}, or null when there is none for it. */
    static ClaudeTail read(Path file, PlanCacheKey key, boolean scanned) {
        return ClaudeTailFile.read(file, key, scanned);
    }

    /** The file kept beside a plan cache. */
    static Path fileOf(Path cache) {
        return cache.resolveSibling(cache.getFileName() + "-tail");
    }

    /** What a window's plan is made of: its branch, its messages, and what comes before them. */
    record Window(
            int index,
            int messagesBefore,
            long start,
            ClaudeBranch.Result branch,
            List<ClaudeMessages.Built> built,
            Mode mode) {}

    /** Hashes and times a tail inherits from the one it grew from (empty for a plan of the whole window). */
    private record Inherited(
            int[] uuids, int[] outsideIds, int[] answered, int[] synthesized, Set<String> needed, Instant other) {
        static final Inherited NONE = new Inherited(new int[0], new int[0], new int[0], new int[0], Set.of(), null);
    }

    /**
     * The tail of a plan's last window, or null when no user record of its branch makes a cut that holds (see the
     * class comment).
     */
    static ClaudeTail of(Window w, PlanCacheKey key, ClaudeSubagents.Scan scan) {
        return of(w, key, scan, new int[0]);
    }

    /**
     * {@link #of(Window, PlanCacheKey, ClaudeSubagents.Scan)} of a plan that folded records ({@link ClaudePlanReader}):
     * {@code folded} their uuids' hashes (sorted), which a record written again must not have either.
     */
    static ClaudeTail of(Window w, PlanCacheKey key, ClaudeSubagents.Scan scan, int[] folded) {
        return of(
                w,
                key,
                scan,
                folded.length == 0
                        ? Inherited.NONE
                        : new Inherited(folded, new int[0], new int[0], new int[0], Set.of(), null));
    }

    /**
     * {@link #of(Window, PlanCacheKey, ClaudeSubagents.Scan)} for a reader that keeps no plan cache and no subagent
     * scan (ClaudeCallTurns): {@code answered} (sorted hashes) are ids of calls outside the window that no call from
     * the cut on may have either.
     */
    static ClaudeTail of(Window w, PlanCacheKey key, int[] answered) {
        return of(w, key, null, new Inherited(new int[0], new int[0], answered, new int[0], Set.of(), null));
    }

    /** The cache a tail is made for: its size, and the transcript's offset and line count it reaches. */
    record PlanCacheKey(long planBytes, long offset, long lines, boolean redact) {}

    private static ClaudeTail of(Window w, PlanCacheKey key, ClaudeSubagents.Scan scan, Inherited before) {
        if (scan != null && scan.hasInlineRoots()) {
            return null;
        }
        ClaudeBranch.Result branch = w.branch();
        if (branch.leaf() == null) {
            return null;
        }
        Map<String, List<ClaudeRecord>> children = new HashMap<>();
        for (ClaudeRecord r : branch.records().values()) {
            if (r.parent != null) {
                List<ClaudeRecord> list = children.get(r.parent);
                if (list == null) {
                    list = new ArrayList<>();
                    children.put(r.parent, list);
                }
                list.add(r);
            }
        }
        Map<ClaudeRecord, Integer> onChain = new HashMap<>();
        for (int i = 0; i < branch.chain().size(); i++) {
            onChain.put(branch.chain().get(i), i);
        }
        int tried = 0;
        for (int k = w.built().size() - 1; k >= 0 && tried < CUTS_TRIED; k--) {
            List<ClaudeRecord> made = w.built().get(k).records;
            ClaudeRecord cut = made.isEmpty() ? null : made.get(0);
            if (cut == null || !cut.type.equals("user") || cut.offset < w.start() || !onChain.containsKey(cut)) {
                continue;
            }
            tried++;
            ClaudeTail tail = cutAt(w, key, scan, before, children, onChain, k, cut);
            if (tail != null) {
                return tail;
            }
        }
        return null;
    }

    private static ClaudeTail cutAt(
            Window w,
            PlanCacheKey key,
            ClaudeSubagents.Scan scan,
            Inherited before,
            Map<String, List<ClaudeRecord>> children,
            Map<ClaudeRecord, Integer> onChain,
            int k,
            ClaudeRecord cut) {
        ClaudeBranch.Result branch = w.branch();
        Set<String> below = new HashSet<>();
        List<ClaudeRecord> queue = new ArrayList<>(List.of(cut));
        below.add(cut.uuid);
        for (int i = 0; i < queue.size(); i++) {
            for (ClaudeRecord c : children.getOrDefault(queue.get(i).uuid, List.of())) {
                if (below.add(c.uuid)) {
                    queue.add(c);
                }
            }
        }
        if (cut.parent != null && below.contains(cut.parent) || !below.contains(branch.leaf().uuid)) {
            return null; // a cycle through the cut, or a branch that does not end below it
        }
        for (String u : below) {
            if (branch.relinked().contains(u)) {
                return null; // the preserved segment's relink moves records below the cut
            }
        }
        for (int i = onChain.get(cut); i < branch.chain().size(); i++) {
            if (!below.contains(branch.chain().get(i).uuid)) {
                return null;
            }
        }
        IntSet inIds = new IntSet();
        IntSet outIds = new IntSet(before.outsideIds());
        List<ClaudeRecord> tail = new ArrayList<>();
        IntSet uuids = new IntSet(before.uuids());
        for (ClaudeRecord r : branch.records().values()) {
            uuids.add(r.uuid.hashCode());
            if (r.parent != null) {
                // a parent missing from the window: a new record with its uuid would join what hangs off it
                uuids.add(r.parent.hashCode());
            }
            String id = r.messageId();
            if (below.contains(r.uuid)) {
                tail.add(r);
                if (id != null) {
                    inIds.add(id.hashCode());
                }
            } else if (id != null) {
                outIds.add(id.hashCode());
            }
        }
        if (inIds.meets(outIds)) {
            return null; // a message with lines on both sides of the cut
        }
        IntSet answered = new IntSet(before.answered());
        IntSet synthesized = new IntSet(before.synthesized());
        Set<String> needed = new java.util.LinkedHashSet<>(before.needed());
        for (int i = 0; i < k; i++) {
            Message m = w.built().get(i).message;
            for (Block b : m.blocks()) {
                if (b instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId().hashCode());
                    needed.remove(r.callId());
                    if (m.has(Message.Flag.SYNTHETIC)) {
                        synthesized.add(r.callId().hashCode());
                    }
                } else if (b instanceof Block.ToolCall c && c.id() != null && m.role() == Role.ASSISTANT) {
                    answered.add(c.id().hashCode());
                    needed.add(c.id());
                }
            }
        }
        if (callsMeet(w.built(), k, answered.sorted())) {
            return null;
        }
        Instant other = before.other();
        for (ClaudeRecord c : branch.candidates()) {
            if (!below.contains(c.uuid)) {
                Instant t = timeOf(c);
                other = other == null || t.isAfter(other) ? t : other;
            }
        }
        if (other != null && !timeOf(branch.leaf()).isAfter(other)) {
            return null; // the branch won on its place in the file, which new lines could not tell
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
                tail);
    }

    /** Whether a call from the cut on has an id a result or call before the cut had. */
    private static boolean callsMeet(List<ClaudeMessages.Built> built, int from, int[] answered) {
        for (int i = from; i < built.size(); i++) {
            Message m = built.get(i).message;
            if (m.role() != Role.ASSISTANT) {
                continue;
            }
            for (Block b : m.blocks()) {
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
    record Extension(List<ClaudeMessages.Built> built, ClaudeTail next) {}

    /**
     * The last window's messages from the cut on, with {@code added} (the records of the lines past {@link #offset},
     * in file order), or null when they must be planned from the whole window. {@code next} is null when
     * {@code key} is null (the added lines are not all in the cache) or no cut holds.
     */
    Extension extend(List<ClaudeRecord> added, String file, PlanCacheKey key, ClaudeSubagents.Scan scan) {
        return extend(added, file, key, scan, new int[0]);
    }

    /** {@link #extend(List, String, PlanCacheKey, ClaudeSubagents.Scan)}, {@code folded} the uuids the new lines folded. */
    Extension extend(List<ClaudeRecord> added, String file, PlanCacheKey key, ClaudeSubagents.Scan scan, int[] folded) {
        Set<String> known = new HashSet<>();
        for (ClaudeRecord r : records) {
            known.add(r.uuid);
        }
        Set<String> fresh = new HashSet<>();
        for (ClaudeRecord r : added) {
            if (r.isBoundary()
                    || (mode == Mode.MAIN && r.isSidechain())
                    || (mode == Mode.SIDECHAINS && !r.isSidechain())
                    || contains(uuids, r.uuid.hashCode())
                    || r.parent == null
                    || !(known.contains(r.parent) || fresh.contains(r.parent))
                    || !fresh.add(r.uuid)) {
                return null; // a new window, an inline subagent, a record written again, or a branch above the cut
            }
            String id = r.messageId();
            if (id != null && contains(outsideIds, id.hashCode())) {
                return null;
            }
        }
        List<ClaudeRecord> window = new ArrayList<>(records);
        window.addAll(added);
        ClaudeBranch.Result branch =
                ClaudeBranch.of(window, List.of(), mode == Mode.MAIN ? ClaudeBranch.MAIN : ClaudeBranch.OWN);
        if (branch.leaf() == null || other != null && !timeOf(branch.leaf()).isAfter(other)) {
            return null; // a leaf outside the tail is as late: the branch may not end below the cut
        }
        List<ClaudeMessages.Built> built = ClaudeMessages.built(branch.chain(), file);
        if (built.isEmpty()
                || built.get(0).records.isEmpty()
                || built.get(0).records.get(0) != records.get(0)) {
            return null;
        }
        if (callsMeet(built, 0, answered)) {
            return null;
        }
        Set<String> unanswered = new HashSet<>(needed);
        for (ClaudeMessages.Built b : built) {
            for (Block block : b.message.blocks()) {
                if (block instanceof Block.ToolResult t
                        && t.callId() != null
                        && !b.message.has(Message.Flag.SYNTHETIC)) {
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
                        new Inherited(union(uuids, folded), outsideIds, answered, synthesized, needed, other));
        return new Extension(built, next);
    }

    private static Instant timeOf(ClaudeRecord r) {
        return r.time != null ? r.time : Instant.MIN;
    }

    private static int[] union(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        IntSet all = new IntSet(a);
        for (int v : b) {
            all.add(v);
        }
        return all.sorted();
    }

    static boolean contains(int[] sorted, int value) {
        return Arrays.binarySearch(sorted, value) >= 0;
    }

    /** A set of ints that ends as a sorted array. */
    private static final class IntSet {
        private int[] values;
        private int size;

        IntSet() {
            values = new int[16];
        }

        IntSet(int[] sorted) {
            values = Arrays.copyOf(sorted, Math.max(16, sorted.length * 2));
            size = sorted.length;
        }

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] sorted() {
            int[] all = Arrays.copyOf(values, size);
            Arrays.sort(all);
            int n = 0;
            for (int i = 0; i < all.length; i++) {
                if (n == 0 || all[n - 1] != all[i]) {
                    all[n++] = all[i];
                }
            }
            return Arrays.copyOf(all, n);
        }

        boolean meets(IntSet other) {
            int[] mine = sorted();
            int[] theirs = other.sorted();
            for (int v : mine) {
                if (ClaudeTail.contains(theirs, v)) {
                    return true;
                }
            }
            return false;
        }
    }
}
