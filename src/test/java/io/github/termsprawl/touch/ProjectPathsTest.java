package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectPathsTest {
    @TempDir
    Path tmp;

    @Test
    void pathsInsideTheProjectAreRelative() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectPaths paths = new ProjectPaths(project);
        assertEquals("src/A.java", paths.relative(project + "/src/A.java"));
        assertEquals("src/A.java", paths.relative("src/A.java"));
        assertEquals("A.java", paths.relative(project + "/src/../A.java"));
        assertEquals("new/dir/B.java", paths.relative("./new/dir/B.java"));
    }

    @Test
    void outsideOrNoPathIsDropped() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        ProjectPaths paths = new ProjectPaths(project);
        assertNull(paths.relative("/etc/passwd"));
        assertNull(paths.relative("../other/A.java"));
        assertNull(paths.relative(project.toString()));
        assertNull(paths.relative(""));
        assertNull(paths.relative("a\0b"));
    }

    @Test
    void linksAreResolved() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        Files.createDirectories(project.resolve("real"));
        Files.createSymbolicLink(project.resolve("link"), project.resolve("real"));
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(project.resolve("out"), outside);
        Files.createSymbolicLink(tmp.resolve("alias"), project);
        ProjectPaths paths = new ProjectPaths(project);
        assertEquals("real/A.java", paths.relative("link/A.java"));
        assertNull(paths.relative("out/A.java"));
        assertEquals("real/A.java", paths.relative(tmp.resolve("alias") + "/real/A.java"));
        assertEquals("real/A.java", new ProjectPaths(tmp.resolve("alias")).relative(project + "/real/A.java"));
    }

    @Test
    void controlCharactersPrintEscaped() {
        assertEquals("a\\nb\\x1b[31m\\\\", TouchEvent.escaped("a\nb\u001b[31m\\"));
        assertEquals("plain/path.txt", TouchEvent.escaped("plain/path.txt"));
    }
}
