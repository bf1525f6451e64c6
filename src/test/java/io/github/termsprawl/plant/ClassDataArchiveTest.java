package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive is made once per machine, recognised as current without a JVM, and holds every JSONL reader. */
class ClassDataArchiveTest {
    @TempDir
    Path cwd;

    @Test
    void aTruncatedArchiveIsSkippedByTheLaunchersAndRebuiltByDiscover() throws Exception {
        Path java = JavaRuntime.find(System.getenv());
        assumeTrue(java != null, "no java to make an archive with");
        io.github.termsprawl.core.Fixtures.assumeShell();
        ProjectLayout layout = new ProjectLayout(cwd);
        new Discovery(layout, DiscoveryTest.CALL).discover();
        ClassDataArchive archive = new ClassDataArchive(layout.binDir(), java);
        assertTrue(archive.ensure());
        io.github.termsprawl.core.Fixtures.link(cwd, "me", "peer");
        io.github.termsprawl.core.Fixtures.index(
                cwd,
                "peer",
                io.github.termsprawl.core.Fixtures.write(
                                cwd.resolve("p.jsonl"), "{\"type\":\"user\",\"message\":{\"content\":\"hi\"}}\n")
                        .toString());
        // an interrupted copy: the archive cut short (and so newer than its stamp)
        try (java.io.RandomAccessFile f =
                new java.io.RandomAccessFile(archive.file().toFile(), "rw")) {
            f.setLength(Math.min(f.length() / 2, 1_000_000));
        }
        for (String command : List.of("termsprawl-context", "termsprawl-record")) {
            io.github.termsprawl.core.Fixtures.Run run = io.github.termsprawl.core.Fixtures.run(
                    List.of(layout.binDir().resolve(command).toString(), "--cwd", cwd.toString(), "--self", "me"), cwd);
            assertEquals(0, run.exit(), io.github.termsprawl.core.Fixtures.str(run.stderr()));
            String out = io.github.termsprawl.core.Fixtures.str(run.stdout());
            assertEquals(
                    command.equals("termsprawl-context") ? "# linked context from peer (peer)\n## user\nhi\n" : "",
                    out);
        }
        try (var files = Files.list(cwd)) {
            assertTrue(
                    files.noneMatch(f -> f.getFileName().toString().startsWith("hs_err")),
                    "a crash report was written");
        }
        assertEquals(ClassDataArchive.Status.STALE, archive.status());
        assertTrue(archive.ensure());
        assertEquals(ClassDataArchive.Status.CURRENT, archive.status());
    }

