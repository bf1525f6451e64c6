package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static io.github.termsprawl.agents.Conversation.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Located;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Gemini CLI in a project where discover ran, against the stand-in Gemini API: a text reply, then in
 * the resumed session a file edit and a shell command. What it wrote is then read as termsprawl reads it.
 */
class GeminiCliTest {
    @TempDir
    Path tmp;

    @Test
    void aTextReplyAnEditAndAShellCommandAreReadFromTheChatGeminiWrote() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        try (GeminiStandIn api = GeminiStandIn.inOrder(Conversation.script(
                tool(
                        "c1",
                        "replace",
                        "{\"file_path\":" + StandInServer.str(a.toString())
                                + ",\"old_string\":\"class A {\\n\",\"new_string\":\"class A {\\n    int size;\\n\","
                                + "\"instruction\":\"add the field size\"}"),
                tool("c2", "run_shell_command", "{\"command\":\"ls A.java\",\"description\":\"list A\"}")))) {
            GeminiCli gemini = new GeminiCli(project, api);
            GeminiCli.startEarlyInAMinute();
            AgentRun.Result second =
                    Conversation.have((prompt, extra) -> gemini.prompt(null, prompt, extra), a, "--resume", "latest");
            assertTrue(second.stdout().contains(DONE), second.describe());

            List<Path> chats = gemini.chats();
            assertEquals(1, chats.size(), chats.toString());
            Path chat = chats.get(0);
            Located latest = SessionProof.locate(project, gemini.env(null), "gemini:latest");
            assertEquals(chat, latest.path());
            KeptSessions.keep(GeminiCli.AGENT, chat, gemini.geminiDir().resolve("projects.json"));

            SessionProof proof = SessionProof.record(project, "backend", latest);
            proveChat(proof);
        }
    }

    /** What every reading of the chat shows, whether just written or kept. */
    static void proveChat(SessionProof proof) throws Exception {
        // the harness's context (session_context) is not the user's
        proof.assertConversation("gemini", List.of("session_context"), List.of("run_shell_command", "replace"));
    }

    static final String COUNTED = "The subagent counted 2 files.";

    @Test
    void aSubagentChatIsWrittenInTheFolderOfItsSession() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        project.write("A.java", "class A {\n}\n");
        try (GeminiStandIn api = GeminiStandIn.inOrder(
                tool("c1", "invoke_agent", "{\"agent_name\":\"generalist\",\"prompt\":\"count the files here\"}"),
                tool("c2", "complete_task", "{\"result\":{\"response\":\"There are 2 files.\"}}"),
                text(COUNTED))) {
            GeminiCli gemini = new GeminiCli(project, api);
            AgentRun.Result r = gemini.prompt(null, "delegate the count");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(COUNTED), r.describe());
            List<Path> chats = gemini.chats();
            assertEquals(1, chats.size(), chats.toString());
            List<Path> subagents = io.github.termsprawl.store.gemini.GeminiSession.subagents(chats.get(0));
            assertEquals(1, subagents.size(), "chats/<session id>/<agent id>.jsonl");
            Located latest = SessionProof.locate(project, gemini.env(null), "gemini:latest");
            assertEquals(chats.get(0), latest.path()); // the subagent's chat is never a session of its own
            KeptSessions.keep(GeminiCli.AGENT, "subagent/chats/" + chats.get(0).getFileName(), chats.get(0));
            KeptSessions.keep(
                    GeminiCli.AGENT,
                    "subagent/chats/" + subagents.get(0).getParent().getFileName() + "/"
                            + subagents.get(0).getFileName(),
                    subagents.get(0));

            proveSubagent(SessionProof.record(project, "backend", latest), subagents.get(0));
        }
    }

    static void proveSubagent(SessionProof proof, Path subagent) throws Exception {
        String view = proof.fileView();
        assertTrue(view.contains("delegate the count") && view.contains(COUNTED), view);
        assertFalse(view.contains("count the files here"), view); // a subagent never prints in the context view
        proof.statsWithNothingUnknown();
        Map<String, String> files = proof.turnFiles();
        String name = subagent.getFileName().toString();
        String agent = "agents/" + name.substring(0, name.lastIndexOf('.')) + "/";
        String agentTurns = files.entrySet().stream()
                .filter(e -> e.getKey().startsWith(agent))
                .map(Map.Entry::getValue)
                .reduce("", String::concat);
        assertTrue(agentTurns.contains("count the files here"), files.keySet().toString());
        assertTrue(files.get("index.md").contains(agent + "index.md"), files.get("index.md"));
    }

    @Test
    void aChatStartedInAModuleIsTheProjectsThroughProjectsJson() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path module = Files.createDirectories(project.root().resolve("module-a"));
        try (GeminiStandIn api = GeminiStandIn.inOrder(text(HELLO))) {
            GeminiCli gemini = new GeminiCli(project, api);
            AgentRun.Result r = AgentRun.run(
                    List.of(GeminiCli.AGENT.bin().toString(), "--approval-mode", "yolo", "-p", "say hello"),
                    module,
                    gemini.env(null),
                    GeminiCli.RUN_TIMEOUT);
            assertEquals(0, r.exit(), r.describe());
            List<Path> chats = gemini.chats();
            assertEquals(1, chats.size(), chats.toString());
            String registry = Files.readString(gemini.geminiDir().resolve("projects.json"));
            assertTrue(registry.contains(StandInServer.str(module.toString())), registry);
            Located latest = SessionProof.locate(project, gemini.env(null), "gemini:latest");
            assertEquals(chats.get(0), latest.path());
        }
    }
}
