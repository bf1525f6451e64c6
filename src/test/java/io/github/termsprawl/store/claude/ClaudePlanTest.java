package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.SessionCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The light read of a whole session gives, message for message, what {@link ClaudeSession#windows} gives. */
class ClaudePlanTest {
    static List<Path> claudeFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("claude", "claude-reconstruction", "tma-synthetic")) {
            try (Stream<Path> all = Files.walk(SharedFolder.corpus(dir))) {
                all.filter(p -> p.toString().endsWith(".jsonl"))
                        .filter(p -> !p.getFileName().toString().startsWith("codex")
                                && !p.getFileName().toString().startsWith("pi-"))
                        .sorted()
                        .forEach(files::add);
            }
        }
        return files;
    }

    @Test
    void planThenFullIsWindowsForEveryCorpusFile() throws IOException {
        ClaudeSession session = new ClaudeSession();
        int messages = 0;
        int windows = 0;
        for (Path file : claudeFiles()) {
            List<Message> expected = new ArrayList<>();
            List<Integer> expectedWindows = new ArrayList<>();
            List<ClaudeSession.Window> all = ClaudePlanTestAccess.windows(file);
            for (int w = 0; w < all.size(); w++) {
                for (Message m : all.get(w).messages()) {
                    expected.add(m);
                    expectedWindows.add(w);
                }
            }
            ClaudeSession.Plan plan =
                    session.plan(file, new ClaudeSession.PlanCache(null, 0, 0, 0, false), Files.size(file), true);
            assertEquals(expected.size(), plan.messages().size(), file.toString());
            try (ForwardLineReader lines = ForwardLineReader.open(file)) {
                for (int i = 0; i < expected.size(); i++) {
                    ClaudeSession.Planned p = plan.messages().get(i);
                    assertEquals(expected.get(i), session.full(lines, p), file + " message " + i);
                    assertEquals(expectedWindows.get(i), p.window(), file + " message " + i);
                    assertEquals(
                            expected.get(i).blocks().size(), p.prose().blocks().size());
                }
            }
            assertEquals(ClaudeSubagents.of(file), plan.subagents(), file.toString());
            assertEquals(
                    ClaudePlanTestAccess.plan(session, file).size(),
                    plan.messages().size());
            messages += expected.size();
            windows += all.size();
        }
        assertTrue(messages > 1500 && windows > 40, messages + " messages, " + windows + " windows");
    }

    @Test
    void aPlanHoldsNoToolOutputThinkingOrArguments() throws IOException {
        Path file = SessionCorpus.file("claude/spotter-2.1.38-tool_heavy.jsonl");
        for (ClaudeSession.Planned p : ClaudePlanTestAccess.plan(new ClaudeSession(), file)) {
            for (Block b : p.prose().blocks()) {
                if (b instanceof Block.ToolResult r) {
                    assertEquals("", r.content());
                } else if (b instanceof Block.ToolCall c) {
                    assertEquals("", c.arguments());
                } else if (b instanceof Block.Thinking t) {
                    assertEquals("", t.text());
                }
            }
            assertTrue(p.offsets().length > 0 || p.prose().has(Message.Flag.SYNTHETIC));
        }
    }

    @org.junit.jupiter.api.io.TempDir
    Path dir;

    /**
     * A plan as a turn file's key is made of it: each message's window, role, flags, id, lines and blocks (their kinds,
     * ids, and whether a text is blank: a plan keeps no text, ClaudePlanCache.keepable).
     */
    static List<String> describe(List<ClaudeSession.Planned> plan) {
        List<String> out = new ArrayList<>();
        for (ClaudeSession.Planned p : plan) {
            Message m = p.prose();
            StringBuilder blocks = new StringBuilder();
            for (Block b : m.blocks()) {
                blocks.append(' ').append(kind(b));
            }
            out.add(p.window() + " " + m.role() + " " + new java.util.TreeSet<>(m.flags()) + " " + m.id() + " "
                    + m.source() + " [" + blocks + " ] " + java.util.Arrays.toString(p.offsets()) + " "
                    + java.util.Arrays.toString(p.lines()));
        }
        return out;
    }

    private static String kind(Block b) {
        if (b instanceof Block.Text t) {
            return t.text().isBlank() ? "blank" : "text";
        }
        if (b instanceof Block.ToolCall c) {
            return "call:" + c.id() + ":" + c.name();
        }
        if (b instanceof Block.ToolResult r) {
            return "result:" + r.callId() + ":" + r.error()
                    + (r.content().equals(ClaudeMessages.INTERRUPTED) ? ":interrupted" : "");
        }
        if (b instanceof Block.Attachment a) {
            return "attachment:" + a.kind() + ":"
                    + (a.text() == null ? "none" : a.text().isBlank() ? "blank" : "text");
        }
        return b.getClass().getSimpleName();
    }

    @Test
    void aPlanKeptBetweenReadsOfAGrowingFileIsThePlanOfTheWholeFile() throws IOException {
        for (String name : List.of(
                "claude/entire-2.1.7-3compact-cd95adddad32.jsonl",
                "claude/claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl",
                "claude/cclog-2.1.114-teammates-ef958aa1/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl",
                "claude-reconstruction/04-compaction-preserved-segment.jsonl")) {
            byte[] all = Files.readAllBytes(SessionCorpus.file(name));
            Path file = dir.resolve("grown.jsonl");
            Path cache = dir.resolve("grown.plan");
            Files.deleteIfExists(cache);
            // reads of 4 KiB or more are cut in two and parsed on two threads
            ClaudeSession session = new ClaudeSession(
                    io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_CHUNK,
                    io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE,
                    4096);
            ClaudeSession.PlanCache kept = new ClaudeSession.PlanCache(cache, 0, 0, 0, false);
            // grown in four steps, the third cut in the middle of a line
            int[] cuts = {all.length / 5, all.length / 2, all.length * 3 / 4 + 7, all.length};
            List<String> before = List.of();
            for (int cut : cuts) {
                Files.write(file, java.util.Arrays.copyOf(all, cut));
                long end = cut;
                while (end > 0 && all[(int) end - 1] != '\n') {
                    end--;
                }
                ClaudeSession.Plan plan = session.plan(file, kept, end, true);
                // the messages before plan.stable() are the last plan's (ClaudeTailTest checks that at every line)
                List<String> got = new ArrayList<>(before.subList(0, plan.stable()));
                got.addAll(describe(plan.messages()));
                assertEquals(describe(ClaudePlanTestAccess.plan(session, file)), got, name + " at " + cut);
                before = got;
                assertEquals(ClaudeSubagents.of(file), plan.subagents(), name + " at " + cut);
                assertEquals(end, plan.cache().offset(), "the cache ends with the last whole line");
                assertEquals(Files.size(cache), plan.cache().bytes());
                kept = plan.cache();
            }
        }
    }

    @Test
    void aCacheThatDoesNotReadIsMadeAgainFromTheFirstLine() throws IOException {
        Path file = Files.copy(SessionCorpus.file("claude/spotter-2.1.38-tool_heavy.jsonl"), dir.resolve("t.jsonl"));
        Path cache = Files.writeString(dir.resolve("t.plan"), "not a cache\n");
        ClaudeSession session = new ClaudeSession();
        ClaudeSession.Plan plan =
                session.plan(file, new ClaudeSession.PlanCache(cache, 12, 100, 3, false), Files.size(file), false);
        assertEquals(describe(ClaudePlanTestAccess.plan(session, file)), describe(plan.messages()));
        assertEquals(Files.size(file), plan.cache().offset());
    }

    @Test
    void aCacheKeepsNoTextAndARedactedOneNoSecret() throws IOException {
        String key = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
        Path file = Files.writeString(
                dir.resolve("s.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:01Z\","
                        + "\"message\":{\"role\":\"user\",\"content\":\"token " + key + "\"}}\n"
                        + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:02Z\","
                        + "\"message\":{\"id\":\"m\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\""
                        + key
                        + "\"},{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Task\",\"input\":{\"prompt\":\"use " + key
                        + "\"}}]}}\n");
        Path cache = dir.resolve("s.plan");
        ClaudeSession session = new ClaudeSession();
        ClaudeSession.Plan plan =
                session.plan(file, new ClaudeSession.PlanCache(cache, 0, 0, 0, true), Files.size(file), true);
        assertTrue(!Files.readString(cache).contains(key), Files.readString(cache));
        // a plan keeps of a text only whether it is blank; the subagent call's prompt it keeps, redacted
        assertEquals(ClaudePlanCache.TEXT, plan.messages().get(0).prose().text());
        assertTrue(Files.readString(cache).contains("use [redacted:github-token]"), Files.readString(cache));
        List<ClaudeSession.Planned> fresh = ClaudePlanTestAccess.plan(session, file);
        assertEquals(fresh.size(), plan.messages().size());
        for (int i = 0; i < fresh.size(); i++) {
            assertEquals(
                    java.util.Arrays.toString(fresh.get(i).offsets()),
                    java.util.Arrays.toString(plan.messages().get(i).offsets()));
            assertEquals(
                    fresh.get(i).prose().blocks().size(),
                    plan.messages().get(i).prose().blocks().size());
        }
        // read again from the cache alone: the same
        ClaudeSession.Plan again = session.plan(file, plan.cache(), Files.size(file), true);
        assertEquals(describe(plan.messages()), describe(again.messages()));
    }
}
