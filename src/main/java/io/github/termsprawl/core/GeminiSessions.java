package io.github.termsprawl.core;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

/**
 * Where Gemini CLI keeps a project's chats: {@code <home>/.gemini/tmp/<project-id>/chats/session-*.jsonl}
 * (or {@code .json} before v0.39), {@code <home>} being {@code $GEMINI_CLI_HOME} (Gemini's home-folder
 * override) or the user's home. The project id is the sha256 of the project path up to v0.28 and a
 * slug of the folder name after; every chat's header carries {@code projectHash} (the sha256) in both,
 * so chats are matched by that hash in whichever folder they are.
 */
public final class GeminiSessions {
    private static final Set<String> HEADER = Set.of("projectHash");
    private final Path geminiDir;

    public GeminiSessions(Path geminiDir) {
        this.geminiDir = geminiDir;
    }

    public static GeminiSessions fromEnvironment(Map<String, String> env, Path home) {
        String configured = SamePath.env(env, "GEMINI_CLI_HOME");
        return new GeminiSessions((configured != null ? SamePath.expand(configured, home) : home).resolve(".gemini"));
    }

    public Path tmpDir() {
        return geminiDir.resolve("tmp");
    }

    static String projectHash(String path) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(path.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The newest main chat (not a subagent's) whose header names this project, or null. */
    public Path latest(Path project) {
        Set<String> hashes = new java.util.HashSet<>();
        for (String p : SamePath.spellings(project)) {
            hashes.add(projectHash(p));
        }
        // tmp/<id>/chats/session-*: depth 3; subagent chats sit one folder deeper and are not sessions
        for (Path file : NewestFiles.under(tmpDir(), 3, n -> n.startsWith("session-")
                && (n.endsWith(".jsonl") || n.endsWith(".json")))) {
            Path chats = file.getParent();
            if (chats == null || !chats.getFileName().toString().equals("chats")) {
                continue;
            }
            Object hash = JsonlHead.scalars(file, HEADER).get("projectHash");
            if (hash instanceof String h && hashes.contains(h)) {
                return file;
            }
        }
        return null;
    }
}
