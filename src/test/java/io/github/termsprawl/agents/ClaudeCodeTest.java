package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real Claude Code in a project where discover ran, against the stand-in Messages API. */
class ClaudeCodeTest {
    @TempDir
    Path tmp;

    @Test
    void anEditThroughTheStandInIsMadeAndTheSessionStartHookRecordsTheNode() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("src/A.java", "class A {\n}\n");
        try (AnthropicStandIn api = AnthropicStandIn.inOrder(
                tool(
                        "toolu_01",
                        "Edit",
                        "{\"file_path\":" + StandInServer.str(a.toString())
                                + ",\"old_string\":\"class A {\\n\",\"new_string\":\"class A {\\n    int size;\\n\"}"),
                text("Added the field size to A."))) {
            ClaudeCode claude = new ClaudeCode(project, api);
            AgentRun.Result run = claude.prompt("backend", "add a field to A");
            assertEquals(0, run.exit(), run.describe());
            assertEquals("class A {\n    int size;\n}\n", Files.readString(a), run.describe());
            assertEquals(1, claude.transcripts().size(), claude.transcripts().toString());
            assertEquals(claude.transcripts().get(0), project.indexedTranscript("backend"));
            assertTrue(run.stdout().contains("Added the field size to A."), run.describe());
        }
    }
}
