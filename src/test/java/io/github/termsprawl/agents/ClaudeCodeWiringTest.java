package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.StandInServer.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Claude Code 2.1.332 in a project where discover planted its hooks with the default guard, against the
 * stand-in: the first edit of a file a linked peer changed is held once, with the note in the request before the
 * file changed, and the retry goes through; at each prompt the node is told what its peer did since its last one,
 * and nothing when the peer did nothing (docs/touches.md, docs/context.md "The note at each prompt").
 */
class ClaudeCodeWiringTest {
    @TempDir
    Path tmp;

    @Test
    void anOverlappingEditIsHeldOnceAndTheNoteAtEachPromptTellsWhatThePeerDid() throws Exception {
        AgentProject project = AgentProject.create(tmp, "hold");
        project.link("backend", "frontend");
        Path a = project.write("src/A.java", "class A {\n}\n");
        Path b = project.write("src/B.java", "class B {\n  void orders() {}\n}\n");
        try (AnthropicStandIn api = AnthropicStandIn.scripted()) {
            // what src/A.java held when each request arrived
            Map<StandInServer.Request, String> aAt = new ConcurrentHashMap<>();
            api.onReceive(r -> {
                try {
                    aAt.put(r, Files.readString(a));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            ClaudeCode claude = new ClaudeCode(project, api);
            api.queue(tool("toolu_f1", "Edit", edit(a, "class A {", "/** A. */\nclass A {")), text("Documented A."));
            AgentRun.Result f = ok(claude.prompt("frontend", "document A", "--output-format", "json"));
            String frontendSession = f.stdout().replaceAll("(?s).*\"session_id\":\"([^\"]+)\".*", "$1");

            int start = conversation(api).size();
            api.queue(text("Hello."));
            AgentRun.Result first = ok(claude.prompt("backend", "hello", "--output-format", "json"));
            String backendSession = first.stdout().replaceAll("(?s).*\"session_id\":\"([^\"]+)\".*", "$1");
            List<StandInServer.Request> hello =
                    conversation(api).subList(start, conversation(api).size());
            assertTrue(hello.get(0).text().contains("this session is node backend"), "the session-start note");
            assertFalse(hello.get(0).text().contains("since your last prompt"), "the first prompt only starts it");

            api.queue(tool("toolu_f2", "Edit", edit(b, "void orders()", "void purchases()")), text("Renamed."));
            ok(claude.prompt("frontend", "rename the orders API to purchases", "--resume", frontendSession));

            int before = conversation(api).size();
            String field = edit(a, "class A {\n", "class A {\n    int size;\n");
            api.queue(tool("toolu_b1", "Edit", field), tool("toolu_b2", "Edit", field), text("Added the field."));
            ok(claude.prompt("backend", "add a field to A", "--resume", backendSession));
            List<StandInServer.Request> sent =
                    conversation(api).subList(before, conversation(api).size());
            assertEquals(3, sent.size(), "the held edit, the retry, the reply");
            String note = sent.get(0).text();
            assertTrue(note.contains("since your last prompt, linked agents did this:"), note);
            assertTrue(
                    note.contains(
                            "- frontend (claude): 2 turns; last asked: \\\"rename the orders API to purchases\\\"; changed src/B.java"),
                    note);
            String held = sent.get(1).text();
            assertTrue(held.contains("termsprawl held this edit once, on purpose (this is not an error)"), held);
            assertTrue(held.contains("The same edit, made again, will go through."), held);
            assertFalse(aAt.get(sent.get(1)).contains("int size"), "the model read the note before the file changed");
            assertTrue(aAt.get(sent.get(2)).contains("int size"), "the retry changed it");
            assertTrue(Files.readString(a).contains("int size"));

            before = conversation(api).size();
            api.queue(text("Nothing new."));
            ok(claude.prompt("backend", "anything new?", "--resume", backendSession));
            String quiet = conversation(api).get(before).text();
            // the history holds the note of the prompt before; this prompt adds none
            assertEquals(1, quiet.split("since your last prompt", -1).length - 1, "no peer activity, no new note");
        }
    }

    private static String edit(Path file, String from, String to) {
        return "{\"file_path\":" + str(file.toString()) + ",\"old_string\":" + str(from) + ",\"new_string\":" + str(to)
                + "}";
    }

    private static List<StandInServer.Request> conversation(AnthropicStandIn api) {
        return api.requests().stream().filter(AnthropicStandIn::conversation).toList();
    }

    private static AgentRun.Result ok(AgentRun.Result run) {
        assertEquals(0, run.exit(), run.describe());
        return run;
    }
}
