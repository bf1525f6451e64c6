package io.github.termsprawl.store.gemini;

import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.NewestFiles;
import io.github.termsprawl.store.SamePath;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
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
public final class GeminiFinder implements SessionFinder {
    private static final Set<String> HEADER = Set.of("projectHash");
    private final Path geminiDir;

    public GeminiFinder(Path geminiDir) {
        this.geminiDir = geminiDir;
    }

    public static GeminiFinder fromEnvironment(Map<String, String> env, Path home) {
        String configured = SamePath.env(env, "GEMINI_CLI_HOME");
        return new GeminiFinder((configured != null ? SamePath.folder(configured, home) : home).resolve(".gemini"));
    }

    public Path tmpDir() {
        return geminiDir.resolve("tmp");
    }

    public static String projectHash(String path) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(path.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The newest main chat (not a subagent's) whose header names this project, or null. */
    Path newest(Path project) {
        Set<String> hashes = new java.util.HashSet<>();
        for (String p : SamePath.spellings(project)) {
            hashes.add(projectHash(p));
        }
        // tmp/<id>/chats/session-*: depth 3; subagent chats sit one folder deeper and are not sessions
        for (Path file : NewestFiles.under(
                tmpDir(), 3, n -> n.startsWith("session-") && (n.endsWith(".jsonl") || n.endsWith(".json")))) {
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

    @Override
    public Located latest(Path project) {
        Path file = newest(project);
        return file == null ? null : new Located(file, Store.GEMINI.id(), null);
    }

    @Override
    public String notFound(Path project) {
        return "No Gemini CLI chat found for " + project + " under " + tmpDir() + "/<project-id>/chats/. Run gemini"
                + " here, set GEMINI_CLI_HOME if Gemini CLI uses another home, or pass a chat file path.";
    }
}
