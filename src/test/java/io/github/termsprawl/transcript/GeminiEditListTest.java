package io.github.termsprawl.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GeminiEditListTest {
    @Test
    void anIdSeenBeforeKeepsItsPlaceARewindCutsTheTailACheckpointStartsOver() {
        GeminiEditList<String> edits = new GeminiEditList<>();
        edits.put("u1", "list files");
        edits.put("g1", "executing");
        edits.put("u2", "abandoned");
        edits.put("g1", "done");
        assertEquals(List.of("list files", "done", "abandoned"), edits.values());
        edits.rewind("nowhere");
        assertEquals(List.of("list files", "done", "abandoned"), edits.values());
        edits.rewind("g1");
        assertEquals(List.of("list files"), edits.values());
        edits.put("g1", "again, at the end");
        assertEquals(List.of("list files", "again, at the end"), edits.values());
        edits.clear();
        edits.put("u9", "checkpoint");
        assertEquals(List.of("checkpoint"), edits.values());
    }

    /**
     * Each rewind drops the message just added, with a long conversation before it: a replay that walks
     * the list per rewind does about n²/2 steps (200 million here), the one rule does a few per record.
     */
    @Test
    void twentyThousandRewindsCostWorkLinearInTheRecords() {
        GeminiEditList<String> edits = new GeminiEditList<>();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            edits.put("m" + i, "t" + i);
            edits.put("x" + i, "dropped");
            edits.rewind("x" + i);
        }
        List<String> values = edits.values();
        assertEquals(n, values.size());
        assertEquals("t" + (n - 1), values.get(n - 1));
        long records = 3L * n;
        assertTrue(edits.steps() <= 2 * records, edits.steps() + " steps for " + records + " records");
    }

    @Test
    void rewindingToTheFirstMessageOfALongListCutsEachMessageOnce() {
        GeminiEditList<Integer> edits = new GeminiEditList<>();
        int n = 50_000;
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < n; i++) {
                edits.put("m" + i, i);
            }
            edits.rewind("m0");
            assertEquals(List.of(), edits.values());
        }
        assertTrue(edits.steps() <= 3 * (2L * n + 2), edits.steps() + " steps");
    }
}
