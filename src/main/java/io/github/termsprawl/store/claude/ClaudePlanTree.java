package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.HeapGuard;
import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of a plan as they are merged in file order: the cache's, then the new lines', folding the records
 * that only link the tree ({@link ClaudePlanReader} says why the plan stays the same). A folded record joins the
 * group of its kind below the record it hangs off (its children are linked to that record); at the end of a window
 * or a read, a group with a record no other names leaves one link in its place, under the uuid of its latest record
 * when that one is such a leaf (a later line most likely hangs off it), and one more under a made-up uuid when
 * others are too.
 *
 * <p>Apart from the read ({@link ClaudePlanReader}: blocks of lines, threads) because it is what keeps a plan from
 * growing with the session: a million records that only link the tree cost a hash each here, not a record
 * (docs/files.md, "What a folder was made from").
 */
final class ClaudePlanTree {
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

    final List<ClaudePlanReader.Item> incomplete = new ArrayList<>();
    PlanCacheAppender appender;

    private LongTable table = new LongTable();
    private List<Group> groups = new ArrayList<>();
    private final Map<String, Group> open = new LinkedHashMap<>();
    /** The group the last folded record joined (the one {@link #open} holds under its key while not closed). */
    private Group lastOpen;

    private final IntList foldedIds = new IntList();
    private final IntList linkIds = new IntList();
    /** {@link #foldedNow}'s last answer, and the sizes of the two lists it was made of. */
    private int[] foldedNow;

    private int foldedNowOfFolded;
    private int foldedNowOfLinks;
    /** The uuids an earlier read folded (from the cache's lines), as String hashes. */
    private IntSet earlier;
    /** Where the cache's {@code "folds"} lines start: the earlier reads' and this one's. */
    private long[] foldsLines = new long[0];
    /** The window's uuids a tail knows (the plan goes on from one), or null. */
    private int[] tailIds;

    private boolean windowHasMain;
    /** How many lines {@link #accept} was given. */
    private long accepted;
    /** Whether the window has a preserved segment (records of an earlier window in it). */
    private boolean windowSegment;

    /** Appended to a uuid, one no record has: a parent missing from every window. */
    private static final String GONE = ":gone";

    ClaudePlanTree(boolean fold, ClaudeSubagents.Scan scan, ClaudeRecords records) {
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
        for (ClaudeRecord r : tail.records()) {
            kept(r.uuid, r.record, r.isSidechain());
            records.add(r); // first: the plan goes on from them (ClaudeTail.extend)
        }
        windowHasMain = tail.mode() != ClaudeTail.Mode.SIDECHAINS;
        tailIds = tail.uuids();
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
            if (record.containsKey("folded")) {
                throw new Restart(false); // an earlier version's list of hashes: the cache is made again once
            }
            if (record.get("folds") instanceof String ids) {
                for (int id : SortedHashes.decode(ids)) {
                    earlier.add(id);
                }
                foldsLine(at);
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
                windowSegment = ClaudeRecord.preservedSegment(record) != null;
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
            // never compared: a line is "written again" only within its group's window, and this one's has ended
            table.origin[slot] = hash(g.parent);
        }
    }

    /** One line of the new ones, in file order. */
    void accept(ClaudePlanReader.Item item) throws IOException {
        HeapGuard.checkEvery(accepted++); // a session too large for the heap stops here, not after minutes
        if (!item.complete) {
            incomplete.add(item); // merged last, after the cache has what the whole lines say
            return;
        }
        merge(item, true);
    }

