package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every file this product writes goes through here: a new temp file and a rename, and only when the bytes
 * change. A project can carry anything under {@code .termsprawl/} (git ignores only untracked files), so inside
 * a project (docs/files.md, "What stays in the project"):
 * <ul>
 *   <li>every folder written into or deleted from is checked first ({@link #confinedFolder}): each folder from
 *       the project down is a real folder, no link, and its real path is the project's real path and the same
 *       names;
 *   <li>a temp file has a name no one can guess, is created new ({@code CREATE_NEW}: never opened when
 *       something is there) and no link is followed;
 *   <li>a file is replaced by the rename, never written through: a link, a hard link (more than one link), a
 *       FIFO in its place is replaced by a plain file, and whatever it led to is left as it was;
 *   <li>the one file appended to in place ({@link #appendChannel}) is taken only when it is a plain file with one
 *       link that holds what its state says; else it is made new.
 * </ul>
 * A link to a file that is itself inside the project has its target written (keeping the mode of a file it
 * replaces); one that leads out of it is refused.
 */
public final class AtomicFiles {
    /**
     * {@code rwxr-xr-x}, and {@code rw-r--r--} below: spelled out, since {@code PosixFilePermissions.fromString} makes an
     * EnumSet, whose first use reflects on the enum and spins method handles on the hook's path (bench/README.md).
     */
    private static final Set<PosixFilePermission> EXECUTABLE = Set.of(
            PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_EXECUTE);

    private static final Set<PosixFilePermission> REGULAR = Set.of(
            PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.OTHERS_READ);
    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final boolean UNIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
    /**
     * Temp names: a number of this process's, then a count, so a repository cannot have planted one in advance
     * (and were one there, CREATE_NEW never opens it). Not SecureRandom: its start costs a cold command ~0.1 s.
     */
    private static final long SALT = ThreadLocalRandom.current().nextLong() ^ System.nanoTime();

    private static final AtomicLong TEMPS = new AtomicLong();

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
        Path target = insideProject(project, file);
        if (isCurrentPlain(target, bytes, executable)) {
            return false;
        }
        confinedFolder(project, target.toAbsolutePath().getParent());
        write(target, bytes, executable);
        return true;
    }

    /** Deletes a file of the project (a link is removed itself), never through a linked folder. */
    public static boolean deleteIfExists(Path project, Path file) throws IOException {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (checkFolder(project, dir, false) == null) {
            return false; // no folder, no file
        }
        return deleteInFolder(file);
    }

    /**
     * Moves a file or folder of the project into another folder of it, under {@code name}, by one rename (a link
     * is moved itself, never followed; no folder on either way is a link). Nothing is replaced: a {@code name}
     * that is there is refused.
     */
    public static void moveConfined(Path project, Path from, Path toFolder, String name) throws IOException {
        checkFolder(project, from.toAbsolutePath().normalize().getParent(), false);
        Path to = checkFolder(project, toFolder, true);
        Files.move(from, to.resolve(name), LinkOption.NOFOLLOW_LINKS, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Deletes a file of a folder {@link #confinedFolder} checked (a link is removed itself, never followed); a
     * folder in its place is refused, it is not ours.
     */
    public static boolean deleteInFolder(Path file) throws IOException {
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
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
        checkFolder(project, file.toAbsolutePath().normalize().getParent(), false);
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

    /**
     * A folder of the project, made when it is missing (one folder at a time, none through a link): every folder
     * from the project down to it is a real folder, and its real path is the project's real path and the same
     * names. Every folder written into or deleted from is checked with it.
     *
     * @throws IOException naming the link or the file on the way, and what to do
     */
    public static Path confinedFolder(Path project, Path dir) throws IOException {
        return checkFolder(project, dir, true);
    }

    /** {@link #confinedFolder} of a folder that is there: null when it (or one on the way) is missing. */
    public static Path existingFolder(Path project, Path dir) throws IOException {
        return checkFolder(project, dir, false);
    }

    /** {@link #confinedFolder}; without {@code create}, null when a folder on the way is missing (nothing is there). */
    private static Path checkFolder(Path project, Path dir, boolean create) throws IOException {
        Path root = project.toAbsolutePath().normalize();
        Path target = dir == null ? null : dir.toAbsolutePath().normalize();
        if (target != null && !target.startsWith(root)) {
            Path real = root.toRealPath(); // a link's target inside the project is named by the real path
            root = target.startsWith(real) ? real : root;
        }
        if (target == null || !target.startsWith(root)) {
            throw new IOException(dir + " is outside the project " + root + ": termsprawl writes only inside it.");
        }
        Path at = root;
        for (Path name : root.relativize(target)) {
            if (name.toString().isEmpty()) {
                continue; // the project itself
            }
            at = at.resolve(name);
            BasicFileAttributes a = attributes(at);
            if (a == null) {
                if (!create) {
                    return null;
                }
                try {
                    Files.createDirectory(at);
                } catch (FileAlreadyExistsException e) {
                    // made meanwhile: checked below as any other
                }
                a = attributes(at);
            }
            if (a != null && a.isSymbolicLink()) {
                throw new IOException(at + " is a link to " + Files.readSymbolicLink(at) + ": termsprawl never writes"
                        + " through a linked folder, which could lead outside the project. Replace the link with a"
                        + " real folder (move its content in) and run again.");
            }
            if (a == null || !a.isDirectory()) {
                throw new IOException(
                        at + " is not a folder, where termsprawl keeps a folder: move it away and run" + " again.");
            }
        }
        Path expected = root.toRealPath().resolve(root.relativize(target).toString());
        Path real = target.toRealPath();
        if (!real.equals(expected)) {
            throw new IOException(target + " is " + real + ", not " + expected + ": termsprawl writes only inside the"
                    + " project, through no link. Replace what leads elsewhere with a real folder and run again.");
        }
        return target;
    }

    private static BasicFileAttributes attributes(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** The project a path under its {@code .termsprawl/} belongs to (the folder holding the nearest one), or null. */
    public static Path projectOf(Path path) {
        Path p = path.toAbsolutePath().normalize();
        for (Path at = p.getParent(); at != null; at = at.getParent()) {
            if (at.getFileName() != null && at.getFileName().toString().equals(ProjectLayout.DIR)) {
                return at.getParent();
            }
        }
        return null;
    }

    /** How many names the file has ({@code unix:nlink}); 1 where the file system does not say. */
    public static int links(Path file) throws IOException {
        if (!UNIX) {
            return 1;
        }
        try {
            return ((Number) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS)).intValue();
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    /** Whether {@code file} is a plain file (no link followed) with one name: one that may be read or kept as it is. */
    public static boolean isPlain(Path file) {
        return holds(file, 0);
    }

    /**
     * Writes {@code bytes} to {@code file} unless it already holds exactly them (and, for an
     * executable, already has mode 0755). A reader sees the old file or the new one, never half. A file under a
     * project's {@code .termsprawl/} is written as that project's ({@link #writeIfChanged(Path, Path, byte[],
     * boolean)}): whoever calls, nothing there is written through a link.
     *
     * @return whether the file was written
     */
    public static boolean writeIfChanged(Path file, byte[] bytes, boolean executable) throws IOException {
        Path project = projectOf(file);
        if (project != null) {
            return writeIfChanged(project, file, bytes, executable);
        }
        if (isCurrentPlain(file, bytes, executable)) {
            return false;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        write(file, bytes, executable);
        return true;
    }

    /** A new temp file beside {@code file}, its bytes, its mode, then the rename over whatever {@code file} is. */
    private static void write(Path file, byte[] bytes, boolean executable) throws IOException {
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(
                    file + " is a folder where termsprawl keeps a file: move the folder away and run again");
        }
        Path dir = file.toAbsolutePath().getParent();
        String prefix = "." + file.getFileName() + ".";
        removeStrayTemps(dir, prefix);
        // the writer's pid in the name: a later writer can tell a temp file whose writer was killed
        Path tmp = newTemp(dir, prefix + GoneWriters.pid() + ".", ".tmp", bytes);
        try {
            if (POSIX) {
                Files.setPosixFilePermissions(tmp, modeFor(file, executable));
            }
            move(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new file of {@code dir} named {@code prefix<random>suffix}, holding {@code bytes}: created new (never a
     * file that is there, link or not), no link followed.
     */
    private static Path newTemp(Path dir, String prefix, String suffix, byte[] bytes) throws IOException {
        for (int tries = 0; ; tries++) {
            Path tmp = dir.resolve(prefix + unguessable() + suffix);
            try {
                createNew(tmp, bytes);
            } catch (FileAlreadyExistsException e) {
                if (tries < 100) {
                    continue; // a name taken: another
                }
                throw e;
            }
            return tmp;
        }
    }

    /** The part of a temp name that no one can tell in advance: a number of this process's, then a count. */
    static String unguessable() {
        return Long.toHexString(TEMPS.incrementAndGet() * 0x9E3779B97F4A7C15L ^ SALT);
    }

    /**
     * A new file holding {@code bytes}: created new (never a file that is there, link or not: {@link
     * FileAlreadyExistsException}), no link followed; nothing is left of it when its bytes cannot be written. For a
     * folder no one reads until it is whole ({@link StagedFolder}) and for temp files.
     */
    public static void createNew(Path file, byte[] bytes) throws IOException {
        FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        boolean written = false;
        try (channel) {
            writeAll(channel, bytes);
            written = true;
        } finally {
            if (!written) {
                Files.deleteIfExists(file);
            }
        }
    }

    /**
     * At most this much of an array is given to a channel at once: the JDK copies what a channel is given through a
     * direct buffer of that size and keeps it for the thread, so the index of a million turns written at once would
     * stay in the process as 50 MB of native memory, outside the heap cap (docs/README.md, "Time and memory").
     */
    private static final int SLICE = 1 << 20;

    private static void writeAll(FileChannel channel, byte[] bytes) throws IOException {
        for (int at = 0; at < bytes.length; ) {
            ByteBuffer slice = ByteBuffer.wrap(bytes, at, Math.min(SLICE, bytes.length - at));
            while (slice.hasRemaining()) {
                channel.write(slice);
            }
            at = slice.position();
        }
    }

    /**
     * A file's bytes, read in slices of at most {@link #SLICE} (as {@link Files#readAllBytes}, links followed), or
     * null when it holds more than {@code max}.
     */
    private static byte[] readAll(Path file, int max) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() > max) {
                return null;
            }
            byte[] out = new byte[(int) channel.size()];
            int at = 0;
            while (true) {
                if (at == out.length) {
                    // as long as its size said: read on, as Files.readAllBytes does, in case it grew since
                    ByteBuffer more = ByteBuffer.allocate(8192);
                    int n = channel.read(more);
                    if (n < 0) {
                        return out;
                    }
                    if (out.length > max - Math.max(n, out.length >> 1)) {
                        return null;
                    }
                    out = Arrays.copyOf(out, out.length + Math.max(n, out.length >> 1));
                    System.arraycopy(more.array(), 0, out, at, n);
                    at += n;
                    continue;
                }
                int n = channel.read(ByteBuffer.wrap(out, at, Math.min(SLICE, out.length - at)));
                if (n < 0) {
                    return Arrays.copyOf(out, at);
                }
                at += n;
            }
        }
    }

    /** Whether {@code file} holds exactly {@code bytes}, read a slice at a time (no copy of it held). */
    private static boolean holdsExactly(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(Math.min(SLICE, Math.max(1, bytes.length)));
            int at = 0;
            while (true) {
                buffer.clear();
                int n = channel.read(buffer);
                if (n < 0) {
                    return at == bytes.length;
                }
                if (at + n > bytes.length || !Arrays.equals(buffer.array(), 0, n, bytes, at, at + n)) {
                    return false;
                }
                at += n;
            }
        }
    }

    private static void move(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** How the temp files of {@link #replace} start: {@code .tmp-<pid>-<random>}. */
    public static final String BATCH_TEMP = ".tmp-";

    /**
     * Writes {@code bytes} to {@code file} through a new temp file and a rename, neither comparing nor sweeping:
     * for a caller that writes many files of one folder, knows which changed, has checked the folder
     * ({@link #confinedFolder}), and sweeps the folder's stray temp files once
     * ({@code GoneWriters.leftIn(dir, BATCH_TEMP, "", false)}). A reader sees the old file or the new one;
     * whatever was at {@code file} (a link, a hard link) is replaced, never written through.
     */
    public static void replace(Path file, byte[] bytes) throws IOException {
        Path tmp = newTemp(file.toAbsolutePath().getParent(), BATCH_TEMP + GoneWriters.pid() + "-", "", bytes);
        boolean moved = false;
        try {
            move(tmp, file);
            moved = true;
        } catch (IOException e) {
            // a folder in the way fails the rename, so it is looked for only then: a first write of a long
            // session is thousands of files, each looked up once less in its big folder
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(
                        file + " is a folder where termsprawl keeps a file: move the folder away and run again", e);
            }
            throw e;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Whether {@code file} is one {@link #appendChannel} appends to from {@code bytes}: plain, one name, that long. */
    public static boolean holds(Path file, long bytes) {
        try {
            BasicFileAttributes a = attributes(file);
            return a != null && a.isRegularFile() && a.size() >= bytes && links(file) == 1;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A file of a checked folder ({@link #confinedFolder}) opened to be appended to from {@code from} on (anything
     * past it cut off): taken as it is only when it is a plain file with one name that holds at least {@code from}
     * bytes, the same file before and after the open; with {@code from} 0, made new (whatever was there removed).
     *
     * @return the channel at {@code from}, or null when the file is not one to append to (then start from 0)
     */
    public static FileChannel appendChannel(Path file, long from) throws IOException {
        if (from > 0) {
            BasicFileAttributes before = attributes(file);
            if (before == null || !before.isRegularFile() || links(file) != 1 || before.size() < from) {
                return null;
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            BasicFileAttributes after = attributes(file);
            if (after == null
                    || !java.util.Objects.equals(before.fileKey(), after.fileKey())
                    || links(file) != 1
                    || channel.size() < from) {
                channel.close();
                return null;
            }
            channel.truncate(from);
            channel.position(from);
            return channel;
        }
        deleteInFolder(file);
        return FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
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
            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    ? Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)
                    : REGULAR;
        } catch (IOException e) {
            return REGULAR;
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
            return holdsExactly(file, bytes);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * As {@link #isCurrent}, and the file is a plain file with one name (a link or a hard link is never current:
     * it is replaced).
     */
    public static boolean isCurrentPlain(Path file, byte[] bytes, boolean executable) {
        return isPlain(file) && isCurrent(file, bytes, executable);
    }

    /**
     * The bytes of a file kept beside what is written here (a state, a cache), or null when there is none that
     * reads: missing, unreadable, or not a plain file with one name. A link is not followed, a hard link (which
     * may be another file's) not taken, and a FIFO is never opened (the open would block until something writes
     * to it).
     */
    public static byte[] readPlain(Path file) {
        return readPlain(file, Integer.MAX_VALUE - 16);
    }

    /**
     * As {@link #readPlain(Path)}, and null when the file holds more than {@code max} bytes: its size is looked at
     * before anything is read (a state file past its sane size, {@link StateCaps}, is a broken one), and a file
     * that grows past it while it is read is given up too.
     */
    public static byte[] readPlain(Path file, long max) {
        try {
            BasicFileAttributes a = attributes(file);
            if (a == null || !a.isRegularFile() || a.size() > max || links(file) != 1) {
                return null;
            }
            return readAll(file, (int) Math.min(max, Integer.MAX_VALUE - 16));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
    /**
     * {@link #readPlain} of a file of the project, read as it would be written (docs/files.md, "What stays in the
     * project"): null as well when a folder between the project and the file is a link or leads elsewhere
     * ({@link #existingFolder}), or when the file holds more than {@code max} bytes. For what a cloned repository or
     * a teammate can put under {@code .termsprawl/} (a received shared node: docs/sharing.md).
     */
    public static byte[] readConfined(Path project, Path file, long max) {
        try {
            if (existingFolder(project, file.toAbsolutePath().normalize().getParent()) == null) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return readPlain(file, max);
    }
}
