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
                if (i % 7 != 3 && i > 0) { // most off the record before, some with none
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
    void recordsAndLinksReadBackAsTheyWereKeptEachWhereItsLineStarts() throws IOException {
        Path cache = dir.resolve(".plan");
        String a = "8f0c3b9e-57a5-4f26-b12d-d022ee4e51b7";
        String b = "1e2d3c4b-0000-4f26-b12d-d022ee4e51b7";
        String c = "c0ffee00-1111-4f26-b12d-d022ee4e51b7";
        List<Map<String, Object>> kept =
                List.of(user(a, null), link(b, a), user(c, b), link("l2", c), user("u3", c), link("l4", "u3"));
        long[] lineOf = {1, 9, 9, 12, 12, 20};
        long[] at = new long[kept.size()];
        try (PlanCacheAppender appender = new PlanCacheAppender(cache, 0)) {
            for (int i = 0; i < kept.size(); i++) {
                at[i] = appender.append(100 * lineOf[i], lineOf[i], new LinkedHashMap<>(kept.get(i)));
            }
            appender.size();
        }
        List<String> lines = Files.readAllLines(cache);
        assertEquals(kept.size(), lines.size(), String.join("\n", lines));
        assertTrue(lines.get(2).startsWith("{\"o\":900,\"l\":9,\"r\":{\"parentUuid\":\"" + b + "\","), lines.get(2));
        List<Object[]> read = new ArrayList<>();
        assertTrue(ClaudePlanCache.read(cache, Files.size(cache), new ClaudePlanCache.Visitor() {
            @Override
            public void record(long where, long offset, long line, Map<String, Object> record) {
                read.add(new Object[] {where, offset, line, record});
            }
        }));
        assertEquals(kept.size(), read.size());
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(kept.get(i), read.get(i)[3], "record " + i);
            assertEquals(at[i], read.get(i)[0]);
            assertEquals(100 * lineOf[i], read.get(i)[1]);
            assertEquals(lineOf[i], read.get(i)[2]);
        }
    }
}
