package io.github.termsprawl.core;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The one project folder of a repository, whatever folder or module selection a build started with:
 * the folder the user names, else the nearest folder at or above the start that already holds
 * {@code .termsprawl/}, else the repository's build root (the multi-module root, or the top-most parent
 * project on disk), else the start itself.
 */
public final class ProjectFolder {
    /** The folder, and why it was chosen (for the log). */
    public record Resolved(Path dir, String reason) {}

    private ProjectFolder() {}

    /**
     * @param start       the folder the build started in (Maven's execution root)
     * @param buildRoot   the multi-module root or top-most parent project folder; null when unknown
     * @param override    the folder the user named, or null/empty
     */
    public static Resolved resolve(Path start, Path buildRoot, String override) throws UserErrorException {
        Path from = start.toAbsolutePath().normalize();
        if (override != null && !override.isBlank()) {
            Path dir;
            try {
                dir = from.resolve(override).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                throw new UserErrorException("The project folder '" + override + "' is not a valid path: "
                        + e.getMessage() + ". Name an existing folder.");
            }
            if (!Files.isDirectory(dir)) {
                throw new UserErrorException("The project folder " + dir + " does not exist or is not a folder."
                        + " Name an existing folder, usually the repository's root.");
            }
            return new Resolved(dir, "named by the user");
        }
        for (Path dir = from; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(ProjectLayout.DIR))) {
                return new Resolved(
                        dir, dir.equals(from) ? "the build's folder" : "the nearest folder holding .termsprawl/");
            }
        }
        if (buildRoot != null) {
            Path root = buildRoot.toAbsolutePath().normalize();
            if (from.startsWith(root) && Files.isDirectory(root)) {
                return new Resolved(root, root.equals(from) ? "the build's folder" : "the multi-module root");
            }
        }
        return new Resolved(from, "the build's folder");
    }
}
