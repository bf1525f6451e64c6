package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;

/**
 * Turns the {@code record} goal's transcript value into an index entry: {@code latest} (Claude Code),
 * {@code <store>:latest} (the newest session of that agent in this project), a Claude Code session id,
 * or a path (made absolute against the project folder).
 */
public final class TranscriptLocator {
    public static final String LATEST = "latest";
    private static final String LATEST_SUFFIX = ":" + LATEST;

    /** What to record: the transcript, and the store and session to write beside it (null: none). */
    public record Located(Path path, String store, String session) {}

    private final Path project;
    private final ClaudeProjects claude;
    private final Map<String, String> env;
    private final Path home;

    public TranscriptLocator(Path project, ClaudeProjects claude) {
        this(project, claude, Map.of(), Path.of(System.getProperty("user.home")));
    }

    /** {@code env} and {@code home} locate the other agents' stores. */
    public TranscriptLocator(Path project, ClaudeProjects claude, Map<String, String> env, Path home) {
        this.project = project;
        this.claude = claude;
        this.env = env;
        this.home = home;
    }

    public static TranscriptLocator fromEnvironment(Path project, Map<String, String> env, Path home) {
        return new TranscriptLocator(project, ClaudeProjects.fromEnvironment(env, home), env, home);
    }

    public Located locate(String value) throws UserErrorException, IOException {
        if (value.equals(LATEST)) {
            return new Located(claudeLatest(), null, null);
        }
        if (value.endsWith(LATEST_SUFFIX)) {
            return latestOf(value.substring(0, value.length() - LATEST_SUFFIX.length()));
        }
        if (ClaudeProjects.isSessionId(value)) {
            Path session = claude.session(project, value);
            if (session == null) {
                throw new UserErrorException("No Claude Code session " + value + " for " + project + ": "
                        + claude.expectedDir(project).resolve(value + ".jsonl") + " does not exist. Pass "
                        + "'latest', an existing session id or a transcript path.");
            }
            return new Located(session, null, null);
        }
        Path file;
        try {
            file = project.resolve(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UserErrorException("'" + value + "' is not a valid path: " + e.getMessage());
        }
        if (!Files.isRegularFile(file) && OpenCodeJsonStorage.storageDir(file) == null) {
            throw new UserErrorException("Transcript file not found: " + file
                    + ". Pass an existing file, a Claude Code session id, 'latest' or '<store>:latest'.");
        }
        return new Located(file, null, null);
    }

    private Path claudeLatest() throws UserErrorException, IOException {
        Path latest = claude.latest(project);
        if (latest == null) {
            throw new UserErrorException("No Claude Code session found for " + project + " in "
                    + claude.expectedDir(project) + ". Start one there (TERMSPRAWL_NODE_ID=<id> claude), set"
                    + " CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere, or pass a path.");
        }
        return latest;
    }

    private Located latestOf(String storeName) throws UserErrorException, IOException {
        Store store = Store.of(storeName);
        if (store == null) {
            throw new UserErrorException("Unknown store '" + storeName + "': use one of claude, codex, gemini, pi,"
                    + " opencode (e.g. codex:latest).");
        }
        switch (store) {
            case CLAUDE:
                return new Located(claudeLatest(), store.id(), null);
            case CODEX: {
                CodexSessions codex = CodexSessions.fromEnvironment(env, home);
                return found(codex.latest(project), store, "No Codex session found for " + project + " under "
                        + codex.sessionsDir() + " (a rollout whose session_meta.cwd is this folder). Run codex here,"
                        + " set CODEX_HOME if Codex keeps its files elsewhere, or pass a rollout path.");
            }
            case PI: {
                PiSessions pi = PiSessions.fromEnvironment(env, home);
                return found(pi.latest(project), store, "No pi session found for " + project + " in "
                        + pi.sessionDir(project) + ". Run pi here (it writes the file after its first reply),"
                        + " set PI_CODING_AGENT_DIR if pi keeps its files elsewhere, or pass a session path.");
            }
            case GEMINI: {
                GeminiSessions gemini = GeminiSessions.fromEnvironment(env, home);
                return found(gemini.latest(project), store, "No Gemini CLI chat found for " + project + " under "
                        + gemini.tmpDir() + "/<project-id>/chats/. Run gemini here, set GEMINI_CLI_HOME if"
                        + " Gemini CLI uses another home, or pass a chat file path.");
            }
            case OPENCODE:
                return openCodeLatest();
            case CURSOR:
            default:
                throw new UserErrorException("cursor-agent transcripts cannot be recorded: " + CursorTranscript.REFUSAL + ".");
        }
    }

    private Located openCodeLatest() throws UserErrorException {
        OpenCodeSessions opencode = OpenCodeSessions.fromEnvironment(env, home);
        OpenCodeSessions.Found found;
        try {
            found = opencode.latest(project);
        } catch (SQLException | LinkageError e) {
            throw new UserErrorException("Cannot read OpenCode's database " + opencode.database() + ": " + e.getMessage());
        }
        if (found == null) {
            throw new UserErrorException("No OpenCode session found for " + project + " in " + opencode.database()
                    + " or " + opencode.dataDir().resolve("storage") + ". Run opencode here, or set OPENCODE_DB or"
                    + " XDG_DATA_HOME if OpenCode keeps its data elsewhere.");
        }
        return new Located(found.path(), Store.OPENCODE.id(), found.session());
    }

    private static Located found(Path file, Store store, String notFound) throws UserErrorException {
        if (file == null) {
            throw new UserErrorException(notFound);
        }
        return new Located(file, store.id(), null);
    }
}
