package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every real transcript of the corpus (every window of a Claude Code one) makes a request the API takes,
 * whole and cut down to a small budget: what the API requires is checked on the bytes.
 */
class AskCorpusTest {
    @Test
    void everyCorpusSessionMakesAWellFormedRequestWholeAndCut() throws Exception {
        Path corpus = SharedFolder.corpus();
        List<Path> files;
        try (Stream<Path> all = Files.walk(corpus)) {
            files = all.filter(
                            p -> p.toString().endsWith(".jsonl") || p.toString().endsWith(".json"))
                    .filter(p ->
                            !p.toString().contains("/cursor/") && !p.toString().contains("/opencode/"))
                    .filter(p -> !p.getFileName().toString().endsWith(".meta.json"))
                    .sorted()
                    .toList();
        }
        int requests = 0;
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            SessionLoader loader = new SessionLoader(readers, 0, true, false);
            for (Path file : files) {
                TranscriptIndex.Entry entry = new TranscriptIndex.Entry(file, null, null);
                Agent.Windows kept = loader.windowsOf(entry);
                int windows = kept != null ? loader.windowCount(kept, file) : 1;
                for (int w = kept != null ? 1 : 0; w <= (kept != null ? windows : 0); w++) {
                    Conversation c = loader.load(new Target("t", null, entry, w));
                    if (c.messages().isEmpty()) {
                        continue;
                    }
                    for (long budget : new long[] {990_000, 3_000}) {
                        RequestBuilder.Built b =
                                new RequestBuilder(true, false).build(c, "t", "Why?", Models.DEFAULT, budget);
                        try {
                            RequestChecks.check(b.body());
                        } catch (AssertionError e) {
                            throw new AssertionError(
                                    corpus.relativize(file) + " " + c.describe() + " budget " + budget + ": "
                                            + e.getMessage(),
                                    e);
                        }
                        requests++;
                    }
                }
            }
        }
        assertTrue(requests > 100, "requests checked: " + requests);
    }
}
