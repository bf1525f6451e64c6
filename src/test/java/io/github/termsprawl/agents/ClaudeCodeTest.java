package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.StandInServer.str;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Claude Code (issue 27) in a project where discover ran, against the stand-in Messages API: one
 * session of node {@code backend} made of four prompts as a user types them (an edit and a shell command, a
 * subagent, {@code /compact}, a question after it), after node {@code frontend} edited the same file. What the
 * planted commands make of the transcript Claude Code wrote is then checked as each command's user sees it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClaudeCodeTest {
    AgentProject project;
    AnthropicStandIn api;
    ClaudeCode claude;
    Path a;
    Path transcript;
    String sessionId;
    /** What the planted commands make of {@code backend}'s session, read by node {@code me}. */
    SessionProof proof;
    /** The requests each prompt of {@code backend}'s session sent. */
    final List<List<StandInServer.Request>> sent = new ArrayList<>();

    /** Lines of {@code seq}: more output than Claude Code keeps in the transcript. */
    static final int COUNT = 8000;

    static final String WORKFLOW = "export const meta = { name: 'callers', description: 'find the callers of A' }\n"
            + "const r = await agent('Workflow: list the callers of A.', {label: 'callers'})\nreturn r\n";

    static final String SUMMARY = "<analysis>short</analysis>\n<summary>The user asked to add a field to A; the"
            + " field size was added. A has no callers.</summary>";

    @BeforeAll
    void runTheSession(@TempDir Path tmp) throws Exception {
        project = AgentProject.create(tmp);
        project.link("backend", "frontend");
        project.link("backend", "me");
        a = project.write("src/A.java", "class A {\n}\n");
        api = AnthropicStandIn.scripted();
        claude = new ClaudeCode(project, api);
        // frontend changes A first: backend's edit of A is then one the guard warns about
        api.queue(
                tool(
                        "toolu_f1",
                        "Edit",
                        "{\"file_path\":" + str(a.toString())
                                + ",\"old_string\":\"class A {\",\"new_string\":\"/** A. */\\nclass A {\"}"),
                text("Documented A."));
        expectOk(claude.prompt("frontend", "document A"));
        api.queue(
                tool(
                        "toolu_01",
                        "Edit",
                        "{\"file_path\":" + str(a.toString())
                                + ",\"old_string\":\"class A {\\n\",\"new_string\":\"class A {\\n    int size;\\n\"}"),
                tool(
                        "toolu_02",
                        "Bash",
                        "{\"command\":\"grep -n size src/A.java\",\"description\":\"show the field\"}"),
                text("Added the field size to A."));
        AgentRun.Result first = prompt("add a field to A", "--output-format", "json");
        sessionId = first.stdout().replaceAll("(?s).*\"session_id\":\"([^\"]+)\".*", "$1");
        // output past what Claude Code keeps inline: stored under <session>/tool-results/, referenced by path
        api.queue(
                tool("toolu_04", "Bash", "{\"command\":\"seq 1 " + COUNT + "\",\"description\":\"count\"}"),
                text("Counted."));
        prompt("count to " + COUNT, "--resume", sessionId);
        // a subagent that starts one of its own: their requests are told apart by their prompts
        api.whenLastUserSays(
                "List the callers of A.",
                tool(
                        "toolu_n1",
                        "Agent",
                        "{\"description\":\"search tests\",\"prompt\":\"Search the tests for A.\","
                                + "\"subagent_type\":\"general-purpose\",\"run_in_background\":false}"));
        api.whenLastUserSays("Search the tests for A.", text("No test uses A."));
        api.whenLastUserSays("No test uses A.", text("A has no callers yet."));
        api.queue(
                tool(
                        "toolu_03",
                        "Agent",
                        "{\"description\":\"find callers\",\"prompt\":\"List the callers of A.\","
                                + "\"subagent_type\":\"general-purpose\",\"run_in_background\":false}"),
                text("The subagent found no callers of A."));
        prompt("who calls A?", "--resume", sessionId);
        // a workflow (it runs only when allowed: -p has no one to ask), its agent in the background
        api.whenLastUserSays("Workflow: list the callers of A.", text("Workflow agent: none."));
        api.queue(
                tool("toolu_w1", "Workflow", "{\"script\":" + str(WORKFLOW) + "}"),
                text("The workflow runs."),
                text("The workflow found none."));
        prompt("use a workflow to find the callers of A", "--resume", sessionId, "--allowedTools", "Workflow");
        api.queue(text(SUMMARY));
        prompt("/compact", "--resume", sessionId);
        api.queue(text("After the compaction: the field is size."));
        prompt("which field?", "--resume", sessionId);
        assertEquals(0, api.queued(), "every scripted turn was asked for");
        transcript = claude.sessionsDir().resolve(sessionId + ".jsonl");
        KeptSessions.keepWithFolder(ClaudeCode.AGENT, transcript);
        proof = SessionProof.recorded(project, "backend");
    }

    private AgentRun.Result prompt(String prompt, String... extra) throws Exception {
        int before = api.requests().size();
        AgentRun.Result run = expectOk(claude.prompt("backend", prompt, extra));
        List<StandInServer.Request> all = api.requests();
        sent.add(all.subList(before, all.size()));
        return run;
    }

    private static AgentRun.Result expectOk(AgentRun.Result run) {
        assertEquals(0, run.exit(), run.describe());
        return run;
    }

    @Test
    void theEditIsMadeAndTheSessionStartHookRecordsEachNodesSession() throws Exception {
        assertEquals("/** A. */\nclass A {\n    int size;\n}\n", Files.readString(a));
        assertEquals(transcript, project.indexedTranscript("backend"));
        Path frontend = project.indexedTranscript("frontend");
        assertNotNull(frontend);
        assertTrue(Files.isRegularFile(frontend), frontend.toString());
        assertFalse(frontend.equals(transcript));
        assertNull(project.indexEntry("me"), "no session of me ran");
    }

    @Test
    void theGuardsWarningReachesTheModelsNextRequest() {
        // the request after the Edit call carries the PreToolUse hook's additional context
        List<StandInServer.Request> conversation =
                sent.get(0).stream().filter(AnthropicStandIn::conversation).toList();
        assertTrue(conversation.size() >= 2, conversation.toString());
        String afterEdit = conversation.get(1).text();
        assertTrue(
                afterEdit.contains("termsprawl: another agent linked to you changed src/A.java recently"), afterEdit);
        assertTrue(afterEdit.contains("- frontend (claude): "), afterEdit);
        assertFalse(conversation.get(0).text().contains("termsprawl: another agent"));
    }

    /** Fails unless {@code text} holds {@code parts} in this order. */
    static void assertInOrder(String text, String... parts) {
        int at = 0;
        for (String part : parts) {
            int found = text.indexOf(part, at);
            assertTrue(found >= 0, "[" + part + "] after offset " + at + " in:\n" + text);
            at = found + part.length();
        }
    }

    @Test
    void theFileViewPrintsEveryPromptAndAnswer() throws Exception {
        String out = proof.fileView();
        assertInOrder(
                out,
                "# linked context from backend (backend)\n## user\nadd a field to A\n## assistant\n"
                        + "Added the field size to A.\n## user\ncount to " + COUNT + "\n## assistant\nCounted.\n"
                        + "## user\nwho calls A?\n## assistant\nThe subagent found no callers of A.\n"
                        + "## user\nuse a workflow to find the callers of A\n## assistant\nThe workflow runs.\n",
                "## assistant\nThe workflow found none.\n",
                "## user\nwhich field?\n## assistant\nAfter the compaction: the field is size.\n");
        assertTrue(out.endsWith("After the compaction: the field is size.\n"), out);
        assertFalse(out.contains("No test uses A."), "a subagent's turns are not the session's: " + out);
    }

    @Test
    void theLiveViewPrintsTheLastWindowAsTheModelGotIt() throws Exception {
        String out = proof.liveView();
        assertInOrder(
                out,
                "# linked context from backend (backend)\n## user\nThis session is being continued"
                        + " from a previous conversation",
                SUMMARY.substring(SUMMARY.indexOf("The user asked"), SUMMARY.indexOf("</summary>")),
                "## assistant\nThe workflow found none.\n",
                "## user\nwhich field?\n## assistant\nAfter the compaction: the field is size.\n");
        assertTrue(out.endsWith("After the compaction: the field is size.\n"), out);
        assertFalse(out.contains("add a field to A\n## assistant"), "the first window is not live: " + out);
    }

    @Test
    void statsCountNoUnknownRecordInAnyTranscriptClaudeCodeWrote() throws Exception {
        // every transcript Claude Code wrote for the project: sessions and subagents (not a workflow's journal)
        List<Path> files = new RecordedSession(project.claudeConfig().resolve("projects"), transcript).transcripts();
        assertTrue(files.size() >= 5, "both sessions, the two subagents and the workflow's agent: " + files);
        proof.assertEachReadsWhole(files, "claude");
        assertTrue(proof.statsWithNothingUnknown().startsWith("backend: store=claude "));
    }

    /** The index of the subagent folder ({@code agents/<id>/}) of {@code files} whose index holds {@code text}. */
    static String agentIndex(Map<String, String> files, String text) {
        for (Map.Entry<String, String> f : files.entrySet()) {
            if (f.getKey().matches("agents/[^/]+/index\\.md") && f.getValue().contains(text)) {
                return f.getValue();
            }
        }
        throw new AssertionError("no subagent folder under agents/ holds " + text + ": " + files.keySet());
    }

    @Test
    void historyWritesTheSessionsTurnsAndItsSubagents() throws Exception {
        Map<String, String> files = proof.turnFiles();
        String index = files.get("index.md");
        assertInOrder(
                index,
                " user ",
                " add a field to A\n",
                "[tool call Bash] {\"command\":\"grep -n size src/A.java\"",
                "== compaction: window 2 starts here ==",
                " assistant ",
                " After the compaction: the field is size.\n",
                "## subagents\n\nagents/");
        // the harness's attachments are lines of the turns they follow, never turns of their own (issue 27); but the
        // session-start hook's note, which the model read before the first prompt, opens the session
        assertTrue(index.contains("\n0000 user ") && index.contains(" [attachment hook_success]\n0001 user "), index);
        assertEquals(1, index.split("\\[attachment ", -1).length - 1, index);
        assertTrue(index.contains(" · workflow wf_"), "the workflow's agent: " + index);
        String agentIndex = agentIndex(files, " List the callers of A.\n");
        assertTrue(agentIndex.contains(" A has no callers yet.\n"), agentIndex);
        String nested = agentIndex(files, " Search the tests for A.\n");
        assertTrue(nested.contains(" No test uses A.\n"), nested);
    }

    @Test
    void askSendsTheRealSessionToTheApi() throws Exception {
        String body = proof.ask("which field was added to A?").text();
        for (String said : List.of(
                "which field was added to A?",
                "After the compaction: the field is size.",
                "which field?",
                "The user asked to add a field to A")) {
            assertTrue(body.contains(said), said + " in " + body);
        }
        assertFalse(body.contains("[prompt_snapshot]"), "the harness's attachments are left out: " + body);
    }

    @Test
    void asksClaudeBackendForksTheSessionAndLeavesItAsItWas() throws Exception {
        byte[] before = Files.readAllBytes(transcript);
        List<Path> sessionsBefore = claude.transcripts();
        try (AnthropicStandIn askApi = AnthropicStandIn.scripted().queue(text(SessionProof.ANSWER))) {
            ClaudeCode asker = new ClaudeCode(project, askApi);
            Map<String, String> env = project.env("me");
            env.putAll(asker.apiEnv());
            // no key: ask goes through the claude command, which logs in with a token instead
            env.remove("ANTHROPIC_API_KEY");
            env.put("ANTHROPIC_AUTH_TOKEN", "stand-in-token");
            env.put("PATH", asker.executable().getParent() + File.pathSeparator + env.get("PATH"));
            AgentRun.Result run = project.command(
                    "termsprawl-ask", env, "--self", "me", "--node", "backend", "which field was added to A?");
            expectOk(run);
            assertTrue(run.stdout().contains(SessionProof.ANSWERED), run.describe());
            List<StandInServer.Request> conversation = askApi.conversationRequests();
            assertEquals(1, conversation.size(), askApi.requests().toString());
            String body = conversation.get(0).text();
            assertTrue(body.contains("which field was added to A?"), body);
            assertTrue(body.contains("After the compaction: the field is size."), body);
        }
        assertArrayEquals(before, Files.readAllBytes(transcript), "the peer's transcript is untouched");
        List<Path> sessionsAfter = claude.transcripts();
        assertEquals(sessionsBefore.size() + 1, sessionsAfter.size(), "the fork is a session of its own");
        assertNull(project.indexEntry("me"), "the fork is never recorded as the asking node's session");
        assertEquals(transcript, project.indexedTranscript("backend"));
    }
}
