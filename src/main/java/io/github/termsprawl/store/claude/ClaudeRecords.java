package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.ReadLimits;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Timestamps;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The records of a Claude Code transcript as the branch rules read them (docs/context.md, "The live view"), column
 * by column: a record is an index, its uuid and parent ids of a {@link Pool}, its place, time and kind numbers, and
 * its message the few fields a plan keeps of it (role, flags, blocks; {@link Shape}, shared between records that
 * say the same). No map and no object per record, so a session of a million tiny turns is planned in about a
 * hundred bytes a record (docs/README.md, "Time and memory").
 *
 * <p>A record is held in one of two ways: read for a plan, only its columns (its map, when a tail needs it, read
 * again from the plan cache it was appended to, {@link #records}); given as a {@link ClaudeRecord} (a view's read,
 * a tail's records), that object too, its message made from it when asked.
 */
final class ClaudeRecords {
    static final int OTHER = 0;
    static final int USER = 1;
    static final int ASSISTANT = 2;
    static final int ATTACHMENT = 3;

    private static final int TYPE = 3;
    private static final int SIDE = 4;
    private static final int BOUNDARY = 8;
    private static final int TOOL_RESULT = 16;
    /** The record's message has no time: a plan keeps a user record's time on the record only (ClaudePlanReader). */
    private static final int NO_PROSE_TIME = 32;
    /** The record has no time (null, which sorts as {@link Instant#MIN}). */
    private static final int NO_TIME = 64;

    final Pool pool;
    /** The transcript the records are of, as a message's source names it. */
    final String file;
    /** The plan cache the records were appended to, where {@link #records} reads a record's map again; or null. */
    private final Path cache;

    private int size;
    private int[] uuid = new int[16];
    private int[] parent = new int[16];
    private int[] messageId = new int[16];
    private byte[] bits = new byte[16];
    private long[] offset = new long[16];
    private long[] line = new long[16];
    private long[] seconds = new long[16];
    private int[] nanos = new int[16];
    /** Each record's message as a plan keeps it, or null (no message, or one made from its object). */
    private Shape[] shape = new Shape[16];
    /** Where each record's line starts in {@link #cache}, or -1. */
    private long[] at = new long[16];
    /** The records given as objects (null when none is), and their messages once made. */
    private ClaudeRecord[] objects;

    private Message[] messages;
    /** A boundary's preserved segment (head, tail and anchor uuids), by record. */
    private final Map<Integer, String[]> segments = new HashMap<>();

    private final Map<Shape, Shape> shapes = new HashMap<>();
    private final Map<String, String> names = new HashMap<>();

    ClaudeRecords(Pool pool, String file, Path cache) {
        this.pool = pool;
        this.file = file;
        this.cache = cache;
    }

    /** The records of a read, as objects (a view's, or a plan made from a list). */
    static ClaudeRecords of(List<ClaudeRecord> records, String file) {
        ClaudeRecords out = new ClaudeRecords(new Pool(), file, null);
        long step = 0;
        for (ClaudeRecord r : records) {
            io.github.termsprawl.jsonl.Deadline.checkEvery(step++); // the context's live view has a deadline
            out.add(r);
        }
        return out;
    }

    int size() {
        return size;
    }

    /** Adds a record given as an object: its message is made from it when asked. */
    void add(ClaudeRecord r) {
        int i = next();
        if (objects == null) {
            objects = new ClaudeRecord[uuid.length];
        }
        objects[i] = r;
        int type = type(r.type);
        String id = r.messageId();
        int u = pool.intern(r.uuid);
        int p = r.parent == null ? -1 : pool.intern(r.parent);
        columns(i, u, p, type, r.isSidechain(), r.isBoundary(), r.holdsToolResult(), id, r.offset, r.line);
        time(i, r.time, false);
        if (r.isBoundary()) {
            String[] seg = r.preservedSegment();
            if (seg != null) {
                segments.put(i, seg);
            }
        }
    }

    /**
     * What a plan's merge works out of a record's uuid, parent and time (their ids in the pool, their hashes in
     * ClaudePlanTree), worked out ahead on a reader thread (ClaudePlanReader): the merge is the slower side, and a
     * third of its time for a million tiny records went on these. Each is taken only while the record still holds
     * the very value it was worked out of; else it is worked out then, as without.
     */
    static final class Prepared {
        /** Nothing worked out: everything is worked out when asked. */
        static final Prepared NONE = new Prepared(Map.of(), false);

        private final String uuid;
        private final String parent;
        /** Whether the pool keys and the time were worked out too, not only the hashes. */
        private final boolean kept;

        private final Object timestamp;
        private final byte[] uuidKey;
        private final byte[] parentKey;
        private final long uuidHash;
        private final long parentHash;
        private final Instant time;

        /**
         * {@code kept}: whether the record will most likely be kept (not folded, ClaudePlanTree.foldable): else only
         * the hashes folding needs are worked out.
         */
        Prepared(Map<String, Object> record, boolean kept) {
            uuid = record.get("uuid") instanceof String u ? u : null;
            parent = record.get("parentUuid") instanceof String p ? p : null;
            this.kept = kept;
            // a String keeps its hash once worked out: the merge's interning and hash sets then only read it
            if (uuid != null) {
                uuid.hashCode();
            }
            if (parent != null) {
                parent.hashCode();
            }
            uuidHash = ClaudePlanTree.hash(uuid);
            parentHash = ClaudePlanTree.hash(parent);
            timestamp = record.get("timestamp");
            uuidKey = kept && uuid != null ? Pool.key(uuid) : null;
            parentKey = kept && parent != null ? Pool.key(parent) : null;
            time = kept ? Timestamps.parse(timestamp) : null;
        }

        /** {@code u}'s {@code ClaudePlanTree.hash}. */
        long uuidHash(String u) {
            return u == uuid ? uuidHash : ClaudePlanTree.hash(u);
        }

        long parentHash(String p) {
            return p == parent ? parentHash : ClaudePlanTree.hash(p);
        }

        /** {@code u}'s id in {@code pool}, given one when it had none. */
        int uuidIn(Pool pool, String u) {
            return kept && u == uuid ? pool.intern(u, uuidKey) : pool.intern(u);
        }

        int parentIn(Pool pool, String p) {
            return kept && p == parent ? pool.intern(p, parentKey) : pool.intern(p);
        }

        /** The time {@code stamp} says, or null. */
        Instant time(Object stamp) {
            return kept && stamp == timestamp ? time : Timestamps.parse(stamp);
        }
    }

    /**
     * Adds a record read for a plan (its uuid a string), keeping of it only its columns; {@code at} where its line
     * starts in the plan cache (-1: not there); {@code prepared} what a reader worked out of it (or {@link Prepared#NONE}). A user
     * record's message has no time (ClaudePlanReader keeps it on the record only).
     */
    void add(Map<String, Object> record, long offset, long line, long at, Prepared prepared) {
        String u = (String) record.get("uuid");
        String p = record.get("parentUuid") instanceof String s ? s : null;
        Object stamp = record.get("timestamp");
        Object t = record.get("type");
        int type =
                "user".equals(t) ? USER : "assistant".equals(t) ? ASSISTANT : "attachment".equals(t) ? ATTACHMENT : 0;
        boolean side = Boolean.TRUE.equals(record.get("isSidechain"));
        boolean boundary = ClaudeRecord.isBoundary(record);
        Map<String, Object> message = Json.asObject(record.get("message"));
        String id = type == ASSISTANT && message != null && message.get("id") instanceof String s ? s : null;
        int i = next();
        int uid = prepared.uuidIn(pool, u);
        int pid = p == null ? -1 : prepared.parentIn(pool, p);
        columns(i, uid, pid, type, side, boundary, holdsToolResult(type, message), id, offset, line);
        time(i, prepared.time(stamp), type == USER);
        this.at[i] = at;
        if (boundary) {
            String[] seg = ClaudeRecord.of(record, offset, line).preservedSegment();
            if (seg != null) {
                segments.put(i, seg);
            }
        }
        Message m = ClaudeRecord.message(record, "", offset, line);
        shape[i] = m == null ? null : shape(m);
    }

    private static boolean holdsToolResult(int type, Map<String, Object> message) {
        return type == USER && ClaudeRecord.holdsToolResult(message);
    }

    private static int type(String type) {
        switch (type) {
            case "user":
                return USER;
            case "assistant":
                return ASSISTANT;
            case "attachment":
                return ATTACHMENT;
            default:
                return OTHER;
        }
    }

    private int next() {
        if (size == uuid.length) {
            int n = size + (size >> 1) + 16; // half again: at most a third of each column unused
            uuid = Arrays.copyOf(uuid, n);
            parent = Arrays.copyOf(parent, n);
            messageId = Arrays.copyOf(messageId, n);
            bits = Arrays.copyOf(bits, n);
            offset = Arrays.copyOf(offset, n);
            line = Arrays.copyOf(line, n);
            seconds = Arrays.copyOf(seconds, n);
            nanos = Arrays.copyOf(nanos, n);
            shape = Arrays.copyOf(shape, n);
            at = Arrays.copyOf(at, n);
            if (objects != null) {
                objects = Arrays.copyOf(objects, n);
            }
        }
        at[size] = -1;
        return size++;
    }

    private void columns(
            int i,
            int u,
            int p,
            int type,
            boolean side,
            boolean boundary,
            boolean toolResult,
            String id,
            long offset,
            long line) {
        uuid[i] = u;
        parent[i] = p;
        messageId[i] = id == null ? -1 : pool.intern(id);
        bits[i] = (byte) (type | (side ? SIDE : 0) | (boundary ? BOUNDARY : 0) | (toolResult ? TOOL_RESULT : 0));
        this.offset[i] = offset;
        this.line[i] = line;
    }

    private void time(int i, Instant t, boolean noProseTime) {
        Instant sort = t != null ? t : Instant.MIN;
        seconds[i] = sort.getEpochSecond();
        nanos[i] = sort.getNano();
        bits[i] |= (byte) ((t == null ? NO_TIME : 0) | (noProseTime ? NO_PROSE_TIME : 0));
    }

    // ---- the columns ----

    int uuid(int i) {
        return uuid[i];
    }

    /** The parent id the record names, or -1. */
    int parent(int i) {
        return parent[i];
    }

    /** The id of the API response whose line an assistant record is, or -1. */
    int messageId(int i) {
        return messageId[i];
    }

    int type(int i) {
        return bits[i] & TYPE;
    }

    boolean isConversation(int i) {
        int t = type(i);
        return t == USER || t == ASSISTANT;
    }

    boolean isSidechain(int i) {
        return (bits[i] & SIDE) != 0;
    }

    boolean isBoundary(int i) {
        return (bits[i] & BOUNDARY) != 0;
    }

    /** Whether this is a user record holding a tool result (parallel results hang off their own call's line). */
    boolean holdsToolResult(int i) {
        return (bits[i] & TOOL_RESULT) != 0;
    }

    long offset(int i) {
        return offset[i];
    }

    long line(int i) {
        return line[i];
    }

    /** {@code compactMetadata.preservedSegment} of a boundary: head, tail and anchor uuids, or null. */
    String[] segment(int i) {
        return segments.get(i);
    }

    /** By time, a record with none first ({@link Instant#MIN}). */
    int compareTime(int a, int b) {
        int c = Long.compare(seconds[a], seconds[b]);
        return c != 0 ? c : Integer.compare(nanos[a], nanos[b]);
    }

    /** The record's time, {@link Instant#MIN} when it has none. */
    Instant timeOrMin(int i) {
        return Instant.ofEpochSecond(seconds[i], nanos[i]);
    }

    // ---- messages ----

    /** What a record's message is made of but its time, ids and place. */
    record Shape(Role role, int flags, List<Block> blocks) {}

    private Shape shape(Message m) {
        boolean shared = true;
        List<Block> blocks = m.blocks();
        for (Block b : blocks) {
            // an id of its own makes a message one of a kind: held once, not looked up
            shared &= !(b instanceof Block.ToolCall || b instanceof Block.ToolResult);
        }
        if (!shared) {
            Block[] named = blocks.toArray(new Block[0]);
            for (int i = 0; i < named.length; i++) {
                if (named[i] instanceof Block.ToolCall c && c.name() != null) {
                    named[i] = new Block.ToolCall(c.id(), name(c.name()), c.arguments());
                }
            }
            return new Shape(m.role(), flags(m.flags()), List.of(named));
        }
        Shape s = new Shape(m.role(), flags(m.flags()), blocks);
        Shape known = shapes.get(s);
        if (known == null && shapes.size() < 4096) {
            shapes.put(s, s);
            known = s;
        }
        return known != null ? known : s;
    }

    /** A tool's name, one string for each (a session calls a few tools many times). */
    private String name(String n) {
        String known = names.get(n);
        if (known == null && names.size() < 4096) {
            names.put(n, n);
            known = n;
        }
        return known != null ? known : n;
    }

    static int flags(Set<Message.Flag> flags) {
        int bits = 0;
        for (Message.Flag f : flags) {
            bits |= 1 << f.ordinal();
        }
        return bits;
    }

    private static final Set<Message.Flag>[] FLAG_SETS = flagSets();

    @SuppressWarnings("unchecked")
    private static Set<Message.Flag>[] flagSets() {
        return new Set[1 << Message.Flag.values().length];
    }

    /** The flags of {@code bits} as a set, one for each combination. */
    static Set<Message.Flag> flagSet(int bits) {
        Set<Message.Flag> set = FLAG_SETS[bits];
        if (set == null) {
            EnumSet<Message.Flag> all = EnumSet.noneOf(Message.Flag.class);
            for (Message.Flag f : Message.Flag.values()) {
                if ((bits & (1 << f.ordinal())) != 0) {
                    all.add(f);
                }
            }
            set = all.isEmpty() ? Set.of() : Set.copyOf(all);
            FLAG_SETS[bits] = set;
        }
        return set;
    }

    /** Whether the record says something to the model (progress, metadata and system records without text do not). */
    boolean hasMessage(int i) {
        return objects != null && objects[i] != null ? message(i) != null : shape[i] != null;
    }

    Role role(int i) {
        return objects != null && objects[i] != null ? message(i).role() : shape[i].role();
    }

    /** The message's flags as bits of {@link Message.Flag#ordinal}. */
    int flags(int i) {
        return objects != null && objects[i] != null ? flags(message(i).flags()) : shape[i].flags();
    }

    List<Block> blocks(int i) {
        return objects != null && objects[i] != null ? message(i).blocks() : shape[i].blocks();
    }

    /** The record's message, or null ({@link ClaudeRecord#message}). */
    Message message(int i) {
        if (objects != null && objects[i] != null) {
            if (messages == null) {
                messages = new Message[objects.length];
            } else if (messages.length < objects.length) {
                messages = Arrays.copyOf(messages, objects.length);
            }
            Message m = messages[i];
            if (m == null) {
                m = objects[i].message(file);
                messages[i] = m;
            }
            return m;
        }
        Shape s = shape[i];
        if (s == null) {
            return null;
        }
        return new Message(
                s.role(),
                s.blocks(),
                (bits[i] & (NO_PROSE_TIME | NO_TIME)) != 0 ? null : timeOrMin(i),
                pool.string(uuid[i]),
                parent[i] < 0 ? null : pool.string(parent[i]),
                new Source.Line(file, line[i], offset[i]),
                flagSet(s.flags()));
    }

    /** An attachment record's message that is no prompt of the person's ({@link ClaudeMessages#isAttachment}). */
    boolean isAttachment(int i) {
        if ((flags(i) & (1 << Message.Flag.META.ordinal())) == 0) {
            return false;
        }
        List<Block> blocks = blocks(i);
        if (blocks.isEmpty()) {
            return false;
        }
        for (Block b : blocks) {
            if (!(b instanceof Block.Attachment)) {
                return false;
            }
        }
        return true;
    }

    /** Lets go of what only the branch rules read: a plan's messages need the rest ({@link ClaudeSession}). */
    void planned() {
        messageId = null;
        at = null;
        segments.clear();
        shapes.clear();
        names.clear();
    }

    /**
     * What these records hold, in bytes: their columns as allocated, the pool, and the shapes they name (each
     * distinct one counted once, at {@link #SHAPE_BYTES} and 32 bytes a block); the objects of records given as
     * objects (a view's, a tail's) are not counted.
     */
    long bytes() {
        long n = 4L * (uuid.length + parent.length + nanos.length)
                + (messageId == null ? 0 : 4L * messageId.length)
                + bits.length
                + 8L * (offset.length + line.length + seconds.length)
                + (at == null ? 0 : 8L * at.length)
                + 4L * shape.length
                + (objects == null ? 0 : 4L * objects.length)
                + (messages == null ? 0 : 4L * messages.length);
        java.util.Set<Shape> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < size; i++) {
            if (shape[i] != null && distinct.add(shape[i])) {
                n += SHAPE_BYTES + 32L * shape[i].blocks().size();
            }
        }
        return n + pool.bytes();
    }

    /** A shape and its list, as {@link #bytes} counts them. */
    static final int SHAPE_BYTES = 64;

    /** How many distinct shapes the records name: messages that say the same share one. */
    int shapes() {
        java.util.Set<Shape> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < size; i++) {
            if (shape[i] != null) {
                distinct.add(shape[i]);
            }
        }
        return distinct.size();
    }

    // ---- records as objects ----

    /**
     * The records at {@code indexes}, as objects: the ones given so, the others read again from the plan cache they
     * were appended to (as the plan took them: {@link ClaudePlanCache#keepable}, the links dropped). Null when one
     * cannot be (a cache that no longer reads as it did).
     */
    List<ClaudeRecord> records(int[] indexes) {
        ClaudeRecord[] out = new ClaudeRecord[indexes.length];
        Integer[] fromCache = new Integer[indexes.length];
        int n = 0;
        for (int k = 0; k < indexes.length; k++) {
            int i = indexes[k];
            if (objects != null && objects[i] != null) {
                out[k] = objects[i];
            } else if (at != null && at[i] >= 0 && cache != null) {
                fromCache[n++] = k;
            } else {
                return null;
            }
        }
        if (n > 0) {
            Integer[] order = Arrays.copyOf(fromCache, n);
            Arrays.sort(order, new java.util.Comparator<Integer>() {
                @Override
                public int compare(Integer a, Integer b) {
                    return Long.compare(at[indexes[a]], at[indexes[b]]);
                }
            });
            try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
                for (int k : order) {
                    int i = indexes[k];
                    lines.seek(at[i], 1);
                    Map<String, Object> kept =
                            lines.next() ? lines.record(JsonProjection.ALL, ReadLimits.STRING_CAP) : null;
                    // a parent written as the record before is the one the plan took (the record is checked below)
                    String before = parent[i] < 0 ? null : pool.string(parent[i]);
                    List<Map<String, Object>> onLine = kept == null ? null : ClaudePlanCache.records(kept, before);
                    ClaudeRecord r = null;
                    for (int c = 0; onLine != null && c < onLine.size() && r == null; c++) {
                        Map<String, Object> record = onLine.get(c); // a link's line may hold the record off it too
                        ClaudePlanCache.keepable(record, false);
                        ClaudePlanReader.dropLinks(record);
                        ClaudeRecord candidate = ClaudeRecord.of(record, offset[i], line[i]);
                        r = candidate != null && pool.find(candidate.uuid) == uuid[i] ? candidate : null;
                    }
                    if (r == null) {
                        return null;
                    }
                    // as the plan held it: a user record's time on the record only (the tail writes it back)
                    out[k] = (bits[i] & NO_PROSE_TIME) != 0 ? r.timeApart() : r;
                }
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return new ArrayList<>(Arrays.asList(out));
    }

    // ---- the strings ----

    /**
     * Strings (uuids, message ids) as dense ids, each held once as bytes: a canonical uuid in 17, any other ASCII
     * string in its length, a string of other characters in two bytes a character (so two strings share an id
     * exactly when they are equal). Its hash is the string's {@link String#hashCode}.
     */
    static final class Pool {
        private static final int CHUNK = 1 << 16;
        private static final byte UUID = (byte) 0xff;
        private static final byte WIDE = (byte) 0xfe;

        private byte[][] chunks = new byte[4][];
        private int chunk = -1;
        private int used = CHUNK;
        private int size;
        /** Each id's bytes: its chunk times {@link #CHUNK} plus where in it they start. */
        private int[] start = new int[64];

        private int[] hash = new int[64];
        /** Ids plus one, by hash; 0 empty. */
        private int[] slots = new int[128];

        private byte[] scratch = new byte[64];

        int size() {
            return size;
        }

        /** What the pool holds, in bytes: its blocks, and its tables as allocated. */
        long bytes() {
            long n = 4L * (start.length + hash.length + slots.length) + scratch.length;
            for (byte[] c : chunks) {
                n += c == null ? 0 : c.length;
            }
            return n;
        }

        /** The id of {@code s}, given one when it had none. */
        int intern(String s) {
            int len = encode(s); // first: it may grow the scratch array
            return intern(s.hashCode(), scratch, len);
        }

        /** {@link #intern(String)} of {@code s} by its {@link #key}, worked out before (on another thread). */
        int intern(String s, byte[] key) {
            return intern(s.hashCode(), key, key.length);
        }

        private int intern(int h, byte[] key, int len) {
            int mask = slots.length - 1;
            for (int i = mix(h) & mask; ; i = (i + 1) & mask) {
                int id = slots[i] - 1;
                if (id < 0) {
                    return add(h, key, len, i);
                }
                if (hash[id] == h && same(id, key, len)) {
                    return id;
                }
            }
        }

        /** The id of {@code s}, or -1 when it has none. */
        int find(String s) {
            if (s == null) {
                return -1;
            }
            int h = s.hashCode();
            int len = encode(s);
            int mask = slots.length - 1;
            for (int i = mix(h) & mask; ; i = (i + 1) & mask) {
                int id = slots[i] - 1;
                if (id < 0) {
                    return -1;
                }
                if (hash[id] == h && same(id, scratch, len)) {
                    return id;
                }
            }
        }

        /** The string's {@link String#hashCode}. */
        int hash(int id) {
            return hash[id];
        }

        String string(int id) {
            int pos = start[id];
            byte[] c = chunks[pos / CHUNK];
            int at = pos % CHUNK;
            int len = c[at] & 0x7f;
            int shift = 7;
            while ((c[at++] & 0x80) != 0) {
                len |= (c[at] & 0x7f) << shift;
                shift += 7;
            }
            if (len == 17 && c[at] == UUID) {
                char[] out = new char[36];
                int k = 0;
                for (int b = 1; b < 17; b++) {
                    if (k == 8 || k == 13 || k == 18 || k == 23) {
                        out[k++] = '-';
                    }
                    out[k++] = HEX[(c[at + b] >> 4) & 0xf];
                    out[k++] = HEX[c[at + b] & 0xf];
                }
                return new String(out);
            }
            if (len > 0 && c[at] == WIDE) {
                char[] out = new char[(len - 1) / 2];
                for (int k = 0; k < out.length; k++) {
                    out[k] = (char) ((c[at + 1 + 2 * k] & 0xff) << 8 | (c[at + 2 + 2 * k] & 0xff));
                }
                return new String(out);
            }
            return new String(c, at, len, java.nio.charset.StandardCharsets.ISO_8859_1);
        }

        private static final char[] HEX = "0123456789abcdef".toCharArray();

        /** {@code s}'s bytes as a pool keeps them, in an array of their own (for {@link #intern(String, byte[])}). */
        static byte[] key(String s) {
            byte[] out = new byte[Math.max(17, 1 + 2 * s.length())];
            return Arrays.copyOf(out, encode(s, out));
        }

        /** {@code s}'s bytes into {@link #scratch}; their length. */
        private int encode(String s) {
            if (scratch.length < 1 + 2 * s.length()) {
                scratch = new byte[Math.max(1 + 2 * s.length(), scratch.length * 2)];
            }
            return encode(s, scratch);
        }

        /** {@code s}'s bytes into {@code scratch} (17 bytes or more, and 1 + 2 × its length); their length. */
        private static int encode(String s, byte[] scratch) {
            int n = s.length();
            if (n == 36 && canonical(s)) {
                scratch[0] = UUID;
                int k = 1;
                for (int i = 0; i < 36; ) {
                    if (i == 8 || i == 13 || i == 18 || i == 23) {
                        i++;
                        continue;
                    }
                    scratch[k++] = (byte) (digit(s.charAt(i)) << 4 | digit(s.charAt(i + 1)));
                    i += 2;
                }
                return 17;
            }
            boolean ascii = true;
            for (int i = 0; i < n && ascii; i++) {
                ascii = s.charAt(i) < 0x80;
            }
            // ASCII never starts with a marker byte: the first byte tells the three apart
            int len = ascii ? n : 1 + 2 * n;
            if (ascii) {
                for (int i = 0; i < n; i++) {
                    scratch[i] = (byte) s.charAt(i);
                }
                return n;
            }
            scratch[0] = WIDE;
            for (int i = 0; i < n; i++) {
                scratch[1 + 2 * i] = (byte) (s.charAt(i) >> 8);
                scratch[2 + 2 * i] = (byte) s.charAt(i);
            }
            return len;
        }

        private static boolean canonical(String s) {
            for (int i = 0; i < 36; i++) {
                char c = s.charAt(i);
                if (i == 8 || i == 13 || i == 18 || i == 23 ? c != '-' : digit(c) < 0) {
                    return false;
                }
            }
            return true;
        }

        private static int digit(char c) {
            return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        }

        private boolean same(int id, byte[] key, int len) {
            int pos = start[id];
            byte[] c = chunks[pos / CHUNK];
            int at = pos % CHUNK;
            int stored = c[at] & 0x7f;
            int shift = 7;
            while ((c[at++] & 0x80) != 0) {
                stored |= (c[at] & 0x7f) << shift;
                shift += 7;
            }
            if (stored != len) {
                return false;
            }
            for (int i = 0; i < len; i++) {
                if (c[at + i] != key[i]) {
                    return false;
                }
            }
            return true;
        }

        private int add(int h, byte[] key, int len, int slot) {
            int need = len + 5;
            if (used + need > CHUNK || chunk < 0) {
                chunk++;
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunks.length * 2);
                }
                if ((long) chunk * CHUNK > Integer.MAX_VALUE - CHUNK) {
                    throw new IllegalStateException("more than 2 GB of uuids and ids");
                }
                chunks[chunk] = new byte[Math.max(CHUNK, need)];
                used = 0;
            }
            if (need > CHUNK) {
                used = CHUNK; // a string of a chunk of its own: the next starts another
            }
            byte[] c = chunks[chunk];
            int id = size++;
            if (id == start.length) {
                start = Arrays.copyOf(start, id * 2);
                hash = Arrays.copyOf(hash, id * 2);
            }
            start[id] = chunk * CHUNK + (need > CHUNK ? 0 : used);
            int at = need > CHUNK ? 0 : used;
            int v = len;
            while (v >= 0x80) {
                c[at++] = (byte) (v & 0x7f | 0x80);
                v >>>= 7;
            }
            c[at++] = (byte) v;
            System.arraycopy(key, 0, c, at, len);
            if (need <= CHUNK) {
                used = at + len;
            }
            hash[id] = h;
            slots[slot] = id + 1;
            if (2 * size > slots.length) {
                rehash();
            }
            return id;
        }

        private void rehash() {
            int[] grown = new int[slots.length * 2];
            int mask = grown.length - 1;
            for (int id = 0; id < size; id++) {
                int i = mix(hash[id]) & mask;
                while (grown[i] != 0) {
                    i = (i + 1) & mask;
                }
                grown[i] = id + 1;
            }
            slots = grown;
        }

        private static int mix(int h) {
            h *= 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }
}
