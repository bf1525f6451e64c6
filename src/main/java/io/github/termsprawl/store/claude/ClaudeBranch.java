package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.Deadline;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The live branch of one compaction window of a Claude Code transcript: the records Claude Code itself
 * would load on resume, in conversation order. The file is a tree (rewinds and edited prompts leave
 * abandoned branches); a window is the records from one {@code compact_boundary} to the next. The rules
 * are numbered as in docs/context.md, "The live view".
 *
 * <p>Records are indexes of a {@link ClaudeRecords}, uuids its pool's ids: what the rules hold is a few ints a
 * record, whatever the window's size.
 */
final class ClaudeBranch {
    /** Which records belong to the conversation (rule 8: sidechain records are a subagent's, not the main branch). */
    interface Scope {
        boolean keeps(ClaudeRecords records, int i);
    }

    /** The main conversation of a session file: every record but the inline subagents' (1.0.x). */
    static final Scope MAIN = new Scope() {
        @Override
        public boolean keeps(ClaudeRecords records, int i) {
            return !records.isSidechain(i);
        }
    };

    /** A subagent's own transcript ({@code agent-*.jsonl}): its records are all sidechain records, and all count. */
    static final Scope OWN = new Scope() {
        @Override
        public boolean keeps(ClaudeRecords records, int i) {
            return true;
        }
    };

    /** The uuids of an inline subagent (1.0.x): the sidechain records whose topmost ancestor is {@code root}. */
    static Set<String> inline(String root, List<ClaudeRecord> records) {
        Map<String, ClaudeRecord> side = new HashMap<>();
        for (ClaudeRecord r : records) {
            if (r.isSidechain()) {
                side.put(r.uuid, r);
            }
        }
        Set<String> members = new HashSet<>();
        for (ClaudeRecord r : side.values()) {
            Set<String> seen = new HashSet<>();
            ClaudeRecord top = r;
            while (top.parent != null && side.containsKey(top.parent) && seen.add(top.uuid)) {
                top = side.get(top.parent);
            }
            if (top.uuid.equals(root)) {
                members.add(r.uuid);
            }
        }
        return members;
    }

    static Scope only(Set<String> members) {
        return new Scope() {
            @Override
            public boolean keeps(ClaudeRecords records, int i) {
                return members.contains(records.pool.string(records.uuid(i)));
            }
        };
    }

    /**
     * @param records    the records the indexes below are of
     * @param chain      the branch's records, root first (system and progress records included)
     * @param abandoned  how many of the candidates are not on the branch: the rewound or edited-away branches
     * @param entries    the window's records, one for each uuid (its last), in the order rule 2 gives them (the
     *                   preserved segment's first)
     * @param candidates every leaf taken up to its nearest user or assistant record, the chosen one among them
     * @param leaf       the chosen one, where the branch was walked up from (-1 when there is none)
     * @param relinked   the uuids whose parent the preserved-segment relink changed, and its anchor and tail, sorted;
     *                   empty when none
     * @param scope      the scope the window was read with (a subagent's transcript by another name reads as its own)
     */
    record Result(
            ClaudeRecords records,
            int[] chain,
            int abandoned,
            int[] entries,
            int[] candidates,
            int leaf,
            int[] relinked,
            Scope scope) {
        /** How many distinct leaves (each taken up to its nearest user or assistant record) the window has. */
        int leaves() {
            return candidates.length;
        }
    }

    private final ClaudeRecords s;
    private final Scope scope;
    /** Uuid id to entry. */
    private final IdMap slot;
    /** Each entry's record (the last written with its uuid). */
    private int[] rec = new int[16];

    private int n;
    /** Parents changed by the preserved-segment relink, by uuid id; every other record keeps the one it has. */
    private final IntMap relinked = new IntMap();

    private ClaudeBranch(ClaudeRecords s, Scope scope, int records) {
        this.s = s;
        this.scope = scope;
        this.slot = new IdMap(records, s.pool.size());
    }

