package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.CompactJsonBytes;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudePlanCacheTest {
    @TempDir
    Path dir;

    /** Writes {@code count} records to a cache; each as the line {@code offset line json}. */
    private List<String> write(Path cache, int count) throws IOException {
        List<String> written = new ArrayList<>();
        CompactJsonBytes json = new CompactJsonBytes();
        try (PlanCacheAppender appender = new PlanCacheAppender(cache, 0)) {
            for (int i = 0; i < count; i++) {
                Map<String, Object> record = new LinkedHashMap<>();
                if (i % 7 != 3 && i > 0) { // most off the record before (written "P":1), some with none
                    record.put("parentUuid", i % 7 == 5 ? "u0" : "u" + (i - 1));
                }
                record.put("uuid", "u" + i);
                record.put("text", "é ".repeat(i % 50) + "x".repeat(1500) + "\n\"" + i);
                appender.append(1000L * i, i + 1, record);
                written.add(1000L * i + " " + (i + 1) + " " + JsonWriter.compact(new java.util.TreeMap<>(record)));
            }
            appender.size();
        }
        return written;
    }

    private static List<String> read(Path cache, long bytes) {
        List<String> read = new ArrayList<>();
        boolean ok = ClaudePlanCache.read(cache, bytes, new ClaudePlanCache.Visitor() {
            @Override
            public void record(long at, long offset, long line, Map<String, Object> record) {
                read.add(offset + " " + line + " " + JsonWriter.compact(new java.util.TreeMap<>(record)));
            }
        });
        return ok ? read : null;
    }

    @Test
    void aBigCacheReadInTwoHalvesGivesEveryRecordInOrder() throws IOException {
        Path cache = dir.resolve(".plan");
        List<String> written = write(cache, 6000);
        assertTrue(Files.size(cache) > 2 * ClaudePlanCache.SPLIT_BYTES, "big enough to be read in halves");
        assertEquals(written, read(cache, Files.size(cache)));
    }

    @Test
    void onlyTheBytesTheStateNamesAreReadAndAShortCacheIsNone() throws IOException {
        Path cache = dir.resolve(".plan");
        List<String> written = write(cache, 6000);
        long size = Files.size(cache);
        // what a killed run appended past the kept size is not read
        List<String> first = write(dir.resolve("first"), 3000);
        long kept = Files.size(dir.resolve("first"));
        assertEquals(first, read(cache, kept));
        assertEquals(written.subList(0, 3000), first);
        assertNull(read(cache, size + 1));
        Files.write(cache, "{\"o\":1}\n".repeat(40_000).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertNull(read(cache, Files.size(cache)), "a cache line without its record does not read");
    }

    private static Map<String, Object> link(String uuid, String parent) {
        Map<String, Object> link = new LinkedHashMap<>();
        link.put("type", ClaudePlanCache.LINK_TYPE);
        link.put("link", Boolean.TRUE);
        link.put("uuid", uuid);
        link.put("parentUuid", parent);
        return link;
    }

    private static Map<String, Object> user(String uuid, String parent) {
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("type", "user");
        user.put("message", new LinkedHashMap<>(Map.of("content", ClaudePlanCache.TEXT)));
        user.put("uuid", uuid);
        if (parent != null) {
            user.put("parentUuid", parent); // a plan keeps no null parent (ClaudePlanCache.keepable)
        }
        return user;
    }

    @Test
    void aLinkSharesItsLineWithTheRecordOffItReadFromTheSamePlaceAndOnlyWithThatOne() throws IOException {
        Path cache = dir.resolve(".plan");
        String a = "8f0c3b9e-57a5-4f26-b12d-d022ee4e51b7";
        String b = "1e2d3c4b-0000-4f26-b12d-d022ee4e51b7";
        String c = "c0ffee00-1111-4f26-b12d-d022ee4e51b7";
        List<Map<String, Object>> kept = List.of(
                user(a, null),
                link(b, a),
                user(c, b), // the record off the link, from the same line
                link("l2", c),
                user("u3", c), // not off the link: lines of their own
                link("l4", "u3"),
                user("u5", "l4"), // off it, but read from another line
                link("l6", "u5")); // a link no record takes
        long[] lineOf = {1, 9, 9, 12, 12, 20, 21, 30};
        long[] at = new long[kept.size()];
        try (PlanCacheAppender appender = new PlanCacheAppender(cache, 0)) {
            for (int i = 0; i < kept.size(); i++) {
                Map<String, Object> r = new LinkedHashMap<>(kept.get(i));
                at[i] = Boolean.TRUE.equals(r.get("link"))
                        ? appender.link(100 * lineOf[i], lineOf[i], r)
                        : appender.append(100 * lineOf[i], lineOf[i], r);
            }
            appender.size();
        }
        List<String> lines = Files.readAllLines(cache);
        assertEquals(7, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).contains("\"k\":{") && lines.get(1).contains("\"r\":{"), lines.get(1));
        assertEquals(1, lines.get(1).split("\"P\":", -1).length - 1, "the record's parent is the link: not written");
        assertEquals(at[1], at[2], "one line: one place");
        List<Object[]> read = new ArrayList<>();
        assertTrue(ClaudePlanCache.read(cache, Files.size(cache), new ClaudePlanCache.Visitor() {
            @Override
            public void record(long where, long offset, long line, Map<String, Object> record) {
                read.add(new Object[] {where, offset, line, record});
            }
        }));
        assertEquals(kept.size(), read.size());
        for (int i = 0; i < kept.size(); i++) {
            Map<String, Object> expected = new LinkedHashMap<>(kept.get(i));
            assertEquals(expected, read.get(i)[3], "record " + i);
            assertEquals(at[i], read.get(i)[0]);
            assertEquals(100 * lineOf[i], read.get(i)[1]);
            assertEquals(lineOf[i], read.get(i)[2]);
        }
        // a record on a link's line that names a parent of its own is not what the cache writes: it does not read
        String bad = lines.get(1).replace("\"r\":{", "\"r\":{\"parentUuid\":\"x\",");
        Files.writeString(cache, bad + "\n");
        assertNull(read(cache, Files.size(cache)));
        Files.writeString(cache, lines.get(1).replace("\"k\":{", "\"k\":{\"type\":\"user\",") + "\n");
        assertNull(read(cache, Files.size(cache)), "a link names no type: it is one");
    }
}
