package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
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
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class DiscoveryTest {
    static final String CALL = "mvn termsprawl:discover";

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
    void discoverPlantsEverything() throws Exception {
        List<Path> written = new Discovery(new ProjectLayout(cwd), CALL).discover();
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
    void aLinkedClaudeFolderStopsDiscoverBeforeAnyWrite() throws Exception {
        Path home = Files.createDirectories(cwd.resolveSibling(cwd.getFileName() + "-home-claude"));
        Files.createSymbolicLink(p(".claude"), home);
        IOException e = assertThrows(IOException.class, () -> new Discovery(new ProjectLayout(cwd), CALL).discover());
        assertTrue(e.getMessage().contains(p(".claude") + " is a link to " + home), e.getMessage());
        assertFalse(Files.exists(p(".termsprawl")));
        try (var s = Files.list(home)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void secondDiscoverWritesNothing() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        d.discover();
        Map<Path, FileTime> times = new HashMap<>();
        for (String rel : PLANTED) {
            Files.setLastModifiedTime(p(rel), FileTime.fromMillis(1_000_000L));
            times.put(p(rel), Files.getLastModifiedTime(p(rel)));
        }
        assertEquals(List.of(), d.discover());
        assertEquals(List.of(), new Discovery(new ProjectLayout(cwd), CALL).discover());
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
    void discoverKeepsUserProseInAgentsMd() throws Exception {
        Fixtures.write(p(".termsprawl/AGENTS.md"), "# Team notes\n\nkeep me\n");
        new Discovery(new ProjectLayout(cwd), CALL).discover();
        assertEquals(
                "# Team notes\n\nkeep me\n\n" + DiscoveryMarkersTest.BLOCK + "\n",
                Files.readString(p(".termsprawl/AGENTS.md")));
    }

    @Test
    void checkReportsMissingAndStale() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
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
    void invalidUtf8AgentsMdIsAUserErrorAndIsNotOverwritten() throws Exception {
        byte[] bad = {'x', (byte) 0xFF, '\n'};
        Fixtures.writeBytes(p(".termsprawl/AGENTS.md"), bad);
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        for (Executable call : new Executable[] {d::discover, d::check}) {
            UserErrorException e = assertThrows(UserErrorException.class, call);
            assertEquals(
                    "Cannot keep the prose of " + p(".termsprawl/AGENTS.md")
                            + ": it is not valid UTF-8. Fix its encoding (or move it away).",
                    e.getMessage());
        }
        assertArrayEquals(bad, Files.readAllBytes(p(".termsprawl/AGENTS.md")));
        assertEquals(List.of(".termsprawl"), fileNames(cwd));
    }

    @Test
    void theLaunchersNameTheCallThatPlantsThem() throws Exception {
        new Discovery(new ProjectLayout(cwd), "plant-it").discover();
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-context"))
                .contains("\n# Planted by `plant-it`, which rewrites it: do not edit.\n"));
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-record.cmd"))
                .contains("\r\nrem Planted by `plant-it`, which rewrites it: do not edit.\r\n"));
    }

    /** The fingerprints of the jars this code builds, as the plugin's build records them. */
    static Map<String, Fingerprint> builtFingerprints() throws Exception {
        return Map.of(
                Launchers.JAR, Fingerprint.of(CommandJar.build()),
                Launchers.SQLITE_JAR, Fingerprint.of(CommandJar.sqliteJar()));
    }

    @Test
    void withFingerprintsCheckFindsAnEditedOrTruncatedJar() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL, builtFingerprints());
        assertEquals(PLANTED.size(), d.discover().size());
        assertEquals(List.of(), d.check());
        assertEquals(List.of(), d.discover());

        Path jar = p(".termsprawl/bin/termsprawl.jar");
        byte[] bytes = Files.readAllBytes(jar);
        bytes[bytes.length / 2] ^= 1; // same size, one bit changed
        Files.write(jar, bytes);
        Path sqlite = p(".termsprawl/bin/lib/sqlite-jdbc.jar");
        byte[] all = Files.readAllBytes(sqlite);
        Files.write(sqlite, java.util.Arrays.copyOf(all, all.length - 1));
        assertEquals(List.of(new Discovery.Finding(jar, "stale"), new Discovery.Finding(sqlite, "stale")), d.check());
        assertEquals(List.of(jar, sqlite), d.discover());
        assertEquals(List.of(), d.check());
        Files.delete(sqlite);
        assertEquals(List.of(new Discovery.Finding(sqlite, "missing")), d.check());
    }

    @Test
    void checkComparesJarsByTheirFingerprintsWhenKnown() throws Exception {
        new Discovery(new ProjectLayout(cwd), CALL).discover();
        // the right bytes, but fingerprints that do not describe them: only a fingerprint check reports them
        Map<String, Fingerprint> wrong =
                Map.of(Launchers.JAR, new Fingerprint(1, 0), Launchers.SQLITE_JAR, new Fingerprint(1, 0));
        assertEquals(
                List.of(
                        new Discovery.Finding(p(".termsprawl/bin/termsprawl.jar"), "stale"),
                        new Discovery.Finding(p(".termsprawl/bin/lib/sqlite-jdbc.jar"), "stale")),
                new Discovery(new ProjectLayout(cwd), CALL, wrong).check());
        assertEquals(List.of(), new Discovery(new ProjectLayout(cwd), CALL, Map.of()).check());
    }

    private static List<String> fileNames(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
