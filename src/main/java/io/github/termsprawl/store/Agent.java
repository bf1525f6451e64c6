package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.JsonlTail;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One agent's store, as the registry lists it (docs/stores.md): its name, its two walks, its finder, and the
 * optional capabilities the rest of the code asks for by type ({@link #capability}), never by the store's
 * name. Each {@code store.<name>} package exports one.
 */
public interface Agent {
    Store store();

    /** Its tail walk: the last prose turns, full-read stats, and the proof of a record for detection. */
    StoreReader transcript(Context context);

    /** Its whole-session walk, or null when its transcripts are refused (cursor-agent: docs/stores.md). */
    default SessionReader session(Context context) {
        return null;
    }

    /** Finds its newest session of a project ({@code <store>:latest}), or null when it cannot. */
    default SessionFinder finder(Map<String, String> env, Path home) {
        return null;
    }

    /**
     * Where its session files lie, as an example for an error message ({@code ~/.codex/sessions/…}), or null
     * when a session is not named by a path.
     */
    default String examplePath() {
        return null;
    }

    /** An optional capability of this agent (its touch rule, …), or null when it has none. */
    default <C> C capability(Class<C> type) {
        return null;
    }

    /** The first of an agent's {@code capabilities} that is a {@code type}, or null: its {@link #capability}. */
    static <C> C first(Class<C> type, Object... capabilities) {
        for (Object c : capabilities) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    /**
     * A transcript that only grows, one message per line (Codex, pi): a grown file is read on from the end of
     * the last complete line an earlier read saw, when the bytes before it are unchanged (docs/files.md).
     */
    interface GrowingLog {
        /**
         * Walks the messages of the lines from {@code offset} on (a line start of an earlier walk, numbered
         * {@code line}).
         *
         * @param kept what the earlier walk returned (false for a walk from the start)
         * @return what a later walk from where this one ends must be given
         */
        boolean walkFrom(Path file, long offset, long line, boolean kept, MessageVisitor visitor);

        /** Whether a walk may resume after one that returned {@code kept}. */
        default boolean resumes(boolean kept) {
            return true;
        }
    }

    /** What the registry gives every agent's readers for one run: the tail reader, and resources they share. */
    interface Context {
        JsonlTail tail();

        /** Where a native library may be unpacked (inside the project), or null for the library's default. */
        Path nativeDir();

        /** A resource of this run, made on first use and closed with the registry (an agent's connections). */
        <R extends AutoCloseable> R shared(Class<R> type, Supplier<R> make);
    }

    /**
     * How an agent runs termsprawl through its own hooks (docs/agents.md, "Wired through each agent's hooks"): the
     * capability {@code discover} plants, {@code check} and {@code status} report and {@code remove} takes out. Either
     * command hooks merged into the agent's JSON settings file (Claude Code, Codex, Gemini CLI), or a plugin file
     * planted whole (OpenCode, pi), which runs the same two commands.
     *
     * @param file        the project file, relative, {@code /}-separated
     * @param personal    whether the file is one person's (kept out of the team's commits) rather than the team's
     * @param projectDir  how a hook command names the project folder: a variable the agent sets, or {@code .} for
     *                    an agent that runs its hooks in the session's folder and sets none (its commands then find
     *                    the project from that folder up)
     * @param start       the session-start event and its matcher (null: none)
     * @param edit        the pre-tool event and its matcher (null: none)
     * @param prompt      the event at each user prompt, where the note of what peers did goes (null: none)
     * @param named       whether each hook entry carries a {@code name} (Gemini CLI)
     * @param plugin      the classpath resource of a plugin file (null for settings)
     * @param trust       what the user does once so the agent runs the hooks (null: nothing)
     */
    record Wiring(
            String file,
            boolean personal,
            String projectDir,
            Event start,
            Event edit,
            Event prompt,
            boolean named,
            String plugin,
            String trust) {

        /** A hook event of the agent's settings, and the matcher of our entry. */
        public record Event(String name, String matcher) {}

        public boolean isPlugin() {
            return plugin != null;
        }

        /**
         * Whether the agent will run the hooks planted in a project (an agent that asks its user to trust them):
         * read from the agent's own files in the user's home, bounded, never written.
         */
        public interface Trust {
            /** Why the agent will not run them, with the step that makes it, or null when it will. */
            String untrusted(Path root, Map<String, String> env, Path home);
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
}