    @Test
    void aStampPastItsSaneSizeIsStale() throws Exception {
        // 3 GB of nothing where the stamp goes (docs/files.md, "Sane sizes"): not read, the archive is stale
        Path java = JavaRuntime.find(System.getenv());
        assumeTrue(java != null, "no java to stamp an archive of");
        Path bin = Files.createDirectories(cwd.resolve(".termsprawl/bin"));
        Files.write(bin.resolve(Launchers.JAR), new byte[] {1});
        ClassDataArchive archive = new ClassDataArchive(bin, java);
        Files.write(archive.file(), new byte[] {1});
        try (java.io.RandomAccessFile f =
                new java.io.RandomAccessFile(archive.stampFile().toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        assertEquals(ClassDataArchive.Status.STALE, archive.status());
    }

    @Test
    void theTrainingFolderOfAKilledDiscoverIsRemovedByTheNextOne() throws Exception {
        Path java = JavaRuntime.find(System.getenv());
        assumeTrue(java != null, "no java to make an archive with");
        ProjectLayout layout = new ProjectLayout(cwd);
        new Discovery(layout, DiscoveryTest.CALL).discover();
        // what kill -9 during discover leaves: a training project of a process that is gone
        Path dead = Files.createDirectories(layout.binDir().resolve(ClassDataArchive.TRAINING + "2147483646-1234/x"));
        Path old = Files.createDirectories(
                layout.binDir().resolve(ClassDataArchive.TRAINING + "2147483645")); // no pid can be that high
        Path live = Files.createDirectories(layout.binDir()
                .resolve(ClassDataArchive.TRAINING + ProcessHandle.current().pid() + "-1"));
        Path mine = Files.createDirectories(layout.binDir().resolve(ClassDataArchive.TRAINING + "notes"));
        assertTrue(new ClassDataArchive(layout.binDir(), java).ensure());
        assertTrue(Files.exists(mine), "a folder of the user's named like ours stays");
        assertFalse(Files.exists(dead.getParent()));
        assertFalse(Files.exists(old));
        assertTrue(Files.exists(live), "a live discover's folder is left alone");
        assertTrue(Files.readString(layout.stateDir().resolve(".gitignore")).contains("\n/bin/.cds-training-*/\n"));
    }

    ProjectLayout layout;

    /** The archive of a freshly planted project (not made yet), or the test is skipped without a java. */
    private ClassDataArchive planted() throws Exception {
        Path java = JavaRuntime.find(System.getenv());
        assumeTrue(java != null, "no java to make an archive with");
        layout = new ProjectLayout(cwd);
        new Discovery(layout, DiscoveryTest.CALL).discover();
        return new ClassDataArchive(layout.binDir(), java);
    }

    @Test
    void madeOnceStampedAndFoundStaleWhenWhatItWasMadeFromChanges() throws Exception {
        ClassDataArchive archive = planted();
        assertEquals(ClassDataArchive.Status.MISSING, archive.status());
        assertTrue(archive.ensure());
        assertEquals(ClassDataArchive.Status.CURRENT, archive.status());
        assertFalse(archive.ensure());
        String ignored = Files.readString(layout.stateDir().resolve(".gitignore"));
        assertTrue(
                ignored.contains("\n/bin/termsprawl-*.jsa\n") && ignored.contains("\n/bin/termsprawl-*.jsa.stamp\n"));
        assertTrue(
                archive.file().getFileName().toString().matches("termsprawl-[0-9a-f]{8}\\.jsa"),
                archive.file().toString());

        // a stamp lost (or one made by an older plugin): the JVM still maps the archive, so only the stamp is written
        Files.delete(archive.stampFile());
        assertEquals(ClassDataArchive.Status.STALE, archive.status());
        FileTime made = Files.getLastModifiedTime(archive.file());
        assertFalse(archive.ensure());
        assertEquals(made, Files.getLastModifiedTime(archive.file()));
        assertEquals(ClassDataArchive.Status.CURRENT, archive.status());

        // the jar touched (as by a checkout): the JVM would refuse the archive, so it is made again
        Path jar = layout.binDir().resolve(Launchers.JAR);
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 86_400_000L));
        assertEquals(ClassDataArchive.Status.STALE, archive.status());
        assertTrue(archive.ensure());
        assertEquals(ClassDataArchive.Status.CURRENT, archive.status());

        // the archive replaced or edited
        byte[] good = Files.readAllBytes(archive.file());
        Files.write(archive.file(), "not an archive".getBytes(StandardCharsets.UTF_8));
        assertEquals(ClassDataArchive.Status.STALE, archive.status());
        Files.write(archive.file(), good);
        Files.setLastModifiedTime(archive.file(), FileTime.fromMillis(0)); // a touch is no change to the JVM
        assertEquals(ClassDataArchive.Status.CURRENT, archive.status());
        Files.write(archive.file(), Arrays.copyOf(good, good.length - 1));
        assertEquals(ClassDataArchive.Status.STALE, archive.status());

        assertEquals(ClassDataArchive.Status.NO_JAVA, new ClassDataArchive(layout.binDir(), null).status());
        assertFalse(new ClassDataArchive(layout.binDir(), null).ensure());
    }

