package io.github.termsprawl.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/** Whether a working folder an agent wrote down is this project: as written, normalised, or through symlinks. */
public final class SamePath {
    private SamePath() {}

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
