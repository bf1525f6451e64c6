package io.github.termsprawl.store.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeminiTranscriptTest {
    @TempDir
    Path dir;

    private final TranscriptReaders readers = StoreFixtures.readers();

    static final String HEADER =
            "{\"sessionId\":\"s1\",\"projectHash\":\"abc\",\"startTime\":\"t\",\"lastUpdated\":\"t\",\"kind\":\"main\"}";

    @Test
    void reAppendedIdsKeepTheirFirstPlaceAndRewindDropsTheTail() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-2026-01-01T00-00-abcdefgh.jsonl"),
                HEADER,
                "{\"id\":\"u1\",\"timestamp\":\"t\",\"type\":\"user\",\"content\":[{\"text\":\"list files\"}]}",
                "{\"$set\":{\"lastUpdated\":\"t2\"}}",
                "{\"id\":\"g1\",\"timestamp\":\"t\",\"type\":\"gemini\",\"content\":\"\",\"toolCalls\":[{\"id\":\"c1\",\"name\":\"ls\",\"status\":\"executing\"}]}",
                "{\"id\":\"i1\",\"timestamp\":\"t\",\"type\":\"info\",\"content\":\"Request cancelled.\"}",
                "{\"id\":\"u2\",\"timestamp\":\"t\",\"type\":\"user\",\"content\":\"abandoned question\"}",
                "{\"id\":\"g2\",\"timestamp\":\"t\",\"type\":\"gemini\",\"content\":\"abandoned answer\"}",
                // the first answer is updated in place: same id, appended again, later in the file
                "{\"id\":\"g1\",\"timestamp\":\"t\",\"type\":\"gemini\",\"content\":[{\"text\":\"Here:\"},{\"functionCall\":{\"name\":\"ls\"}},{\"text\":\"a.txt\"}],\"thoughts\":[{\"description\":\"hmm\"}]}",
                "{\"$rewindTo\":\"u2\"}",
                "{\"id\":\"u3\",\"timestamp\":\"t\",\"type\":\"user\",\"content\":\"thanks\"}",
                "{\"id\":\"e1\",\"timestamp\":\"t\",\"type\":\"error\",\"content\":\"quota\"}");
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "gemini", null);
        assertEquals(
                StoreFixtures.turns("user", "list files", "assistant", "Here:\na.txt", "user", "thanks"),
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        assertEquals(new ReadStats("gemini", 11, 3, 0), readers.stats(entry));
    }

    /**
     * Each rewind drops the message just added: a replay that walks the list per rewind is quadratic (about
     * 200 million steps here; 23 s at 40,000). The work is counted, not timed: bench/README.md has the time.
     */
    @Test
    void twentyThousandRewindsReplayInLinearWork() throws Exception {
        StringBuilder log = new StringBuilder(HEADER).append('\n');
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            log.append("{\"id\":\"m").append(i).append("\",\"type\":\"").append(i % 2 == 0 ? "user" : "gemini");
            log.append("\",\"content\":\"t").append(i).append("\"}\n");
            log.append("{\"id\":\"x").append(i).append("\",\"type\":\"user\",\"content\":\"dropped\"}\n");
            log.append("{\"$rewindTo\":\"x").append(i).append("\"}\n");
        }
        Path file = StoreFixtures.write(dir.resolve("session-rewinds.jsonl"), log.toString());
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "gemini", null);
        java.util.List<Turn> turns =
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns();
        assertEquals(40, turns.size());
        assertEquals(new Turn("assistant", "t" + (n - 1)), turns.get(39));
        assertEquals(new ReadStats("gemini", 3L * n + 1, n, 0), readers.stats(entry));
    }

    @Test
    void aMessagesCheckpointReplacesTheWholeList() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-b.jsonl"),
                HEADER,
                "{\"id\":\"u1\",\"type\":\"user\",\"content\":\"old\"}",
                "{\"id\":\"g1\",\"type\":\"gemini\",\"content\":\"old answer\"}",
                "{\"$set\":{\"messages\":[{\"id\":\"u9\",\"type\":\"user\",\"content\":\"restated\"},{\"id\":\"g9\",\"type\":\"gemini\",\"content\":\"answer\"}]}}",
                "{\"id\":\"g9\",\"type\":\"gemini\",\"content\":\"answer, final\"}",
                "{\"id\":\"x1\",\"type\":\"tool_group\",\"content\":\"new kind\"}");
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, null, null);
        assertEquals(
                StoreFixtures.turns("user", "restated", "assistant", "answer, final"),
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        ReadStats stats = readers.stats(entry);
        assertEquals("gemini", stats.store());
        assertEquals(1, stats.unknown());
    }

    @Test
    void readsTheOlderSingleJsonDocument() throws Exception {
        Path file = StoreFixtures.write(
                dir.resolve("session-c.json"),
                "{\n  \"sessionId\": \"s\",\n  \"projectHash\": \"abc\",\n"
                        + "  \"startTime\": \"t\",\n  \"messages\": [\n"
                        + "    {\"id\": \"m1\", \"type\": \"user\", \"content\": \"Hello\"},\n"
                        + "    {\"id\": \"m2\", \"type\": \"gemini\", \"content\": \"Hi!\", \"thoughts\": [{\"description\": \"x\"}]},\n"
                        + "    {\"id\": \"m3\", \"type\": \"warning\", \"content\": \"careful\"}\n  ]\n}\n");
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, null, null);
        assertEquals(Store.GEMINI, readers.storeOf(entry));
        assertEquals(
                StoreFixtures.turns("user", "Hello", "assistant", "Hi!"),
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        assertEquals(new ReadStats("gemini", 4, 2, 0), readers.stats(entry));
    }

    /** Reasoning never prints (docs/stores.md): a part marked {@code thought} is the model's, not its answer. */
    @Test
    void thoughtPartsAreNotTheAnswer() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-thoughts.jsonl"),
                HEADER,
                "{\"id\":\"u1\",\"type\":\"user\",\"content\":\"why?\"}",
                "{\"id\":\"g1\",\"type\":\"gemini\",\"content\":[{\"text\":\"thinking aloud\",\"thought\":true},"
                        + "{\"text\":\"Because.\"}]}",
                "{\"id\":\"g2\",\"type\":\"gemini\",\"content\":[{\"text\":\"only a thought\",\"thought\":true}]}");
        assertEquals(
                StoreFixtures.turns("user", "why?", "assistant", "Because."),
                readers.lastTurns(StoreFixtures.entry(file, "gemini", null), StoreFixtures.LIMITS)
                        .turns());
    }

    /** The older document's {@code model} messages are the assistant's, as the session reader reads them. */
    @Test
    void modelMessagesOfTheOlderDocumentAreTheAssistants() throws Exception {
        Path file = StoreFixtures.write(
                dir.resolve("session-old.json"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"messages\":["
                        + "{\"id\":\"m1\",\"type\":\"user\",\"content\":\"hi\"},"
                        + "{\"id\":\"m2\",\"type\":\"model\",\"content\":\"hello\"}]}");
        assertEquals(
                StoreFixtures.turns("user", "hi", "assistant", "hello"),
                readers.lastTurns(StoreFixtures.entry(file, "gemini", null), StoreFixtures.LIMITS)
                        .turns());
    }
}
