package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The note at each prompt with the real Gemini CLI (its {@code BeforeAgent} hook, planted by discover): node
 * {@code me}'s next request names what its linked peer did since its previous prompt — the gist of the peer's prompt
 * and the file it changed — and a prompt after no peer activity gets none (issue 41, docs/context.md).
 */
class GeminiNoteTest {
    @TempDir
    Path tmp;

    @Test
    void theNextRequestTellsWhatThePeerDidAndAQuietOneTellsNothing() throws Exception {
        AgentProject project = AgentProject.create(tmp, "warn");
        Path peer = project.peerEdited("me", "be", "src/X.java", Duration.ofMinutes(5));
        try (GeminiStandIn api = GeminiStandIn.inOrder(text("Hello."), text("Noted."), text("Nothing new."))) {
            GeminiCli gemini = new GeminiCli(project, api);
            ok(gemini.prompt("me", "hello"));
            int first = api.conversationRequests().size();
            assertFalse(
                    joined(api.conversationRequests().get(0)).contains("since your last prompt"),
                    "the first only starts it");

            // the peer is asked something, and changes a file
            String time = Instant.now().toString();
            String file = project.root().resolve("src/Y.java").toString();
            Files.writeString(
                    peer,
                    "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":\"r0\",\"sessionId\":\"be\","
                            + "\"timestamp\":\"" + time + "\",\"message\":{\"role\":\"user\",\"content\":"
                            + "\"rename the orders API to purchases\"}}\n"
                            + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"sessionId\":\"be\",\"timestamp\":\""
                            + time
                            + "\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\","
                            + "\"id\":\"t1\",\"name\":\"Write\",\"input\":{\"file_path\":" + Fixtures.jsonString(file)
                            + ",\"content\":\"class Y {}\"}}]}}\n"
                            + "{\"type\":\"user\",\"uuid\":\"r1\",\"parentUuid\":\"a1\",\"sessionId\":\"be\",\"timestamp\":\""
                            + time + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                            + "\"tool_use_id\":\"t1\",\"content\":\"ok\"}]}}\n"
                            + "{\"type\":\"assistant\",\"uuid\":\"b1\",\"parentUuid\":\"r1\",\"sessionId\":\"be\",\"timestamp\":\""
                            + time
                            + "\",\"message\":{\"id\":\"n1\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
                            + "\"text\":\"Renamed.\"}]}}\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);

            ok(gemini.prompt("me", "what is new?"));
            String told = joined(api.conversationRequests().get(first));
            assertTrue(told.contains("since your last prompt, linked agents did this:"), told);
            assertTrue(told.contains("- be (claude): "), told);
            assertTrue(told.contains("last asked: \"rename the orders API to purchases\""), told);
            assertTrue(told.contains("changed src/Y.java"), told);

            int second = api.conversationRequests().size();
            ok(gemini.prompt("me", "and now?"));
            assertFalse(joined(api.conversationRequests().get(second)).contains("since your last prompt"), "no news");
        }
    }

    private static String joined(StandInServer.Request r) {
        return String.join("\n", GeminiWiringTest.userTexts(r));
    }

    private static AgentRun.Result ok(AgentRun.Result run) {
        assertEquals(0, run.exit(), run.describe());
        return run;
    }
}
