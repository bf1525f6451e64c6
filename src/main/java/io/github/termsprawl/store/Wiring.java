package io.github.termsprawl.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How an agent runs termsprawl through its own hooks (docs/agents.md, "Wired through each agent's hooks"): the
 * capability {@code discover} plants, {@code check} and {@code status} report and {@code remove} takes out. Either
 * command hooks merged into the agent's JSON settings file (Claude Code, Codex, Gemini CLI), or a plugin file
 * planted whole (OpenCode, pi), which runs the same two commands.
 *
 * @param file        the project file, relative, {@code /}-separated
 * @param personal    whether the file is one person's (kept out of the team's commits) rather than the team's
 * @param projectDir  how a hook command names the project folder: a variable the agent sets, or {@code .} for
 *                    an agent that runs its hooks in the session's folder and sets none
 * @param start       the session-start event and its matcher (null: none)
 * @param edit        the pre-tool event and its matcher (null: none)
 * @param named       whether each hook entry carries a {@code name} (Gemini CLI)
 * @param plugin      the classpath resource of a plugin file (null for settings)
 * @param trust       what the user does once so the agent runs the hooks (null: nothing)
 * @param installed   files the agent itself writes beside a plugin, kept out of the team's commits
 */
public record Wiring(
        String file,
        boolean personal,
        String projectDir,
        Event start,
        Event edit,
        boolean named,
        String plugin,
        String trust,
        List<String> installed) {

    /** A hook event of the agent's settings, and the matcher of our entry. */
    public record Event(String name, String matcher) {}

    public boolean isPlugin() {
        return plugin != null;
    }

    /**
     * What a hook's payload names as the session to record for an agent whose payload has no transcript path
     * (OpenCode: a session id in its database).
     */
    public interface SessionOfHook {
        /** The session {@code sessionId} names, or null when the id is not one. */
        Located locate(String sessionId, Map<String, String> env, Path home);
    }
}
