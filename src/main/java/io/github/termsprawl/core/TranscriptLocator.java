package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Turns the {@code record} goal's transcript value into a file: {@code latest}, a Claude Code session
 * id, or a path (made absolute against the project folder).
 */
public final class TranscriptLocator {
    public static final String LATEST = "latest";

    private final Path project;
    private final ClaudeProjects claude;

    public TranscriptLocator(Path project, ClaudeProjects claude) {
        this.project = project;
        this.claude = claude;
    }

    public Path locate(String value) throws UserErrorException, IOException {
        if (value.equals(LATEST)) {
            Path latest = claude.latest(project);
            if (latest == null) {
                throw new UserErrorException("No Claude Code session found for " + project + " in "
                        + claude.expectedDir(project) + ". Start one there (TERMSPRAWL_NODE_ID=<id> claude), set"
                        + " CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere, or pass a path.");
            }
            return latest;
        }
        if (ClaudeProjects.isSessionId(value)) {
            Path session = claude.session(project, value);
            if (session == null) {
                throw new UserErrorException("No Claude Code session " + value + " for " + project + ": "
                        + claude.expectedDir(project).resolve(value + ".jsonl") + " does not exist. Pass "
                        + "'latest', an existing session id or a transcript path.");
            }
            return session;
        }
        Path file;
        try {
            file = project.resolve(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UserErrorException("'" + value + "' is not a valid path: " + e.getMessage());
        }
        if (!Files.isRegularFile(file)) {
            throw new UserErrorException("Transcript file not found: " + file
                    + ". Pass an existing file, a Claude Code session id or 'latest'.");
        }
        return file;
    }
}
