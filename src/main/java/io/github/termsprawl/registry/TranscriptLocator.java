package io.github.termsprawl.registry;

import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeFinder;
import io.github.termsprawl.store.cursor.CursorTranscript;
import io.github.termsprawl.store.opencode.OpenCodeLegacyTranscript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Turns the {@code record} goal's transcript value into an index entry: {@code latest} (Claude Code),
 * {@code <store>:latest} (the newest session of that agent in this project), a Claude Code session id,
 * or a path (made absolute against the project folder). {@code env} and {@code home} locate the other agents'
 * stores.
 */
public record TranscriptLocator(Path project, ClaudeFinder claude, Map<String, String> env, Path home) {
    public static final String LATEST = "latest";
    private static final String LATEST_SUFFIX = ":" + LATEST;

    public static TranscriptLocator fromEnvironment(Path project, Map<String, String> env, Path home) {
        return new TranscriptLocator(project, ClaudeFinder.fromEnvironment(env, home), env, home);
    }

    public Located locate(String value) throws UserErrorException, IOException {
        if (value.equals(LATEST)) {
            return new Located(claudeLatest(), Store.CLAUDE.id(), null);
        }
        if (value.endsWith(LATEST_SUFFIX)) {
            return latestOf(value.substring(0, value.length() - LATEST_SUFFIX.length()));
        }
        if (ClaudeFinder.isSessionId(value)) {
            Path session = claude.session(project, value);
            if (session == null) {
                throw new UserErrorException("No Claude Code session " + value + " for " + project + ": "
                        + claude.expectedDir(project).resolve(value + ".jsonl") + " does not exist. Pass "
                        + "'latest', an existing session id or a transcript path.");
            }
            return new Located(session, Store.CLAUDE.id(), null);
        }
        Path file;
        try {
            file = project.resolve(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UserErrorException("'" + value + "' is not a valid path: " + e.getMessage());
        }
        if (!isTranscriptPath(file)) {
            throw new UserErrorException("Transcript file not found: " + file
                    + ". Pass an existing file, a Claude Code session id, 'latest' or '<store>:latest'.");
        }
        return new Located(file, null, null);
    }

    /** Whether a path given for a transcript can be one: a file, or an OpenCode JSON storage folder. */
    public static boolean isTranscriptPath(Path file) {
        return Files.isRegularFile(file) || OpenCodeLegacyTranscript.storageDir(file) != null;
    }

    private Path claudeLatest() throws UserErrorException, IOException {
        Located latest = claude.latest(project);
        if (latest == null) {
            throw new UserErrorException(claude.notFound(project));
        }
        return latest.path();
    }

    private Located latestOf(String storeName) throws UserErrorException, IOException {
        Store store = Store.of(storeName);
        if (store == null) {
            throw new UserErrorException(
                    "Unknown store '" + storeName + "': use one of " + findable() + " (e.g. codex:latest).");
        }
        SessionFinder finder = finder(store);
        if (finder == null) {
            throw new UserErrorException(
                    "cursor-agent transcripts cannot be recorded: " + CursorTranscript.REFUSAL + ".");
        }
        Located latest = finder.latest(project);
        if (latest == null) {
            throw new UserErrorException(finder.notFound(project));
        }
        return latest;
    }

    /** The store's session finder; null for a store whose sessions cannot be recorded. */
    private SessionFinder finder(Store store) {
        return store == Store.CLAUDE ? claude : Agents.of(store).finder(env, home);
    }

    /** The stores {@code <store>:latest} can name, for an error: every agent with a finder. */
    private String findable() {
        StringBuilder names = new StringBuilder();
        for (io.github.termsprawl.store.Agent agent : Agents.ALL) {
            if (agent.finder(env, home) != null) {
                names.append(names.length() == 0 ? "" : ", ")
                        .append(agent.store().id());
            }
        }
        return names.toString();
    }
}
