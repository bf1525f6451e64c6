package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Located;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rollouts the real Codex CLI wrote in {@link CodexExecTest}'s scenarios, kept under
 * {@code src/test/resources/agents/codex-<version>/}: read by every view without npm ({@link CodexRollouts} has
 * the assertions, the same as on a fresh run).
 */
class CodexRolloutsTest {
    static final String VERSION = "codex-" + CodexExec.V0_169.version() + "/";

    @TempDir
    Path tmp;

    private AgentProject project() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Files.createDirectories(project.home().resolve(".codex"));
        return project;
    }

    /** {@code codex:latest} is {@code rollout}, recorded for node backend. */
    private static SessionProof recordLatest(AgentProject project, Path rollout) throws Exception {
        Located latest = CodexRollouts.latest(project, project.home().resolve(".codex"));
        assertEquals(rollout, latest.path());
        return SessionProof.record(project, "backend", latest);
    }

    @Test
    void theEditScenario() throws Exception {
        AgentProject project = project();
        Path rollout = CodexRollouts.restore(project, VERSION + "edit.jsonl");
        CodexRollouts.assertEdit(recordLatest(project, rollout));
    }

    @Test
    void theCompactionScenario() throws Exception {
        AgentProject project = project();
        Path rollout = CodexRollouts.restore(project, VERSION + "compact.jsonl");
        SessionProof proof = recordLatest(project, rollout);
        assertTrue(Files.readString(rollout).contains("\"type\":\"compacted\""));
        CodexRollouts.assertCompacted(proof);
    }

    @Test
    void theSubagentScenario() throws Exception {
        AgentProject project = project();
        Path parent = CodexRollouts.restore(project, VERSION + "subagent-parent.jsonl");
        Path child = CodexRollouts.restore(project, VERSION + "subagent-child.jsonl");
        // the subagent's rollout is the newer: codex:latest still takes the parent's
        Files.setLastModifiedTime(
                child, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        CodexRollouts.assertSubagent(recordLatest(project, parent), child);
    }

    /**
     * A session begun by Codex 0.151 and resumed by 0.153 (real, through the stand-in): one rollout, two versions,
     * no {@code schema_version} to tell them apart; 0.153's new records ({@code thread_settings_applied},
     * {@code token_usage_record}) start mid-file and are known, each message counts once.
     */
    @Test
    void aSessionResumedByANewerVersion() throws Exception {
        AgentProject project = project();
        Path rollout = CodexRollouts.restore(project, "codex-0.151.0+0.153.0/resumed.jsonl");
        String text = Files.readString(rollout);
        assertTrue(text.contains("\"cli_version\":\"0.151.0\""));
        assertTrue(text.contains("\"type\":\"token_usage_record\""));
        SessionProof proof = recordLatest(project, rollout);
        String prose = "# linked context from backend (backend)\n## user\nfirst question\n## assistant\nAnswer one.\n"
                + "## user\nsecond question\n## assistant\nAnswer two.\n";
        assertEquals(prose, proof.fileView());
        assertEquals(prose, proof.liveView());
        String stats = proof.statsWithNothingUnknown();
        assertTrue(stats.matches("backend: store=codex records=22 turns=4 unknown=0"), stats);
        assertEquals(
                java.util.List.of(
                        "0000 system <skills_instructions>",
                        "0001 user <environment_context>",
                        "0002 user first question",
                        "0003 assistant Answer one.",
                        "0004 user second question",
                        "0005 assistant Answer two."),
                CodexRollouts.index(proof.turnFiles()));
    }
}
