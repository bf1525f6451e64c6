package io.github.termsprawl.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreDetectorTest {
    @TempDir
    Path dir;

    @Test
    void recognisesEachStoreFromItsFirstRecords() throws Exception {
        assertEquals(
                Store.CLAUDE,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("c.jsonl"),
                        "{\"type\":\"summary\",\"summary\":\"s\",\"leafUuid\":\"u\"}",
                        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}")));
        assertEquals(
                Store.CODEX,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("x.jsonl"),
                        "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s\"}}")));
        assertEquals(
                Store.PI,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("p.jsonl"),
                        "{\"type\":\"session\",\"id\":\"s\",\"timestamp\":\"t\",\"cwd\":\"/p\"}")));
        assertEquals(
                Store.GEMINI,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("g.jsonl"),
                        "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"startTime\":\"t\",\"kind\":\"main\"}")));
        assertEquals(
                Store.CURSOR,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("k.jsonl"),
                        "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}")));
        assertEquals(Store.OPENCODE, StoreFixtures.detect(StoreFixtures.write(dir.resolve("o.db"), "")));
        assertEquals(Store.CLAUDE, StoreFixtures.detect(StoreFixtures.write(dir.resolve("empty.jsonl"), "")));
        assertEquals(Store.CLAUDE, StoreFixtures.detect(dir.resolve("missing.jsonl")));
    }

    @Test
    void aClaudeRecordInTheHeadOutweighsOddLinesThatLookLikeAnotherStore() throws Exception {
        // a SPEC §6 test may well write a record with "role" and no "type" before real ones: it stays Claude
        Path file = StoreFixtures.jsonl(
                dir.resolve("odd.jsonl"),
                "{\"role\":\"user\",\"message\":{\"content\":\"no type: skipped\"}}",
                "{\"type\":\"error\",\"id\":\"e\",\"content\":\"not Gemini either\"}",
                "{\"type\":\"assistant\",\"message\":{\"content\":\"printed\"}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(file));
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            PeerTurns r = readers.lastTurns(StoreFixtures.entry(file, null, null), StoreFixtures.LIMITS);
            assertEquals(StoreFixtures.turns("assistant", "printed"), r.turns());
            assertEquals(null, r.refusal());
        }
    }

    @Test
    void aHugeFirstLineCostsNoMemory() throws Exception {
        String big = "x".repeat(5_000_000);
        Path file = StoreFixtures.jsonl(
                dir.resolve("big.jsonl"),
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + big + "\"}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(file));
        // a huge first line is not read to its end: the head is capped, and an undecided file is Claude's
        Path codex = StoreFixtures.jsonl(
                dir.resolve("bigcodex.jsonl"),
                "{\"type\":\"x\",\"big\":\"" + big + "\"}",
                "{\"type\":\"session_meta\",\"payload\":{}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(codex));
    }

    @Test
    void aBigOlderGeminiDocumentIsRecognisedByItsFirstKeys() throws Exception {
        String messages = ("{\"id\":\"m\",\"type\":\"user\",\"content\":\"" + "y".repeat(1000) + "\"},").repeat(3000);
        Path file = StoreFixtures.write(
                dir.resolve("session-x.json"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"messages\":[" + messages
                        + "{\"id\":\"z\",\"type\":\"gemini\",\"content\":\"end\"}]}");
        assertEquals(Store.GEMINI, StoreFixtures.detect(file));
    }

    @Test
    void cursorAgentIsRefusedNamingTheStoreAndWhy() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("cursor.jsonl"),
                "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Run ls.\"}]}}",
                "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Running.\"},{\"type\":\"tool_use\",\"name\":\"Bash\",\"input\":{}}]}}",
                "{\"type\":\"turn_ended\",\"status\":\"success\"}");
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            for (String store : new String[] {null, "cursor"}) {
                PeerTurns r = readers.lastTurns(StoreFixtures.entry(file, store, null), StoreFixtures.LIMITS);
                assertEquals(List.of(), r.turns());
                assertEquals(CursorTranscript.REFUSAL, r.refusal());
            }
            assertEquals(new ReadStats("cursor", 3, 0, 0), readers.stats(StoreFixtures.entry(file, null, null)));
        }
    }
}
