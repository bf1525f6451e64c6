package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.Deadline;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The live branch of one compaction window of a Claude Code transcript: the records Claude Code itself
 * would load on resume, in conversation order. The file is a tree (rewinds and edited prompts leave
 * abandoned branches); a window is the records from one {@code compact_boundary} to the next. The rules
 * are numbered as in docs/context.md, "The live view".
 */
final class ClaudeBranch {
    /** Which records belong to the conversation (rule 8: sidechain records are a subagent's, not the main branch). */
    interface Scope {
        boolean keeps(ClaudeRecord r);
    }

    /** The main conversation of a session file: every record but the inline subagents' (1.0.x). */
    static final Scope MAIN = new Scope() {
        @Override
        public boolean keeps(ClaudeRecord r) {
            return !r.isSidechain();
        }
    };

    /** A subagent's own transcript ({@code agent-*.jsonl}): its records are all sidechain records, and all count. */
    static final Scope OWN = new Scope() {
        @Override
        public boolean keeps(ClaudeRecord r) {
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
            public boolean keeps(ClaudeRecord r) {
                return members.contains(r.uuid);
            }
        };
    }

    /**
     * @param chain      the branch's records, root first (system and progress records included)
     * @param abandoned  how many of the candidates are not on the branch: the rewound or edited-away branches
     * @param records    the window's records by uuid, in the order rule 2 gives them (the preserved segment's first)
     * @param candidates every leaf taken up to its nearest user or assistant record, the chosen one among them
     * @param leaf       the chosen one, where the branch was walked up from (null when there is none)
     * @param relinked   the uuids whose parent the preserved-segment relink changed, and its anchor; empty when none
     * @param scope      the scope the window was read with (a subagent's transcript by another name reads as its own)
     */
    record Result(
            List<ClaudeRecord> chain,
            int abandoned,
            Map<String, ClaudeRecord> records,
            List<ClaudeRecord> candidates,
            ClaudeRecord leaf,
            Set<String> relinked,
            Scope scope) {
        /** How many distinct leaves (each taken up to its nearest user or assistant record) the window has. */
        int leaves() {
            return candidates.size();
        }
    }

    private final Map<String, ClaudeRecord> byUuid;
    private final Scope scope;
    /** Parents changed by the preserved-segment relink, by uuid; every other record keeps the one it has. */
    private final Map<String, String> relinked = new HashMap<>();

    private ClaudeBranch(Map<String, ClaudeRecord> byUuid, Scope scope) {
        this.byUuid = byUuid;
        this.scope = scope;
    }

    /**
     * @param window the window's records in file order, from its boundary (or the file's start) on
     * @param before the records before the boundary, in file order, where a preserved segment is looked up
     *               (may be only the part of them a backward read got to)
     */
    static Result of(List<ClaudeRecord> window, List<ClaudeRecord> before, Scope scope) {
        if (scope == MAIN && onlySidechains(window)) {
            scope = OWN; // a subagent's transcript by another name: its records are all it has
        }
        Map<String, ClaudeRecord> byUuid = new LinkedHashMap<>();
        ClaudeRecord boundary = !window.isEmpty() && window.get(0).isBoundary() ? window.get(0) : null;
        String[] seg = boundary == null ? null : boundary.preservedSegment();
        List<ClaudeRecord> preserved = seg == null ? List.of() : preserved(index(before, scope), seg[0], seg[1]);
        for (ClaudeRecord r : preserved) {
            byUuid.put(r.uuid, r);
        }
        putAll(byUuid, window, scope);
        ClaudeBranch branch = new ClaudeBranch(byUuid, scope);
        if (!preserved.isEmpty()) {
            branch.relink(seg[0], seg[1], seg[2]);
        }
        return branch.build();
    }

    private static boolean onlySidechains(List<ClaudeRecord> window) {
        for (ClaudeRecord r : window) {
            if (!r.isSidechain()) {
                return false;
            }
        }
        return true;
    }

