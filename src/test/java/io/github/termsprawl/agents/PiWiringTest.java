package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static io.github.termsprawl.agents.Conversation.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * termsprawl's pi extension in the real pi 0.73, {@code pi -p} with the project's extensions against the stand-in
 * chat completions API, with fakes of the planted commands ({@link WiredProject}): the session file is recorded
 * at each start ({@code --continue} included), the record's context is in the system prompt, the first edit is
 * held before the file changes with the reason as the edit's result, and the same edit again changes the file.
 */
class PiWiringTest {
    static final String EXTENSION = "/io/github/termsprawl/store/pi/termsprawl.ts";
    static final String PLANTED = ".pi/extensions/termsprawl.ts";

    @TempDir
    Path tmp;

    private static AnthropicStandIn.Turn edit(String id, Path a) {
        return tool(
                id,
                "edit",
                "{\"path\":" + StandInServer.str(a.toString())
                        + ",\"edits\":[{\"oldText\":\"class A {\\n\",\"newText\":\"class A {\\n    int size;\\n\"}]}");
    }

    @Test
    void theSessionIsRecordedItsFirstEditHeldBeforeTheFileChangesAndTheRetryApplied() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = WiredProject.plant(project, EXTENSION, PLANTED, tmp.resolve("calls"));
        try (OpenAiStandIn api =
                OpenAiStandIn.inOrder(edit("call_e1", a), edit("call_e2", a), text(DONE), text(HELLO))) {
            List<String> fileWhenAsked = Collections.synchronizedList(new ArrayList<>());
            api.onReceive(r -> {
                if (OpenAiStandIn.conversation(r)) {
                    fileWhenAsked.add(WiredProject.read(a));
                }
            });
            Pi pi = new Pi(project, api);
            Map<String, String> env = pi.env("nodeW");
            AgentRun.Result r = pi.promptWithExtensions(env, "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(DONE), r.describe());

            List<Path> sessions = Pi.sessions(pi.agentDir().resolve("sessions"));
            assertEquals(1, sessions.size(), sessions.toString());
            Path file = sessions.get(0);
            Map<String, Object> header =
                    Json.asObject(Json.parse(Files.readAllLines(file).get(0)));
            List<WiredProject.Call> records = wired.calls(WiredProject.RECORD);
            assertEquals(1, records.size(), records.toString());
            assertEquals(List.of("--agent", "pi"), records.get(0).args());
            assertEquals(
                    Map.of(
                            "transcript_path", file.toString(),
                            "session_id", header.get("id"),
                            "cwd", project.root().toString()),
                    records.get(0).payload());

            List<WiredProject.Call> touches = wired.calls(WiredProject.TOUCHES);
            assertEquals(2, touches.size(), touches.toString()); // the held edit and its retry
            for (WiredProject.Call call : touches) {
                assertEquals(
                        List.of(
                                "--hook",
                                "--agent",
                                "pi",
                                "--cwd",
                                project.root().toString()),
                        call.args());
                assertEquals("edit", call.payload().get("tool_name"));
                assertEquals(header.get("id"), call.payload().get("session_id"));
                assertEquals(project.root().toString(), call.payload().get("cwd"));
                Map<?, ?> input = (Map<?, ?>) call.payload().get("tool_input");
                assertEquals(a.toString(), input.get("path"));
            }

            List<StandInServer.Request> asked = api.conversationRequests();
            assertEquals(3, asked.size(), "the first turn, after the held edit, after the retry");
            // the model reads the reason as the held edit's result, and the file has not changed yet
            String held = WiredProject.toolResult(asked.get(1), "call_e1");
            assertNotNull(held, asked.get(1).text());
            assertTrue(held.contains(WiredProject.REASON), held);
            assertEquals(Conversation.A, fileWhenAsked.get(1));
            // the same edit again changed it
            assertFalse(WiredProject.toolResult(asked.get(2), "call_e2").contains(WiredProject.REASON));
            assertEquals("class A {\n    int size;\n}\n", fileWhenAsked.get(2));
            for (StandInServer.Request request : asked) {
                assertTrue(WiredProject.system(request).contains(WiredProject.CONTEXT), request.text());
            }

            // --continue: pi starts the same session again (session_start), recorded again as it was
            r = pi.promptWithExtensions(env, "say hello", "--continue");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(HELLO), r.describe());
            assertEquals(sessions, Pi.sessions(pi.agentDir().resolve("sessions")));
            records = wired.calls(WiredProject.RECORD);
            assertEquals(2, records.size(), records.toString());
            assertEquals(records.get(0), records.get(1));
            asked = api.conversationRequests();
            assertTrue(
                    WiredProject.system(asked.get(3)).contains(WiredProject.CONTEXT),
                    asked.get(3).text());
        }
    }

    /** Commands that fail (exit 1, junk on stdout) add nothing and hold nothing: the edit goes on, silently. */
    @Test
    void whenTheCommandsFailTheEditGoesOnSilently() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = WiredProject.plant(project, EXTENSION, PLANTED, tmp.resolve("calls"))
                .failing();
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(edit("call_e1", a), text(DONE))) {
            Pi pi = new Pi(project, api);
            Map<String, String> env = pi.env("nodeW");
            AgentRun.Result r = pi.promptWithExtensions(env, "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            assertEquals("class A {\n    int size;\n}\n", WiredProject.read(a)); // the first edit went through
            assertEquals(1, wired.calls(WiredProject.RECORD).size());
            assertEquals(1, wired.calls(WiredProject.TOUCHES).size());
            for (StandInServer.Request request : api.requests()) {
                assertFalse(request.text().contains(WiredProject.FAILURE), request.text());
                assertFalse(request.text().contains("not json"), request.text());
            }
            assertFalse(
                    r.stdout().contains(WiredProject.FAILURE) || r.stderr().contains(WiredProject.FAILURE),
                    r.describe());
        }
    }

    @Test
    void withoutANodeIdTheExtensionStartsNothing() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = WiredProject.plant(project, EXTENSION, PLANTED, tmp.resolve("calls"));
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(edit("call_e1", a), text(DONE))) {
            Pi pi = new Pi(project, api);
            AgentRun.Result r = pi.promptWithExtensions(pi.env(null), "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            assertEquals("class A {\n    int size;\n}\n", WiredProject.read(a)); // the first edit went through
            assertFalse(wired.anyCall());
            for (StandInServer.Request request : api.conversationRequests()) {
                assertFalse(WiredProject.system(request).contains(WiredProject.CONTEXT));
            }
        }
    }
}
