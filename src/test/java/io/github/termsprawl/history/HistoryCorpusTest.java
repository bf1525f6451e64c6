package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.claude.ClaudePlanTestAccess;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real transcripts of every store as turn files: as many as the session model's messages, in its order. */
class HistoryCorpusTest {
    @TempDir
    Path cwd;

    History.Result update(String node) throws IOException {
        try (History history = new History(new ProjectLayout(cwd), true)) {
            return history.update(node);
        }
    }

    static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void claudeSessionsAreTheirWindowsInOrder() throws IOException {
        List<Path> sessions = new ArrayList<>(files(SharedFolder.corpus("claude"), ".jsonl"));
        sessions.addAll(files(SharedFolder.corpus("claude-reconstruction"), ".jsonl"));
        int n = 0;
        for (Path file : sessions) {
            String node = "n" + n++;
            HistoryFixtures.index(cwd, node, file, "claude", null);
            History.Result r = update(node);
            List<Message> expected = new ArrayList<>();
            for (ClaudeSession.Window w : ClaudePlanTestAccess.windows(file)) {
                expected.addAll(w.messages());
            }
            assertEquals(expected.size(), r.turns(), file.toString());
            Path dir = cwd.resolve(".termsprawl/history/" + node);
            for (int i = 0; i < expected.size(); i++) {
                Message m = expected.get(i);
                Path turn = dir.resolve(TurnMarkdown.fileName(i, m));
                assertTrue(Files.isRegularFile(turn), turn.toString());
                String cite = "\nsource: " + m.source().cite() + "\n";
                assertTrue(HistoryFixtures.read(turn).contains(cite), turn + " cites " + cite);
            }
            assertEquals(History.Status.UP_TO_DATE, update(node).status(), file.toString());
        }
    }

    @Test
    void aClaudeSessionWithCompactionsAndSubagents() throws IOException {
        Path session = SharedFolder.corpus("claude/spotter-2.1.39-compact-258c7280")
                .resolve("258c7280-ae70-4798-800f-63464d01a85d.jsonl");
        HistoryFixtures.index(cwd, "spotter", session, null, null);
        History.Result r = update("spotter");
        assertEquals(Store.CLAUDE, r.store());
        assertEquals(2, r.agents());
        Path dir = cwd.resolve(".termsprawl/history/spotter");
        String index = HistoryFixtures.read(dir.resolve("index.md"));
        int windows = ClaudePlanTestAccess.windows(session).size();
        assertTrue(windows > 1, "the corpus file has compactions");
        assertEquals(windows - 1, index.split("== compaction: window ", -1).length - 1, index);
        for (String agent : List.of("a881341", "acompact-fffbd0")) {
            Path agentDir = dir.resolve("agents/" + agent);
            Path agentFile =
                    session.resolveSibling("258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-" + agent + ".jsonl");
            int expected = 0;
            for (ClaudeSession.Window w : ClaudePlanTestAccess.windows(agentFile)) {
                expected += w.messages().size();
            }
            assertEquals(
                    expected,
                    HistoryTest.names(agentDir).stream()
                            .filter(f -> f.startsWith("turn-"))
                            .count(),
                    agent);
            assertTrue(index.contains("\nagents/" + agent + "/index.md · " + expected + " turns"), index);
        }
        assertEquals(History.Status.UP_TO_DATE, update("spotter").status());
    }

    @Test
    void everyOtherStoreIsItsWalk() throws IOException {
        List<Object[]> cases = new ArrayList<>();
        for (Path f : files(SharedFolder.corpus("codex"), ".jsonl")) {
            cases.add(new Object[] {f, "codex", null});
        }
        for (Path f : files(SharedFolder.corpus("pi"), ".jsonl")) {
            cases.add(new Object[] {f, "pi", null});
        }
        for (Path f : files(SharedFolder.corpus("gemini"), ".json")) {
            cases.add(new Object[] {f, "gemini", null});
        }
        for (Path f : files(SharedFolder.corpus("gemini"), ".jsonl")) {
            cases.add(new Object[] {f, "gemini", null});
        }
        Path storage = SharedFolder.corpus("opencode/agentsessions-opencode-json");
        cases.add(new Object[] {storage.resolve("storage_v2"), "opencode", "s_stage0_large"});
        cases.add(new Object[] {storage.resolve("storage_v2"), "opencode", "s_stage0_small"});
        cases.add(new Object[] {storage.resolve("storage_legacy"), "opencode", "s_stage0_drift"});
        int n = 0;
        long total = 0;
        for (Object[] c : cases) {
            Path file = (Path) c[0];
            String node = "s" + n++;
            HistoryFixtures.index(cwd, node, file, (String) c[1], (String) c[2]);
            History.Result r = update(node);
            TranscriptIndex.Entry entry = StoreFixtures.entry(file, (String) c[1], (String) c[2]);
            long[] expected = {0};
            try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
                readers.sessionReader(Store.of((String) c[1])).walk(entry, m -> ++expected[0] > 0);
            }
            total += expected[0];
            assertEquals(expected[0], r.turns(), file.toString());
            assertTrue(Files.isRegularFile(cwd.resolve(".termsprawl/history/" + node + "/index.md")));
            if (!Files.isDirectory(file)) {
                assertEquals(History.Status.UP_TO_DATE, update(node).status(), file.toString());
            }
        }
        assertTrue(n > 10 && total > 1000, "the corpus has transcripts of each store: " + n + ", " + total);
    }
}
