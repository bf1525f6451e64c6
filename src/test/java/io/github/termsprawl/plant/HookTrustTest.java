package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What status and check say of each agent's hooks: planted, and trusted where the agent asks for trust. */
class HookTrustTest {
    @TempDir
    Path tmp;

    @Test
    void eachAgentIsWiredOnceDiscoverRanAndTrustedAsItsOwnFilesSay() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("p")).toRealPath();
        Path home = Files.createDirectories(tmp.resolve("home"));
        Map<String, String> env = new HashMap<>();
        ProjectLayout layout = new ProjectLayout(root);
        assertTrue(HookTrust.of(layout, env, home).stream()
                .allMatch(s -> s.problem().equals(HookTrust.NOT_PLANTED)));
        new Discovery(layout, "mvn termsprawl:discover").discover();
        Files.writeString(layout.claudeSettingsLocal(), HookSettings.CLAUDE.merge(null, "s", "hold"));
        Map<String, String> problems = problems(layout, env, home);
        assertEquals(List.of("codex", "gemini"), List.copyOf(problems.keySet()), problems.toString());
        assertTrue(problems.get("codex").startsWith("Codex will skip these hooks until you trust"));

        // the project trusted, but one hook only: Codex skips the other
        String key = "[hooks.state.\"" + root + "/.codex/hooks.json:";
        Files.createDirectories(home.resolve(".codex"));
        Files.writeString(
                home.resolve(".codex/config.toml"),
                "[projects.\"" + root + "\"]\ntrust_level = \"trusted\"\n\n" + key + "session_start:0:0\"]\n"
                        + "trusted_hash = \"sha256:00\"\n");
        assertTrue(problems(layout, env, home).containsKey("codex"), "one hook trusted of two");
        Files.writeString(
                home.resolve(".codex/config.toml"),
                key + "pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:01\"\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertFalse(problems(layout, env, home).containsKey("codex"));

        Files.createDirectories(home.resolve(".gemini"));
        Files.writeString(home.resolve(".gemini/trustedFolders.json"), "{\"" + root + "/sub\": \"TRUST_FOLDER\"}");
        assertTrue(problems(layout, env, home).containsKey("gemini"), "a folder below the project");
        Files.writeString(home.resolve(".gemini/trustedFolders.json"), "{\"" + root + "/sub\": \"TRUST_PARENT\"}");
        assertFalse(problems(layout, env, home).containsKey("gemini"));
        assertEquals(Map.of(), problems(layout, env, home));
    }

    private static Map<String, String> problems(ProjectLayout layout, Map<String, String> env, Path home) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (HookTrust.State s : HookTrust.of(layout, env, home)) {
            if (s.problem() != null) {
                out.put(s.agent(), s.problem());
            }
        }
        return out;
    }
}
