package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.claude.ClaudePlanTestAccess;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A conversation read as it streams into a request of a budget (PreparedConversation) holds no more than a few
 * times that budget, whatever the session's size, and gives the request the whole conversation gives, byte for byte,
 * with the same notes: on every Claude Code file of the corpus and on random long sessions (big results, big calls,
 * long texts, non-ASCII, compactions), for budgets that cut little, much, and everything but the last turns.
 */
class AskBoundsTest {
    @TempDir
    Path dir;

    private static final long[] BUDGETS = {2_500, 6_000, 20_000, 200_000, 990_000};

    /** Reads the file whole and at every budget; returns how many turns the budgeted reads let go. */
    private static int same(Path file, int window, String what) throws Exception {
        int letGo = 0;
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            TranscriptIndex.Entry entry = new TranscriptIndex.Entry(file, null, null);
            Target target = new Target("t", "t", entry, window);
            Conversation whole = new SessionLoader(readers, 0, true, false).load(target);
            for (long budget : BUDGETS) {
                Conversation read = new SessionLoader(readers, budget, true, false).load(target);
                assertEquals(whole.isEmpty(), read.isEmpty(), what);
                if (whole.isEmpty()) {
                    continue;
                }
                assertEquals(whole.describe(), read.describe(), what);
                for (long fit : new long[] {budget, budget * 7 / 10}) {
                    RequestBuilder.Built a =
                            new RequestBuilder(true, false).build(whole, "t", "Why?", Models.DEFAULT, fit);
                    RequestBuilder.Built b =
                            new RequestBuilder(true, false).build(read, "t", "Why?", Models.DEFAULT, fit);
                    String at = what + " budget " + budget + " fit " + fit;
                    assertEquals(a.notes(), b.notes(), at);
                    assertArrayEquals(a.body(), b.body(), at);
                    assertEquals(
                            List.of(a.messages(), a.firstTurn(), a.lastTurn(), a.cutTo(), a.cleared(), a.truncated()),
                            List.of(b.messages(), b.firstTurn(), b.lastTurn(), b.cutTo(), b.cleared(), b.truncated()),
                            at);
                    assertEquals(a.estimatedTokens(), b.estimatedTokens(), at);
                }
                // what it holds: a few budgets' worth, not the session
                letGo += read.omitted();
                long held = read.prepared().held();
                assertTrue(held <= 8 * budget * Sizes.BYTES_PER_TOKEN + 4_000_000, what + ": " + held + " bytes held");
            }
        }
        return letGo;
    }

    @Test
    void everyCorpusFileGivesTheSameRequestReadAsItStreams() throws Exception {
        int files = 0;
        int letGo = 0;
        for (Path file : ClaudePlanTestAccess.claudeFiles()) {
            letGo += same(file, 0, file.toString());
            files++;
        }
        assertTrue(files > 20, files + " files");
        assertTrue(letGo > 0, "no corpus turn let go: the bounded path was not taken");
    }

    @Test
    void longRandomSessionsGiveTheSameRequestAndHoldABoundedPart() throws Exception {
        int letGo = 0; // these seeds' own count (995), whatever else ran: the bounded path must be taken
        for (int seed = 0; seed < 12; seed++) {
            Random random = new Random(seed);
            ClaudeFile f = new ClaudeFile("/w");
            int turns = 150 + random.nextInt(250);
            int call = 0;
            for (int t = 0; t < turns; t++) {
                int r = random.nextInt(10);
                if (r < 3) {
                    f.user(text(random, 10 + random.nextInt(random.nextInt(8) == 0 ? 40_000 : 400)));
                } else if (r < 7) {
                    String id = "toolu_" + (call++);
                    f.call(
                            text(random, 20),
                            id,
                            "Bash",
                            "{\"command\":"
                                    + io.github.termsprawl.core.Fixtures.jsonString(
                                            text(random, random.nextInt(6) == 0 ? 30_000 : 40))
                                    + "}");
                    f.result(
                            id,
                            text(
                                    random,
                                    random.nextInt(5) == 0
                                            ? 60_000 + random.nextInt(200_000)
                                            : 50 + random.nextInt(3000)));
                } else if (r < 9) {
                    f.assistant(text(random, 5 + random.nextInt(600)));
                } else if (random.nextInt(4) == 0) {
                    f.compact("Summary " + t);
                } else {
                    f.assistant(" "); // a blank answer is no message of the request
                }
            }
            Path file = f.write(dir.resolve("s" + seed + ".jsonl"));
            letGo += same(file, 0, "seed " + seed);
        }
        assertTrue(letGo > 900, letGo + " turns let go");
    }

    private static final String[] WORDS = {"the", "build", "failed", "ünïcödé", "日本語", "🚀", "path/to/File.java", "x"};

    private static String text(Random random, int words) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < words; i++) {
            s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return s.toString();
    }
}
