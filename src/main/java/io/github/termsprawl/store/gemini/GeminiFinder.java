package io.github.termsprawl.store.gemini;

import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.NewestFiles;
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
 * so chats are matched by that hash in whichever folder they are. The folders it ran in are listed in
 * {@code projects.json} (and each project folder's {@code .project_root}), which is how a chat started in a
 * folder inside the project, a module, is known to be the project's.
 */
public final class GeminiFinder implements SessionFinder {
    private static final Set<String> HEADER = Set.of("projectHash");
    private final Path geminiDir;

    public GeminiFinder(Path geminiDir) {
        this.geminiDir = geminiDir;
    }

    public static GeminiFinder fromEnvironment(Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "GEMINI_CLI_HOME");
        return new GeminiFinder((configured != null ? AgentFolders.folder(configured, home) : home).resolve(".gemini"));
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
        Set<String> spellings = AgentFolders.spellings(project);
        Set<String> hashes = new java.util.HashSet<>();
        for (String p : spellings) {
            hashes.add(projectHash(p));
        }
        // a session started in a folder inside the project (a module) names that folder's hash: the folders
        // Gemini CLI knows are in projects.json, and each project folder's .project_root
        for (String folder : knownFolders()) {
            if (AgentFolders.isWithin(folder, spellings)) {
                hashes.add(projectHash(folder));
            }
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

    /**
     * The folders Gemini CLI has run in, as it records them: the keys of {@code projects.json}'s {@code projects}
     * (a folder to its {@code tmp/} name, v0.3x+) and the {@code .project_root} file of each {@code tmp/} folder.
     */
    Set<String> knownFolders() {
        Set<String> folders = new java.util.LinkedHashSet<>();
        Path registry = geminiDir.resolve("projects.json");
        if (java.nio.file.Files.isRegularFile(registry)) {
            Map<String, Object> doc =
                    io.github.termsprawl.jsonl.Json.asObject(io.github.termsprawl.jsonl.Json.readFileOrNull(registry));
            Map<String, Object> projects =
                    doc == null ? null : io.github.termsprawl.jsonl.Json.asObject(doc.get("projects"));
            if (projects != null) {
                folders.addAll(projects.keySet());
            }
        }
        java.io.File[] dirs = tmpDir().toFile().listFiles(java.io.File::isDirectory);
        for (java.io.File dir : dirs == null ? new java.io.File[0] : dirs) {
            Path root = dir.toPath().resolve(".project_root");
            try {
                if (java.nio.file.Files.isRegularFile(root) && java.nio.file.Files.size(root) < 65536) {
                    String folder = java.nio.file.Files.readString(root, StandardCharsets.UTF_8)
                            .strip();
                    if (!folder.isEmpty()) {
                        folders.add(folder);
                    }
                }
            } catch (java.io.IOException | RuntimeException e) {
                // an unreadable marker names no folder
            }
        }
        return folders;
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
