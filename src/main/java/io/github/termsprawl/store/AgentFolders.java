package io.github.termsprawl.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The folders an agent works with: its home, its configured folders, and whether a working folder it wrote
 * down is this project (as written, normalised, or through symlinks).
 */
public final class AgentFolders {
    private AgentFolders() {}

    /**
     * The home folder the agents use: {@code $HOME}, as Claude Code, Codex, Gemini CLI, pi and OpenCode
     * read it, and Java's {@code user.home} only when {@code HOME} is unset (they differ under sudo, in
     * containers and in tests that move {@code HOME}).
     */
    public static Path home(java.util.Map<String, String> env) {
        String home = env(env, "HOME");
        if (home != null) {
            try {
                return Path.of(home).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                // not a path on this system: fall back as if unset
            }
        }
        return Path.of(System.getProperty("user.home"));
    }

    /** The spellings an agent may have recorded for the project: absolute normalised, and real. */
    public static Set<String> spellings(Path project) {
        Set<String> names = new LinkedHashSet<>();
        Path abs = project.toAbsolutePath().normalize();
        names.add(abs.toString());
        try {
            if (Files.exists(abs)) {
                names.add(abs.toRealPath().toString());
            }
        } catch (IOException | RuntimeException e) {
            // the normalised spelling is enough
        }
        return names;
    }

    static boolean is(String recorded, Set<String> spellings) {
        if (recorded == null || recorded.isEmpty()) {
            return false;
        }
        if (spellings.contains(recorded)) {
            return true;
        }
        try {
            return spellings.contains(
                    Path.of(recorded).toAbsolutePath().normalize().toString());
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * Whether a recorded working folder is the project or a folder inside it (a module): a session started
     * there belongs to the project (docs/stores.md). Compared by path components, so {@code /a/app-old} is not
     * inside {@code /a/app}.
     */
    public static boolean isWithin(String recorded, Set<String> spellings) {
        if (recorded == null || recorded.isEmpty()) {
            return false;
        }
        if (is(recorded, spellings)) {
            return true;
        }
        Path path;
        try {
            path = Path.of(recorded).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return false;
        }
        for (String s : spellings) {
            if (path.startsWith(Path.of(s))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A store's configured folder, absolute: {@code ~} expanded, a relative one taken from the folder the
     * process runs in (as the agent takes it), so a path found under it can be recorded as is.
     */
    public static Path folder(String configured, Path home) {
        return expand(configured, home).toAbsolutePath().normalize();
    }

    /** A configured folder: {@code ~} and {@code ~/…} expanded against the home folder. */
    public static Path expand(String configured, Path home) {
        if (configured.equals("~")) {
            return home;
        }
        if (configured.startsWith("~/")) {
            return home.resolve(configured.substring(2));
        }
        return Path.of(configured);
    }

    public static String env(java.util.Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? null : v;
    }
}
