package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;

/**
 * Every file this product writes goes through here: temp file + rename, and only when the bytes change.
 * Inside a project it never writes or deletes through a linked folder (a cloned repository could ship
 * {@code .claude -> ~/.claude}), writes a linked file's target only when that is inside the project,
 * and keeps the mode of a file it replaces.
 */
public final class AtomicFiles {
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private AtomicFiles() {}

    public static boolean writeIfChanged(Path file, String text) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8), false);
    }

    /** {@link #writeIfChanged(Path, byte[], boolean)} for a file of the project in {@code project}. */
    public static boolean writeIfChanged(Path project, Path file, String text) throws IOException {
        return writeIfChanged(project, file, text.getBytes(StandardCharsets.UTF_8), false);
    }

    /**
     * Writes a file of the project: refuses when a folder between the project and the file is a link;
     * when the file itself is a link, writes its target if that is inside the project, else refuses.
     */
    public static boolean writeIfChanged(Path project, Path file, byte[] bytes, boolean executable) throws IOException {
        return writeIfChanged(insideProject(project, file), bytes, executable);
    }

    /** Deletes a file of the project (a link is removed itself), never through a linked folder. */
    public static boolean deleteIfExists(Path project, Path file) throws IOException {
        requireNoLinkedFolder(project, file);
        if (Files.isDirectory(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            // an empty one went silently, a full one failed with "DirectoryNotEmpty": neither is ours to remove
            throw new IOException(
                    file + " is a folder where termsprawl keeps a file: move the folder away and run again");
        }
        return Files.deleteIfExists(file);
    }

    /**
     * The path that writing {@code file} would write: itself, or the target of a link that stays in the
     * project; throws as a write would, so a caller can check every file before it writes any.
     */
    public static Path insideProject(Path project, Path file) throws IOException {
        requireNoLinkedFolder(project, file);
        if (!Files.isSymbolicLink(file)) {
            return file;
        }
        Path root = project.toRealPath();
        Path target;
        try {
            target = file.toRealPath();
        } catch (IOException e) { // a dangling link: its target would be created wherever it points
            target = file.getParent()
                    .toRealPath()
                    .resolve(Files.readSymbolicLink(file))
                    .normalize();
        }
        if (!target.startsWith(root)) {
            throw new IOException(file + " is a link to " + target + ", outside the project " + root
                    + ": termsprawl writes only inside the project. Replace the link with a copy of the file"
                    + " and run again.");
        }
        return target;
    }

    private static void requireNoLinkedFolder(Path project, Path file) throws IOException {
        Path root = project.toAbsolutePath().normalize();
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir == null || !dir.startsWith(root)) {
            throw new IOException(file + " is outside the project " + root + ": termsprawl writes only inside it.");
        }
        for (Path p = dir; !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                throw new IOException(p + " is a link to " + Files.readSymbolicLink(p) + ": termsprawl never writes"
                        + " through a linked folder, which could lead outside the project. Replace the link with a"
                        + " real folder (move its content in) and run again.");
            }
        }
    }

    /**
     * Writes {@code bytes} to {@code file} unless it already holds exactly them (and, for an
     * executable, already has mode 0755). A reader sees the old file or the new one, never half.
     *
     * @return whether the file was written
     */
    public static boolean writeIfChanged(Path file, byte[] bytes, boolean executable) throws IOException {
        if (isCurrent(file, bytes, executable)) {
            return false;
        }
        if (Files.isDirectory(file)) {
            throw new IOException(
                    file + " is a folder where termsprawl keeps a file: move the folder away and run again");
        }
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        String prefix = "." + file.getFileName() + ".";
        removeStrayTemps(dir, prefix);
        // the writer's pid in the name: a later writer can tell a temp file whose writer was killed
        Path tmp = Files.createTempFile(dir, prefix + ProcessHandle.current().pid() + ".", ".tmp");
        try {
            Files.write(tmp, bytes);
            if (POSIX) {
                Files.setPosixFilePermissions(tmp, modeFor(file, executable));
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return true;
    }

    /** How the temp files of {@link #replace} start: {@code .tmp-<pid>-<name>}. */
    public static final String BATCH_TEMP = ".tmp-";

    /**
     * Writes {@code bytes} to {@code file} through a temp file and a rename, neither comparing nor sweeping:
     * for a caller that writes many files of one folder, knows which changed, has checked the folder is inside
     * its project ({@link #insideProject}), and sweeps the folder's stray temp files once
     * ({@code GoneWriters.leftIn(dir, BATCH_TEMP, "", false)}). A reader sees the old file or the new one.
     */
    public static void replace(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(BATCH_TEMP + ProcessHandle.current().pid() + "-" + file.getFileName());
        boolean moved = false;
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Deletes temp files of this file whose writer was killed between writing and renaming. */
    private static void removeStrayTemps(Path dir, String prefix) {
        for (String name : GoneWriters.leftIn(dir, prefix, ".tmp", false)) {
            try {
                Files.deleteIfExists(dir.resolve(name));
            } catch (IOException | SecurityException e) {
                // not ours to delete: leave it
            }
        }
    }

    /** 0755 for a launcher; else the mode the file has now (a user's 0600 stays 0600), or 0644 for a new one. */
    private static Set<PosixFilePermission> modeFor(Path file, boolean executable) {
        if (executable) {
            return EXECUTABLE;
        }
        try {
            return Files.isRegularFile(file)
                    ? Files.getPosixFilePermissions(file)
                    : PosixFilePermissions.fromString("rw-r--r--");
        } catch (IOException e) {
            return PosixFilePermissions.fromString("rw-r--r--");
        }
    }

    /** Whether the file holds exactly {@code bytes} (and is 0755 when it must be executable). */
    public static boolean isCurrent(Path file, byte[] bytes, boolean executable) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) != bytes.length) {
                return false;
            }
            if (executable && POSIX && !Files.getPosixFilePermissions(file).equals(EXECUTABLE)) {
                return false;
            }
            return Arrays.equals(Files.readAllBytes(file), bytes);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The bytes of a file kept beside what is written here (a state, a cache), or null when there is none that
     * reads: missing, unreadable, or not a plain file. A link is not followed, and a FIFO is never opened (the
     * open would block until something writes to it).
     */
    public static byte[] readPlain(Path file) {
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
