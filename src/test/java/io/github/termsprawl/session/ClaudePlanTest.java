package io.github.termsprawl.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.ForwardLineReader;
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
            List<ClaudeSession.Window> all = session.windows(file);
            for (int w = 0; w < all.size(); w++) {
                for (Message m : all.get(w).messages()) {
                    expected.add(m);
                    expectedWindows.add(w);
                }
            }
            ClaudeSession.Plan plan = session.planWithSubagents(file);
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
            assertEquals(session.plan(file).size(), plan.messages().size());
            messages += expected.size();
            windows += all.size();
        }
        assertTrue(messages > 1500 && windows > 40, messages + " messages, " + windows + " windows");
    }

    @Test
    void aPlanHoldsNoToolOutputThinkingOrArguments() throws IOException {
        Path file = SessionCorpus.file("claude/spotter-2.1.38-tool_heavy.jsonl");
        for (ClaudeSession.Planned p : new ClaudeSession().plan(file)) {
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
}
