package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Gemini CLI ({@link GeminiCli#AGENT}) in a project where discover ran, with the hooks discover merged into
 * {@code .gemini/settings.json} and nothing else done by hand: node {@code me}'s session is recorded when it starts,
 * its first edit of a file its linked peer changed is held with the reason shown to the model before the file
 * changes, and the same edit made again goes through (issue 40, "Done when").
 */
class GeminiWiringTest {
    static final String ORIGINAL = "class X {\n}\n";
    static final String EDITED = "class X {\n    int g;\n}\n";

    @TempDir
    Path tmp;

    /** In a folder whose name has a space: the hook commands name the project as Gemini CLI runs them. */
    @Test
    void theSessionIsRecordedTheFirstOverlappingEditHeldAndTheRetryApplied() throws Exception {
        AgentProject project = AgentProject.create(tmp, "warn", "my project");
        Path x = project.write("src/X.java", ORIGINAL);
        project.peerEdited("me", "peer", "src/X.java", Duration.ofMinutes(5));
        String replace = "{\"file_path\":" + StandInServer.str(x.toString())
                + ",\"old_string\":\"class X {\\n\",\"new_string\":\"class X {\\n    int g;\\n\","
                + "\"instruction\":\"add the field g\"}";
        try (GeminiStandIn api = GeminiStandIn.inOrder(
                tool("c1", "replace", replace), tool("c2", "replace", replace), text("Added the field g."))) {
            api.watch(x);
            GeminiCli gemini = new GeminiCli(project, api);
            AgentRun.Result run = gemini.prompt("me", "add a field g to X");
            List<StandInServer.Request> turns = api.conversationRequests();
            assertEquals(0, run.exit(), run.describe());
            assertEquals(3, turns.size(), run.describe());

            // (a) recorded at start, no manual step: the index names the chat Gemini CLI wrote
            List<Path> chats = gemini.chats();
            assertEquals(1, chats.size(), chats.toString());
            assertEquals(chats.get(0), project.indexedTranscript("me"), project.indexEntry("me"));
            assertTrue(Files.isRegularFile(project.indexedTranscript("me")));

            // (d) the record hook's note reached the model, in the first request already
            assertTrue(
                    userTexts(turns.get(0)).stream().anyMatch(t -> t.contains("this session is node me")),
                    userTexts(turns.get(0)).toString());

            // (b) the first edit was held: the model reads why, and the file had not changed when it was asked
            String held = functionResponse(turns.get(1), "error");
            assertNotNull(held, turns.get(1).text());
            assertTrue(
                    held.startsWith("Tool execution blocked: termsprawl held this edit once, on purpose (this is not"
                            + " an error):\ntermsprawl: another agent linked to you changed src/X.java"),
                    held);
            assertTrue(held.contains("- peer (claude): edit at "), held);
            assertTrue(held.contains("The same edit, made again, will go through."), held);
            assertEquals(ORIGINAL, api.fileAt(turns.get(1)));

            // (c) the same edit again went through
            String applied = functionResponse(turns.get(2), "output");
            assertTrue(applied != null && applied.startsWith("Successfully modified file"), String.valueOf(applied));
            assertEquals(EDITED, api.fileAt(turns.get(2)));
            assertEquals(EDITED, Files.readString(x));
        }
    }

    /**
     * A user's own settings as Gemini CLI writes them ({@code JSON.stringify(settings, null, 2)}, no line end after
     * the last brace), with a hook of their own on each of our events.
     */
    static final String USERS_SETTINGS = "{\n"
            + "  \"general\": {\n"
            + "    \"vimMode\": true\n"
            + "  },\n"
            + "  \"hooks\": {\n"
            + "    \"SessionStart\": [\n"
            + "      {\n"
            + "        \"matcher\": \"startup\",\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"name\": \"greet\",\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"echo hello\"\n"
            + "          }\n"
            + "        ]\n"
            + "      }\n"
            + "    ],\n"
            + "    \"BeforeTool\": [\n"
            + "      {\n"
            + "        \"matcher\": \"run_shell_command\",\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"name\": \"audit\",\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"$GEMINI_PROJECT_DIR/tools/audit.sh\",\n"
            + "            \"timeout\": 5000\n"
            + "          }\n"
            + "        ]\n"
            + "      }\n"
            + "    ]\n"
            + "  }\n"
            + "}";

    /** remove's core leaves the user's settings byte for byte as they were before discover. */
    @Test
    void removeLeavesTheUsersSettingsAsTheyWere() throws Exception {
        WiredConfig config = WiredConfig.of(tmp, ".gemini/settings.json", USERS_SETTINGS);
        String planted = config.discover();
        assertTrue(planted.contains("\"name\": \"greet\"") && planted.contains("\"vimMode\": true"), planted);
        assertTrue(planted.contains("termsprawl-record --agent gemini"), planted);
        assertTrue(planted.contains("termsprawl-touches --hook --agent gemini"), planted);
        config.removeAndAssertAsBefore();
    }

    /** With no settings before, remove leaves none, nor their folder. */
    @Test
    void removeLeavesNoSettingsWhereThereWereNone() throws Exception {
        WiredConfig config = WiredConfig.of(tmp, ".gemini/settings.json", null);
        assertTrue(config.discover().contains("termsprawl-record --agent gemini"));
        config.removeAndAssertAsBefore();
    }

    /** The text parts of a request's user turns. */
    static List<String> userTexts(StandInServer.Request r) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> part : parts(r, "user")) {
            if (part.get("text") instanceof String t) {
                out.add(t);
            }
        }
        return out;
    }

    /** The {@code key} ({@code output} or {@code error}) of the request's last function response, or null. */
    static String functionResponse(StandInServer.Request r, String key) {
        String found = null;
        for (Map<String, Object> part : parts(r, "user")) {
            Map<String, Object> fr = Json.asObject(part.get("functionResponse"));
            Map<String, Object> response = fr == null ? null : Json.asObject(fr.get("response"));
            if (response != null) {
                found = response.get(key) instanceof String s ? s : null;
            }
        }
        return found;
    }

    static List<Map<String, Object>> parts(StandInServer.Request r, String role) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (r.object().get("contents") instanceof List<?> contents) {
            for (Object c : contents) {
                Map<String, Object> content = Json.asObject(c);
                if (content != null && role.equals(content.get("role")) && content.get("parts") instanceof List<?> ps) {
                    for (Object p : ps) {
                        Map<String, Object> part = Json.asObject(p);
                        if (part != null) {
                            out.add(part);
                        }
                    }
                }
            }
        }
        return out;
    }
}
