package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A uuid's id in the pool is the same whether the merge interns its string or the key a reader thread worked out of
 * it (ClaudeRecords.Prepared), and a record added with what a reader worked out is held as one added without.
 */
class ClaudeRecordsPoolTest {
    private static final Random RANDOM = new Random(23);

    /** Strings of every form the pool keeps: canonical uuids, others of their length, ASCII, and past Latin-1. */
    private static List<String> strings() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            String uuid = new java.util.UUID(RANDOM.nextLong(), RANDOM.nextLong()).toString();
            out.add(uuid);
            out.add(uuid.toUpperCase(java.util.Locale.ROOT)); // not canonical: kept as ASCII
            out.add(uuid.substring(0, 35) + "g");
            out.add("msg_" + Long.toHexString(RANDOM.nextLong()));
            out.add("é-" + i + "-\uD83D\uDE00");
        }
        out.add("");
        out.add("x".repeat(300));
        return out;
    }

    @Test
    void aStringAndItsKeyHaveOneId() {
        List<String> strings = strings();
        ClaudeRecords.Pool byString = new ClaudeRecords.Pool();
        ClaudeRecords.Pool byKey = new ClaudeRecords.Pool();
        for (int i = 0; i < strings.size(); i++) {
            String s = strings.get(i);
            // half the strings go in through their key: either way finds the other's
            int id = i % 2 == 0 ? byKey.intern(s, ClaudeRecords.Pool.key(s)) : byKey.intern(s);
            assertEquals(id, i % 2 == 0 ? byKey.intern(s) : byKey.intern(s, ClaudeRecords.Pool.key(s)));
            assertEquals(id, byKey.find(s));
            assertEquals(s, byKey.string(id));
            assertEquals(byString.intern(s), id, s);
        }
        assertEquals(strings.size(), byKey.size());
    }

    private static Map<String, Object> record(String uuid, String parent, String type, String time) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("parentUuid", parent);
        r.put("type", type);
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", type);
        message.put("content", "turn of " + uuid);
        r.put("message", message);
        r.put("uuid", uuid);
        r.put("timestamp", time);
        return r;
    }

    @Test
    void aRecordAddedWithWhatAReaderWorkedOutIsHeldAsOneAddedWithout() {
        ClaudeRecords with = new ClaudeRecords(new ClaudeRecords.Pool(), "t.jsonl", null);
        ClaudeRecords without = new ClaudeRecords(new ClaudeRecords.Pool(), "t.jsonl", null);
        String parent = null;
        for (int i = 0; i < 500; i++) {
            String uuid = new java.util.UUID(RANDOM.nextLong(), RANDOM.nextLong()).toString();
            String time = "2026-01-01T00:00:" + String.format("%02d", i % 60) + "." + (i % 1000) + "Z";
            Map<String, Object> a = record(uuid, parent, i % 2 == 0 ? "user" : "assistant", time);
            ClaudeRecords.Prepared prepared = new ClaudeRecords.Prepared(a, i % 5 != 0);
            // as the merge may: a parent or time put in after the reader's work, which is then not taken
            if (i % 7 == 3) {
                a.put("parentUuid", parent + ":gone");
            }
            if (i % 11 == 4) {
                a.put("timestamp", "2027-01-01T00:00:00Z");
            }
            Map<String, Object> b = new LinkedHashMap<>(a);
            with.add(a, i, i + 1, -1, prepared);
            without.add(b, i, i + 1, -1, ClaudeRecords.Prepared.NONE);
            parent = uuid;
        }
        assertEquals(without.size(), with.size());
        for (int i = 0; i < with.size(); i++) {
            assertEquals(without.pool.string(without.uuid(i)), with.pool.string(with.uuid(i)));
            assertEquals(without.uuid(i), with.uuid(i));
            assertEquals(without.parent(i), with.parent(i));
            assertEquals(
                    without.parent(i) < 0 ? null : without.pool.string(without.parent(i)),
                    with.parent(i) < 0 ? null : with.pool.string(with.parent(i)));
            assertEquals(without.timeOrMin(i), with.timeOrMin(i));
            assertEquals(without.message(i), with.message(i));
        }
        // the changed ones were taken as changed
        assertEquals("2027-01-01T00:00:00Z", with.timeOrMin(4).toString());
        assertNotEquals(with.uuid(2), with.parent(3));
    }
}
