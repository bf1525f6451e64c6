package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.agents.RecordedSession;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.Agent.Windows.Subagent;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.StoreFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session the real Claude Code 2.1.332 wrote in the harness (agents/ClaudeCodeTest: an edit the guard warned
 * about, a stored tool result, a subagent that started another, a workflow, /compact), read as it was written.
 */
class ClaudeCodeRecordedTest {
    @TempDir
    Path tmp;

    RecordedSession session;

    @BeforeEach
    void unpack() throws Exception {
        session = RecordedSession.unpack(RecordedSession.CLAUDE_CODE, tmp);
    }

    @Test
    void everyRecordTypeIsKnown() throws Exception {
        List<Path> files = session.transcripts();
        assertEquals(4, files.size(), files.toString());
        for (Path f : files) {
            ReadStats stats = new ClaudeTranscript(new JsonlTail()).stats(StoreFixtures.entry(f, "claude", null));
            assertEquals(0, stats.unknown(), f + ": " + stats.describe());
            assertTrue(stats.turns() > 0, f + ": " + stats.describe());
        }
    }

    static List<Message> all(List<ClaudeSession.Window> windows) {
        List<Message> all = new ArrayList<>();
        windows.forEach(w -> all.addAll(w.messages()));
        return all;
    }

    static List<String> kinds(Message m) {
        List<String> kinds = new ArrayList<>();
        for (Block b : m.blocks()) {
            if (b instanceof Block.Attachment a) {
                kinds.add(a.kind() + (a.harness() ? "" : "*"));
            }
        }
        return kinds;
    }

    @Test
    void theHarnessAttachmentsFoldIntoTheTurnTheyFollow() {
        List<ClaudeSession.Window> windows = ClaudePlanTestAccess.windows(session.transcript());
        assertEquals(2, windows.size());
        List<Message> first = windows.get(0).messages();
        Message prompt = first.get(0);
        assertEquals(Role.USER, prompt.role());
        assertEquals("add a field to A", prompt.text());
        assertFalse(prompt.has(Message.Flag.META), "the prompt stays the person's: " + Describe.of(prompt, 40));
        assertEquals(
                List.of(
                        "environment",
                        "model",
                        "deferred_tools_delta",
                        "agent_listing_delta",
                        "skill_listing",
                        "session_context",
                        "date",
                        "remote_session_change",
                        "prompt_snapshot"),
                kinds(prompt));
        // a prompt snapshot after a tool result folds into the result's turn
        Message result = first.get(2);
        assertEquals(Role.TOOL, result.role());
        assertEquals(List.of("prompt_snapshot"), kinds(result));
        // one prompt was 14 messages, 10 of them attachments; now none is a message of its own but at a window's start
        for (ClaudeSession.Window w : windows) {
            for (int i = 1; i < w.messages().size(); i++) {
                Message m = w.messages().get(i);
                assertFalse(ClaudeMessages.isAttachment(m), i + ": " + Describe.of(m, 40));
            }
        }
        assertEquals(
                List.of("user", "assistant", "tool", "assistant", "tool", "assistant"),
                first.subList(0, 6).stream().map(m -> m.role().id()).toList());
    }

    @Test
    void thePlanReadsTheFoldedMessagesAsTheWholeReadDoes() throws Exception {
        ClaudeSession reader = new ClaudeSession();
        List<Message> whole = all(ClaudePlanTestAccess.windows(session.transcript()));
        List<ClaudeSession.Planned> plan = ClaudePlanTestAccess.plan(reader, session.transcript());
        assertEquals(whole.size(), plan.size());
        try (ForwardLineReader lines = ForwardLineReader.open(session.transcript())) {
            for (int i = 0; i < plan.size(); i++) {
                assertEquals(Describe.of(whole.get(i)), Describe.of(reader.full(lines, plan.get(i))), "message " + i);
            }
        }
    }

