package io.github.termsprawl.store.codex;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.AgentFolders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether Codex will run a project's hooks: its {@code config.toml} ({@code CODEX_HOME}, or {@code ~/.codex}) trusts
 * the project and holds a trusted hash for our session-start and pre-edit hooks (docs/goals.md, "status" lines).
 */
final class CodexHookTrust implements Wiring.Trust {
    /** No config of a person's is bigger: past this, it is not read. */
    static final long MAX_READ = 1 << 20;

    @Override
    public String untrusted(Path root, Map<String, String> env, Path home) {
        return trusts(root, env, home) ? null : "Codex will skip these hooks until you " + CodexAgent.WIRING.trust();
    }

    static boolean trusts(Path root, Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "CODEX_HOME");
        Path dir = configured != null ? AgentFolders.folder(configured, home) : home.resolve(".codex");
        byte[] bytes = AtomicFiles.readPlain(dir.resolve("config.toml"), MAX_READ);
        if (bytes == null) {
            return false;
        }
        String project = "[projects." + tomlString(root.toString()) + "]";
        String hooks =
                "[hooks.state." + tomlString(root.resolve(".codex/hooks.json").toString());
        hooks = hooks.substring(0, hooks.length() - 1); // the key goes on inside the quotes: ":<event>:<group>:<i>"
        String section = null;
        boolean trusted = false;
        boolean start = false;
        boolean edit = false;
        for (String raw : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                section = line;
                start |= line.startsWith(hooks + ":session_start:");
                edit |= line.startsWith(hooks + ":pre_tool_use:");
            } else if (project.equals(section) && line.replace(" ", "").equals("trust_level=\"trusted\"")) {
                trusted = true;
            }
        }
        return trusted && start && edit;
    }

    private static String tomlString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
