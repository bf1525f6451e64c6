package io.github.termsprawl.store.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreConformance;
import io.github.termsprawl.store.StoreFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store added in one package and one line of a list of agents is read, detected and held to the kit. */
class ToyStoreTest {
    @TempDir
    Path dir;

    private static List<Agent> withToy() {
        List<Agent> agents = new ArrayList<>(Agents.all());
        agents.add(new ToyAgent()); // the one line
        return agents;
    }

    @Test
    void theKitRunsOverAToyStore() throws Exception {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null, withToy());
                TranscriptReaders small = new TranscriptReaders(new JsonlTail(97, 4096), null, withToy())) {
            int turns = 0;
            for (int seed = 0; seed < 120; seed++) {
                Path file = write(dir.resolve("toy-" + seed + ".jsonl"), new Random(seed));
                TranscriptIndex.Entry entry = StoreFixtures.entry(file, "toy", null);
                StoreConformance.assertSamePaths(readers, small, ToyAgent.TOY, entry, "toy seed " + seed);
                turns += readers.lastTurns(entry, StoreFixtures.LIMITS).turns().size();
            }
            assertTrue(turns > 1000, turns + " turns: the logs must hold prose");
        }
    }

    @Test
    void aToyFileIsRecognisedOnceItsAgentIsListed() throws Exception {
        Path file = write(dir.resolve("t.jsonl"), new Random(7));
        TranscriptIndex.Entry unnamed = StoreFixtures.entry(file, null, null);
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null, withToy())) {
            assertEquals(ToyAgent.TOY, readers.storeOf(unnamed));
            assertEquals(
                    readers.lastTurns(StoreFixtures.entry(file, "toy", null), StoreFixtures.LIMITS),
                    readers.lastTurns(unnamed, StoreFixtures.LIMITS));
        }
        try (TranscriptReaders registry = new TranscriptReaders(new JsonlTail(), null)) {
            // not listed: read as Claude Code's, the store of every entry that proves no other
            assertEquals(Store.CLAUDE, registry.storeOf(unnamed));
        }
    }

    private static final String[] WORDS = {"the", "build", "ünïcödé", "日本語", "🚀", "a\\\"quote", "x\\ny", ""};

    /** A random toy log: prose, notes, empty texts, long lines, a malformed line, maybe no final newline. */
    private static Path write(Path file, Random random) throws Exception {
        StringBuilder out = new StringBuilder();
        int n = 1 + random.nextInt(120);
        for (int i = 0; i < n; i++) {
            int r = random.nextInt(20);
            if (r == 0) {
                out.append("{\"toy\":\"user\",\"text\":\"broken\n");
                continue;
            }
            String kind = r < 8 ? "user" : r < 16 ? "assistant" : r < 18 ? "note" : "other";
            StringBuilder text = new StringBuilder();
            int words = random.nextInt(8) == 0 ? 3000 + random.nextInt(3000) : random.nextInt(30);
            for (int w = 0; w < words; w++) {
                text.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
            }
            out.append("{\"toy\":\"")
                    .append(kind)
                    .append("\",\"id\":\"m")
                    .append(i)
                    .append("\",\"text\":\"")
                    .append(text)
                    .append("\"}");
            if (i < n - 1 || random.nextBoolean()) {
                out.append('\n');
            }
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, out, StandardCharsets.UTF_8);
        return file;
    }
}