    @Test
    void theCompactionKeepsItsPreservedSegmentAfterTheSummary() throws Exception {
        Map<String, Object> boundary = null;
        for (String line : Files.readAllLines(session.transcript())) {
            Map<String, Object> r = Json.asObject(Json.parse(line));
            if (ClaudeRecord.isBoundary(r)) {
                boundary = r;
            }
        }
        assertNotNull(boundary);
        Map<String, Object> meta = Json.asObject(boundary.get("compactMetadata"));
        assertEquals("manual", meta.get("trigger"));
        assertTrue(meta.get("durationMs") instanceof Json.JsonNumber, meta.toString());
        String[] segment = ClaudeRecord.preservedSegment(boundary);
        assertEquals("54962f9d-c615-42a4-9d55-058e97eb03ad", segment[0]);
        assertEquals("54962f9d-c615-42a4-9d55-058e97eb03ad", segment[1]);
        assertEquals("c172f794-7dd5-4f90-aea1-240a9a126fbb", segment[2]);

        List<Message> live = new ClaudeSession().live(session.transcript()).messages();
        assertTrue(live.get(0).has(Message.Flag.COMPACT_SUMMARY), Describe.of(live.get(0), 60));
        assertEquals("54962f9d-c615-42a4-9d55-058e97eb03ad", live.get(1).id(), "the preserved answer, right after");
        assertEquals("The workflow found none.", live.get(1).text());
        Message last = live.get(live.size() - 1);
        assertEquals("After the compaction: the field is size.", last.text());
        Message question = live.get(live.size() - 2);
        assertEquals("which field?", question.text());
        assertEquals(List.of("session_context", "date", "remote_session_change", "prompt_snapshot"), kinds(question));
    }

    @Test
    void theSubagentsAreNamedByTheirMetaFilesNestedAndInAWorkflow() {
        List<Subagent> found = ClaudeSubagents.of(session.transcript());
        assertEquals(3, found.size(), found.toString());
        Subagent first = found.get(0);
        assertEquals("a822ed09627bdce73", first.agentId());
        assertEquals("toolu_03", first.toolUseId());
        assertEquals(new Subagent.Meta("general-purpose", "find callers", null, 1, null), first.meta());
        Subagent nested = found.get(1);
        assertEquals("a57ded287211eff31", nested.agentId());
        assertEquals("toolu_n1", nested.toolUseId(), "named by its meta: the parent session never names it");
        assertEquals(new Subagent.Meta("general-purpose", "search tests", "a822ed09627bdce73", 2, null), nested.meta());
        Subagent workflow = found.get(2);
        assertEquals("ac6a1056e677dacb4", workflow.agentId());
        assertEquals(Subagent.Layout.FOLDER, workflow.layout());
        assertNull(workflow.toolUseId());
        assertEquals(new Subagent.Meta("workflow-subagent", "callers", null, 1, "wf_9f72e459-404"), workflow.meta());
        assertTrue(workflow.file().startsWith(session.sessionFolder().resolve("subagents/workflows/wf_9f72e459-404")));
        String workflowPrompt =
                new ClaudeSession().live(workflow).messages().get(0).text();
        assertTrue(workflowPrompt.contains("Workflow: list the callers of A."), workflowPrompt);
    }

    @Test
    void anOversizedToolResultIsAPreviewThatNamesItsStoredFile() throws Exception {
        Message result = null;
        for (Message m : all(ClaudePlanTestAccess.windows(session.transcript()))) {
            if (m.blocks().get(0) instanceof Block.ToolResult r && "toolu_04".equals(r.callId())) {
                result = m;
            }
        }
        assertNotNull(result);
        String content = ((Block.ToolResult) result.blocks().get(0)).content();
        assertTrue(content.startsWith("<persisted-output>\nOutput too large (38KB). Full output saved to: "), content);
        String stored = content.substring(content.indexOf("saved to: ") + 10, content.indexOf('\n', 30));
        assertTrue(stored.endsWith("/82f41fc6-87b3-4dfd-a16a-7e955b170ca4/tool-results/bfx765a4g.txt"), stored);
        Path kept = session.sessionFolder().resolve("tool-results/bfx765a4g.txt");
        List<String> numbers = Files.readAllLines(kept);
        assertEquals(8000, numbers.size());
        assertEquals("8000", numbers.get(7999));
        // the folder holds no transcript: nothing in it is taken for a subagent
        for (Subagent s : ClaudeSubagents.of(session.transcript())) {
            assertFalse(s.file().toString().contains("/tool-results/"), s.toString());
        }
    }
}
