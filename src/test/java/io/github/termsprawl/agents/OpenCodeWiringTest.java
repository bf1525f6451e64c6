package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * termsprawl's OpenCode plugin in the real OpenCode 1.18, {@code opencode run} against the stand-in chat
 * completions API, with fakes of the planted commands ({@link WiredProject}): the session is recorded when it
 * starts and again when {@code run --continue} takes it up, the record's context is in every request's system
 * prompt, the first edit is held before the file changes with the reason as the edit's result, and the same
 * edit again changes the file.
 */
class OpenCodeWiringTest {
    static final String PLUGIN = "/io/github/termsprawl/store/opencode/termsprawl.js";
    static final String PLANTED = ".opencode/plugin/termsprawl.js";

    @TempDir
    Path tmp;

    private static AnthropicStandIn.Turn edit(String id, Path a) {
        return tool(
                id,
                "edit",
                "{\"filePath\":" + StandInServer.str(a.toString())
                        + ",\"oldString\":\"class A {\\n\",\"newString\":\"class A {\\n    int size;\\n\"}");
    }

    /**
     * The project's {@code .opencode/} and the home's configuration folder made ones OpenCode installs nothing
     * into ({@link OpenCode#installNothingInto}), and the plugin planted.
     */
    private WiredProject wire(AgentProject project) throws IOException {
        OpenCode.installNothingInto(project.root().resolve(".opencode"));
        OpenCode.installNothingInto(project.home().resolve(".config/opencode"));
        return WiredProject.plant(project, PLUGIN, PLANTED, tmp.resolve("calls"));
    }

    @Test
    void theSessionIsRecordedItsFirstEditHeldBeforeTheFileChangesAndTheRetryApplied() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = wire(project);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(
                edit("call_e1", a),
                edit("call_e2", a),
                text(DONE),
                tool(
                        "call_task",
                        "task",
                        "{\"description\":\"count files\",\"prompt\":\"count the files here\",\"subagent_type\":\"general\"}"),
                text(OpenCodeTest.CHILD),
                text(OpenCodeTest.COUNTED))) {
            List<String> fileWhenAsked = Collections.synchronizedList(new ArrayList<>());
            api.onReceive(r -> {
                if (OpenAiStandIn.conversation(r)) {
                    fileWhenAsked.add(WiredProject.read(a));
                }
            });
            OpenCode opencode = new OpenCode(project, api);
            Map<String, String> env = opencode.env("nodeW");
            AgentRun.Result r = opencode.run(env, "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(DONE), r.describe());

            String session = OpenCodeTest.sessions(opencode.database()).get(0)[0];
            List<WiredProject.Call> records = wired.calls(WiredProject.RECORD);
            assertEquals(1, records.size(), records.toString()); // at session.created; its messages add none
            assertEquals(List.of("--agent", "opencode"), records.get(0).args());
            assertEquals(
                    Map.of("session_id", session, "cwd", project.root().toString()),
                    records.get(0).payload());

            List<WiredProject.Call> touches = wired.calls(WiredProject.TOUCHES);
            assertEquals(2, touches.size(), touches.toString()); // the held edit and its retry
            for (WiredProject.Call call : touches) {
                assertEquals(
                        List.of(
                                "--hook",
                                "--agent",
                                "opencode",
                                "--cwd",
                                project.root().toString()),
                        call.args());
                assertEquals("edit", call.payload().get("tool_name"));
                assertEquals(session, call.payload().get("session_id"));
                assertEquals(project.root().toString(), call.payload().get("cwd"));
                Map<?, ?> input = (Map<?, ?>) call.payload().get("tool_input");
                assertEquals(a.toString(), input.get("filePath"));
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

            // run --continue: OpenCode announces no session, the plugin records it at its first message; the
            // subagent's session (session.created with a parent) is not recorded
            r = opencode.run(env, "delegate the count", "--continue");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(OpenCodeTest.COUNTED), r.describe());
            assertEquals(2, OpenCodeTest.sessions(opencode.database()).size(), "the session and its child");
            records = wired.calls(WiredProject.RECORD);
            assertEquals(2, records.size(), records.toString());
            assertEquals(records.get(0), records.get(1));
            asked = api.conversationRequests();
            assertTrue(
                    WiredProject.system(asked.get(3)).contains(WiredProject.CONTEXT),
                    asked.get(3).text());
            assertEquals(2, wired.calls(WiredProject.TOUCHES).size()); // a subagent's call is no edit

            // what OpenCode wrote into .opencode/: its .gitignore, nothing installed
            Path dot = project.root().resolve(".opencode");
            assertEquals(
                    List.of(".gitignore", "node_modules", "package-lock.json", "plugin"),
                    io.github.termsprawl.core.Fixtures.names(dot));
            assertEquals(
                    "node_modules\npackage.json\npackage-lock.json\nbun.lock\n.gitignore",
                    Files.readString(dot.resolve(".gitignore")));
            assertEquals(List.of(), io.github.termsprawl.core.Fixtures.names(dot.resolve("node_modules")));
            assertEquals(OpenCode.LOCK_WITHOUT_INSTALL, Files.readString(dot.resolve("package-lock.json")));
        }
    }

    /** Commands that fail (exit 1, junk on stdout) add nothing and hold nothing: the edit goes on, silently. */
    @Test
    void whenTheCommandsFailTheEditGoesOnSilently() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = wire(project).failing();
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(edit("call_e1", a), text(DONE))) {
            OpenCode opencode = new OpenCode(project, api);
            Map<String, String> env = opencode.env("nodeW");
            AgentRun.Result r = opencode.run(env, "add a field to A");
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
    void withoutANodeIdThePluginStartsNothing() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        WiredProject wired = wire(project);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(edit("call_e1", a), text(DONE))) {
            OpenCode opencode = new OpenCode(project, api);
            AgentRun.Result r = opencode.run(opencode.env(null), "add a field to A");
            assertEquals(0, r.exit(), r.describe());
            assertEquals("class A {\n    int size;\n}\n", WiredProject.read(a)); // the first edit went through
            assertFalse(wired.anyCall());
            for (StandInServer.Request request : api.conversationRequests()) {
                assertFalse(WiredProject.system(request).contains(WiredProject.CONTEXT));
            }
        }
    }
}
