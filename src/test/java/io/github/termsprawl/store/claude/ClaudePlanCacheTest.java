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
        try (ClaudePlanCache.Appender appender = new ClaudePlanCache.Appender(cache, 0)) {
            for (int i = 0; i < count; i++) {
                Map<String, Object> record = new LinkedHashMap<>();
                record.put("uuid", "u" + i);
                record.put("text", "é ".repeat(i % 50) + "x".repeat(1500) + "\n\"" + i);
                json.clear();
                json.value(record);
                appender.append(1000L * i, i + 1, json.bytes(), 0, json.size());
                written.add(1000L * i + " " + (i + 1) + " " + JsonWriter.compact(record));
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
                read.add(offset + " " + line + " " + JsonWriter.compact(record));
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
}
