package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fork a user starts for a node ({@code claude --resume <id> --fork-session}) is the node's session from then on:
 * Claude Code 2.1.x fires SessionStart with {@code "source": "fork"}, which the planted matcher includes
 * (docs/planted.md).
 */
class ClaudeCodeForkTest {
    @TempDir
    Path tmp;

    @Test
    void aForkOfTheNodesSessionBecomesItsSession() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        try (AnthropicStandIn api = AnthropicStandIn.inOrder(text("First answer."), text("Answer in the fork."))) {
            ClaudeCode claude = new ClaudeCode(project, api);
            AgentRun.Result first = claude.prompt("backend", "first question", "--output-format", "json");
            assertEquals(0, first.exit(), first.describe());
            String id = first.stdout().replaceAll("(?s).*\"session_id\":\"([^\"]+)\".*", "$1");
            Path original = claude.sessionsDir().resolve(id + ".jsonl");
            assertEquals(original, project.indexedTranscript("backend"));
            byte[] before = Files.readAllBytes(original);

            AgentRun.Result fork = claude.prompt("backend", "go on in a fork", "--resume", id, "--fork-session");
            assertEquals(0, fork.exit(), fork.describe());
            assertTrue(fork.stdout().contains("Answer in the fork."), fork.describe());
            Path forked = project.indexedTranscript("backend");
            assertNotEquals(original, forked, "the fork is recorded as the node's session");
            assertEquals(2, claude.transcripts().size(), claude.transcripts().toString());
            assertTrue(Files.readString(forked).contains("go on in a fork"), forked.toString());
            assertArrayEquals(before, Files.readAllBytes(original), "forking leaves the original as it was");
        }
    }
}
