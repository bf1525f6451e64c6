package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a planted command's {@code --cwd} finds its project, as git finds its repository (docs/planted.md). */
class ProjectRootTest {
    @TempDir
    Path tmp;

    @Test
    void aFolderHoldingTermsprawlIsTheProject() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("p/.termsprawl")).getParent();
        assertEquals(p, ProjectRoot.of(p));
        // even one inside another project: the nearest wins, as git's nested repositories
        Files.createDirectories(tmp.resolve(".termsprawl/bin"));
        assertEquals(p, ProjectRoot.of(p));
    }

    @Test
    void aFolderInsideTheProjectFindsItsRoot() throws IOException {
        Path root = tmp.resolve("app");
        Files.createDirectories(root.resolve(".termsprawl/bin"));
        Path module = Files.createDirectories(root.resolve("module-a/src/main"));
        assertEquals(root, ProjectRoot.of(root.resolve("module-a")));
        assertEquals(root, ProjectRoot.of(module));
        // project.json says it is a project, without bin/ too (a fresh clone before discover)
        Path other = tmp.resolve("other");
        Fixtures.write(other.resolve(".termsprawl/project.json"), "{\"nodes\":[]}\n");
        assertEquals(other, ProjectRoot.of(Files.createDirectories(other.resolve("m"))));
    }

    @Test
    void projectJsonAboveComesBeforeANearerBinFolder() throws IOException {
        Path root = tmp.resolve("app");
        Fixtures.write(root.resolve(".termsprawl/project.json"), "{}\n");
        Files.createDirectories(root.resolve("module-a/.termsprawl/bin"));
        Path deep = Files.createDirectories(root.resolve("module-a/src"));
        assertEquals(root, ProjectRoot.of(deep));
        // without a project.json anywhere, the nearest bin/
        Files.delete(root.resolve(".termsprawl/project.json"));
        Files.createDirectories(root.resolve(".termsprawl/bin"));
        assertEquals(root.resolve("module-a"), ProjectRoot.of(deep));
    }

    @Test
    void aTermsprawlFolderWithNeitherIsNotTakenAndNoProjectLeavesTheFolderAsGiven() throws IOException {
        Path root = tmp.resolve("app");
        Files.createDirectories(root.resolve(".termsprawl/links")); // neither project.json nor bin/
        Path module = Files.createDirectories(root.resolve("module-a"));
        assertEquals(module, ProjectRoot.of(module));
        Path nowhere = Files.createDirectories(tmp.resolve("x/y"));
        assertEquals(nowhere, ProjectRoot.of(nowhere));
        assertEquals(tmp.resolve("missing"), ProjectRoot.of(tmp.resolve("missing")));
    }

    @Test
    void theWalkStopsAfter64Folders() throws IOException {
        Path root = tmp.resolve("app");
        Files.createDirectories(root.resolve(".termsprawl/bin"));
        Path at64 = root;
        for (int i = 0; i < ProjectRoot.MAX_LEVELS; i++) {
            at64 = at64.resolve("d");
        }
        Files.createDirectories(at64.resolve("d"));
        assertEquals(root, ProjectRoot.of(at64)); // 64 folders up
        assertEquals(at64.resolve("d"), ProjectRoot.of(at64.resolve("d"))); // 65: not looked at
    }

    @Test
    void aRelativeFolderGivesARelativeRoot() throws IOException {
        // spelled from the JVM's folder: the project's root relative to where the caller stands
        Path here = Path.of("").toAbsolutePath();
        Path root = here.relativize(tmp.resolve("app"));
        Files.createDirectories(tmp.resolve("app/.termsprawl/bin"));
        Files.createDirectories(tmp.resolve("app/module-a/src"));
        assertEquals(root, ProjectRoot.of(root.resolve("module-a/src")));
        assertEquals(root, ProjectRoot.of(root.resolve("module-a")));
        assertEquals(false, ProjectRoot.of(root.resolve("module-a")).isAbsolute());
    }
}
