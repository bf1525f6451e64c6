package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.ResponsesStandIn.patch;
import static io.github.termsprawl.agents.ResponsesStandIn.shell;
import static io.github.termsprawl.agents.ResponsesStandIn.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Located;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI ({@link CodexExec#V0_169}, whose rollouts are kept) in a project where discover ran, against the stand-in Responses
 * API: what it writes is read by every view of termsprawl ({@link CodexRollouts} holds the assertions, which
 * run on the kept copies of these rollouts too, without npm).
 */
class CodexExecTest {
    @TempDir
    Path tmp;

    @Test
    void anEditAShellCommandAndASecondPromptReadEverywhere() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("src/A.java", "class A {\n}\n");
        try (ResponsesStandIn api = ResponsesStandIn.of(
                patch(
                        "call_patch",
                        "*** Begin Patch\n*** Update File: src/A.java\n@@\n class A {\n+    int size;\n }\n*** End Patch\n"),
                shell("call_notes", "printf 'size\\n' > notes.txt && cat src/A.java"),
                text(CodexRollouts.EDIT_ANSWER),
                shell("call_rm", "rm notes.txt"),
                text(CodexRollouts.SECOND_ANSWER))) {
            CodexExec codex = new CodexExec(CodexExec.V0_169, project, api);
            AgentRun.Result first = codex.exec(CodexRollouts.EDIT_PROMPT);
            assertEquals(0, first.exit(), first.describe());
            assertEquals("class A {\n    int size;\n}\n", Files.readString(a), first.describe());
            AgentRun.Result second = codex.resumeLast(CodexRollouts.SECOND_PROMPT);
            assertEquals(0, second.exit(), second.describe());
            assertTrue(!Files.exists(project.root().resolve("notes.txt")), second.describe());
            assertEquals(
                    5,
                    api.requests(ResponsesStandIn.Lane.ROOT).size(),
                    api.requests().toString());
            List<Path> rollouts = codex.rollouts();
            assertEquals(1, rollouts.size(), rollouts.toString());
            Located latest = CodexRollouts.latest(project, codex.home());
            assertEquals(rollouts.get(0), latest.path());
            CodexRollouts.capture(codex, project, "edit", rollouts.get(0));
            CodexRollouts.assertEdit(SessionProof.record(project, "backend", latest));
        }
    }

    @Test
    void aCompactionTheStandInBringsAbout() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        try (ResponsesStandIn api = ResponsesStandIn.lanes(java.util.Map.of(
                ResponsesStandIn.Lane.ROOT,
                List.of(
                        ResponsesStandIn.reporting(shell("call_echo", "echo one"), 150_000),
                        text(CodexRollouts.COMPACT_ANSWER)),
                ResponsesStandIn.Lane.COMPACTION,
                List.of(text(CodexRollouts.SUMMARY))))) {
            CodexExec codex = new CodexExec(CodexExec.V0_169, project, api);
            codex.configure(1000);
            AgentRun.Result run = codex.exec(CodexRollouts.COMPACT_PROMPT);
            assertEquals(0, run.exit(), run.describe());
            assertEquals(
                    1,
                    api.requests(ResponsesStandIn.Lane.COMPACTION).size(),
                    api.requests().toString());
            List<Path> rollouts = codex.rollouts();
            assertEquals(1, rollouts.size(), rollouts.toString());
            Located latest = CodexRollouts.latest(project, codex.home());
            assertEquals(rollouts.get(0), latest.path());
            CodexRollouts.capture(codex, project, "compact", rollouts.get(0));
            CodexRollouts.assertCompacted(SessionProof.record(project, "backend", latest));
        }
    }

    @Test
    void aSubagentForkedWithTheSessionsHistory() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        project.write("src/A.java", "class A {\n}\n");
        try (ResponsesStandIn api = ResponsesStandIn.lanes(java.util.Map.of(
                ResponsesStandIn.Lane.ROOT,
                List.of(
                        ResponsesStandIn.spawn("call_spawn", CodexRollouts.SUBAGENT_TASK, true),
                        ResponsesStandIn.waitForSpawned("call_wait"),
                        text(CodexRollouts.PARENT_ANSWER)),
                ResponsesStandIn.Lane.SUBAGENT,
                List.of(
                        patch(
                                "call_sub_patch",
                                "*** Begin Patch\n*** Add File: src/B.java\n+class B {\n+}\n*** End Patch\n"),
                        text(CodexRollouts.SUBAGENT_ANSWER))))) {
            CodexExec codex = new CodexExec(CodexExec.V0_169, project, api);
            AgentRun.Result run = codex.exec(CodexRollouts.SUBAGENT_PROMPT);
            assertEquals(0, run.exit(), run.describe());
            assertTrue(Files.exists(project.root().resolve("src/B.java")), run.describe());
            List<Path> rollouts = codex.rollouts();
            assertEquals(2, rollouts.size(), rollouts.toString());
            Located latest = CodexRollouts.latest(project, codex.home());
            Path parent = latest.path();
            Path child = rollouts.get(0).equals(parent) ? rollouts.get(1) : rollouts.get(0);
            CodexRollouts.capture(codex, project, "subagent-parent", parent);
            CodexRollouts.capture(codex, project, "subagent-child", child);
            CodexRollouts.assertSubagent(SessionProof.record(project, "backend", latest), child);
        }
    }
}
