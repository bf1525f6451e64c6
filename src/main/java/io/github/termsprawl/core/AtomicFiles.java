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

/** Every file this product writes goes through here: temp file + rename, and only when the bytes change. */
public final class AtomicFiles {
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private AtomicFiles() {}

    public static boolean writeIfChanged(Path file, String text) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8), false);
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
        Path tmp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.write(tmp, bytes);
            if (POSIX) {
                Files.setPosixFilePermissions(
                        tmp, executable ? EXECUTABLE : PosixFilePermissions.fromString("rw-r--r--"));
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
}
