package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.SessionCorpus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The live branch of every window of real Claude Code files with one to three compactions (and of the
 * inline and own-file subagent layouts), pinned message by message in {@code session/live/*.txt}. Those
 * files were written by an independent implementation of the rules (a Python script run over the
 * corpus), not by this reader; every text is cut to 60 code points there.
 */
class ClaudeCorpusLiveTest {
    static String golden(Path file) throws IOException {
        String name = file.getFileName().toString().replace(".jsonl", ".txt");
        try (InputStream in = ClaudeCorpusLiveTest.class.getResourceAsStream("live/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static String describe(List<ClaudeSession.Window> windows) {
        StringBuilder out = new StringBuilder();
        int abandoned = 0;
        for (int i = 0; i < windows.size(); i++) {
            ClaudeSession.Window w = windows.get(i);
            out.append("# window ")
                    .append(i)
                    .append(" leaves=")
                    .append(w.leaves())
                    .append(" abandoned=")
                    .append(w.abandoned())
                    .append('\n');
            abandoned += w.abandoned();
            for (Message m : w.messages()) {
                out.append(Describe.of(m, 60)).append('\n');
            }
        }
        return out.append("# windows=")
                .append(windows.size())
                .append(" abandoned=")
                .append(abandoned)
                .append('\n')
                .toString();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "claude/codemie-2.0.76-compact-624a4a58.jsonl",
                "claude/entire-2.0.76-compact-a6e4c2a0fbd1.jsonl",
                "claude/entire-2.1.14-2compact-44785715c3f5.jsonl",
                "claude/entire-2.1.7-3compact-cd95adddad32.jsonl",
                "claude/spotter-2.1.39-compact-258c7280/258c7280-ae70-4798-800f-63464d01a85d.jsonl",
                "claude/claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl",
                "claude/cclog-2.0.55-agent-c8d9b115.jsonl"
            })
    void everyWindowAsPinned(String relative) throws IOException {
        Path file = SessionCorpus.file(relative);
        ClaudeSession session = new ClaudeSession();
        List<ClaudeSession.Window> windows = ClaudePlanTestAccess.windows(file);
        assertEquals(golden(file), describe(windows));
        // the active window read backwards only to its boundary is the last of them, in full
        assertEquals(
                Describe.all(windows.get(windows.size() - 1).messages()),
                Describe.all(session.live(file).messages()));
        assertEquals(
                Describe.all(windows.get(windows.size() - 1).messages()),
                Describe.all(new ClaudeSession(4096, 1024).live(file).messages()),
                "small chunks, long lines streamed");
        int abandoned = 0;
        for (ClaudeSession.Window w : windows) {
            abandoned += w.abandoned();
        }
        assertEquals(new ClaudeSession.Shape(windows.size(), abandoned), session.shape(file));
        if (windows.size() > 1) {
            assertTrue(windows.get(windows.size() - 1).messages().get(0).has(Message.Flag.COMPACT_SUMMARY));
        }
    }
}
