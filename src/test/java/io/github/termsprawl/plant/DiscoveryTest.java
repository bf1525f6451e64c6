package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiscoveryTest {
    @TempDir
    Path cwd;

    Path p(String rel) {
        return cwd.resolve(rel);
    }

    static final List<String> PLANTED = List.of(
            ".termsprawl/AGENTS.md",
            ".claude/skills/termsprawl-context/SKILL.md",
            ".termsprawl/bin/termsprawl-context",
            ".termsprawl/bin/termsprawl-context.cmd",
            ".termsprawl/bin/termsprawl-record",
            ".termsprawl/bin/termsprawl-record.cmd",
            ".termsprawl/bin/termsprawl.jar",
            ".termsprawl/bin/lib/sqlite-jdbc.jar",
            ".termsprawl/bin/.gitignore");

    @Test
    void discoverPlantsEverything() throws IOException {
        List<Path> written = new Discovery(new ProjectLayout(cwd)).discover();
        assertEquals(
                PLANTED.stream().map(this::p).sorted().toList(),
                written.stream().sorted().toList());
        assertArrayEquals(
                Fixtures.utf8(DiscoveryMarkersTest.BLOCK + "\n"), Files.readAllBytes(p(".termsprawl/AGENTS.md")));
        assertArrayEquals(
                Fixtures.utf8(DiscoveryMarkersTest.SKILL),
                Files.readAllBytes(p(".claude/skills/termsprawl-context/SKILL.md")));
        for (String sh : new String[] {".termsprawl/bin/termsprawl-context", ".termsprawl/bin/termsprawl-record"}) {
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(p(sh))), sh);
            String text = Files.readString(p(sh));
            assertTrue(text.startsWith("#!/bin/sh\n"), sh);
            assertFalse(text.contains("\r"), sh);
        }
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-context.cmd")).contains("\r\n"));
        assertFalse(Files.exists(p("AGENTS.md")), "never the root AGENTS.md");
        assertFalse(
                Files.exists(p(".claude/settings.local.json")),
                "discover of the core does not install the hook itself");
    }

    @Test
    void aLinkedClaudeFolderStopsDiscoverBeforeAnyWrite() throws IOException {
        Path home = Files.createDirectories(cwd.resolveSibling(cwd.getFileName() + "-home-claude"));
        Files.createSymbolicLink(p(".claude"), home);
        IOException e = assertThrows(IOException.class, () -> new Discovery(new ProjectLayout(cwd)).discover());
        assertTrue(e.getMessage().contains(p(".claude") + " is a link to " + home), e.getMessage());
        assertFalse(Files.exists(p(".termsprawl")));
        try (var s = Files.list(home)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void secondDiscoverWritesNothing() throws IOException {
        Discovery d = new Discovery(new ProjectLayout(cwd));
        d.discover();
        Map<Path, FileTime> times = new HashMap<>();
        for (String rel : PLANTED) {
            Files.setLastModifiedTime(p(rel), FileTime.fromMillis(1_000_000L));
            times.put(p(rel), Files.getLastModifiedTime(p(rel)));
        }
        assertEquals(List.of(), d.discover());
        assertEquals(List.of(), new Discovery(new ProjectLayout(cwd)).discover());
        for (String rel : PLANTED) {
            assertEquals(times.get(p(rel)), Files.getLastModifiedTime(p(rel)), rel);
        }
        assertEquals(List.of(), d.check());
        try (Stream<Path> s = Files.walk(cwd)) {
            assertEquals(
                    0,
                    s.filter(f -> f.getFileName().toString().endsWith(".tmp")).count());
        }
    }

    @Test
    void discoverKeepsUserProseInAgentsMd() throws IOException {
        Fixtures.write(p(".termsprawl/AGENTS.md"), "# Team notes\n\nkeep me\n");
        new Discovery(new ProjectLayout(cwd)).discover();
        assertEquals(
                "# Team notes\n\nkeep me\n\n" + DiscoveryMarkersTest.BLOCK + "\n",
                Files.readString(p(".termsprawl/AGENTS.md")));
    }

    @Test
    void checkReportsMissingAndStale() throws IOException {
        Discovery d = new Discovery(new ProjectLayout(cwd));
        List<Discovery.Finding> before = d.check();
        assertEquals(PLANTED.size(), before.size());
        assertTrue(before.stream().allMatch(f -> f.problem().equals("missing")));
        d.discover();
        Fixtures.write(p(".claude/skills/termsprawl-context/SKILL.md"), DiscoveryMarkersTest.SKILL + "tampered\n");
        Files.delete(p(".termsprawl/bin/termsprawl-record"));
        Files.setPosixFilePermissions(
                p(".termsprawl/bin/termsprawl-context"), PosixFilePermissions.fromString("rw-r--r--"));
        Fixtures.write(p(".termsprawl/AGENTS.md"), "prose only\n");
        List<Discovery.Finding> findings = d.check();
        assertEquals(
                List.of(
                        new Discovery.Finding(p(".termsprawl/AGENTS.md"), "stale"),
                        new Discovery.Finding(p(".claude/skills/termsprawl-context/SKILL.md"), "stale"),
                        new Discovery.Finding(p(".termsprawl/bin/termsprawl-context"), "stale"),
                        new Discovery.Finding(p(".termsprawl/bin/termsprawl-record"), "missing")),
                findings);
        // check never writes
        assertFalse(Files.exists(p(".termsprawl/bin/termsprawl-record")));
        assertEquals(4, d.discover().size());
        assertEquals(List.of(), d.check());
    }

    @Test
    void invalidUtf8AgentsMdIsNotOverwritten() throws IOException {
        byte[] bad = {'x', (byte) 0xFF, '\n'};
        Fixtures.writeBytes(p(".termsprawl/AGENTS.md"), bad);
        org.junit.jupiter.api.Assertions.assertThrows(
                IOException.class, () -> new Discovery(new ProjectLayout(cwd)).discover());
        assertArrayEquals(bad, Files.readAllBytes(p(".termsprawl/AGENTS.md")));
    }
}
