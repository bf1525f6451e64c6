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
 * say the same). A plan holds no text of the session (docs/README.md, "Time and memory").
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
        int i = add(r.record, r.offset, r.line, r.time, false);
        if (objects == null) {
            objects = new ClaudeRecord[uuid.length];
        }
        objects[i] = r;
    }

    /**
     * Adds a record read for a plan (its uuid a string), keeping of it only its columns; {@code at} where its line
     * starts in the plan cache (-1: not there). A user
     * record's message has no time (ClaudePlanReader keeps it on the record only).
     */
    void add(Map<String, Object> record, long offset, long line, long at) {
        Object t = record.get("type");
        int i = add(record, offset, line, Timestamps.parse(record.get("timestamp")), "user".equals(t));
        this.at[i] = at;
        Message m = ClaudeRecord.message(record, "", offset, line);
        shape[i] = m == null ? null : shape(m);
    }

    /** The columns of a record with uuid, read from its fields as {@link ClaudeRecord} reads them. */
    private int add(Map<String, Object> record, long offset, long line, Instant time, boolean noProseTime) {
        int type = record.get("type") instanceof String t ? type(t) : OTHER;
        Map<String, Object> message = Json.asObject(record.get("message"));
        boolean boundary = ClaudeRecord.isBoundary(record);
        boolean toolResult = type == USER && ClaudeRecord.holdsToolResult(message);
        int i = next();
        uuid[i] = pool.intern((String) record.get("uuid"));
        parent[i] = record.get("parentUuid") instanceof String p ? pool.intern(p) : -1;
        messageId[i] =
                type == ASSISTANT && message != null && message.get("id") instanceof String id ? pool.intern(id) : -1;
        boolean side = Boolean.TRUE.equals(record.get("isSidechain"));
        bits[i] = (byte) (type | (side ? SIDE : 0) | (boundary ? BOUNDARY : 0) | (toolResult ? TOOL_RESULT : 0));
        this.offset[i] = offset;
        this.line[i] = line;
        Instant sort = time != null ? time : Instant.MIN;
        seconds[i] = sort.getEpochSecond();
        nanos[i] = sort.getNano();
        bits[i] |= (byte) ((time == null ? NO_TIME : 0) | (noProseTime ? NO_PROSE_TIME : 0));
        String[] seg = boundary ? ClaudeRecord.preservedSegment(record) : null;
        if (seg != null) {
            segments.put(i, seg);
        }
        return i;
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
        return ClaudeMessages.isAttachment(flags(i), blocks(i));
    }

    /** Lets go of what only the branch rules read: a plan's messages need the rest ({@link ClaudeSession}). */
    void planned() {
        messageId = null;
        at = null;
        segments.clear();
        shapes.clear();
        names.clear();
    }

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
                    Map<String, Object> record = kept == null ? null : Json.asObject(kept.get("r"));
                    ClaudeRecord r = null;
                    if (record != null) {
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
     * Strings (uuids, message ids) as dense ids, each held once: the branch rules index their tables by these ids
     * ({@link ClaudeBranch}), and a parent is the same string as its record's uuid.
     */
    static final class Pool {
        private final List<String> strings = new ArrayList<>();
        private final Map<String, Integer> ids = new HashMap<>();

        int size() {
            return strings.size();
        }

        /** The id of {@code s}, given one when it had none. */
        int intern(String s) {
            Integer id = ids.get(s);
            if (id == null) {
                id = strings.size();
                strings.add(s);
                ids.put(s, id);
            }
            return id;
        }

        /** The id of {@code s}, or -1 when it has none. */
        int find(String s) {
            Integer id = s == null ? null : ids.get(s);
            return id == null ? -1 : id;
        }

        /** The string's {@link String#hashCode}. */
        int hash(int id) {
            return strings.get(id).hashCode();
        }

        String string(int id) {
            return strings.get(id);
        }
    }
}
