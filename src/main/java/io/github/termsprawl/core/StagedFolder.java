package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * A folder written whole before anyone sees it: its files are created, each under its own name, in a new folder
 * beside it named as a temp file ({@code .tmp-<pid>-<random>}), and one rename puts that folder where the empty
 * one was. A first write of a long session is thousands of files: created once each, not created under a temp
 * name and renamed (the rename is about half of what the file system does for a small file), and a reader sees
 * an empty folder, then the whole one (docs/files.md, "What stays in the project").
 */
public final class StagedFolder {
    private final Path project;
    private final Path dir;
    private final Path staging;

    private StagedFolder(Path project, Path dir, Path staging) {
        this.project = project;
        this.dir = dir;
        this.staging = staging;
    }

    /**
     * A new folder beside {@code dir} (checked as {@link AtomicFiles#confinedFolder} checks, made new: never one
     * that is there), after removing what killed writers left beside it. The caller has seen {@code dir} empty.
     */
    public static StagedFolder beside(Path project, Path dir) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        Path parent = AtomicFiles.confinedFolder(project, target.getParent());
        removeGone(parent);
        String prefix = AtomicFiles.BATCH_TEMP + GoneWriters.pid() + "-";
        for (int tries = 0; ; tries++) {
            Path staging = parent.resolve(prefix + AtomicFiles.unguessable());
            try {
                Files.createDirectory(staging);
                return new StagedFolder(project, target, staging);
            } catch (FileAlreadyExistsException e) {
                if (tries >= 100) {
                    throw e;
                }
            }
        }
    }

    /** Where the folder's files are created ({@link AtomicFiles#createNew}) until {@link #commit}. */
    public Path folder() {
        return staging;
    }

    /**
     * Puts the folder in place: one rename onto the empty folder it replaces. Should that folder hold something by
     * now, each file is moved into it by a rename of its own (what is there under its name replaced, never written
     * through), and the staged folder removed.
     */
    public void commit() throws IOException {
        try {
            Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
            return;
        } catch (IOException e) {
            // filled meanwhile (file by file, below), or a link or a file where the folder goes (the check names it)
        }
        Path into = AtomicFiles.confinedFolder(project, dir);
        for (String name : listed(staging)) {
            Path to = into.resolve(name);
            try {
                Files.move(staging.resolve(name), to, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IOException(
                            to + " is a folder where termsprawl keeps a file: move the folder away and run again", e);
                }
                throw e;
            }
        }
        Files.delete(staging);
    }

    /** Removes the staged folder and what was written into it: the run that wrote it failed. */
    public void discard() {
        try {
            removeTree(staging);
        } catch (IOException e) {
            // a later run removes it (its writer is gone by then)
        }
    }

    /**
     * Removes what writers that are gone left in {@code folder} (a folder checked as {@link
     * AtomicFiles#confinedFolder} checks): their temp files, and their staged folders with what they hold (a link
     * in one is removed itself, never followed); what cannot be removed is left.
     */
    public static void removeGone(Path folder) {
        removeGone(folder, listed(folder));
    }

    /** {@link #removeGone(Path)} among the names {@code folder} was just listed with. */
    public static void removeGone(Path folder, String[] names) {
        for (String name : GoneWriters.leftIn(names, AtomicFiles.BATCH_TEMP, "", false)) {
            try {
                removeTree(folder.resolve(name));
            } catch (IOException e) {
                // not ours to remove after all (another user's, say): left as it is
            }
        }
    }

    private static String[] listed(Path folder) {
        String[] names = folder.toFile().list();
        return names == null ? new String[0] : names;
    }

    /** A file, a link or a folder and everything in it; no link followed. */
    private static void removeTree(Path top) throws IOException {
        List<IOException> failed = new ArrayList<>();
        Files.walkFileTree(top, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                if (!(e instanceof NoSuchFileException)) {
                    failed.add(e); // gone meanwhile is as good as removed
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path folder, IOException e) throws IOException {
                if (e != null) {
                    failed.add(e);
                }
                Files.deleteIfExists(folder);
                return FileVisitResult.CONTINUE;
            }
        });
        if (!failed.isEmpty()) {
            throw failed.get(0);
        }
    }
}