    @Test
    void theReadersOfEveryJsonlStoreComeFromTheArchive() throws Exception {
        ClassDataArchive archive = planted();
        assertTrue(archive.ensure());
        Path java = JavaRuntime.find(System.getenv());

        Path project = Files.createDirectory(cwd.resolve("project"));
        String[][] peers = {
            {"claude", "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"q\"}}"},
            {"codex", "{\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"q\"}}"},
            {"gemini", "{\"sessionId\":\"s\",\"projectHash\":\"h\"}\n{\"id\":\"1\",\"type\":\"user\",\"content\":\"q\"}"
            },
            {"pi", "{\"type\":\"message\",\"id\":\"a\",\"message\":{\"role\":\"user\",\"content\":\"q\"}}"}
        };
        for (String[] peer : peers) {
            Fixtures.link(project, "me", peer[0]);
            Fixtures.write(project.resolve(peer[0] + ".jsonl"), peer[1] + "\n");
            Fixtures.write(
                    project.resolve(".termsprawl/transcripts/" + peer[0] + ".json"),
                    "{\"version\": 1, \"path\": \"" + peer[0] + ".jsonl\", \"store\": \"" + peer[0] + "\"}\n");
        }
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:SharedArchiveFile=" + archive.file()));
        cmd.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
        cmd.addAll(List.of(
                "-Xlog:class+load=info:stdout",
                "-cp",
                layout.binDir().toRealPath().resolve(Launchers.JAR).toString(),
                CommandJar.CONTEXT_MAIN,
                "--cwd",
                project.toString(),
                "--self",
                "me"));
        Fixtures.Run run = Fixtures.run(cmd, project);
        String log = Fixtures.str(run.stdout());
        assertEquals(0, run.exit(), log);
        for (String[] peer : peers) {
            String block = "# linked context from " + peer[0] + " (" + peer[0] + ")\n## user\nq\n";
            assertTrue(log.contains(block), block + " in:\n" + log);
        }
        // every class of ours this read loads, the readers' inner classes and lambdas included, is shared
        List<String> notShared = new ArrayList<>();
        for (String line : log.split("\n")) {
            if (line.contains("[class,load] io.github.termsprawl.") && !line.contains("source: shared objects file")) {
                notShared.add(line);
            }
        }
        assertEquals(List.of(), notShared);
        assertTrue(log.contains("io.github.termsprawl.store.codex.CodexTranscript source: shared objects file"), log);
    }

