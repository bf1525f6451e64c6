package io.github.termsprawl.plant;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.AgentFolders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether each agent will run the hooks {@code discover} planted (docs/agents.md, "Wired through each agent's
 * hooks"): {@code status} and {@code check} say it; nothing here writes, least of all into the user's home, where
 * Codex and Gemini CLI keep what the user trusted. A file there is read only up to a bound.
 */
public final class HookTrust {
    /** What the agent will do with its hooks: {@code problem} is null when it runs them. */
    public record State(String agent, String file, String problem) {
        public String line() {
            return agent + ": " + file + (problem == null ? ": wired" : ": " + problem);
        }
    }

    static final long MAX_READ = 1 << 20;

    /** A hook file discover did not plant (yet): it plants it. */
    static final String NOT_PLANTED = "not planted: discover plants it";

    private HookTrust() {}

    public static List<State> of(ProjectLayout layout, Map<String, String> env, Path home) {
        List<State> out = new ArrayList<>();
        Path root = layout.cwd().toAbsolutePath().normalize();
        for (Agent agent : Agents.all()) {
            Wiring wiring = agent.capability(Wiring.class);
            if (wiring == null) {
                continue;
            }
            String id = agent.store().id();
            out.add(new State(id, wiring.file(), problem(agent, wiring, root, env, home)));
        }
        return out;
    }

    private static String problem(Agent agent, Wiring wiring, Path root, Map<String, String> env, Path home) {
        Path file = root.resolve(wiring.file());
        if (wiring.isPlugin()) {
            return Files.isRegularFile(file) ? null : NOT_PLANTED;
        }
        try {
            if (HookSettings.of(agent).currentGuard(file) == null) {
                return NOT_PLANTED;
            }
        } catch (IOException | UserErrorException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
        String id = agent.store().id();
        if (id.equals("codex") && !codexTrusts(root, env, home)) {
            return "Codex will skip these hooks until you " + wiring.trust();
        }
        if (id.equals("gemini") && !geminiTrusts(root, env, home)) {
            return "Gemini CLI runs them only in a trusted folder: " + wiring.trust();
        }
        return null;
    }

    /** Codex's {@code config.toml}: the project trusted, and a trusted hash for our two hooks. */
    static boolean codexTrusts(Path root, Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "CODEX_HOME");
        Path dir = configured != null ? AgentFolders.folder(configured, home) : home.resolve(".codex");
        String toml = read(dir.resolve("config.toml"));
        if (toml == null) {
            return false;
        }
        String key = tomlString(root.toString());
        String hooks = tomlString(root.resolve(".codex/hooks.json").toString());
        String section = null;
        boolean trusted = false;
        boolean start = false;
        boolean edit = false;
        for (String raw : toml.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                section = line;
                start |= line.startsWith("[hooks.state." + hooks.substring(0, hooks.length() - 1) + ":session_start:");
                edit |= line.startsWith("[hooks.state." + hooks.substring(0, hooks.length() - 1) + ":pre_tool_use:");
            } else if (("[projects." + key + "]").equals(section)
                    && line.replace(" ", "").equals("trust_level=\"trusted\"")) {
                trusted = true;
            }
        }
        return trusted && start && edit;
    }

    /** Gemini CLI's trusted folders: the project or a folder above it, or the variable that trusts any. */
    static boolean geminiTrusts(Path root, Map<String, String> env, Path home) {
        if ("true".equals(AgentFolders.env(env, "GEMINI_CLI_TRUST_WORKSPACE"))) {
            return true;
        }
        String configured = AgentFolders.env(env, "GEMINI_CLI_HOME");
        Path dir = (configured != null ? AgentFolders.folder(configured, home) : home).resolve(".gemini");
        String text = read(dir.resolve("trustedFolders.json"));
        Map<String, Object> folders;
        try {
            folders = text == null ? null : Json.asObject(Json.parse(text));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        if (folders == null) {
            return false;
        }
        for (Map.Entry<String, Object> e : folders.entrySet()) {
            Path p;
            try {
                p = Path.of(e.getKey()).toAbsolutePath().normalize();
            } catch (RuntimeException bad) {
                continue;
            }
            if ("TRUST_FOLDER".equals(e.getValue()) && root.startsWith(p)) {
                return true;
            }
            if ("TRUST_PARENT".equals(e.getValue()) && p.getParent() != null && root.startsWith(p.getParent())) {
                return true;
            }
        }
        return false;
    }

    private static String tomlString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_READ) {
                return null;
            }
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
