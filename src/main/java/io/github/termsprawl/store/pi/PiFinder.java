package io.github.termsprawl.store.pi;

import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.NewestFiles;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where pi keeps a folder's sessions: {@code <agent dir>/sessions/--<cwd>--/<ts>_<uuid>.jsonl}, the agent
 * dir being {@code $PI_CODING_AGENT_DIR} or {@code ~/.pi/agent}, and {@code <cwd>} the absolute folder
 * without its leading separator, with {@code /}, {@code \} and {@code :} turned into {@code -}. A session
 * folder the user chose instead ({@code $PI_CODING_AGENT_SESSION_DIR}, else {@code sessionDir} in the
 * project's {@code .pi/settings.json} or the agent dir's {@code settings.json}; 0.73) holds every folder's
 * sessions side by side, each naming its {@code cwd} in its header (docs/stores.md).
 */
public final class PiFinder implements SessionFinder {
    private final Path agentDir;
    private final Path chosen;
    private final Path home;

    /**
     * @param chosen the session folder {@code PI_CODING_AGENT_SESSION_DIR} names, or null
     * @param home   the home folder a {@code sessionDir} of the settings expands {@code ~} against, or null
     */
    public PiFinder(Path agentDir, Path chosen, Path home) {
        this.agentDir = agentDir;
        this.chosen = chosen;
        this.home = home;
    }

    public static PiFinder fromEnvironment(Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "PI_CODING_AGENT_DIR");
        String sessions = AgentFolders.env(env, "PI_CODING_AGENT_SESSION_DIR");
        return new PiFinder(
                configured != null
                        ? AgentFolders.folder(configured, home)
                        : home.resolve(".pi").resolve("agent"),
                sessions != null ? AgentFolders.folder(sessions, home) : null,
                home);
    }

    /**
     * The session folder the user chose for pi run in {@code project}, as pi 0.73 takes it: the environment's,
     * else the project settings' {@code sessionDir}, else the agent dir settings'; null for pi's own layout.
     */
    Path chosenDir(Path project) {
        if (chosen != null) {
            return chosen;
        }
        for (Path settings :
                List.of(project.resolve(".pi").resolve("settings.json"), agentDir.resolve("settings.json"))) {
            Map<String, Object> s = io.github.termsprawl.jsonl.Json.asObject(
                    java.nio.file.Files.isRegularFile(settings)
                            ? io.github.termsprawl.jsonl.Json.readFileOrNull(settings)
                            : null);
            if (s != null && s.get("sessionDir") instanceof String dir && !dir.isBlank()) {
                Path p = home != null ? AgentFolders.expand(dir, home) : Path.of(dir);
                return project.resolve(p).toAbsolutePath().normalize(); // a relative one: from where pi runs
            }
        }
        return null;
    }

    public static String folderName(String cwd) {
        return "--" + cwd.replaceFirst("^[/\\\\]", "").replaceAll("[/\\\\:]", "-") + "--";
    }

    public Path sessionDir(Path project) {
        return agentDir.resolve("sessions")
                .resolve(folderName(project.toAbsolutePath().normalize().toString()));
    }

    /**
     * The newest session file of the project (its folder as written, or through symlinks), or of a folder inside
     * it (a module: {@code --<project>-<module>--}, a name that a sibling such as {@code <project>-old} shares,
     * so such a session counts only when its header's {@code cwd} is inside the project), or null.
     */
    Path newest(Path project) {
        java.util.Set<String> spellings = AgentFolders.spellings(project);
        Path chosenDir = chosenDir(project);
        if (chosenDir != null) {
            // every folder's sessions side by side: the newest whose header names the project or a folder in it
            for (Path file : NewestFiles.under(chosenDir, 1, n -> n.endsWith(".jsonl"))) {
                if (AgentFolders.isWithin(headerCwd(file), spellings)) {
                    return file;
                }
            }
            return null;
        }
        Path sessions = agentDir.resolve("sessions");
        Path best = null;
        long bestTime = Long.MIN_VALUE;
        for (String cwd : spellings) {
            String exact = folderName(cwd);
            String inside = exact.substring(0, exact.length() - 2) + "-";
            for (Path dir : folders(sessions)) {
                String name = dir.getFileName().toString();
                boolean mine = name.equals(exact);
                if (!mine && !(name.startsWith(inside) && name.endsWith("--"))) {
                    continue;
                }
                for (Path file : NewestFiles.under(dir, 1, n -> n.endsWith(".jsonl"))) {
                    if (mine || AgentFolders.isWithin(headerCwd(file), spellings)) {
                        long time = modified(file);
                        if (best == null || time > bestTime) {
                            best = file;
                            bestTime = time;
                        }
                        break; // the folder's newest session that is the project's
                    }
                }
            }
        }
        return best;
    }

    private static List<Path> folders(Path sessions) {
        if (!java.nio.file.Files.isDirectory(sessions)) {
            return List.of();
        }
        try (java.util.stream.Stream<Path> all = java.nio.file.Files.list(sessions)) {
            return all.filter(java.nio.file.Files::isDirectory).toList();
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static String headerCwd(Path file) {
        return JsonlHead.scalars(file, java.util.Set.of("cwd")).get("cwd") instanceof String cwd ? cwd : null;
    }

    private static long modified(Path file) {
        try {
            return java.nio.file.Files.getLastModifiedTime(file).toMillis();
        } catch (java.io.IOException e) {
            return Long.MIN_VALUE;
        }
    }

    @Override
    public Located latest(Path project) {
        Path file = newest(project);
        return file == null ? null : new Located(file, Store.PI.id(), null);
    }

    @Override
    public String notFound(Path project) {
        Path dir = chosenDir(project);
        return "No pi session found for " + project + " in " + (dir != null ? dir : sessionDir(project))
                + ". Run pi here (it writes the"
                + " file after its first reply), set PI_CODING_AGENT_DIR (or PI_CODING_AGENT_SESSION_DIR) if pi keeps its files elsewhere, or pass a"
                + " session path.";
    }
}
