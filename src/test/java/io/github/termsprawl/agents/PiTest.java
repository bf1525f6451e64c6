package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static io.github.termsprawl.agents.Conversation.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Located;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real pi 0.73 in a project where discover ran, against the stand-in chat completions API: a text reply,
 * then in the continued session a file edit and a shell command. What it wrote is then read as termsprawl
 * reads it.
 */
class PiTest {
    @TempDir
    Path tmp;

    static AnthropicStandIn.Turn[] script(Path a) {
        return Conversation.script(
                tool(
                        "call_edit",
                        "edit",
                        "{\"path\":" + StandInServer.str(a.toString())
                                + ",\"edits\":[{\"oldText\":\"class A {\\n\",\"newText\":\"class A {\\n    int size;\\n\"}]}"),
                tool("call_bash", "bash", "{\"command\":\"ls A.java\"}"));
    }

    @Test
    void aTextReplyAnEditAndAShellCommandAreReadFromTheSessionPiWrote() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(script(a))) {
            Pi pi = new Pi(project, api);
            AgentRun.Result r = Conversation.have(pi::prompt, a, "--continue");
            assertTrue(r.stdout().contains(DONE), r.describe());

            List<Path> sessions = Pi.sessions(pi.agentDir().resolve("sessions"));
            assertEquals(1, sessions.size(), sessions.toString());
            Located latest = SessionProof.locate(project, pi.env(null), "pi:latest");
            assertEquals(sessions.get(0), latest.path());
            KeptSessions.keep(Pi.AGENT, "session.jsonl", sessions.get(0));
            prove(SessionProof.record(project, "backend", latest));
        }
    }

    /** What every reading of the session shows, whether just written or kept. */
    static void prove(SessionProof proof) throws Exception {
        proof.assertConversation("pi", List.of(), List.of("int size"));
    }

    @Test
    void piWritesWhereTheUserChoseAndPiLatestFindsItThere() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(text(HELLO), text(DONE))) {
            Pi pi = new Pi(project, api);
            // PI_CODING_AGENT_SESSION_DIR: every folder's sessions in that one folder
            Map<String, String> env = pi.env(null);
            Path chosen = project.home().resolve("chosen");
            env.put("PI_CODING_AGENT_SESSION_DIR", chosen.toString());
            AgentRun.Result r = pi.prompt(env, "say hello");
            assertEquals(0, r.exit(), r.describe());
            List<Path> written = Pi.sessions(chosen);
            assertEquals(1, written.size(), written.toString());
            assertEquals(chosen, written.get(0).getParent()); // side by side, no folder per cwd
            assertEquals(
                    written.get(0),
                    SessionProof.locate(project, env, "pi:latest").path());
            // sessionDir in the agent dir's settings.json, ~ being the home folder
            AgentRun.write(pi.agentDir().resolve("settings.json"), "{\"sessionDir\":\"~/from-settings\"}\n");
            r = pi.prompt("say hello");
            assertEquals(0, r.exit(), r.describe());
            written = Pi.sessions(project.home().resolve("from-settings"));
            assertEquals(1, written.size(), written.toString());
            Located latest = SessionProof.locate(project, pi.env(null), "pi:latest");
            assertEquals(written.get(0), latest.path());
            assertTrue(
                    SessionProof.record(project, "backend", latest).fileView().contains(DONE));
        }
    }

    /**
     * A session of format v2 (pi's tree, with the {@code hookMessage} role of its extensions' messages; the shapes
     * of pi's session-format.md), continued by the real pi 0.73: it migrates the file to v3, where that role is
     * {@code custom}, and appends. What it wrote is read whole, the custom message as the harness's, never prose.
     */
    @Test
    void aV2SessionPiMigratesToV3ReadsWithItsCustomRole() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(text(DONE))) {
            Pi pi = new Pi(project, api);
            Path file = pi.agentDir()
                    .resolve("sessions")
                    .resolve(io.github.termsprawl.store.pi.PiFinder.folderName(
                            project.root().toString()))
                    .resolve("2026-01-02T03-04-05-000Z_0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000.jsonl");
            String usage = "\"usage\":{\"input\":1,\"output\":1,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":2,"
                    + "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}}";
            AgentRun.write(
                    file,
                    "{\"type\":\"session\",\"version\":2,\"id\":\"0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000\","
                            + "\"timestamp\":\"2026-01-02T03:04:05.000Z\",\"cwd\":"
                            + StandInServer.str(project.root().toString())
                            + "}\n"
                            + "{\"type\":\"message\",\"id\":\"a1b2c3d4\",\"parentId\":null,\"timestamp\":\"2026-01-02T03:04:06.000Z\","
                            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"check the build\"}],"
                            + "\"timestamp\":1767323046000}}\n"
                            + "{\"type\":\"message\",\"id\":\"b2c3d4e5\",\"parentId\":\"a1b2c3d4\",\"timestamp\":\"2026-01-02T03:04:07.000Z\","
                            + "\"message\":{\"role\":\"hookMessage\",\"customType\":\"lint\",\"content\":\"lint: 2 warnings\","
                            + "\"display\":true,\"timestamp\":1767323047000}}\n"
                            + "{\"type\":\"message\",\"id\":\"c3d4e5f6\",\"parentId\":\"b2c3d4e5\",\"timestamp\":\"2026-01-02T03:04:08.000Z\","
                            + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"The build passes.\"}],"
                            + "\"api\":\"openai-completions\",\"provider\":\"standin\",\"model\":\"stand-in\"," + usage
                            + ",\"stopReason\":\"stop\",\"timestamp\":1767323048000}}\n");
            AgentRun.Result r = pi.prompt("and the tests", "--session", file.toString());
            assertEquals(0, r.exit(), r.describe());
            String migrated = Files.readString(file);
            assertTrue(migrated.startsWith("{\"type\":\"session\",\"version\":3"), migrated);
            assertTrue(migrated.contains("\"role\":\"custom\""), migrated);
            assertTrue(!migrated.contains("hookMessage"), migrated);
            KeptSessions.keep(Pi.AGENT, "migrated-v2.jsonl", file);
            proveMigrated(SessionProof.record(
                    project, "backend", new Located(file, io.github.termsprawl.store.Store.PI.id(), null)));
        }
    }

    static void proveMigrated(SessionProof proof) throws Exception {
        String view = proof.fileView();
        for (String said : List.of("check the build", "The build passes.", "and the tests", DONE)) {
            assertTrue(view.contains(said), said + " in\n" + view);
        }
        assertTrue(!view.contains("lint: 2 warnings"), view); // an extension's message is not the conversation
        proof.statsWithNothingUnknown();
        assertTrue(String.join("\n", proof.turnFiles().values()).contains("lint: 2 warnings"));
    }
}
