package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.ResponsesStandIn.patch;
import static io.github.termsprawl.agents.ResponsesStandIn.text;
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
 * The real Codex CLI ({@link CodexExec#AGENT}) in a project where discover ran, with the hooks discover planted in
 * {@code .codex/hooks.json} and nothing else done by hand: node {@code me}'s session is recorded when it starts, its
 * first edit of a file its linked peer changed is held with the reason shown to the model before the file changes,
 * and the same edit made again goes through (issue 40, "Done when").
 */
class CodexWiringTest {
    static final String ORIGINAL = "class X {\n}\n";
    static final String PATCH =
            "*** Begin Patch\n*** Update File: src/X.java\n@@\n class X {\n+    int c;\n }\n*** End Patch\n";
    static final String EDITED = "class X {\n    int c;\n}\n";

    @TempDir
    Path tmp;

    @Test
    void theSessionIsRecordedTheFirstOverlappingEditHeldAndTheRetryApplied() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        proveHeldOnce(project, project.root(), "src/X.java");
    }

    /**
     * A session started in a module folder of the repository: Codex reads the project's {@code .codex/hooks.json}
     * from there and runs its hooks in the module folder, where the commands find the project above.
     */
    @Test
    void aSessionStartedInAModuleFolderIsWiredToo() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        // Codex reads the .codex/ folders from the repository's root (its project_root_markers: .git) down
        AgentRun.Result git = AgentRun.run(
                List.of("git", "init", "-q"), project.root(), project.env(null), AgentProject.COMMAND_TIMEOUT);
        assertEquals(0, git.exit(), git.describe());
        proveHeldOnce(project, Files.createDirectories(project.root().resolve("src")), "X.java");
    }

    /**
     * Node {@code me}, linked to {@code peer} who edited {@code src/X.java} 5 minutes ago, runs Codex in
     * {@code folder} once; the model patches the file ({@code patched}: its path as the model names it from there)
     * and, once held, patches it again.
     */
    private static void proveHeldOnce(AgentProject project, Path folder, String patched) throws Exception {
        Path x = project.write("src/X.java", ORIGINAL);
        project.peerEdited("me", "peer", "src/X.java", Duration.ofMinutes(5));
        String patch = PATCH.replace("src/X.java", patched);
        try (ResponsesStandIn api = ResponsesStandIn.of(
                patch("call_first", patch), patch("call_again", patch), text("Added the field c."))) {
            api.watch(x);
            CodexExec codex = new CodexExec(project, api);
            codex.trustProject(); // once per project, as `codex exec --trust` does; the hooks by this flag:
            AgentRun.Result run =
                    codex.exec("me", folder, List.of("--dangerously-bypass-hook-trust"), "add a field c to X");
            assertEquals(0, run.exit(), run.describe());
            List<StandInServer.Request> turns = api.requests(ResponsesStandIn.Lane.ROOT);
            assertEquals(3, turns.size(), run.describe());

            // (a) recorded at start, no manual step: the index names the rollout Codex wrote
            List<Path> rollouts = codex.rollouts();
            assertEquals(1, rollouts.size(), rollouts.toString());
            assertEquals(rollouts.get(0), project.indexedTranscript("me"), run.describe());
            assertTrue(Files.isRegularFile(project.indexedTranscript("me")));

            // (d) the record hook's note reached the model, in the first request already
            assertTrue(
                    developerTexts(turns.get(0)).stream()
                            .anyMatch(t -> t.contains(
                                    "this session is node me of " + project.root() + "; linked to it: peer.")),
                    developerTexts(turns.get(0)).toString());

            // (b) the first edit was held: the model reads why, and the file had not changed when it was asked
            String held = toolOutput(turns.get(1), "call_first");
            assertNotNull(held, turns.get(1).text());
            assertTrue(
                    held.startsWith("Command blocked by PreToolUse hook: termsprawl held this edit once, on purpose"
                            + " (this is not an error):\ntermsprawl: another agent linked to you changed src/X.java"),
                    held);
            assertTrue(held.contains("\n- peer (claude): edit at "), held);
            // the commands named by the project's own path, from any folder of the session
            assertTrue(
                    held.contains("see what they are doing: " + project.root()
                            + "/.termsprawl/bin/termsprawl-context --cwd " + project.root() + " --self me\n"),
                    held);
            assertTrue(held.contains("The same edit, made again, will go through."), held);
            assertEquals(ORIGINAL, api.fileAt(turns.get(1)));

            // (c) the same edit again went through
            String applied = toolOutput(turns.get(2), "call_again");
            assertTrue(applied != null && applied.contains("Success"), String.valueOf(applied));
            assertEquals(EDITED, api.fileAt(turns.get(2)));
            assertEquals(EDITED, Files.readString(x));
        }
    }

    /** A user's own hooks in an editor's layout (four spaces, a line end): one on our PreToolUse, one on Stop. */
    static final String USERS_HOOKS = "{\n"
            + "    \"hooks\": {\n"
            + "        \"PreToolUse\": [\n"
            + "            {\n"
            + "                \"matcher\": \"Bash\",\n"
            + "                \"hooks\": [\n"
            + "                    {\n"
            + "                        \"type\": \"command\",\n"
            + "                        \"command\": \"./tools/check.sh\",\n"
            + "                        \"timeout\": 30\n"
            + "                    }\n"
            + "                ]\n"
            + "            }\n"
            + "        ],\n"
            + "        \"Stop\": [\n"
            + "            {\n"
            + "                \"hooks\": [\n"
            + "                    {\n"
            + "                        \"type\": \"command\",\n"
            + "                        \"command\": \"./tools/notify.sh\"\n"
            + "                    }\n"
            + "                ]\n"
            + "            }\n"
            + "        ]\n"
            + "    }\n"
            + "}\n";

    /** remove's core leaves the user's hooks byte for byte as they were before discover. */
    @Test
    void removeLeavesTheUsersHooksAsTheyWere() throws Exception {
        WiredConfig config = WiredConfig.of(tmp, ".codex/hooks.json", USERS_HOOKS);
        String planted = config.discover();
        assertTrue(planted.contains("./tools/check.sh") && planted.contains("./tools/notify.sh"), planted);
        assertTrue(planted.contains("termsprawl-record\\\" --agent codex"), planted);
        assertTrue(planted.contains("termsprawl-touches\\\" --hook --agent codex"), planted);
        config.removeAndAssertAsBefore();
    }

    /** With no hooks file before, remove leaves none, nor its folder. */
    @Test
    void removeLeavesNoHooksFileWhereThereWasNone() throws Exception {
        WiredConfig config = WiredConfig.of(tmp, ".codex/hooks.json", null);
        assertTrue(config.discover().contains("termsprawl-record\\\" --agent codex"));
        config.removeAndAssertAsBefore();
    }

    /** The texts of a request's {@code developer} messages. */
    static List<String> developerTexts(StandInServer.Request r) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> item : items(r)) {
            if ("message".equals(item.get("type"))
                    && "developer".equals(item.get("role"))
                    && item.get("content") instanceof List<?> parts) {
                for (Object part : parts) {
                    Map<String, Object> p = Json.asObject(part);
                    if (p != null && p.get("text") instanceof String t) {
                        out.add(t);
                    }
                }
            }
        }
        return out;
    }

    /** The output a request carries for the tool call {@code callId}, or null. */
    static String toolOutput(StandInServer.Request r, String callId) {
        for (Map<String, Object> item : items(r)) {
            if (String.valueOf(item.get("type")).endsWith("_call_output") && callId.equals(item.get("call_id"))) {
                return item.get("output") instanceof String s ? s : Json.asObject(item.get("output")) + "";
            }
        }
        return null;
    }

    static List<Map<String, Object>> items(StandInServer.Request r) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (r.object().get("input") instanceof List<?> input) {
            for (Object o : input) {
                Map<String, Object> item = Json.asObject(o);
                if (item != null) {
                    out.add(item);
                }
            }
        }
        return out;
    }
}
