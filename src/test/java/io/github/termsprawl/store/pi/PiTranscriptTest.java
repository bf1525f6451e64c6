package io.github.termsprawl.store.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PiTranscriptTest {
    @TempDir
    Path dir;

    private final TranscriptReaders readers = StoreFixtures.readers();

    @Test
    void toolResultsAndBashOutputNeverPrintThoughTheyHoldTextBlocks() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("2026-01-01_abc.jsonl"),
                "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"t\",\"cwd\":\"/p\"}",
                "{\"type\":\"model_change\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"t\",\"provider\":\"x\",\"modelId\":\"m\"}",
                "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"timestamp\":\"t\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"read a.txt\"},{\"type\":\"image\",\"data\":\"AAAA\",\"mimeType\":\"image/png\"}]}}",
                "{\"type\":\"message\",\"id\":\"c\",\"parentId\":\"b\",\"timestamp\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"hm\"},{\"type\":\"toolCall\",\"id\":\"r0\",\"name\":\"read\",\"arguments\":{\"path\":\"a.txt\"}}],\"usage\":{\"cost\":{\"total\":0.1}}}}",
                "{\"type\":\"message\",\"id\":\"d\",\"parentId\":\"c\",\"timestamp\":\"t\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"r0\",\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"SECRET FILE CONTENT\"}],\"isError\":false}}",
                "{\"type\":\"message\",\"id\":\"e\",\"parentId\":\"d\",\"timestamp\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"It says hello.\"},{\"type\":\"text\",\"text\":\"Done.\"}]}}",
                "{\"type\":\"message\",\"id\":\"f\",\"parentId\":\"e\",\"timestamp\":\"t\",\"message\":{\"role\":\"bashExecution\",\"command\":\"ls\",\"output\":\"a.txt\",\"exitCode\":0}}",
                "{\"type\":\"compaction\",\"id\":\"g\",\"parentId\":\"f\",\"timestamp\":\"t\",\"summary\":\"sum\",\"firstKeptEntryId\":\"b\",\"tokensBefore\":9}",
                "{\"type\":\"message\",\"id\":\"h\",\"parentId\":\"g\",\"timestamp\":\"t\",\"message\":{\"role\":\"user\",\"content\":\"plain string prompt\"}}",
                "{\"type\":\"session_info\",\"id\":\"i\",\"parentId\":\"h\",\"timestamp\":\"t\",\"name\":\"title\"}",
                "{\"type\":\"message\",\"id\":\"j\",\"parentId\":\"i\",\"timestamp\":\"t\",\"message\":{\"role\":\"hookResult\",\"content\":[{\"type\":\"text\",\"text\":\"new role\"}]}}");
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, null, null);
        assertEquals(Store.PI, readers.storeOf(entry));
        assertEquals(
                StoreFixtures.turns(
                        "user", "read a.txt", "assistant", "It says hello.\nDone.", "user", "plain string prompt"),
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        assertEquals(new ReadStats("pi", 11, 3, 1), readers.stats(entry));
    }
}
