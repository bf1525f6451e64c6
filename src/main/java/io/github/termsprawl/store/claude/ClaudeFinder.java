package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where Claude Code keeps a project's sessions: {@code <claude dir>/projects/<slug>/<session-id>.jsonl},
 * {@code <claude dir>} being {@code $CLAUDE_CONFIG_DIR} or {@code ~/.claude}.
 */
public final class ClaudeFinder implements SessionFinder {
    static final int MAX_SLUG = 200;

    private final Path claudeDir;

    public ClaudeFinder(Path claudeDir) {
        this.claudeDir = claudeDir;
    }

    /**
     * The folder named by {@code CLAUDE_CONFIG_DIR} ({@code ~} expanded), else {@code <home>/.claude}; made absolute here (a
     * relative value means the caller's working directory), so the paths found under it can be recorded
     * in the index, whose relative paths are read against the project folder instead.
     */
    public static ClaudeFinder fromEnvironment(Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "CLAUDE_CONFIG_DIR");
        Path dir = configured != null ? AgentFolders.expand(configured, home) : home.resolve(".claude");
        return new ClaudeFinder(dir.toAbsolutePath().normalize());
    }

    public Path claudeDir() {
        return claudeDir;
    }

    public static boolean isSessionId(String value) {
        // 8-4-4-4-12 hex digits; no regex: this class is met on the path of every edit the hook holds, and compiling
        // a pattern spins lambdas there (bench/README.md, "The edit hook's cost")
        if (value.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = value.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
            if (dash ? c != '-' : !hex) {
                return false;
            }
        }
        return true;
    }

    /** Its session ids, as ask takes them (docs/ask.md, "Targets"): this project's folder first, then any project's. */
    static final Agent.SessionIds IDS = new Agent.SessionIds() {
        @Override
        public boolean isId(String value) {
            return isSessionId(value);
        }

        @Override
        public Path find(String id, Path project, Map<String, String> env, Path home) {
            ClaudeFinder sessions = fromEnvironment(env, home);
            Path here = sessions.session(project, id);
            if (here != null) {
                return here;
            }
            try (DirectoryStream<Path> projects = Files.newDirectoryStream(projectsDir(env, home))) {
                for (Path dir : projects) {
                    Path file = dir.resolve(id + ".jsonl");
                    if (Files.isRegularFile(file)) {
                        return file;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no projects folder: no session
            }
            return null;
        }

        @Override
        public Path projectsDir(Map<String, String> env, Path home) {
            return fromEnvironment(env, home).claudeDir().resolve("projects");
        }
    };

    /**
     * Claude Code's folder name for a project path: every char outside {@code [A-Za-z0-9]} becomes
     * {@code -}; past 200 chars, the first 200, {@code -} and a hash of the path. This is the hash of
     * Claude Code run by node ({@code Math.abs(djb2)} in base 36, where djb2 is Java's
     * {@code String.hashCode}); its Bun-built binary uses {@code Bun.hash} instead, which
     * {@link #sessionDirs} finds by the 200-char prefix.
     */
    public static String slug(String absolutePath) {
        StringBuilder s = new StringBuilder(absolutePath.length());
        for (int i = 0; i < absolutePath.length(); i++) {
            char c = absolutePath.charAt(i);
            s.append((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '-');
        }
        if (s.length() <= MAX_SLUG) {
            return s.toString();
        }
        long hash = Math.abs((long) absolutePath.hashCode());
        return s.substring(0, MAX_SLUG) + "-" + Long.toString(hash, 36);
    }

    /** The existing session folders of a project (several only for a path past 200 chars). */
    public List<Path> sessionDirs(Path project) {
        String slug = slug(project.toAbsolutePath().normalize().toString());
        Path projects = claudeDir.resolve("projects");
        List<Path> dirs = new ArrayList<>();
        if (Files.isDirectory(projects.resolve(slug))) {
            dirs.add(projects.resolve(slug));
        }
        if (slug.length() > MAX_SLUG) {
            String prefix = slug.substring(0, MAX_SLUG) + "-";
            try (DirectoryStream<Path> all = Files.newDirectoryStream(
                    projects, p -> p.getFileName().toString().startsWith(prefix))) {
                for (Path p : all) {
                    if (!dirs.contains(p) && Files.isDirectory(p)) {
                        dirs.add(p);
                    }
                }
            } catch (IOException e) {
                // no projects folder: no sessions
            }
        }
        return dirs;
    }

    /** The folder a project's sessions would be in, for messages. */
    public Path expectedDir(Path project) {
        return claudeDir
                .resolve("projects")
                .resolve(slug(project.toAbsolutePath().normalize().toString()));
    }

    /** The session file of that id, or null. */
    public Path session(Path project, String sessionId) {
        for (Path dir : sessionDirs(project)) {
            Path file = dir.resolve(sessionId + ".jsonl");
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    /**
     * The most recently modified session file of the project, or null when it has none. A session started in a
     * module (a folder inside the project) has a folder of its own, {@code <slug>-<module>}, whose name a sibling
     * such as {@code <project>-old} shares: it counts when the {@code cwd} its records name is inside the project
     * (docs/stores.md). Only a file newer than the best so far has its head read.
     */
    Path newest(Path project) throws IOException {
        List<Path> own = sessionDirs(project);
        Newest best = new Newest();
        for (Path dir : own) {
            best.scan(dir, null);
        }
        String slug = slug(project.toAbsolutePath().normalize().toString());
        if (slug.length() < MAX_SLUG) { // past it, sessionDirs took every folder of the prefix already
            java.util.Set<String> spellings = AgentFolders.spellings(project);
            String prefix = slug + "-";
            try (DirectoryStream<Path> all = Files.newDirectoryStream(
                    claudeDir.resolve("projects"),
                    p -> p.getFileName().toString().startsWith(prefix))) {
                for (Path dir : all) {
                    if (!own.contains(dir) && Files.isDirectory(dir)) {
                        best.scan(dir, spellings);
                    }
                }
            } catch (IOException e) {
                // no projects folder: no module sessions
            }
        }
        return best.file;
    }

    /** The newest session seen so far; a module folder's file counts only when its records' cwd is the project's. */
    private static final class Newest {
        Path file;
        FileTime time;

        void scan(Path dir, java.util.Set<String> within) throws IOException {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.jsonl")) {
                for (Path f : files) {
                    String name = f.getFileName().toString();
                    if (name.startsWith("agent-") || !Files.isRegularFile(f)) {
                        continue; // 2.0.x writes subagent transcripts beside the sessions
                    }
                    FileTime t = Files.getLastModifiedTime(f);
                    if ((file == null || t.compareTo(time) > 0)
                            && (within == null || AgentFolders.isWithin(cwdOf(f), within))) {
                        file = f;
                        time = t;
                    }
                }
            }
        }
    }

    private static final io.github.termsprawl.jsonl.JsonProjection CWD =
            io.github.termsprawl.jsonl.JsonProjection.whole("cwd");

    /** The working folder the first records of a session name (Claude Code writes it on each message), or null. */
    static String cwdOf(Path file) {
        io.github.termsprawl.jsonl.JsonlHead.Head head = io.github.termsprawl.jsonl.JsonlHead.read(file, 16);
        if (head == null) {
            return null;
        }
        for (Map<String, Object> r : head.records(16, CWD, null)) {
            if (r.get("cwd") instanceof String cwd) {
                return cwd;
            }
        }
        return null;
    }

    @Override
    public Located latest(Path project) throws IOException {
        Path file = newest(project);
        return file == null ? null : new Located(file, Store.CLAUDE.id(), null);
    }

    @Override
    public String notFound(Path project) {
        return "No Claude Code session found for " + project + " in " + expectedDir(project) + ". Start one there"
                + " (TERMSPRAWL_NODE_ID=<id> claude), set CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere,"
                + " or pass a path.";
    }
}
