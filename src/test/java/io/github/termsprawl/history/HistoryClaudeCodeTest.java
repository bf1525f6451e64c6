package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.agents.RecordedSession;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.store.claude.ClaudePlanTestAccess;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The turn files of the session the real Claude Code 2.1.332 wrote (agents/ClaudeCodeTest). */
class HistoryClaudeCodeTest {
    @TempDir
    Path tmp;

    @Test
    void harnessAttachmentsAreALineEachInTheTurnTheyFollowAndSubagentsAreNamed() throws Exception {
        RecordedSession session = RecordedSession.unpack(RecordedSession.CLAUDE_CODE, tmp.resolve("claude"));
        Path cwd = Files.createDirectories(tmp.resolve("project"));
        HistoryFixtures.index(cwd, "backend", session.transcript(), "claude", null);
        History.Result r;
        try (History history = new History(new ProjectLayout(cwd), true)) {
            r = history.update("backend");
        }
        int messages = 0;
        for (ClaudeSession.Window w : ClaudePlanTestAccess.windows(session.transcript())) {
            messages += w.messages().size();
        }
        assertEquals(messages, r.turns());
        Path dir = cwd.resolve(".termsprawl/history/backend");
        String index = Files.readString(dir.resolve("index.md"));
        // one prompt is one turn, not 14: the harness's restatements are lines of it
        assertTrue(index.contains("\n0000 user "), index);
        assertTrue(index.contains(" add a field to A\n0001 assistant "), index);
        assertFalse(index.contains("[attachment prompt_snapshot]"), index);
        String prompt = Files.readString(dir.resolve("turn-0000-user.md"));
        assertTrue(
                prompt.endsWith("\n## text\n\nadd a field to A\n\n## harness attachments\n\n- environment\n"
                        + "- model: You are powered by the model claude-stand-in.\n- deferred_tools_delta\n"
                        + "- agent_listing_delta\n- skill_listing: - termsprawl-ask: When you need to know what another"
                        + " termsprawl agent did or decided and its recent turns (termsprawl-co…\n"
                        + "- session_context\n- date\n- remote_session_change\n- prompt_snapshot\n"),
                prompt);
        assertTrue(
                index.contains("\n## subagents\n\n"
                        + "agents/a822ed09627bdce73/index.md · 4 turns · started by tool call toolu_03 · general-purpose"
                        + " \"find callers\"\n"),
                index);
        assertTrue(
                index.contains(" · started by tool call toolu_n1 · general-purpose \"search tests\" · in agent"
                        + " a822ed09627bdce73\n"),
                index);
        assertTrue(index.contains(" · workflow-subagent \"callers\" · workflow wf_9f72e459-404\n"), index);
        assertTrue(Files.isRegularFile(dir.resolve("agents/ac6a1056e677dacb4/index.md")));
    }
}
