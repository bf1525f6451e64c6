package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectFolderTest {
    @TempDir
    Path tmp;

    Path repo;
    Path module;

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(tmp.resolve("repo"));
        module = Files.createDirectories(repo.resolve("services/api"));
    }

    @Test
    void theNearestFolderHoldingTermsprawlWins() throws Exception {
        Files.createDirectories(repo.resolve(".termsprawl"));
        ProjectFolder.Resolved r = ProjectFolder.resolve(module, module, null);
        assertEquals(repo, r.dir());
        assertEquals("the nearest folder holding .termsprawl/", r.reason());
        assertEquals(repo, ProjectFolder.resolve(repo, repo, null).dir());
        // a .termsprawl file (not a folder) is not a project
        Files.writeString(module.resolve(".termsprawl"), "x");
        assertEquals(repo, ProjectFolder.resolve(module, null, "").dir());
    }

    @Test
    void elseTheMultiModuleRootAboveTheStart() throws Exception {
        ProjectFolder.Resolved r = ProjectFolder.resolve(module, repo, null);
        assertEquals(repo, r.dir());
        assertEquals("the multi-module root", r.reason());
        // a build root that is not above the start (another checkout) is not taken
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        assertEquals(module, ProjectFolder.resolve(module, elsewhere, null).dir());
        assertEquals(module, ProjectFolder.resolve(module, null, null).dir());
    }

    @Test
    void theUsersFolderOverridesEverything() throws Exception {
        Files.createDirectories(repo.resolve(".termsprawl"));
        Path other = Files.createDirectories(tmp.resolve("other"));
        assertEquals(
                other, ProjectFolder.resolve(module, repo, other.toString()).dir());
        assertEquals(repo, ProjectFolder.resolve(module, null, "../..").dir());
        UserErrorException e = assertThrows(
                UserErrorException.class,
                () -> ProjectFolder.resolve(module, repo, tmp.resolve("nope").toString()));
        assertTrue(e.getMessage().contains(tmp.resolve("nope") + " does not exist"), e.getMessage());
    }
}
