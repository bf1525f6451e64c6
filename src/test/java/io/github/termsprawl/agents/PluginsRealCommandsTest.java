package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pi extension and the OpenCode plugin with the planted commands themselves (not fakes), as discover leaves a
 * project: the node's session is recorded with no manual step (pi's session file; OpenCode's session in its
 * database), its first edit of a file its linked peer changed is held with termsprawl's reason before the file
 * changes, and the same edit again goes through (issue 40, "Done when").
 */
class PluginsRealCommandsTest {
    static final String AFTER = "class A {\n    int size;\n}\n";

    @TempDir
    Path tmp;

    @Test
    void piRecordsHoldsAndLetsTheRetryThrough() throws Exception {
        AgentProject project = AgentProject.create(tmp, "hold");
        Path a = project.write("A.java", Conversation.A);
        project.peerEdited("nodeW", "peer", "A.java", Duration.ofMinutes(5));
        String edit = "{\"path\":" + StandInServer.str(a.toString())
                + ",\"edits\":[{\"oldText\":\"class A {\\n\",\"newText\":\"class A {\\n    int size;\\n\"}]}";
        try (OpenAiStandIn api =
                OpenAiStandIn.inOrder(tool("call_e1", "edit", edit), tool("call_e2", "edit", edit), text(DONE))) {
            List<String> fileWhenAsked = watch(api, a);
            Pi pi = new Pi(project, api);
            AgentRun.Result r = pi.promptWithExtensions(pi.env("nodeW"), "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            List<Path> sessions = Pi.sessions(pi.agentDir().resolve("sessions"));
            assertEquals(1, sessions.size(), sessions.toString());
            assertEquals(sessions.get(0), project.indexedTranscript("nodeW"), project.indexEntry("nodeW"));
            proveHeld(api.conversationRequests(), fileWhenAsked, a);
            assertTrue(WiredProject.system(api.conversationRequests().get(0)).contains("this session is node nodeW"));
        }
    }

    @Test
    void openCodeRecordsItsSessionInTheDatabaseHoldsAndLetsTheRetryThrough() throws Exception {
        AgentProject project = AgentProject.create(tmp, "hold");
        OpenCode.installNothingInto(project.root().resolve(".opencode"));
        OpenCode.installNothingInto(project.home().resolve(".config/opencode"));
        Path a = project.write("A.java", Conversation.A);
        project.peerEdited("nodeW", "peer", "A.java", Duration.ofMinutes(5));
        String edit = "{\"filePath\":" + StandInServer.str(a.toString())
                + ",\"oldString\":\"class A {\\n\",\"newString\":\"class A {\\n    int size;\\n\"}";
        try (OpenAiStandIn api =
                OpenAiStandIn.inOrder(tool("call_e1", "edit", edit), tool("call_e2", "edit", edit), text(DONE))) {
            List<String> fileWhenAsked = watch(api, a);
            OpenCode opencode = new OpenCode(project, api);
            Map<String, String> env = opencode.env("nodeW");
            AgentRun.Result r = opencode.run(env, "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            String session = OpenCodeTest.sessions(opencode.database()).get(0)[0];
            String entry = project.indexEntry("nodeW");
            assertNotNull(entry, "recorded with no manual step");
            assertTrue(
                    entry.contains("\"store\": \"opencode\"") && entry.contains("\"session\": \"" + session + "\""),
                    entry);
            assertEquals(opencode.database(), project.indexedTranscript("nodeW"), entry);
            proveHeld(api.conversationRequests(), fileWhenAsked, a);
        }
    }

    /** What {@code file} held as each conversation request arrived. */
    private static List<String> watch(OpenAiStandIn api, Path file) {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        api.onReceive(req -> {
            if (OpenAiStandIn.conversation(req)) {
                seen.add(WiredProject.read(file));
            }
        });
        return seen;
    }

    private static void proveHeld(List<StandInServer.Request> asked, List<String> fileWhenAsked, Path a)
            throws Exception {
        assertEquals(3, asked.size(), "the first turn, after the held edit, after the retry");
        String held = WiredProject.toolResult(asked.get(1), "call_e1");
        assertNotNull(held, asked.get(1).text());
        assertTrue(held.contains("termsprawl held this edit once, on purpose (this is not an error)"), held);
        assertTrue(held.contains("- peer (claude): edit at "), held);
        assertEquals(Conversation.A, fileWhenAsked.get(1), "the model read it before the file changed");
        assertEquals(AFTER, fileWhenAsked.get(2), "the same edit again changed it");
        assertEquals(AFTER, Files.readString(a));
    }
}
