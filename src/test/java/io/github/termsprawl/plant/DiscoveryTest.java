package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
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
            ".claude/skills/termsprawl-history/SKILL.md",
            ".claude/skills/termsprawl-ask/SKILL.md",
            ".termsprawl/bin/termsprawl-context",
            ".termsprawl/bin/termsprawl-context.cmd",
            ".termsprawl/bin/termsprawl-record",
            ".termsprawl/bin/termsprawl-record.cmd",
            ".termsprawl/bin/termsprawl-history",
            ".termsprawl/bin/termsprawl-history.cmd",
            ".termsprawl/bin/termsprawl-ask",
            ".termsprawl/bin/termsprawl-ask.cmd",
            ".termsprawl/bin/termsprawl-touches",
            ".termsprawl/bin/termsprawl-touches.cmd",
            ".termsprawl/bin/termsprawl.jar",
            ".termsprawl/bin/lib/sqlite-jdbc.jar",
            ".termsprawl/.gitignore",
            ".termsprawl/.gitattributes",
            ".codex/hooks.json",
            ".gemini/settings.json",
            ".opencode/plugin/termsprawl.js",
            ".pi/extensions/termsprawl.ts");
    /** Built on each machine, never committed: check lists them apart, as per machine. */
    static final List<String> PER_MACHINE =
            List.of(".termsprawl/bin/termsprawl.jar", ".termsprawl/bin/lib/sqlite-jdbc.jar");

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
        assertArrayEquals(
                Fixtures.utf8(DiscoveryMarkers.HISTORY_SKILL),
                Files.readAllBytes(p(".claude/skills/termsprawl-history/SKILL.md")));
        assertArrayEquals(
                Fixtures.utf8(DiscoveryMarkers.ASK_SKILL),
                Files.readAllBytes(p(".claude/skills/termsprawl-ask/SKILL.md")));
        for (String sh : new String[] {
            ".termsprawl/bin/termsprawl-context",
            ".termsprawl/bin/termsprawl-record",
            ".termsprawl/bin/termsprawl-history",
            ".termsprawl/bin/termsprawl-ask"
        }) {
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(p(sh))), sh);
            String text = Files.readString(p(sh));
            assertTrue(text.startsWith("#!/bin/sh\n"), sh);
            assertFalse(text.contains("\r"), sh);
        }
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-context.cmd")).contains("\r\n"));
        // the history command reads whole sessions: a small first heap keeps its resident set down
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-history"))
                .contains(" -Xmn128m -Xms256m -Xmx400m -XX:ErrorFile="));
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-history.cmd"))
                .contains(" -Xmn128m -Xms256m -Xmx400m -cp "));
        assertFalse(Files.readString(p(".termsprawl/bin/termsprawl-context")).contains("-Xms"));
        // the commands that read whole sessions have a heap cap under their bound (docs/README.md)
        assertTrue(Files.readString(p(".termsprawl/bin/termsprawl-ask")).contains(" -Xmx400m -XX:ErrorFile="));
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
        assertEquals(List.of(), d.check().committed());
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
    void aCheckoutWithCrlfLineEndsIsCurrent() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        d.discover();
        // what git writes with core.autocrlf=true (or text=auto on Windows) for the committed text files
        for (String rel : List.of(".termsprawl/AGENTS.md", ".claude/skills/termsprawl-context/SKILL.md")) {
            Files.writeString(p(rel), Files.readString(p(rel)).replace("\n", "\r\n"));
        }
        assertEquals(List.of(), d.check().committed());
        assertEquals(List.of(), d.discover());
        // the launchers are pinned by the planted .gitattributes, so a CRLF sh launcher is a real fault
        Files.writeString(
                p(".termsprawl/bin/termsprawl-context"),
                Files.readString(p(".termsprawl/bin/termsprawl-context")).replace("\n", "\r\n"));
        assertEquals(
                List.of(new Discovery.Finding(p(".termsprawl/bin/termsprawl-context"), "stale")),
                d.check().committed());
        String attributes = Files.readString(p(".termsprawl/.gitattributes"));
        assertTrue(attributes.contains("\n/bin/termsprawl-context text eol=lf\n"), attributes);
        assertTrue(attributes.contains("\n/bin/termsprawl-ask text eol=lf\n"), attributes);
        assertTrue(attributes.contains("\n/bin/*.cmd text eol=crlf\n"), attributes);
        String ignored = Files.readString(p(".termsprawl/.gitignore"));
        for (String rule :
                List.of("/transcripts/", "/history/", "/bin/termsprawl.jar", "/bin/lib/", "/bin/.cds-training-*/")) {
            assertTrue(ignored.contains("\n" + rule + "\n"), rule);
        }
    }

    @Test
    void aPlantedFilePastTwiceItsSizeIsStaleWithoutBeingRead() throws Exception {
        // a cloned repository's 3 GB of nothing where a skill goes: it was an OutOfMemoryError (docs/files.md)
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        d.discover();
        Path skill = p(".claude/skills/termsprawl-context/SKILL.md");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(skill.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        assertEquals(List.of(new Discovery.Finding(skill, "stale")), d.check().committed());
    }

    @Test
    void aUserFilePastItsSaneSizeStopsWithoutBeingRead() throws Exception {
        // a cloned repository's 3 GB of nothing in a file termsprawl edits a part of: one clear error, the file kept
        Path agents = sparse(p(".termsprawl/AGENTS.md"));
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        tooBig(
                agents,
                org.junit.jupiter.api.Assertions.assertThrows(
                        io.github.termsprawl.core.UserErrorException.class, d::discover));
        Files.delete(agents);
        // the settings are merged by the goal through ClaudeHookSettings, and read again by remove
        Path settings = sparse(p(".claude/settings.local.json"));
        tooBig(
                settings,
                org.junit.jupiter.api.Assertions.assertThrows(
                        io.github.termsprawl.core.UserErrorException.class,
                        () -> HookSettings.CLAUDE.plan(settings, HookSettings.DEFAULT_GUARD)));
        tooBig(
                settings,
                org.junit.jupiter.api.Assertions.assertThrows(
                        io.github.termsprawl.core.UserErrorException.class,
                        () -> HookSettings.CLAUDE.planRemoval(settings)));
    }

    private static Path sparse(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        return file;
    }

    private static void tooBig(Path file, Exception e) throws IOException {
        assertTrue(
                e.getMessage().contains(file.toString())
                        && e.getMessage().contains("3221225472 bytes, more than the 16 MiB"),
                e.getMessage());
        assertEquals(3L << 30, Files.size(file));
    }

    static void git(Path dir, String... args) throws Exception {
        java.util.List<String> cmd =
                new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
    }

    @Test
    void aCloneWithAutocrlfAndTextAutoChecksCleanAndRuns() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new ProcessBuilder("git", "--version").start().waitFor() == 0, "no git here");
        Fixtures.assumeShell();
        Path repo = Files.createDirectories(cwd.resolve("repo"));
        Files.writeString(repo.resolve(".gitattributes"), "* text=auto\n");
        new Discovery(new ProjectLayout(repo), CALL).discover();
        git(repo, "init", "-q");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "planted");
        // what a teammate on Windows (or with autocrlf) gets
        git(cwd, "-c", "core.autocrlf=true", "clone", "-q", repo.toString(), "clone");
        Path clone = cwd.resolve("clone");
        // the skill lies outside .termsprawl/ and its attributes: autocrlf gives it CRLF line ends
        assertTrue(
                Files.readString(clone.resolve(".claude/skills/termsprawl-context/SKILL.md"))
                        .contains("\r\n"),
                "autocrlf did not apply");
        assertFalse(Files.exists(clone.resolve(".termsprawl/bin/termsprawl.jar")), "the jar is per machine");
        Discovery d = new Discovery(new ProjectLayout(clone), CALL);
        assertEquals(List.of(), d.check().committed());
        assertEquals(
                PER_MACHINE.stream()
                        .map(r -> new Discovery.Finding(clone.resolve(r), "missing"))
                        .toList(),
                d.check().perMachine());
        // the sh launcher still runs (LF kept): without its jar it only says so, and fails open
        Fixtures.Run run = Fixtures.run(
                List.of(
                        "sh",
                        clone.resolve(".termsprawl/bin/termsprawl-context").toString(),
                        "--cwd",
                        ".",
                        "--self",
                        "a"),
                null);
        assertEquals(0, run.exit(), Fixtures.str(run.stderr()));
        assertFalse(Fixtures.str(run.stderr()).contains("Syntax error"), Fixtures.str(run.stderr()));
        assertTrue(Files.readString(clone.resolve(".termsprawl/bin/termsprawl-context.cmd"))
                .contains("\r\n"));
        // discover on the clone builds what is per machine and rewrites nothing committed
        assertEquals(PER_MACHINE.stream().map(clone::resolve).toList(), d.discover());
    }

    @Test
    void checkReportsMissingAndStale() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        List<Discovery.Finding> before = d.check().committed();
        assertEquals(PLANTED.size() - PER_MACHINE.size(), before.size());
        assertTrue(before.stream().allMatch(f -> f.problem().equals("missing")));
        assertEquals(
                PER_MACHINE.stream()
                        .map(r -> new Discovery.Finding(p(r), "missing"))
                        .toList(),
                d.check().perMachine());
        d.discover();
        Fixtures.write(p(".claude/skills/termsprawl-context/SKILL.md"), DiscoveryMarkersTest.SKILL + "tampered\n");
        Files.delete(p(".termsprawl/bin/termsprawl-record"));
        Files.setPosixFilePermissions(
                p(".termsprawl/bin/termsprawl-context"), PosixFilePermissions.fromString("rw-r--r--"));
        Fixtures.write(p(".termsprawl/AGENTS.md"), "prose only\n");
        Files.delete(p(".claude/skills/termsprawl-history/SKILL.md"));
        List<Discovery.Finding> findings = d.check().committed();
        assertEquals(
                List.of(
                        new Discovery.Finding(p(".termsprawl/AGENTS.md"), "stale"),
                        new Discovery.Finding(p(".claude/skills/termsprawl-context/SKILL.md"), "stale"),
                        new Discovery.Finding(p(".claude/skills/termsprawl-history/SKILL.md"), "missing"),
                        // its bytes are right: what it lost is its exec bit, and check says so
                        new Discovery.Finding(
                                p(".termsprawl/bin/termsprawl-context"), "not executable", "mode 0755 needed"),
                        new Discovery.Finding(p(".termsprawl/bin/termsprawl-record"), "missing")),
                findings);
        // check never writes
        assertFalse(Files.exists(p(".termsprawl/bin/termsprawl-record")));
        assertEquals(5, d.discover().size());
        assertEquals(List.of(), d.check().committed());
    }

    @Test
    void aFifoOrAFolderInPlaceOfAPlantedFileIsStaleAndBlocksNothing() throws Exception {
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL);
        d.discover();
        Files.delete(p(".termsprawl/AGENTS.md"));
        boolean fifo = new ProcessBuilder("mkfifo", p(".termsprawl/AGENTS.md").toString())
                        .start()
                        .waitFor()
                == 0;
        org.junit.jupiter.api.Assumptions.assumeTrue(fifo, "mkfifo is not available");
        Path skill = p(".claude/skills/termsprawl-ask/SKILL.md");
        Files.delete(skill);
        Fixtures.write(skill.resolve("mine.txt"), "mine\n");
        // reading the FIFO to compare its line ends blocked check (and so every CI build) for good
        List<Discovery.Finding> findings =
                assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> d.check().committed());
        assertEquals(
                List.of(
                        new Discovery.Finding(p(".termsprawl/AGENTS.md"), "stale"),
                        new Discovery.Finding(skill, "stale")),
                findings);
        // discover replaces the FIFO and refuses the folder by name, keeping what is in it
        IOException e =
                assertThrows(IOException.class, () -> assertTimeoutPreemptively(Fixtures.HANG_GUARD, d::discover));
        assertEquals(
                skill + " is a folder where termsprawl keeps a file: move the folder away and run again",
                e.getMessage());
        assertEquals("mine\n", Files.readString(skill.resolve("mine.txt")));
        Files.delete(skill.resolve("mine.txt"));
        Files.delete(skill);
        d.discover();
        assertEquals(List.of(), d.check().committed());
        assertTrue(Files.isRegularFile(p(".termsprawl/AGENTS.md"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
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
        Discovery d = new Discovery(new ProjectLayout(cwd), CALL, builtFingerprints(), null);
        assertEquals(PLANTED.size(), d.discover().size());
        assertEquals(List.of(), d.check().committed());
        assertEquals(List.of(), d.discover());

        Path jar = p(".termsprawl/bin/termsprawl.jar");
        byte[] bytes = Files.readAllBytes(jar);
        bytes[bytes.length / 2] ^= 1; // same size, one bit changed
        Files.write(jar, bytes);
        Path sqlite = p(".termsprawl/bin/lib/sqlite-jdbc.jar");
        byte[] all = Files.readAllBytes(sqlite);
        Files.write(sqlite, java.util.Arrays.copyOf(all, all.length - 1));
        assertEquals(List.of(), d.check().committed()); // per machine: never a failure of check
        assertEquals(
                List.of(new Discovery.Finding(jar, "stale"), new Discovery.Finding(sqlite, "stale")),
                d.check().perMachine());
        assertEquals(List.of(jar, sqlite), d.discover());
        assertEquals(List.of(), d.check().perMachine());
        Files.delete(sqlite);
        assertEquals(
                List.of(new Discovery.Finding(sqlite, "missing")), d.check().perMachine());
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
                new Discovery(new ProjectLayout(cwd), CALL, wrong, null).check().perMachine());
        assertEquals(
                List.of(),
                new Discovery(new ProjectLayout(cwd), CALL, Map.of(), null)
                        .check()
                        .perMachine());
    }

    private static List<String> fileNames(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** remove deletes and .gitignore takes back the launchers by this one list: a new launcher is in it. */
    @Test
    void theLauncherListIsEveryPlantedLauncher() throws Exception {
        List<String> planted = new Discovery(new ProjectLayout(cwd), CALL)
                .plan().stream()
                        .map(f -> cwd.relativize(f.path()).toString())
                        .filter(r -> r.startsWith(".termsprawl/bin/termsprawl-"))
                        .map(r -> r.substring(".termsprawl/bin/".length()))
                        .sorted()
                        .toList();
        assertEquals(planted, Discovery.LAUNCHERS.stream().sorted().toList());
        for (String name : Discovery.LAUNCHERS) {
            assertTrue(Discovery.GITIGNORE.contains("\n!/bin/" + name + "\n"), name);
        }
    }
}
