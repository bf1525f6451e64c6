package io.github.termsprawl.touch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A path a tool call names, as a path relative to the project (docs/touches.md, "Paths"): a relative one is taken
 * from the session's working directory when the store records one, else from the project's root; {@code ..} and
 * symbolic links are resolved
 * (through the longest part that exists), a path outside the project is dropped, and on a case-insensitive file
 * system the result is lower-cased so that two spellings of one file are one path.
 */
public final class ProjectPaths {
    private final Path root;
    private final boolean foldCase;

    public ProjectPaths(Path project) {
        Path abs = project.toAbsolutePath().normalize();
        this.root = real(abs);
        this.foldCase = caseInsensitive(root);
    }

    /** {@code raw} relative to the project, {@code /} separated; null when it is outside, the root, or no path. */
    public String relative(String raw) {
        return relative(raw, null);
    }

    /**
     * As {@link #relative(String)}, a relative {@code raw} taken from {@code directory} (the session's working
     * directory, absolute) when it is given and a path, else from the project's root.
     */
    public String relative(String raw, String directory) {
        if (raw == null || raw.isEmpty() || raw.indexOf('\0') >= 0) {
            return null;
        }
        Path p;
        try {
            p = Path.of(raw);
        } catch (InvalidPathException e) {
            return null;
        }
        Path base = p.isAbsolute() ? null : absolute(directory);
        Path abs = real((p.isAbsolute() ? p : (base != null ? base : root).resolve(p)).normalize());
        if (!abs.startsWith(root) || abs.equals(root)) {
            return null;
        }
        String rel = root.relativize(abs).toString().replace(abs.getFileSystem().getSeparator(), "/");
        return foldCase ? rel.toLowerCase(Locale.ROOT) : rel;
    }

    /** {@code dir} as an absolute path, or null when it is none (missing, relative, not a path). */
    private static Path absolute(String dir) {
        if (dir == null || dir.isEmpty() || dir.indexOf('\0') >= 0) {
            return null;
        }
        try {
            Path d = Path.of(dir);
            return d.isAbsolute() ? d : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** {@code path} with the links of its longest existing part resolved, the rest appended. */
    static Path real(Path path) {
        Path existing = path;
        int dropped = 0;
        while (existing != null) {
            try {
                Path r = existing.toRealPath();
                return dropped == 0 ? r : r.resolve(path.subpath(path.getNameCount() - dropped, path.getNameCount()));
            } catch (IOException | SecurityException e) {
                existing = existing.getParent();
                dropped++;
            }
        }
        return path;
    }

    /** Whether the file system of {@code dir} treats two spellings of one name as one file. */
    static boolean caseInsensitive(Path dir) {
        String s = dir.toString();
        String flipped = s.toUpperCase(Locale.ROOT).equals(s) ? s.toLowerCase(Locale.ROOT) : s.toUpperCase(Locale.ROOT);
        if (flipped.equals(s)) {
            return false;
        }
        try {
            Path other = Path.of(flipped);
            return Files.exists(other, LinkOption.NOFOLLOW_LINKS) && Files.isSameFile(dir, other);
        } catch (IOException | InvalidPathException e) {
            return false;
        }
    }
}
