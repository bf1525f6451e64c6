package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.JsonlTail;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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

    /**
     * A session kept in compaction windows (Claude Code), read as its turn files number it: every window's live
     * branch, oldest first (docs/files.md, "Turn files"). A plan keeps the tree and the prose only, so a long session
     * is planned in tens of MB, and {@link #full} reads one message again in full; a plan cache kept between reads
     * lets a transcript that only grew be read on.
     */
    interface Windows {
        /**
         * The plan of every window (and, with {@code subagents}, the session's subagents) of a file that only grows,
         * reading only its lines past {@code cache.offset()}: the records of the lines before come from the cache,
         * which the lines that end before {@code end} are added to. The caller makes sure the bytes before
         * {@code cache.offset()} are those the cache was made from.
         */
        Plan plan(Path file, PlanCache cache, long end, boolean subagents) throws IOException;

        /** {@link #plan} with every message in {@link Plan#messages}: the whole cache read. */
        Plan planWhole(Path file, PlanCache cache, long end, boolean subagents) throws IOException;

        /** The message {@code planned} stands for, its lines read again from {@code lines} (a reader of its file). */
        Message full(ForwardLineReader lines, Planned planned) throws IOException;

        /** The live branch of an inline subagent (no file of its own) among its parent's records. */
        List<Message> inline(Subagent subagent);

        /** The folders whose change may add a subagent to the session of {@code file}: watched between reads. */
        List<Path> subagentFolders(Path file);

        /** Bytes of transcript lines the plans of this JVM have read so far: what a long run shows as its progress. */
        long bytesRead();

        /**
         * One message, planned: its window (counting from 0), the message as the prose projection reads it (text,
         * ids and block types; tool arguments, results and thinking empty), and the lines it is made of
         * ({@code offsets} and {@code lines} in the file, none for a synthetic result), which {@link #full} reads
         * again in full.
         */
        record Planned(int window, Message prose, long[] offsets, long[] lines) {}

        /**
         * A plan of the session's windows and its subagents, from one read, and where its records are kept for the
         * next one. With {@code stable} above 0, {@code messages} are those from that index on: the ones before are
         * the previous plan's (the one made with the cache this one read), unchanged.
         */
        record Plan(List<Planned> messages, List<Subagent> subagents, PlanCache cache, int stable) {}

        /**
         * A file that keeps the records of a transcript's first lines between reads ({@code bytes} of it hold the
         * records of the transcript's lines before {@code offset}, which are {@code lines} lines); {@code bytes} 0:
         * nothing kept yet; {@code file} null: kept nowhere (a plan made once, as ask makes one). With
         * {@code redact} the prompts it keeps are redacted; it keeps no other text.
         */
        record PlanCache(Path file, long bytes, long offset, long lines, boolean redact) {
            /**
             * Bumped when the lines of a cache change so that an earlier reader would take them wrong: a folder's
             * state names it, so a cache of another format is made again (3: every record on a line of its own,
             * its uuids and time as the transcript writes them).
             */
            public static final int FORMAT = 3;
        }

        /**
         * A subagent of a session: a session of its own (docs/stores.md, "Claude Code subagents").
         *
         * @param agentId   the id the agent gave it, or null (inline subagents of Claude Code 1.0.x have none)
         * @param toolUseId the parent's tool call that started it, or null when neither the parent nor its meta names it
         * @param file      its own transcript, or for an inline subagent the parent's file
         * @param rootUuid  for an inline subagent, the uuid of its first record; else null
         * @param meta      what its {@code agent-<id>.meta.json} says of it (Claude Code 2.1.x), or null
         */
        record Subagent(Layout layout, String agentId, String toolUseId, Path file, String rootUuid, Meta meta) {
            /** The three ways Claude Code has kept subagents (docs/stores.md, "Claude Code subagents"). */
            public enum Layout {
                /** {@code isSidechain} records inside the session file (1.0.x). */
                INLINE,
                /** {@code agent-<id>.jsonl} beside the session file (2.0.x). */
                BESIDE,
                /**
                 * {@code <session>/subagents/agent-<id>.jsonl} (2.1.x), and a workflow's agents in
                 * {@code <session>/subagents/workflows/wf_<run>/}.
                 */
                FOLDER
            }

            /**
             * What Claude Code 2.1.x writes beside a subagent's transcript, {@code agent-<id>.meta.json}.
             *
             * @param agentType     {@code general-purpose}, {@code Explore}, {@code workflow-subagent}…, or null
             * @param description   the description it was started with (a workflow agent's label), or null
             * @param parentAgentId the subagent that started it (a nested one), or null when the session did
             * @param spawnDepth    1 for one the session started, 2 for one a subagent started…; 0 when not said
             * @param workflow      the workflow run it is part of ({@code wf_…}, its folder's name), or null
             */
            public record Meta(
                    String agentType, String description, String parentAgentId, int spawnDepth, String workflow) {}

            public Subagent(Layout layout, String agentId, String toolUseId, Path file, String rootUuid) {
                this(layout, agentId, toolUseId, file, rootUuid, null);
            }
        }
    }

    /**
     * Its sessions can be asked through its own command line, resumed by session id ({@code claude --resume <id>}),
     * when no API key is set (docs/ask.md).
     */
    record CliResume(String command) {}

    /**
     * The turn of each tool call on a session's live branches, kept in a tail file between reads of a transcript
     * that only grows, so that the touch index reads only what was added (docs/touches.md, "The touch index").
     */
    interface CallTurns {
        /**
         * Where a read of {@code file} may stop: {@code complete} (the end of its last whole line), or {@code size}
         * when the line after it, not ended yet, already reads as a record (a full read would read it).
         */
        long readableEnd(Path file, long complete, long size);

        /** The turns of every call of the lines before {@code end}, and the tail kept under {@code key} for the next read. */
        Turns whole(Path file, long end, Path tailFile, long key);

        /**
         * The turns of the calls from the kept tail's cut on, the transcript having grown from {@code from} (where the
         * read that kept it under {@code oldKey} stopped) to {@code end}; null when they must be read whole.
         */
        Turns grown(Path file, long from, long end, Path tailFile, long oldKey, long key);

        /** Every message of the lines from the one that starts at {@code offset} (numbered {@code line}) on. */
        WalkStats walkFrom(Path file, long offset, long line, MessageVisitor visitor);

        /** Turns of one read, and the tail to keep for the next. */
        interface Turns {
            /** The first messages (all windows), whose calls' turns are those of the read before (0: a whole read). */
            int stable();

            /** Each call id of the messages from {@link #stable} on, with its turn. */
            Map<String, Integer> turns();

            /** Writes the tail for the next read, or removes the one there when none holds. */
            void keep() throws IOException;
        }
    }

    /**
     * Sessions an id names alone (Claude Code's, which {@code claude --resume} takes): what ask takes in place of a
     * transcript's path (docs/ask.md, "Targets").
     */
    interface SessionIds {
        boolean isId(String value);

        /** The session of that id in the project's folder, else in any project's; null when there is none. */
        Path find(String id, Path project, Map<String, String> env, Path home);

        /** The folder that holds every project's sessions, for a message. */
        Path projectsDir(Map<String, String> env, Path home);
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
