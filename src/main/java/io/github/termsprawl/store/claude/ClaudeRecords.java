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
 * The records of a Claude Code transcript as the branch rules read them (docs/context.md, "The live view"): a
 * record is an index, its uuid and parent ids of a {@link Pool}, its place, time and kind, and its message the few
 * fields a plan keeps of it (role, flags, blocks: {@link Shape}). A plan holds no text of the session
 * (docs/README.md, "Time and memory").
 *
 * <p>A record is held in one of two ways: read for a plan, only those fields (its map, when a tail needs it, read
 * again from the plan cache it was appended to, {@link #records}); given as a {@link ClaudeRecord} (a view's read,
 * a tail's records), that object too, its message made from it when asked.
 */
final class ClaudeRecords {
    static final int OTHER = 0;
    static final int USER = 1;
    static final int ASSISTANT = 2;
    static final int ATTACHMENT = 3;

    final Pool pool;
    /** The transcript the records are of, as a message's source names it. */
    final String file;
    /** The plan cache the records were appended to, where {@link #records} reads a record's map again; or null. */
    private final Path cache;

    private final List<Rec> all = new ArrayList<>();

    /**
     * One record: {@code messageId} the id of the API response an assistant record is a line of (-1: none);
     * {@code time} null when it has none; {@code proseTime} whether its message has it (a plan keeps a user
     * record's time on the record only, ClaudePlanReader); {@code at} where its line starts in the plan cache (-1:
     * not there); {@code shape} its message as a plan keeps it, or null (no message, or one made from its object).
     */
    private static final class Rec {
        int uuid;
        int parent;
        int messageId;
        int type;
        boolean side;
        boolean boundary;
        boolean toolResult;
        boolean proseTime;
        long offset;
        long line;
        Instant time;
        long at = -1;
        Shape shape;
        String[] segment;
        ClaudeRecord object;
        Message message;
    }

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
        return all.size();
    }

    /** Adds a record given as an object: its message is made from it when asked. */
    void add(ClaudeRecord r) {
        add(r.record, r.offset, r.line, r.time, true).object = r;
    }

    /**
     * Adds a record read for a plan (its uuid a string), keeping of it only its fields; {@code at} where its line
     * starts in the plan cache (-1: not there). A user record's message has no time (ClaudePlanReader keeps it on
     * the record only).
     */
    void add(Map<String, Object> record, long offset, long line, long at) {
        Rec r = add(
                record, offset, line, Timestamps.parse(record.get("timestamp")), !"user".equals(record.get("type")));
        r.at = at;
        Message m = ClaudeRecord.message(record, "", offset, line);
        r.shape = m == null ? null : new Shape(m.role(), flags(m.flags()), m.blocks());
    }

    /** A record with uuid, read from its fields as {@link ClaudeRecord} reads them. */
    private Rec add(Map<String, Object> record, long offset, long line, Instant time, boolean proseTime) {
        Rec r = new Rec();
        r.type = record.get("type") instanceof String t ? type(t) : OTHER;
        Map<String, Object> message = Json.asObject(record.get("message"));
        r.boundary = ClaudeRecord.isBoundary(record);
        r.toolResult = r.type == USER && ClaudeRecord.holdsToolResult(message);
        r.uuid = pool.intern((String) record.get("uuid"));
        r.parent = record.get("parentUuid") instanceof String p ? pool.intern(p) : -1;
        r.messageId =
                r.type == ASSISTANT && message != null && message.get("id") instanceof String id ? pool.intern(id) : -1;
        r.side = Boolean.TRUE.equals(record.get("isSidechain"));
        r.offset = offset;
        r.line = line;
        r.time = time;
        r.proseTime = proseTime;
        r.segment = r.boundary ? ClaudeRecord.preservedSegment(record) : null;
        all.add(r);
        return r;
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

    // ---- the fields ----

    int uuid(int i) {
        return all.get(i).uuid;
    }

    /** The parent id the record names, or -1. */
    int parent(int i) {
        return all.get(i).parent;
    }

    /** The id of the API response whose line an assistant record is, or -1. */
    int messageId(int i) {
        return all.get(i).messageId;
    }

    int type(int i) {
        return all.get(i).type;
    }

    boolean isConversation(int i) {
        int t = type(i);
        return t == USER || t == ASSISTANT;
    }

    boolean isSidechain(int i) {
        return all.get(i).side;
    }

    boolean isBoundary(int i) {
        return all.get(i).boundary;
    }

    /** Whether this is a user record holding a tool result (parallel results hang off their own call's line). */
    boolean holdsToolResult(int i) {
        return all.get(i).toolResult;
    }

    long offset(int i) {
        return all.get(i).offset;
    }

    long line(int i) {
        return all.get(i).line;
    }

    /** {@code compactMetadata.preservedSegment} of a boundary: head, tail and anchor uuids, or null. */
    String[] segment(int i) {
        return all.get(i).segment;
    }

    /** By time, a record with none first ({@link Instant#MIN}). */
    int compareTime(int a, int b) {
        return timeOrMin(a).compareTo(timeOrMin(b));
    }

    /** The record's time, {@link Instant#MIN} when it has none. */
    Instant timeOrMin(int i) {
        Instant t = all.get(i).time;
        return t != null ? t : Instant.MIN;
    }

    // ---- messages ----

    /** What a record's message is made of but its time, ids and place. */
    record Shape(Role role, int flags, List<Block> blocks) {}

    static int flags(Set<Message.Flag> flags) {
        int bits = 0;
        for (Message.Flag f : flags) {
            bits |= 1 << f.ordinal();
        }
        return bits;
    }

    /** The flags of {@code bits} as a set. */
    static Set<Message.Flag> flagSet(int bits) {
        EnumSet<Message.Flag> set = EnumSet.noneOf(Message.Flag.class);
        for (Message.Flag f : Message.Flag.values()) {
            if ((bits & (1 << f.ordinal())) != 0) {
                set.add(f);
            }
        }
        return set.isEmpty() ? Set.of() : Set.copyOf(set);
    }

    /** Whether the record says something to the model (progress, metadata and system records without text do not). */
    boolean hasMessage(int i) {
        Rec r = all.get(i);
        return r.object != null ? message(i) != null : r.shape != null;
    }

    Role role(int i) {
        Rec r = all.get(i);
        return r.object != null ? message(i).role() : r.shape.role();
    }

    /** The message's flags as bits of {@link Message.Flag#ordinal}. */
    int flags(int i) {
        Rec r = all.get(i);
        return r.object != null ? flags(message(i).flags()) : r.shape.flags();
    }

    List<Block> blocks(int i) {
        Rec r = all.get(i);
        return r.object != null ? message(i).blocks() : r.shape.blocks();
    }

    /** The record's message, or null ({@link ClaudeRecord#message}). */
    Message message(int i) {
        Rec r = all.get(i);
        if (r.object != null) {
            if (r.message == null) {
                r.message = r.object.message(file);
            }
            return r.message;
        }
        Shape s = r.shape;
        if (s == null) {
            return null;
        }
        return new Message(
                s.role(),
                s.blocks(),
                r.proseTime ? r.time : null,
                pool.string(r.uuid),
                r.parent < 0 ? null : pool.string(r.parent),
                new Source.Line(file, r.line, r.offset),
                flagSet(s.flags()));
    }

    /** An attachment record's message that is no prompt of the person's ({@link ClaudeMessages#isAttachment}). */
    boolean isAttachment(int i) {
        return ClaudeMessages.isAttachment(flags(i), blocks(i));
    }

    // ---- records as objects ----

    /**
     * The records at {@code indexes}, as objects: the ones given so, the others read again from the plan cache they
     * were appended to (as the plan took them: {@link ClaudePlanCache#keepable}, the links dropped). Null when one
     * cannot be (a cache that no longer reads as it did).
     */
    List<ClaudeRecord> records(int[] indexes) {
        ClaudeRecord[] out = new ClaudeRecord[indexes.length];
        List<Integer> fromCache = new ArrayList<>();
        for (int k = 0; k < indexes.length; k++) {
            Rec r = all.get(indexes[k]);
            if (r.object != null) {
                out[k] = r.object;
            } else if (r.at >= 0 && cache != null) {
                fromCache.add(k);
            } else {
                return null;
            }
        }
        fromCache.sort(java.util.Comparator.comparingLong(k -> all.get(indexes[k]).at));
        if (!fromCache.isEmpty()) {
            try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
                for (int k : fromCache) {
                    Rec rec = all.get(indexes[k]);
                    lines.seek(rec.at, 1);
                    Map<String, Object> kept =
                            lines.next() ? lines.record(JsonProjection.ALL, ReadLimits.STRING_CAP) : null;
                    Map<String, Object> record = kept == null ? null : Json.asObject(kept.get("r"));
                    ClaudeRecord r = null;
                    if (record != null) {
                        ClaudePlanCache.keepable(record, false);
                        ClaudePlanReader.dropLinks(record);
                        ClaudeRecord candidate = ClaudeRecord.of(record, rec.offset, rec.line);
                        r = candidate != null && pool.find(candidate.uuid) == rec.uuid ? candidate : null;
                    }
                    if (r == null) {
                        return null;
                    }
                    // as the plan held it: a user record's time on the record only (the tail writes it back)
                    out[k] = rec.proseTime ? r : r.timeApart();
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
