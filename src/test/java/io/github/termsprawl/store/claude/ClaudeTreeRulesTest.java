package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules 2 and 8 of the live branch on small hand-made files (the reconstruction corpus has no case of them). */
class ClaudeTreeRulesTest {
    @TempDir
    Path dir;

    static String rec(String type, String uuid, String parent, int second, String text, String extra) {
        String message = type.equals("assistant")
                ? "{\"role\":\"assistant\",\"id\":\"m-" + uuid + "\",\"content\":[{\"type\":\"text\",\"text\":\"" + text
                        + "\"}]}"
                : "{\"role\":\"user\",\"content\":\"" + text + "\"}";
        return "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"parentUuid\":"
                + (parent == null ? "null" : "\"" + parent + "\"") + ",\"timestamp\":\"2026-01-01T00:00:0" + second
                + ".000Z\",\"message\":" + message + extra + "}";
    }

    List<String> live(String name, String... lines) throws IOException {
        Path file = StoreFixtures.jsonl(dir.resolve(name), lines);
        List<String> backwards = Describe.all(new ClaudeSession().live(file).messages());
        List<ClaudeSession.Window> windows = ClaudePlanTestAccess.windows(file);
        assertEquals(backwards, Describe.all(windows.get(windows.size() - 1).messages()));
        return backwards;
    }

    @Test
    void rule2AUuidWrittenTwiceIsItsLastRecordAtItsFirstPosition() throws IOException {
        // a1 and a2 tie on time; a1 is first in the file by its first line, and reads as its last line
        assertEquals(
                List.of("user @u1: \"hi\"", "assistant @a1: \"rewritten\""),
                live(
                        "s.jsonl",
                        rec("user", "u1", null, 1, "hi", ""),
                        rec("assistant", "a1", "u1", 2, "first", ""),
                        rec("assistant", "a2", "u1", 3, "other", ""),
                        rec("assistant", "a1", "u1", 3, "rewritten", "")));
    }

    @Test
    void rule2AMissingParentEndsTheWalkAndACycleIsGuarded() throws IOException {
        assertEquals(
                List.of("user @x: \"orphan\"", "assistant @y: \"reply\""),
                live(
                        "missing.jsonl",
                        rec("user", "x", "gone", 1, "orphan", ""),
                        rec("assistant", "y", "x", 2, "reply", "")));
        assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> {
            assertEquals(
                    List.of("assistant @c2: \"two\"", "user @c1: \"one\"", "assistant @c3: \"three\""),
                    live(
                            "cycle.jsonl",
                            rec("user", "c1", "c2", 1, "one", ""),
                            rec("assistant", "c2", "c1", 2, "two", ""),
                            rec("assistant", "c3", "c1", 3, "three", "")));
            // nothing but a cycle: no leaf, no branch
            assertEquals(
                    List.of(),
                    live(
                            "loop.jsonl",
                            rec("user", "l1", "l2", 1, "one", ""),
                            rec("assistant", "l2", "l1", 2, "two", "")));
        });
    }

    @Test
    void rule8InlineSidechainRecordsAreNoPartOfTheMainBranch() throws IOException {
        String side = ",\"isSidechain\":true";
        assertEquals(
                List.of("user @u1: \"main\"", "assistant @a1: \"main reply\""),
                live(
                        "main.jsonl",
                        rec("user", "u1", null, 1, "main", ""),
                        rec("assistant", "a1", "u1", 2, "main reply", ""),
                        rec("user", "s1", null, 3, "subagent task", side),
                        rec("assistant", "s2", "s1", 4, "subagent reply", side)));
        // the same records in a subagent's own file are its branch
        assertEquals(
                List.of("user @s1: \"subagent task\" #SIDECHAIN", "assistant @s2: \"subagent reply\" #SIDECHAIN"),
                live(
                        "agent-abc.jsonl",
                        rec("user", "s1", null, 3, "subagent task", side),
                        rec("assistant", "s2", "s1", 4, "subagent reply", side)));
    }

    @Test
    void rule8OnTheRealInlineSidechainFile() {
        Path file = SessionCorpus.file("claude/claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl");
        List<Message> sidechain = new ArrayList<>();
        WalkStats stats = new ClaudeSession().walk(file, m -> {
            if (m.has(Message.Flag.SIDECHAIN)) {
                sidechain.add(m);
            }
            return true;
        });
        assertEquals(22, sidechain.size(), "the walk sees every record");
        assertEquals(new WalkStats(53, 0, 0, 53), stats);
        for (Message m : new ClaudeSession().live(file).messages()) {
            assertEquals(false, m.has(Message.Flag.SIDECHAIN), Describe.of(m));
        }
    }
}
