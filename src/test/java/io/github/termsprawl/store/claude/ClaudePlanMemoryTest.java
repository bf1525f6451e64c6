package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.ReverseLineReader;
import io.github.termsprawl.store.Message;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a plan holds does not grow with what the session says beyond its messages (docs/README.md, "Time and memory"):
 * the records that only link the tree are folded, and a read in blocks holds a few hundred records a block. Counted in
 * records and blocks, never by a clock or the JVM's heap.
 */
class ClaudePlanMemoryTest {
    @TempDir
    Path dir;

    /** A session as bench/gen-bounds.mjs writes it: {@code records} records, one in {@code every} a turn, the others a hook's. */
    private Path session(String name, int records, int every) throws IOException {
        Path file = dir.resolve(name);
        String parent = null;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < records; i++) {
                String uuid = String.format("00000000-0000-4000-8000-%012d", i + 1);
                String head = "{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"")
                        + ",\"isSidechain\":false,\"sessionId\":\"5c0375b4-57a5-4f26-b12d-d022ee4e51b7\",";
                String tail = ",\"uuid\":\"" + uuid + "\",\"timestamp\":\""
                        + Instant.ofEpochMilli(1767225600000L + 10L * i) + "\"}\n";
                if (i % every != 0) {
                    out.write(head + "\"type\":\"progress\",\"data\":{\"type\":\"hook_progress\",\"hookEvent\":"
                            + "\"PostToolUse\"},\"toolUseID\":\"toolu_1\"" + tail);
                } else if ((i / every) % 2 == 0) {
                    out.write(head + "\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"turn " + i + "\"}"
                            + tail);
                } else {
                    out.write(head + "\"type\":\"assistant\",\"message\":{\"id\":\"msg_" + i
                            + "\",\"role\":\"assistant\","
                            + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"turn " + i
                            + "\"}]}" + tail);
                }
                parent = uuid;
            }
        }
        return file;
    }

    /** A plan as ask makes it (kept nowhere) and as history does (a cache beside it). */
    private List<ClaudeSession.Planned> plan(Path file, boolean cached) throws IOException {
        Path cache = cached ? dir.resolve(file.getFileName() + ".plan") : null;
        return new ClaudeSession()
                .plan(file, new ClaudeSession.PlanCache(cache, 0, 0, 0, false), Files.size(file), cached)
                .messages();
    }

    @Test
    void aReadInBlocksHoldsAFewHundredTinyRecordsABlock() throws IOException {
        // 20,000 tiny turns (about 6 MB) read in blocks by two threads while this one merges: each thread holds up
        // to three blocks, so a block's records are what waits for the merge (blocks of 1 MiB held 3,300 each, and
        // young collections copied them: bench/README.md)
        Path file = session("blocks.jsonl", 20_000, 1);
        ClaudePlanReader reader = new ClaudePlanReader(
                new ClaudeSession(),
                ReverseLineReader.DEFAULT_CHUNK,
                ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE,
                4L << 20);
        List<ClaudeSession.Planned> plan = reader.plan(
                        file, new ClaudeSession.PlanCache(null, 0, 0, 0, false), Files.size(file), false)
                .messages();
        assertEquals(20_000, plan.size());
        assertTrue(reader.mostInBlock() > 0, "the session was read in blocks");
        assertTrue(reader.mostInBlock() <= 1_000, reader.mostInBlock() + " records in a block");
    }

    @Test
    void aPlannedMessageReadInFullIsTheOneTheTranscriptSays() throws IOException {
        Path file = session("tiny.jsonl", 10_000, 1);
        List<ClaudeSession.Planned> plan = plan(file, false);
        assertEquals(10_000, plan.size());
        ClaudeSession session = new ClaudeSession();
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            Message m = session.full(lines, plan.get(9_999));
            assertEquals("turn 9999", m.text());
            assertEquals("00000000-0000-4000-8000-000000010000", m.id());
            assertEquals("00000000-0000-4000-8000-000000009999", m.parentId());
        }
    }

    @Test
    void recordsThatOnlyLinkTheTreeCostThePlanNothing() throws IOException {
        // a million such records would be 100,000 turns: ten times fewer here, one in ten a turn
        for (boolean cached : new boolean[] {false, true}) {
            List<ClaudeSession.Planned> plan = plan(session("mixed" + cached + ".jsonl", 100_000, 10), cached);
            assertEquals(10_000, plan.size());
            int held = ClaudePlanTestAccess.recordsOf(plan).size();
            // each turn, and the one link its next turn hangs off (ClaudePlanReader): the nine folded records none
            assertTrue(held <= 2 * 10_000, held + " records held for 10,000 turns");
        }
    }
}