    @Test
    void theHistoryCommandsClassesComeFromTheArchiveToo() throws Exception {
        ClassDataArchive archive = planted();
        assertTrue(archive.ensure());
        Path project = Files.createDirectory(cwd.resolve("project"));
        Fixtures.write(
                project.resolve("s.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"u\",\"message\":{\"role\":\"user\",\"content\":\"q\"}}\n");
        Fixtures.write(project.resolve(".termsprawl/transcripts/n.json"), "{\"version\": 1, \"path\": \"s.jsonl\"}\n");
        List<String> cmd = new ArrayList<>(
                List.of(JavaRuntime.find(System.getenv()).toString(), "-XX:SharedArchiveFile=" + archive.file()));
        cmd.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
        cmd.addAll(List.of(
                "-Xlog:class+load=info:stdout",
                "-cp",
                layout.binDir().toRealPath().resolve(Launchers.JAR).toString(),
                CommandJar.HISTORY_MAIN,
                "--cwd",
                project.toString()));
        Fixtures.Run run = Fixtures.run(cmd, project);
        String log = Fixtures.str(run.stdout());
        assertEquals(0, run.exit(), log);
        assertTrue(Files.isRegularFile(project.resolve(".termsprawl/history/n/turn-0000-user.md")), log);
        for (String type : new String[] {"history.History", "history.WindowedHistory", "history.TurnMarkdown"}) {
            assertTrue(
                    log.contains("io.github.termsprawl." + type + " source: shared objects file"), type + ":\n" + log);
        }
    }

    /** The hook before every edit starts often: every class of ours it loads on a warm run is in the archive. */
    @Test
    void theEditHooksClassesComeFromTheArchiveToo() throws Exception {
        ClassDataArchive archive = planted();
        assertTrue(archive.ensure());
        Path project = Files.createDirectory(cwd.resolve("project"));
        Fixtures.link(project, "me", "peer");
        Fixtures.write(
                project.resolve("s.jsonl"),
                "{\"type\":\"assistant\",\"uuid\":\"u\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{\"id\":\"m\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Edit\","
                        + "\"input\":{\"file_path\":\"a.txt\",\"old_string\":\"x\",\"new_string\":\"y\"}}]}}\n");
        Fixtures.write(
                project.resolve(".termsprawl/transcripts/peer.json"), "{\"version\": 1, \"path\": \"s.jsonl\"}\n");
        Path hook = Fixtures.write(
                cwd.resolve("hook.json"),
                "{\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"" + project.resolve("a.txt") + "\"}}");
        List<String> cmd = new ArrayList<>(
                List.of(JavaRuntime.find(System.getenv()).toString(), "-XX:SharedArchiveFile=" + archive.file()));
        cmd.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
        cmd.addAll(List.of(
                "-Xlog:class+load=info:stdout",
                "-cp",
                layout.binDir().toRealPath().resolve(Launchers.JAR).toString(),
                CommandJar.TOUCHES_MAIN,
                "--hook",
                "--cwd",
                project.toString(),
                "--window",
                "100000d",
                "--guard",
                "warn")); // the warning printed: what an edit of Claude Code's loads when it warns
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(project.toFile()).redirectInput(hook.toFile());
        pb.environment().put("TERMSPRAWL_NODE_ID", "me");
        String log = "";
        for (int i = 0; i < 2; i++) { // the first run builds the touch index, the second is every later edit's
            Process p = pb.start();
            log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), log);
        }
        assertTrue(log.contains("additionalContext"), log);
        List<String> notShared = new ArrayList<>();
        for (String line : log.split("\n")) {
            if (line.contains("[class,load] io.github.termsprawl.") && !line.contains("source: shared objects file")) {
                notShared.add(line);
            }
        }
        assertEquals(List.of(), notShared);
    }

    /**
     * Two runtimes on one machine (as Java 17 beside 25): each gets its own archive, neither makes the other's
     * stale, and each launcher run maps the archive of the java it runs. The two "runtimes" are scripts that
     * log their arguments and run this machine's java, so the test needs no second JDK.
     */
    @Test
    void oneArchivePerRuntimeAndTheLauncherPicksItsOwn() throws Exception {
        Fixtures.assumeShell();
        ClassDataArchive planted = planted();
        Path realJava = JavaRuntime.find(System.getenv());
        Path[] homes = new Path[2];
        for (int i = 0; i < 2; i++) {
            homes[i] = Files.createDirectories(cwd.resolve("jdk" + i + "/bin")).getParent();
            Path script = homes[i].resolve("bin/java");
            Files.writeString(
                    script,
                    "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + homes[i].resolve("args.log") + "'\nexec '" + realJava
                            + "' \"$@\"\n");
            script.toFile().setExecutable(true);
        }
        // an archive of the single-archive releases: replaced by the per-runtime ones
        Files.writeString(layout.binDir().resolve("termsprawl.jsa"), "old");
        Files.writeString(layout.binDir().resolve("termsprawl.jsa.stamp"), "old");

        ClassDataArchive first = new ClassDataArchive(layout.binDir(), homes[0].resolve("bin/java"));
        ClassDataArchive second = new ClassDataArchive(layout.binDir(), homes[1].resolve("bin/java"));
        assertTrue(first.ensure());
        assertTrue(second.ensure());
        assertFalse(first.file().equals(second.file()));
        assertFalse(first.file().equals(planted.file()));
        assertEquals(ClassDataArchive.Status.CURRENT, first.status());
        assertEquals(ClassDataArchive.Status.CURRENT, second.status());
        assertFalse(first.ensure(), "the other runtime's archive made this one neither stale nor rebuilt");
        assertFalse(Files.exists(layout.binDir().resolve("termsprawl.jsa")));
        assertFalse(Files.exists(layout.binDir().resolve("termsprawl.jsa.stamp")));

        Fixtures.link(cwd, "me", "peer");
        Fixtures.index(
                cwd,
                "peer",
                Fixtures.write(cwd.resolve("p.jsonl"), "{\"type\":\"user\",\"message\":{\"content\":\"hi\"}}\n")
                        .toString());
        List<String> context = List.of(
                layout.binDir().resolve("termsprawl-context").toString(), "--cwd", cwd.toString(), "--self", "me");
        String path = System.getenv("PATH");
        // by JAVA_HOME (a trailing slash as users write it), and by PATH when JAVA_HOME is unset
        List<java.util.Map<String, String>> envs = List.of(
                java.util.Map.of("JAVA_HOME", homes[0] + "/", "PATH", path),
                java.util.Map.of("JAVA_HOME", "", "PATH", homes[1].resolve("bin") + ":" + path));
        for (int i = 0; i < 2; i++) {
            Fixtures.Run run = Fixtures.run(context, cwd, envs.get(i));
            assertEquals("# linked context from peer (peer)\n## user\nhi\n", Fixtures.str(run.stdout()));
            String args = Files.readString(homes[i].resolve("args.log"));
            String mine = "-XX:SharedArchiveFile=" + (i == 0 ? first : second).file();
            assertTrue(args.lines().reduce((a, b) -> b).orElse("").startsWith(mine + " "), args);
        }

        // a runtime that is gone: its archive goes with the next discover
        Files.delete(homes[1].resolve("bin/java"));
        Files.delete(first.file());
        assertTrue(first.ensure());
        assertFalse(Files.exists(second.file()));
        assertFalse(Files.exists(second.stampFile()));
        assertTrue(Files.exists(first.stampFile()));
    }
}
