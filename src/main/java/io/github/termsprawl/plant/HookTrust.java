package io.github.termsprawl.plant;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import java.io.IOException;
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
        Wiring.Trust trust = agent.capability(Wiring.Trust.class);
        return trust == null ? null : trust.untrusted(root, env, home);
    }
}