    /**
     * The branch of the window {@code [from, to)} of {@code records}; the records before {@code from}, in file order,
     * are where a preserved segment is looked up (may be only the part of them a backward read got to).
     */
    static Result of(ClaudeRecords records, int from, int to, Scope scope) {
        if (scope == MAIN && onlySidechains(records, from, to)) {
            scope = OWN; // a subagent's transcript by another name: its records are all it has
        }
        ClaudeBranch branch = new ClaudeBranch(records, scope, to - from);
        String[] seg = to > from && records.isBoundary(from) ? records.segment(from) : null;
        int[] preserved = seg == null ? new int[0] : preserved(records, from, scope, seg[0], seg[1]);
        for (int r : preserved) {
            branch.put(r);
        }
        long step = 0;
        for (int i = from; i < to; i++) {
            Deadline.checkEvery(step++); // the context's live view has a deadline (docs/context.md)
            if (scope.keeps(records, i)) {
                branch.put(i);
            }
        }
        if (preserved.length > 0) {
            branch.relink(seg[0], seg[1], seg[2]);
        }
        return branch.build();
    }

    private static boolean onlySidechains(ClaudeRecords records, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!records.isSidechain(i)) {
                return false;
            }
        }
        return true;
    }

    /** Rule 2: a uuid written more than once counts as its last record, at its first position. */
    private void put(int r) {
        int u = s.uuid(r);
        int k = slot.get(u);
        if (k >= 0) {
            rec[k] = r;
            return;
        }
        if (n == rec.length) {
            rec = Arrays.copyOf(rec, n + (n >> 1) + 16);
        }
        slot.put(u, n);
        rec[n++] = r;
    }

    /**
     * The preserved segment, head first: the walk from tail up to head over the records before the
     * boundary; empty when it does not reach the head (then Claude Code relinks nothing either).
     */
    private static int[] preserved(ClaudeRecords s, int from, Scope scope, String head, String tail) {
        int h = s.pool.find(head);
        int t = s.pool.find(tail);
        if (h < 0 || t < 0) {
            return new int[0];
        }
        IdMap before = new IdMap(from, s.pool.size()); // uuid id to its last record before the boundary
        long step = 0;
        for (int i = 0; i < from; i++) {
            Deadline.checkEvery(step++);
            if (scope.keeps(s, i)) {
                before.put(s.uuid(i), i);
            }
        }
        IntList segment = new IntList();
        IdMap seen = new IdMap(0, s.pool.size());
        for (int r = before.get(t); r >= 0 && seen.get(s.uuid(r)) < 0; ) {
            seen.put(s.uuid(r), 0);
            segment.add(r);
            if (s.uuid(r) == h) {
                return reversed(segment);
            }
            int p = s.parent(r);
            r = p < 0 ? -1 : before.get(p);
        }
        return new int[0];
    }

    /** As Claude Code does: the head hangs off the anchor (the summary), and what hung off the anchor off the tail. */
    private void relink(String head, String tail, String anchor) {
        int h = s.pool.intern(head);
        int t = s.pool.intern(tail);
        int a = s.pool.intern(anchor);
        relinked.put(h, a);
        for (int k = 0; k < n; k++) {
            int u = s.uuid(rec[k]);
            if (u != h && parentOf(k) == a) {
                relinked.put(u, t);
            }
        }
    }

    /** The parent id of entry {@code k}, relinked or as written; -1 when none. */
    private int parentOf(int k) {
        int u = s.uuid(rec[k]);
        int p = relinked.size() == 0 ? -1 : relinked.get(u);
        return p >= 0 ? p : s.parent(rec[k]);
    }

    private Result build() {
        BitSet named = new BitSet();
        long step = 0;
        for (int k = 0; k < n; k++) {
            Deadline.checkEvery(step++);
            int p = parentOf(k);
            if (p >= 0) {
                named.set(p);
            }
        }
        // rule 1: every leaf taken up to its nearest user or assistant record; the latest of those, the first on ties
        IntList candidates = new IntList();
        BitSet isCandidate = new BitSet();
        int[] stamp = new int[n];
        for (int k = 0; k < n; k++) {
            Deadline.checkEvery(step++);
            if (!named.get(s.uuid(rec[k]))) {
                int c = nearestConversation(k, stamp, k + 1);
                if (c >= 0 && !isCandidate.get(c)) {
                    isCandidate.set(c);
                    candidates.add(c);
                }
            }
        }
        stamp = null;
        int leaf = -1;
        for (int i = 0; i < candidates.size(); i++) {
            int c = candidates.get(i);
            if (leaf < 0 || later(c, leaf)) {
                leaf = c;
            }
        }
        int[] chain = leaf < 0 ? new int[0] : recoverParallelResults(walkUp(leaf));
        BitSet onChain = new BitSet(n);
        for (int k : chain) {
            onChain.set(k);
        }
        int abandoned = 0;
        int[] candidateRecords = new int[candidates.size()];
        for (int i = 0; i < candidates.size(); i++) {
            abandoned += onChain.get(candidates.get(i)) ? 0 : 1;
            candidateRecords[i] = rec[candidates.get(i)];
        }
        for (int i = 0; i < chain.length; i++) {
            chain[i] = rec[chain[i]];
        }
        IntList relinks = new IntList();
        relinked.addTo(relinks); // the anchor, and the tail: a record that hangs off either moves
        return new Result(
                s,
                chain,
                abandoned,
                Arrays.copyOf(rec, n),
                candidateRecords,
                leaf < 0 ? -1 : rec[leaf],
                relinks.sorted(),
                scope);
    }

    /** Entry {@code a}'s record is later than {@code b}'s: by time, else by place (an earlier entry wins ties). */
    private boolean later(int a, int b) {
        int byTime = s.compareTime(rec[a], rec[b]);
        return byTime > 0 || byTime == 0 && a < b;
    }

    /** The nearest user or assistant entry from {@code k} up, or -1 (a missing parent, a cycle). */
    private int nearestConversation(int k, int[] stamp, int mark) {
        int r = k;
        while (r >= 0 && !s.isConversation(rec[r])) {
            if (stamp[r] == mark) {
                return -1;
            }
            stamp[r] = mark;
            int p = parentOf(r);
            r = p < 0 ? -1 : slot.get(p);
        }
        return r;
    }

    /** Rule 2: up the parents from the leaf; a missing parent ends the walk, a cycle too. Root first (entries). */
    private int[] walkUp(int leaf) {
        IntList chain = new IntList();
        BitSet seen = new BitSet(n);
        for (int k = leaf; k >= 0 && !seen.get(k); ) {
            Deadline.checkEvery(chain.size());
            seen.set(k);
            chain.add(k);
            int p = parentOf(k);
            k = p < 0 ? -1 : slot.get(p);
        }
        return reversed(chain);
    }

    private static int[] reversed(IntList list) {
        int[] out = list.toArray();
        for (int i = 0, j = out.length - 1; i < j; i++, j--) {
            int x = out[i];
            out[i] = out[j];
            out[j] = x;
        }
        return out;
    }

    /**
     * Rule 3: the lines of one split assistant message may carry parallel tool calls whose results hang
     * off different lines, so one walk up misses some. Every line of each message on the branch, and every
     * result hanging off any of them, is put back right after the message's last line on the branch.
     */
    private int[] recoverParallelResults(int[] chain) {
        IdMap lastOnChain = new IdMap(chain.length, s.pool.size()); // message id to its last entry on the chain
        boolean any = false;
        for (int k : chain) {
            int id = s.messageId(rec[k]);
            if (id >= 0) {
                lastOnChain.put(id, k);
                any = true;
            }
        }
        if (!any) {
            return chain;
        }
        BitSet seen = new BitSet(n);
        for (int k : chain) {
            seen.set(k);
        }
        // each message's lines, and the results off each uuid, in entry order: groups of one flat array each
        IdMap lineGroup = new IdMap(n, s.pool.size());
        IdMap resultGroup = new IdMap(n, s.pool.size());
        int[] lineOf = new int[n];
        int[] resultOf = new int[n];
        for (int k = 0; k < n; k++) {
            int id = s.messageId(rec[k]);
            lineOf[k] = id >= 0 ? lineGroup.group(id) : -1;
            resultOf[k] = id < 0 && parentOf(k) >= 0 && s.holdsToolResult(rec[k]) ? resultGroup.group(parentOf(k)) : -1;
        }
        Groups lines = new Groups(lineOf, lineGroup.groups());
        Groups results = new Groups(resultOf, resultGroup.groups());
        lineOf = null;
        resultOf = null;
        Map<Integer, int[]> inserts = new HashMap<>();
        BitSet done = new BitSet();
        for (int k : chain) {
            int id = s.messageId(rec[k]);
            if (id < 0 || done.get(id)) {
                continue;
            }
            done.set(id);
            IntList siblings = new IntList();
            IntList found = new IntList();
            int lg = lineGroup.get(id);
            for (int li = lines.start[lg]; li < lines.start[lg + 1]; li++) {
                int line = lines.members[li];
                if (!seen.get(line)) {
                    siblings.add(line);
                }
                int g = resultGroup.get(s.uuid(rec[line]));
                if (g < 0) {
                    continue;
                }
                for (int ri = results.start[g]; ri < results.start[g + 1]; ri++) {
                    int result = results.members[ri];
                    if (!seen.get(result)) {
                        found.add(result);
                    }
                }
            }
            if (siblings.size() == 0 && found.size() == 0) {
                continue;
            }
            int[] put = concat(byTime(siblings), byTime(found)); // stable: entry order on equal times
            for (int x : put) {
                seen.set(x);
            }
            inserts.put(lastOnChain.get(id), put);
        }
        if (inserts.isEmpty()) {
            return chain;
        }
        IntList out = new IntList();
        for (int k : chain) {
            out.add(k);
            int[] put = inserts.get(k);
            if (put != null) {
                for (int x : put) {
                    out.add(x);
                }
            }
        }
        return out.toArray();
    }

    /** The entries of each group, in entry order: group {@code g}'s are {@code members[start[g], start[g + 1])}. */
    static final class Groups {
        final int[] start;
        final int[] members;

        Groups(int[] groupOf, int groups) {
            start = new int[groups + 1];
            for (int g : groupOf) {
                if (g >= 0) {
                    start[g + 1]++;
                }
            }
            for (int g = 0; g < groups; g++) {
                start[g + 1] += start[g];
            }
            members = new int[start[groups]];
            int[] fill = Arrays.copyOf(start, groups);
            for (int k = 0; k < groupOf.length; k++) {
                if (groupOf[k] >= 0) {
                    members[fill[groupOf[k]]++] = k;
                }
            }
        }
    }

    /** Entries by their records' time, no time first; stable (a class, not a lambda: the planted commands start without the lambda machinery). */
    private int[] byTime(IntList entries) {
        Integer[] sorted = new Integer[entries.size()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = entries.get(i);
        }
        Arrays.sort(sorted, new Comparator<Integer>() {
            @Override
            public int compare(Integer a, Integer b) {
                return s.compareTime(rec[a], rec[b]);
            }
        });
        int[] out = new int[sorted.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = sorted[i];
        }
        return out;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    // ---- ints ----

    /**
     * Ids of a pool (0 up to its size) to ints (0 and up), -1 for one it has not: an array by id when about a
     * quarter of the ids or more may be put (a window of most of the session: 4 bytes an id, where a table takes
     * 16 a key), else a table (one of many small windows).
     */
    static final class IdMap {
        private int[] dense;
        private final IntMap sparse;
        /** How many groups {@link #group} has given. */
        private int groups;

        IdMap(int expected, int ids) {
            if ((long) expected * 4 >= ids) {
                dense = new int[Math.max(ids, 16)];
                Arrays.fill(dense, -1);
                sparse = null;
            } else {
                sparse = new IntMap();
            }
        }

        int get(int id) {
            if (sparse != null) {
                return sparse.get(id);
            }
            return id < dense.length ? dense[id] : -1;
        }

        void put(int id, int value) {
            if (sparse != null) {
                sparse.put(id, value);
                return;
            }
            if (id >= dense.length) {
                int old = dense.length;
                dense = Arrays.copyOf(dense, Math.max(id + 1, old + (old >> 1)));
                Arrays.fill(dense, old, dense.length, -1);
            }
            dense[id] = value;
        }

        /** The group of {@code id}: its value, else the next group number (from 0), which it is given. */
        int group(int id) {
            int g = get(id);
            if (g < 0) {
                g = groups++;
                put(id, g);
            }
            return g;
        }

        int groups() {
            return groups;
        }
    }

    /** Int keys (0 and up) to int values (0 and up), open addressing; -1 for a key it has not. */
    static final class IntMap {
        private int[] keys = new int[16];
        private int[] values = new int[16];
        private int size;

        IntMap() {
            Arrays.fill(keys, -1);
        }

        int size() {
            return size;
        }

        int get(int key) {
            int mask = keys.length - 1;
            for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] < 0) {
                    return -1;
                }
            }
        }

        void put(int key, int value) {
            if (2 * (size + 1) > keys.length) {
                int[] k = keys;
                int[] v = values;
                keys = new int[k.length * 2];
                values = new int[k.length * 2];
                Arrays.fill(keys, -1);
                size = 0;
                for (int i = 0; i < k.length; i++) {
                    if (k[i] >= 0) {
                        put(k[i], v[i]);
                    }
                }
            }
            int mask = keys.length - 1;
            for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    values[i] = value;
                    return;
                }
                if (keys[i] < 0) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
            }
        }

        /** Every key and every value, to {@code out}. */
        void addTo(IntList out) {
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] >= 0) {
                    out.add(keys[i]);
                    out.add(values[i]);
                }
            }
        }

        private static int mix(int v) {
            int h = v * 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }
}