    private void merge(ClaudePlanReader.Item item, boolean complete) throws IOException {
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
        long parentHash = hash(parent);
        boolean side = Boolean.TRUE.equals(record.get("isSidechain"));
        if (earlier != null
                && (earlier.contains(uuid.hashCode()) || parent != null && earlier.contains(parent.hashCode()))) {
            throw new Restart(false); // a new record names one an earlier read folded
        }
        int ps = parent == null ? -1 : table.find(parentHash);
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
                    && table.origin[es] == parentHash
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
            // a run of folded records mostly joins one group: the last one is asked first (no key made, no lookup)
            Group g = lastOpen != null
                            && !lastOpen.closed
                            && lastOpen.side == side
                            && java.util.Objects.equals(lastOpen.parent, resolved)
                    ? lastOpen
                    : open.get(key(resolved, side));
            if (g == null) {
                g = new Group(groups.size(), resolved, side);
                groups.add(g);
                open.put(key(resolved, side), g);
            }
            lastOpen = g;
            int slot = table.put(h);
            table.flags[slot] = (byte) (FOLDED | (side ? SIDE : 0));
            table.folds();
            table.group[slot] = g.index;
            table.origin[slot] = parentHash;
            g.unnamed++;
            g.latest = uuid;
            g.latestHash = h;
            g.latestOffset = item.offset;
            g.latestLine = item.line;
            g.latestValid = true;
            foldedIds.add(uuid.hashCode());
            return;
        }
        if (pg != null) {
            if (!pg.closed) {
                if (side != pg.side && (table.flags[ps] & NAMED) != 0) {
                    // a child out of its scope (a sidechain one of a main record, or the other way) would leave
                    // it a leaf, though folded children hang off it
                    throw new Restart(true);
                }
                link(ps, parent, pg, item.offset, item.line, complete, true); // it stays; the child hangs off it
            } else {
                record.put("parentUuid", resolved); // its bytes hold no parent (PlanCacheAppender writes it)
            }
        }
        if (ClaudeRecord.isBoundary(record)) {
            segment(record);
            close(complete, true);
            windowHasMain = false;
            windowSegment = ClaudeRecord.preservedSegment(record) != null;
        }
        long at = -1;
        if (complete) {
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
    private void scan(Map<String, Object> record, ClaudePlanReader.Item item, boolean folded) throws IOException {
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
        emit(uuid, g, offset, line, toCache, toPlan);
    }

    /** A link: a progress record under the uuid of the folded record it stands for, off what its group hangs off. */
    private void emit(String uuid, Group g, long offset, long line, boolean toCache, boolean toPlan)
            throws IOException {
        Map<String, Object> link = new LinkedHashMap<>();
        link.put("type", ClaudePlanCache.LINK_TYPE);
        link.put("link", Boolean.TRUE);
        link.put("uuid", uuid);
        if (g.parent != null) {
            link.put("parentUuid", g.parent);
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
                    emit(g.latest, g, g.latestOffset, g.latestLine, toCache, toPlan);
                }
                if (g.unnamed > (g.latestValid ? 1 : 0)) {
                    String leaf = g.latest + ":leaf"; // a uuid no record has: it stays a leaf
                    int slot = table.put(hash(leaf));
                    table.flags[slot] = (byte) (KEPT | LINK | (g.side ? SIDE : 0));
                    table.folds();
                    table.group[slot] = g.index;
                    emit(leaf, g, g.latestOffset, g.latestLine, toCache, toPlan);
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
                    emit(g.latest, g, g.latestOffset, g.latestLine, true, false);
                }
                if (g.unnamed > (g.latestValid ? 1 : 0)) {
                    emit(g.latest + ":leaf", g, g.latestOffset, g.latestLine, true, false);
                }
            }
        }
        foldedLine();
        for (ClaudePlanReader.Item item : incomplete) {
            merge(item, false);
        }
        close(false, true);
    }

    private void foldedLine() throws IOException {
        int[] ids = foldedNow();
        if (ids.length > 0) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("folds", SortedHashes.encode(ids));
            foldsLine(appender.append(-1, 0, line));
        }
    }

    private void foldsLine(long at) {
        foldsLines = Arrays.copyOf(foldsLines, foldsLines.length + 1);
        foldsLines[foldsLines.length - 1] = at;
    }

    /**
     * The uuids this read folded and kept no link for, as sorted String hashes; kept until either list grows (the
     * read's end and its release both ask, and a million folded records take a while to sort).
     */
    private int[] foldedNow() {
        if (foldedNow == null || foldedNowOfFolded != foldedIds.size() || foldedNowOfLinks != linkIds.size()) {
            foldedNow = ClaudeTail.without(foldedIds.sorted(), linkIds.sorted());
            foldedNowOfFolded = foldedIds.size();
            foldedNowOfLinks = linkIds.size();
        }
        return foldedNow;
    }

    /**
     * {@link #folded} and the lines of the cache that list them, and lets go of what only the read needed (a hash
     * per record, the groups).
     */
    Folds release() {
        Folds folds = new Folds(folded(), foldsLines);
        table = null;
        groups = null;
        earlier = null;
        return folds;
    }

    /** {@link #foldedNow}, and an earlier read's: what a record written again must not be. */
    int[] folded() {
        if (earlier == null) {
            return foldedNow();
        }
        IntList out = new IntList(foldedNow());
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
    private long append(ClaudePlanReader.Item item, Map<String, Object> record) throws IOException {
        if (item.bytes != null) {
            return appender.append(item.offset, item.line, record, item.bytes, item.bytes.length);
        }
        return appender.append(item.offset, item.line, record);
    }

    /** A record to the scan, and one with uuid to the plan's records ({@code at}: where it is in the cache, or -1). */
    private void add(Map<String, Object> record, long offset, long line, long at) {
        if (scan != null) {
            scan.record(record);
        }
        if (record.get("uuid") instanceof String) {
            ClaudePlanReader.dropLinks(record);
            records.add(record, offset, line, at);
        }
    }

    private static String key(String parent, boolean side) {
        return (side ? "1" : "0") + (parent == null ? "" : parent);
    }

    /** A plan that folding would make differ from a plan of every record: made again from the first line. */
    static final class Restart extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** Whether it must be made without folding (else a fresh read settles it). */
        final boolean plain;

        Restart(boolean plain) {
            super(null, null, false, false);
            this.plain = plain;
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
}
