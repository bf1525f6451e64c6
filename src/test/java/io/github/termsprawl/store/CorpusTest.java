package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.cursor.CursorTranscript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real transcripts of {@code ../shared/corpus} (read in place, never copied): every record type in
 * them is known (unknown == 0), the drift fixtures are not (unknown > 0), and each file is recognised as
 * its store without a {@code store} key. Skipped when the corpus is absent.
 */
class CorpusTest {
    static final List<String> DRIFT = List.of(
            "claude/agentsessions-claude-stage0-schema_drift.jsonl",
            "tma-synthetic/claude-99.0.0-drift.jsonl",
            "codex/agentsessions-codex-stage0-schema_drift.jsonl");

    private final TranscriptReaders readers = StoreFixtures.readers();

    private static Path corpus() {
        return SharedFolder.corpus();
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        }
    }

    private static boolean isDrift(Path corpus, Path file) {
        return DRIFT.contains(corpus.relativize(file).toString().replace('\\', '/'));
    }

    private void assertKnown(Path corpus, List<Path> files, Store store) {
        assertTrue(!files.isEmpty());
        for (Path file : files) {
            if (isDrift(corpus, file)) {
                continue;
            }
            TranscriptIndex.Entry entry = StoreFixtures.entry(file, null, null);
            assertEquals(store, readers.storeOf(entry), "store of " + file);
            ReadStats stats = readers.stats(entry);
            assertEquals(0, stats.unknown(), "unknown records in " + file + ": " + stats.describe());
            assertTrue(stats.records() > 0, file.toString());
            assertEquals(
                    store.id(),
                    readers.stats(StoreFixtures.entry(file, store.id(), null)).store());
        }
    }

    @Test
    void everyRecordTypeOfTheRealFilesIsKnown() throws IOException {
        Path c = corpus();
        assertKnown(c, files(c.resolve("claude"), ".jsonl"), Store.CLAUDE);
        assertKnown(c, files(c.resolve("claude-reconstruction"), ".jsonl"), Store.CLAUDE);
        List<Path> tmaClaude = new ArrayList<>(files(c.resolve("tma-synthetic"), ".jsonl"));
        tmaClaude.removeIf(p -> !p.getFileName().toString().startsWith("claude-")
                && !p.toString().contains("subagents"));
        assertKnown(c, tmaClaude, Store.CLAUDE);
        List<Path> codex = new ArrayList<>(files(c.resolve("codex"), ".jsonl"));
        codex.add(c.resolve("tma-synthetic/codex-0.146.0-rollout.jsonl"));
        assertKnown(c, codex, Store.CODEX);
        List<Path> pi = new ArrayList<>(files(c.resolve("pi"), ".jsonl"));
        pi.add(c.resolve("tma-synthetic/pi-0.84.2-tool-call.jsonl"));
        assertKnown(c, pi, Store.PI);
        List<Path> gemini = new ArrayList<>(files(c.resolve("gemini"), ".jsonl"));
        gemini.addAll(files(c.resolve("gemini"), ".json"));
        assertKnown(c, gemini, Store.GEMINI);
    }

    @Test
    void theDriftFilesAreNot() {
        Path c = corpus();
        for (String drift : DRIFT) {
            ReadStats stats = readers.stats(StoreFixtures.entry(c.resolve(drift), null, null));
            assertTrue(stats.unknown() > 0, drift + ": " + stats.describe());
        }
        assertEquals(
                2,
                readers.stats(StoreFixtures.entry(c.resolve(DRIFT.get(0)), null, null))
                        .unknown());
        assertEquals(
                1,
                readers.stats(StoreFixtures.entry(c.resolve(DRIFT.get(1)), null, null))
                        .unknown());
        assertEquals(
                "codex",
                readers.stats(StoreFixtures.entry(c.resolve(DRIFT.get(2)), null, null))
                        .store());
    }

    @Test
    void openCodeJsonStorageIsKnownToo() {
        Path c = corpus().resolve("opencode/agentsessions-opencode-json");
        String[][] sessions = {
            {"storage_legacy", "s_stage0_drift"}, {"storage_v2", "s_stage0_large"}, {"storage_v2", "s_stage0_small"}
        };
        for (String[] s : sessions) {
            TranscriptIndex.Entry entry = StoreFixtures.entry(c.resolve(s[0]), null, s[1]);
            assertEquals(Store.OPENCODE, readers.storeOf(entry));
            ReadStats stats = readers.stats(entry);
            assertEquals(0, stats.unknown(), s[1] + ": " + stats.describe());
        }
        assertEquals(
                StoreFixtures.turns("user", "Step 1", "user", "Step 2", "assistant", "Ok"),
                readers.lastTurns(
                                StoreFixtures.entry(c.resolve("storage_v2"), "opencode", "s_stage0_large"),
                                StoreFixtures.LIMITS)
                        .turns());
        assertEquals(
                StoreFixtures.turns("user", "Hello", "assistant", "Found 2 files."),
                readers.lastTurns(
                                StoreFixtures.entry(c.resolve("storage_v2"), "opencode", "s_stage0_small"),
                                StoreFixtures.LIMITS)
                        .turns());
        assertEquals(
                StoreFixtures.turns("assistant", "Read README and extracted the title."),
                readers.lastTurns(
                                StoreFixtures.entry(c.resolve("storage_legacy"), "opencode", "s_stage0_drift"),
                                StoreFixtures.LIMITS)
                        .turns());
    }

    @Test
    void cursorAgentFilesAreRecognisedAndRefused() throws IOException {
        Path c = corpus();
        for (Path file : files(c.resolve("cursor"), ".jsonl")) {
            PeerTurns r = readers.lastTurns(StoreFixtures.entry(file, null, null), StoreFixtures.LIMITS);
            assertEquals(CursorTranscript.REFUSAL, r.refusal(), file.toString());
        }
    }

    @Test
    void realFilesGiveTheExpectedProse() {
        Path c = corpus();
        assertEquals(
                StoreFixtures.turns("user", "Say hello and list files.", "assistant", "Hello! I listed the files."),
                readers.lastTurns(
                                StoreFixtures.entry(
                                        c.resolve("gemini/agentsessions-gemini-0.40-jsonl.jsonl"), null, null),
                                StoreFixtures.LIMITS)
                        .turns());
        assertEquals(
                StoreFixtures.turns("user", "xxxxx xxxxx xxxxx", "assistant", "xxxxxxxxxxxxxxxx\nxxxxxxxx"),
                readers.lastTurns(
                                StoreFixtures.entry(c.resolve("tma-synthetic/codex-0.146.0-rollout.jsonl"), null, null),
                                StoreFixtures.LIMITS)
                        .turns());
        assertEquals(
                StoreFixtures.turns("user", "xxxxx xxxxx xxxxx", "assistant", "xxxxxxxxxxxxxxxx"),
                readers.lastTurns(
                                StoreFixtures.entry(c.resolve("tma-synthetic/pi-0.84.2-tool-call.jsonl"), null, null),
                                StoreFixtures.LIMITS)
                        .turns());
        // the redacted Codex Desktop rollout: one user message, one answer, each printed once
        assertEquals(
                StoreFixtures.turns(
                        "user",
                        "[REDACTED_MESSAGE len=86 sha=2239bcba]",
                        "assistant",
                        "[REDACTED_MESSAGE len=124 sha=7a220b7e]"),
                readers.lastTurns(
                                StoreFixtures.entry(
                                        c.resolve(
                                                "codex/codex-0.104.0a1-desktop-small-rollout-2026-02-23T13-19-38-019c8a70.jsonl"),
                                        null,
                                        null),
                                StoreFixtures.LIMITS)
                        .turns());
        // pi v1, a long real session: forty turns, only user and assistant
        List<Turn> pi = readers.lastTurns(
                        StoreFixtures.entry(c.resolve("pi/pi-v1-large-session-d703a1a9.jsonl"), null, null),
                        StoreFixtures.LIMITS)
                .turns();
        assertEquals(40, pi.size());
        assertTrue(pi.stream().allMatch(t -> t.role().equals("user") || t.role().equals("assistant")));
    }
}