    /** Rule 2: a uuid written more than once counts as its last record, at its first position. */
    private static void putAll(Map<String, ClaudeRecord> byUuid, List<ClaudeRecord> records, Scope scope) {
        long step = 0;
        for (ClaudeRecord r : records) {
            Deadline.checkEvery(step++); // the context's live view has a deadline (docs/context.md)
            if (scope.keeps(r)) {
                byUuid.put(r.uuid, r);
            }
        }
    }

    private static Map<String, ClaudeRecord> index(List<ClaudeRecord> records, Scope scope) {
        Map<String, ClaudeRecord> byUuid = new LinkedHashMap<>();
        putAll(byUuid, records, scope);
        return byUuid;
    }

    /**
     * The preserved segment, head first: the walk from tail up to head over the records before the
     * boundary; empty when it does not reach the head (then Claude Code relinks nothing either).
     */
    private static List<ClaudeRecord> preserved(Map<String, ClaudeRecord> before, String head, String tail) {
        List<ClaudeRecord> segment = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ClaudeRecord r = before.get(tail); r != null && seen.add(r.uuid); r = before.get(r.parent)) {
            segment.add(r);
            if (r.uuid.equals(head)) {
                Collections.reverse(segment);
                return segment;
            }
        }
        return List.of();
    }

    /** As Claude Code does: the head hangs off the anchor (the summary), and what hung off the anchor off the tail. */
    private void relink(String head, String tail, String anchor) {
        relinked.put(head, anchor);
        for (ClaudeRecord r : byUuid.values()) {
            if (!r.uuid.equals(head) && anchor.equals(parentOf(r))) {
                relinked.put(r.uuid, tail);
            }
        }
    }

    private String parentOf(ClaudeRecord r) {
        String p = relinked.get(r.uuid);
        return p != null ? p : r.parent;
    }

    private Result build() {
        Map<String, Integer> position = new HashMap<>();
        Set<String> named = new HashSet<>();
        long step = 0;
        for (ClaudeRecord r : byUuid.values()) {
            Deadline.checkEvery(step++);
            position.put(r.uuid, position.size());
            String p = parentOf(r);
            if (p != null) {
                named.add(p);
            }
        }
        // rule 1: every leaf taken up to its nearest user or assistant record; the latest of those, the first on ties
        Map<String, ClaudeRecord> candidates = new LinkedHashMap<>();
        for (ClaudeRecord r : byUuid.values()) {
            Deadline.checkEvery(step++);
            if (!named.contains(r.uuid)) {
                ClaudeRecord c = nearestConversation(r);
                if (c != null) {
                    candidates.put(c.uuid, c);
                }
            }
        }
        ClaudeRecord leaf = null;
        for (ClaudeRecord c : candidates.values()) {
            if (leaf == null || later(c, leaf, position)) {
                leaf = c;
            }
        }
        List<ClaudeRecord> chain = leaf == null ? List.of() : recoverParallelResults(walkUp(leaf));
        int abandoned = 0;
        Set<String> onChain = uuids(chain);
        for (String c : candidates.keySet()) {
            abandoned += onChain.contains(c) ? 0 : 1;
        }
        Set<String> relinks = new HashSet<>(relinked.keySet());
        relinks.addAll(relinked.values()); // the anchor, and the tail: a record that hangs off either moves
        return new Result(chain, abandoned, byUuid, new ArrayList<>(candidates.values()), leaf, relinks, scope);
    }

    private static boolean later(ClaudeRecord a, ClaudeRecord b, Map<String, Integer> position) {
        int byTime = time(a).compareTo(time(b));
        return byTime > 0 || byTime == 0 && position.get(a.uuid) < position.get(b.uuid);
    }

    private static Instant time(ClaudeRecord r) {
        return r.time != null ? r.time : Instant.MIN;
    }

    private ClaudeRecord nearestConversation(ClaudeRecord r) {
        Set<String> seen = new HashSet<>();
        while (r != null && !r.isConversation()) {
            if (!seen.add(r.uuid)) {
                return null;
            }
            String p = parentOf(r);
            r = p == null ? null : byUuid.get(p);
        }
        return r;
    }

    /** Rule 2: up the parents from the leaf; a missing parent ends the walk, a cycle too. Root first. */
    private List<ClaudeRecord> walkUp(ClaudeRecord leaf) {
        List<ClaudeRecord> chain = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ClaudeRecord r = leaf; r != null && seen.add(r.uuid); ) {
            Deadline.checkEvery(chain.size());
            chain.add(r);
            String p = parentOf(r);
            r = p == null ? null : byUuid.get(p);
        }
        Collections.reverse(chain);
        return chain;
    }

    /**
     * Rule 3: the lines of one split assistant message may carry parallel tool calls whose results hang
     * off different lines, so one walk up misses some. Every line of each message on the branch, and every
     * result hanging off any of them, is put back right after the message's last line on the branch.
     */
    private List<ClaudeRecord> recoverParallelResults(List<ClaudeRecord> chain) {
        Set<String> seen = uuids(chain);
        Map<String, ClaudeRecord> lastOnChain = new HashMap<>();
        for (ClaudeRecord r : chain) {
            String id = r.messageId();
            if (id != null) {
                lastOnChain.put(id, r);
            }
        }
        if (lastOnChain.isEmpty()) {
            return chain;
        }
        Map<String, List<ClaudeRecord>> lines = new HashMap<>();
        Map<String, List<ClaudeRecord>> resultsOf = new HashMap<>();
        for (ClaudeRecord r : byUuid.values()) {
            String id = r.messageId();
            if (id != null) {
                listOf(lines, id).add(r);
            } else if (parentOf(r) != null && r.holdsToolResult()) {
                listOf(resultsOf, parentOf(r)).add(r);
            }
        }
        Map<String, List<ClaudeRecord>> inserts = new HashMap<>();
        Set<String> done = new HashSet<>();
        for (ClaudeRecord r : chain) {
            String id = r.messageId();
            if (id == null || !done.add(id)) {
                continue;
            }
            List<ClaudeRecord> siblings = new ArrayList<>();
            List<ClaudeRecord> results = new ArrayList<>();
            for (ClaudeRecord line : lines.get(id)) {
                if (!seen.contains(line.uuid)) {
                    siblings.add(line);
                }
                for (ClaudeRecord result : resultsOf.getOrDefault(line.uuid, List.of())) {
                    if (!seen.contains(result.uuid)) {
                        results.add(result);
                    }
                }
            }
            if (siblings.isEmpty() && results.isEmpty()) {
                continue;
            }
            siblings.sort(BY_TIME); // stable: file order on equal times
            results.sort(BY_TIME);
            siblings.addAll(results);
            for (ClaudeRecord s : siblings) {
                seen.add(s.uuid);
            }
            inserts.put(lastOnChain.get(id).uuid, siblings);
        }
        if (inserts.isEmpty()) {
            return chain;
        }
        List<ClaudeRecord> out = new ArrayList<>();
        for (ClaudeRecord r : chain) {
            out.add(r);
            out.addAll(inserts.getOrDefault(r.uuid, List.of()));
        }
        return out;
    }

    /** By time, no time first (a class, not a lambda: the planted commands start without the lambda machinery). */
    private static final Comparator<ClaudeRecord> BY_TIME = new Comparator<ClaudeRecord>() {
        @Override
        public int compare(ClaudeRecord a, ClaudeRecord b) {
            return time(a).compareTo(time(b));
        }
    };

    private static List<ClaudeRecord> listOf(Map<String, List<ClaudeRecord>> map, String key) {
        List<ClaudeRecord> list = map.get(key);
        if (list == null) {
            list = new ArrayList<>();
            map.put(key, list);
        }
        return list;
    }

    private static Set<String> uuids(List<ClaudeRecord> records) {
        Set<String> uuids = new HashSet<>();
        for (ClaudeRecord r : records) {
            uuids.add(r.uuid);
        }
        return uuids;
    }
}
