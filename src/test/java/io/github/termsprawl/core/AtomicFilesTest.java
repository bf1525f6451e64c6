package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesCreatingFoldersAndOnlyWhenBytesChange() throws IOException {
        Path f = dir.resolve("a/b/c.txt");
        assertTrue(AtomicFiles.writeIfChanged(f, "one\n"));
        assertArrayEquals(Fixtures.utf8("one\n"), Files.readAllBytes(f));
        Files.setLastModifiedTime(f, FileTime.fromMillis(5_000L));
        assertFalse(AtomicFiles.writeIfChanged(f, "one\n"));
        assertEquals(FileTime.fromMillis(5_000L), Files.getLastModifiedTime(f));
        assertTrue(AtomicFiles.writeIfChanged(f, "two\n"));
        assertArrayEquals(Fixtures.utf8("two\n"), Files.readAllBytes(f));
        assertTrue(AtomicFiles.writeIfChanged(f, "two"));
        assertArrayEquals(Fixtures.utf8("two"), Files.readAllBytes(f));
        assertEquals(List.of("c.txt"), names(f.getParent()));
    }

    @Test
    void sameLengthDifferentBytesIsWritten() throws IOException {
        Path f = dir.resolve("f");
        AtomicFiles.writeIfChanged(f, "abc");
        assertTrue(AtomicFiles.writeIfChanged(f, "abd"));
        assertArrayEquals(Fixtures.utf8("abd"), Files.readAllBytes(f));
    }

    @Test
    void textIsWrittenAsUtf8() throws IOException {
        Path f = dir.resolve("u");
        AtomicFiles.writeIfChanged(f, "\u00e9\u20ac\uD83D\uDE00");
        assertArrayEquals(
                new byte[] {
                    (byte) 0xC3,
                    (byte) 0xA9,
                    (byte) 0xE2,
                    (byte) 0x82,
                    (byte) 0xAC,
                    (byte) 0xF0,
                    (byte) 0x9F,
                    (byte) 0x98,
                    (byte) 0x80
                },
                Files.readAllBytes(f));
    }

    @Test
    void executableModeAndItsRepair() throws IOException {
        Path f = dir.resolve("run");
        assertTrue(AtomicFiles.writeIfChanged(f, Fixtures.utf8("#!/bin/sh\n"), true));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertFalse(AtomicFiles.writeIfChanged(f, Fixtures.utf8("#!/bin/sh\n"), true));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        assertFalse(AtomicFiles.isCurrent(f, Fixtures.utf8("#!/bin/sh\n"), true));
        assertTrue(AtomicFiles.writeIfChanged(f, Fixtures.utf8("#!/bin/sh\n"), true));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        Path plain = dir.resolve("plain");
        AtomicFiles.writeIfChanged(plain, Fixtures.utf8("x"), false);
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)));
    }

    @Test
    void noTempFilesLeftBehind() throws IOException {
        for (int i = 0; i < 20; i++) {
            AtomicFiles.writeIfChanged(dir.resolve("f" + (i % 3)), "v" + i);
        }
        assertEquals(List.of("f0", "f1", "f2"), names(dir));
    }

    @Test
    void noTempFileLeftWhenTheMoveFails() throws IOException {
        Path target = dir.resolve("target");
        Files.createDirectories(target.resolve("child")); // a non-empty folder cannot be replaced by a file
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> AtomicFiles.writeIfChanged(target, "x"));
        assertEquals(List.of("target"), names(dir));
    }

    @Test
    void isCurrent() throws IOException {
        Path f = dir.resolve("f");
        assertFalse(AtomicFiles.isCurrent(f, new byte[0], false));
        Files.write(f, new byte[0]);
        assertTrue(AtomicFiles.isCurrent(f, new byte[0], false));
        assertFalse(AtomicFiles.isCurrent(dir, new byte[0], false));
    }

    /**
     * A big file is written and read a slice at a time: the JDK copies what a channel is given through a direct
     * buffer of its size and keeps it for the thread, outside the heap cap, so a 50 MB index would have left 50 MB
     * of native memory (docs/README.md, "Time and memory"). Counted by the JVM's own accounting of direct buffers.
     */
    @Test
    void aBigFileIsWrittenReadAndComparedThroughSmallBuffers() throws IOException {
        java.lang.management.BufferPoolMXBean direct = null;
        for (java.lang.management.BufferPoolMXBean pool : java.lang.management.ManagementFactory.getPlatformMXBeans(
                java.lang.management.BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                direct = pool;
            }
        }
        byte[] bytes = new byte[24 << 20];
        new java.util.Random(3).nextBytes(bytes);
        long before = direct.getMemoryUsed();
        Path f = dir.resolve("big");
        AtomicFiles.replace(f, bytes);
        assertArrayEquals(bytes, AtomicFiles.readPlain(f));
        assertTrue(AtomicFiles.isCurrentPlain(f, bytes, false));
        byte[] other = bytes.clone();
        other[other.length - 1] ^= 1; // differs in its last slice only
        assertFalse(AtomicFiles.isCurrentPlain(f, other, false));
        assertFalse(AtomicFiles.isCurrentPlain(f, java.util.Arrays.copyOf(bytes, bytes.length - 1), false));
        long grown = direct.getMemoryUsed() - before;
        assertTrue(grown <= 4 << 20, grown + " bytes of direct buffers kept after a file of " + bytes.length);
    }

    @Test
    void aFolderWhereAFileIsReplacedStaysAndTheErrorNamesTheFix() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("kept.txt"), "kept");
        for (Path folder : java.util.List.of(empty, full)) {
            IOException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IOException.class, () -> AtomicFiles.replace(folder, new byte[] {1, 2}));
            assertTrue(
                    e.getMessage()
                            .equals(folder + " is a folder where termsprawl keeps a file: move the folder away"
                                    + " and run again"),
                    e.getMessage());
            assertTrue(Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        }
        assertArrayEquals(
                "kept".getBytes(java.nio.charset.StandardCharsets.UTF_8), Files.readAllBytes(full.resolve("kept.txt")));
        try (java.util.stream.Stream<Path> left = Files.list(dir)) {
            assertEquals(
                    java.util.List.of("empty", "full"),
                    left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temp file left");
        }
    }
}
