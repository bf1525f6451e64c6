package io.github.termsprawl.core;

import java.io.IOError;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project a planted command's {@code --cwd <dir>} names, found the way git finds its repository
 * (docs/planted.md, "The commands in {@code .termsprawl/bin/}"): {@code <dir>} itself when it holds
 * {@code .termsprawl/}; else the nearest folder above it whose {@code .termsprawl/} holds {@code project.json}; else
 * the nearest whose {@code .termsprawl/} holds {@code bin/} (what {@code discover} plants); at most
 * {@link #MAX_LEVELS} folders up and never past the file system's root. Else {@code <dir>} as given, which then holds
 * no project (the commands say so). So an agent whose shell is in a module folder may pass {@code --cwd .}.
 */
public final class ProjectRoot {
    /** How many folders above {@code --cwd} are looked at, at most. */
    public static final int MAX_LEVELS = 64;

    private ProjectRoot() {}

    /**
     * The project folder of {@code dir}, spelled as the caller spelled {@code dir}: an absolute {@code dir} gives an
     * absolute path, a relative one a relative path ({@code .} in {@code <root>/module-a} gives {@code ..}), so that
     * the paths a command prints under it still work from the caller's folder.
     */
    public static Path of(Path dir) {
        if (Files.isDirectory(dir.resolve(ProjectLayout.DIR))) {
            return dir;
        }
        Path abs;
        try {
            abs = dir.toAbsolutePath().normalize();
        } catch (IOError | SecurityException e) {
            return dir;
        }
        Path found = above(abs, "project.json", false);
        if (found == null) {
            found = above(abs, "bin", true);
        }
        if (found == null) {
            return dir;
        }
        if (dir.isAbsolute()) {
            return found;
        }
        Path spelled = dir.resolve(abs.relativize(found)).normalize();
        return spelled.toString().isEmpty() ? Path.of(".") : spelled;
    }

    /** The nearest folder strictly above {@code abs} whose {@code .termsprawl/} holds {@code name}, or null. */
    private static Path above(Path abs, String name, boolean folder) {
        Path up = abs.getParent();
        for (int level = 0; up != null && level < MAX_LEVELS; level++, up = up.getParent()) {
            Path p = up.resolve(ProjectLayout.DIR).resolve(name);
            if (folder ? Files.isDirectory(p) : Files.isRegularFile(p)) {
                return up;
            }
        }
        return null;
    }
}
