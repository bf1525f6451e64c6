package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a runtime with an ahead-of-time cache (JDK 24 and later) {@code discover} makes one instead of the class-data
 * archive, and the launchers map it with {@code -XX:AOTCache}. The tests that run a JVM need such a JDK: the one
 * named by {@code -Dtermsprawl.test.aotJdk=<home>}, else the newest under {@code /usr/lib/jvm}; without one they are
 * skipped. The runtime the launchers find is a script in a home of its own (the real JDK's {@code release} copied
 * beside it) that logs its arguments and runs the real {@code java}, with a class-load log when asked.
 */
class AotCacheTest {
    @TempDir
    Path cwd;

    /** A JDK home of release 24 or later, or null. */
    static Path aotJdk() {
        String named = System.getProperty("termsprawl.test.aotJdk", "");
        if (!named.isEmpty()) {
            Path home = Path.of(named);
            return ClassDataArchive.featureRelease(home.resolve("bin/java")) >= ClassDataArchive.AOT_CACHE_RELEASE
                    ? home
                    : null;
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> ClassDataArchive.featureRelease(h.resolve("bin/java"))
                            >= ClassDataArchive.AOT_CACHE_RELEASE)
                    .max((a, b) -> Integer.compare(
                            ClassDataArchive.featureRelease(a.resolve("bin/java")),
                            ClassDataArchive.featureRelease(b.resolve("bin/java"))))
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    ProjectLayout layout;

    /** A planted project with one linked peer; the test is skipped without a JDK 24+ and a shell. */
    private Path plantedWithPeer() throws Exception {
        Fixtures.assumeShell();
        Path jdk = aotJdk();
        assumeTrue(jdk != null, "no JDK 24+ under /usr/lib/jvm, nor -Dtermsprawl.test.aotJdk");
        layout = new ProjectLayout(cwd);
        new Discovery(layout, DiscoveryTest.CALL).discover();
        Fixtures.link(cwd, "me", "peer");
        Fixtures.index(
                cwd,
                "peer",
                Fixtures.write(cwd.resolve("p.jsonl"), "{\"type\":\"user\",\"message\":{\"content\":\"hi\"}}\n")
                        .toString());
        return jdk;
    }

    /**
     * A runtime home {@code name} whose {@code bin/java} logs its arguments to {@code args.log} and runs the
     * {@code java} of {@code real}, with a class-load log into {@code $LOAD_LOG} when that is set; its {@code release}
     * is {@code real}'s, or one that says {@code release} when given.
     */
    private Path runtime(String name, Path real, String release) throws IOException {
        Path home = Files.createDirectories(cwd.resolve(name + "/bin")).getParent();
        Path script = home.resolve("bin/java");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "printf '%s\\n' \"$*\" >> '" + home.resolve("args.log") + "'\n"
                        + "if [ -n \"${LOAD_LOG:-}\" ]; then\n"
                        + "  n=$#\n"
                        + "  for a in \"$@\"; do\n"
                        + "    if [ \"$a\" = -cp ]; then set -- \"$@\" \"-Xlog:class+load=info:file=$LOAD_LOG\"; fi\n"
                        + "    set -- \"$@\" \"$a\"\n"
                        + "  done\n"
                        + "  shift $n\n"
                        + "fi\n"
                        + "exec '" + real.resolve("bin/java") + "' \"$@\"\n");
        assertTrue(script.toFile().setExecutable(true));
        if (release != null) {
            Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + release + "\"\n");
        } else if (Files.isRegularFile(real.resolve("release"))) {
            Files.copy(real.resolve("release"), home.resolve("release"));
        }
        return home;
    }

    private static String lastLine(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return lines.get(lines.size() - 1);
    }

    /** The context command by its launcher, run by the runtime in {@code home}, with a class-load log. */
    private Fixtures.Run context(Path home, Path loadLog) throws Exception {
        Files.deleteIfExists(loadLog);
        return Fixtures.run(
                List.of(
                        layout.binDir().resolve("termsprawl-context").toString(),
                        "--cwd",
                        cwd.toString(),
                        "--self",
                        "me"),
                cwd,
                Map.of("JAVA_HOME", home.toString(), "LOAD_LOG", loadLog.toString()));
    }

    private static List<String> notShared(Path loadLog) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(loadLog)) {
            if (line.contains("[class,load] io.github.termsprawl.") && !line.contains("source: shared objects file")) {
                out.add(line);
            }
        }
        return out;
    }

    @Test
    void theReleaseFileTellsTheKindWithoutAJvm() throws Exception {
        Path home = Files.createDirectories(cwd.resolve("jdk/bin")).getParent();
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        assertEquals(0, ClassDataArchive.featureRelease(java), "no release file");
        Path bin = Files.createDirectories(cwd.resolve(".termsprawl/bin"));
        assertFalse(new ClassDataArchive(bin, java).aotCache());
        assertTrue(
                new ClassDataArchive(bin, java).file().getFileName().toString().endsWith(".jsa"));
        String[][] releases = {{"17.0.15", "17"}, {"23", "23"}, {"24.0.2", "24"}, {"25.0.3", "25"}, {"26-ea", "26"}};
        for (String[] r : releases) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\r\nJAVA_VERSION=\"" + r[0] + "\"\r\n");
            int release = Integer.parseInt(r[1]);
            assertEquals(release, ClassDataArchive.featureRelease(java), r[0]);
            ClassDataArchive archive = new ClassDataArchive(bin, java);
            assertEquals(release >= 24, archive.aotCache(), r[0]);
            assertTrue(
                    archive.file()
                            .getFileName()
                            .toString()
                            .matches("termsprawl-[0-9a-f]{8}\\." + (release >= 24 ? "aot" : "jsa")),
                    archive.file().toString());
            assertEquals(ClassDataArchive.Status.MISSING, archive.status());
        }
        // the same runtime path names one file stem whatever its kind: one per runtime
        String aot = new ClassDataArchive(bin, java).file().getFileName().toString();
        assertEquals(Launchers.archiveName(java.toString(), false), aot.replace(".aot", ".jsa"));
        for (String name : List.of(aot, aot + ".stamp", "." + aot + ".tmp")) {
            assertTrue(Launchers.isArchiveFile(name), name);
        }
        assertTrue(Launchers.isArchiveName(aot, false));
        assertTrue(Launchers.isArchiveName(aot + ".stamp", true));
        assertFalse(Launchers.isArchiveFile("termsprawl-notes.aot"));
        String ignored = Discovery.GITIGNORE;
        assertTrue(ignored.contains("\n/bin/termsprawl-*.aot\n/bin/termsprawl-*.aot.stamp\n"), ignored);
    }

    /**
     * The whole path on a real JDK 24+: discover makes the cache of that runtime (no class-data archive), the
     * launcher maps it with {@code -XX:AOTCache} (no {@code -Xshare}, which the JVM refuses beside it), every class
     * of ours the command and the hook load comes from it, and a second discover finds it current.
     */
    @Test
    void discoverMakesTheCacheAndTheLaunchersMapIt() throws Exception {
        Path jdk = plantedWithPeer();
        Path home = runtime("jdk", jdk, null);
        ClassDataArchive cache = new ClassDataArchive(layout.binDir(), home.resolve("bin/java"));
        assertTrue(cache.aotCache());
        assertEquals(ClassDataArchive.Status.MISSING, cache.status());
        assertTrue(cache.ensure());
        assertTrue(
                cache.file().getFileName().toString().matches("termsprawl-[0-9a-f]{8}\\.aot"),
                cache.file().toString());
        assertEquals(ClassDataArchive.Status.CURRENT, cache.status());
        assertEquals(
                "java " + home.resolve("bin/java"),
                Files.readAllLines(cache.stampFile()).get(0));
        assertFalse(Files.exists(layout.binDir()
                .resolve(Launchers.archiveName(home.resolve("bin/java").toString(), false))));
        String training = Files.readString(home.resolve("args.log"));
        assertTrue(training.startsWith("-XX:AOTCacheOutput=") || training.startsWith("-XX:AOTMode=record "), training);
        assertTrue(training.contains(" " + ClassDataArchive.NO_CLASS_LINKING + " "), training);
        try (Stream<Path> left = Files.list(layout.binDir())) {
            assertEquals(
                    List.of(),
                    left.filter(p -> p.getFileName().toString().startsWith(".")).toList(),
                    "a leftover");
        }
        assertFalse(cache.ensure(), "current: not made again");

        Path loadLog = cwd.resolve("load.log");
        Fixtures.Run run = context(home, loadLog);
        assertEquals("# linked context from peer (peer)\n## user\nhi\n", Fixtures.str(run.stdout()));
        assertEquals("", Fixtures.str(run.stderr()));
        String args = lastLine(home.resolve("args.log"));
        assertTrue(args.startsWith("-XX:+IgnoreUnrecognizedVMOptions -XX:AOTCache=" + cache.file() + " "), args);
        assertFalse(args.contains("-Xshare") || args.contains("SharedArchiveFile"), args);
        assertEquals(List.of(), notShared(loadLog));
        String loaded = Files.readString(loadLog);
        assertTrue(loaded.contains("io.github.termsprawl.cli.ContextCommand source: shared objects file"));
        // what the command does not use stays unloaded, though the cache holds it (the training ran the history
        // command): a start pays for the classes it uses
        assertFalse(loaded.contains("io.github.termsprawl.cli.HistoryCommand "), "the history command loaded");

        // the hook before an edit, run as Claude Code runs it: its classes come from the cache too
        Fixtures.write(
                cwd.resolve("p.jsonl"),
                "{\"type\":\"assistant\",\"uuid\":\"u\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{\"id\":\"m\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Edit\","
                        + "\"input\":{\"file_path\":\"a.txt\",\"old_string\":\"x\",\"new_string\":\"y\"}}]}}\n");
        Path payload = Fixtures.write(
                cwd.resolve("hook.json"),
                "{\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"" + cwd.resolve("a.txt") + "\"}}");
        ProcessBuilder hook = new ProcessBuilder(
                        layout.binDir().resolve("termsprawl-touches").toString(),
                        "--hook",
                        "--cwd",
                        cwd.toString(),
                        "--window",
                        "100000d",
                        "--guard",
                        "warn") // the warning printed: what an edit of Claude Code's loads when it warns
                .directory(cwd.toFile())
                .redirectInput(payload.toFile());
        hook.environment().putAll(Map.of("JAVA_HOME", home.toString(), "TERMSPRAWL_NODE_ID", "me"));
        String out = "";
        for (int i = 0; i < 2; i++) { // the first run builds the touch index, the second is every later edit's
            Files.deleteIfExists(loadLog);
            hook.environment().put("LOAD_LOG", loadLog.toString());
            Process p = hook.start();
            out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
        }
        assertTrue(out.contains("additionalContext"), out);
        assertEquals(List.of(), notShared(loadLog));
    }

    /**
     * A cache is used only with the jar it was made from (JDK 25 maps one whatever the jar holds), and never when it
     * changed after its stamp; a stale one is made again, never only stamped anew.
     */
    @Test
    void aCacheOfAnotherJarOrCutShortIsNeverMapped() throws Exception {
        Path jdk = plantedWithPeer();
        Path home = runtime("jdk", jdk, null);
        ClassDataArchive cache = new ClassDataArchive(layout.binDir(), home.resolve("bin/java"));
        assertTrue(cache.ensure());
        Path loadLog = cwd.resolve("load.log");
        String expected = "# linked context from peer (peer)\n## user\nhi\n";

        // the jar rewritten after the cache was stamped (an upgrade whose discover stopped before the cache); the
        // cache itself older than its stamp
        long stamped = Files.getLastModifiedTime(cache.stampFile()).toMillis();
        Files.setLastModifiedTime(cache.file(), FileTime.fromMillis(stamped - 90_000));
        Files.setLastModifiedTime(cache.stampFile(), FileTime.fromMillis(stamped - 60_000));
        Path jar = layout.binDir().resolve(Launchers.JAR);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(stamped - 30_000));
        Fixtures.Run run = context(home, loadLog);
        assertEquals(expected, Fixtures.str(run.stdout()));
        String args = lastLine(home.resolve("args.log"));
        assertFalse(args.contains("AOTCache"), args);
        assertEquals(ClassDataArchive.Status.STALE, cache.status());
        assertTrue(cache.ensure(), "made again");
        assertEquals(ClassDataArchive.Status.CURRENT, cache.status());
        run = context(home, loadLog);
        assertTrue(lastLine(home.resolve("args.log")).contains("-XX:AOTCache="));
        assertEquals(List.of(), notShared(loadLog));

        // cut short by a copy, so newer than its stamp
        try (java.io.RandomAccessFile f =
                new java.io.RandomAccessFile(cache.file().toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        Files.setLastModifiedTime(
                cache.file(),
                FileTime.fromMillis(Files.getLastModifiedTime(cache.stampFile()).toMillis() + 5_000));
        run = context(home, loadLog);
        assertEquals(expected, Fixtures.str(run.stdout()));
        assertEquals("", Fixtures.str(run.stderr()));
        assertFalse(lastLine(home.resolve("args.log")).contains("AOTCache"));
        assertEquals(ClassDataArchive.Status.STALE, cache.status());
    }

    /**
     * The JDK under a runtime's path changes (an alternatives switch from 25 to 17): the launcher still names the
     * cache, which the older JVM ignores instead of refusing to start; the next discover makes that runtime's
     * class-data archive and removes the cache, one per runtime. Two runtimes of 24+ each have a cache, and a
     * discover after the jar changed removes the other runtime's cache of the old jar.
     */
    @Test
    void aRuntimeThatChangesKindKeepsOneArchiveAndAnOlderJvmIgnoresTheCache() throws Exception {
        Path jdk = plantedWithPeer();
        Path java17 = JavaRuntime.find(System.getenv());
        assumeTrue(java17 != null && ClassDataArchive.featureRelease(java17) < 24, "the build's java is not before 24");
        Path home = runtime("jdk", jdk, null);
        Path other = runtime("other", jdk, null);
        ClassDataArchive cache = new ClassDataArchive(layout.binDir(), home.resolve("bin/java"));
        ClassDataArchive otherCache = new ClassDataArchive(layout.binDir(), other.resolve("bin/java"));
        assertTrue(cache.ensure());
        assertTrue(otherCache.ensure());
        assertFalse(cache.ensure(), "the other runtime's cache made this one neither stale nor rebuilt");
        assertTrue(Files.exists(otherCache.file()));

        // the same path now runs the build's JDK (before 24), which knows no -XX:AOTCache
        Path real17 = java17.toRealPath().getParent().getParent();
        Files.delete(home.resolve("release"));
        Files.writeString(
                home.resolve("bin/java"),
                Files.readString(home.resolve("bin/java"))
                        .replace(
                                jdk.resolve("bin/java").toString(),
                                real17.resolve("bin/java").toString()));
        Path loadLog = cwd.resolve("load.log");
        Fixtures.Run run = context(home, loadLog);
        assertEquals(0, run.exit());
        assertEquals("# linked context from peer (peer)\n## user\nhi\n", Fixtures.str(run.stdout()));
        assertEquals("", Fixtures.str(run.stderr()));
        assertTrue(lastLine(home.resolve("args.log")).contains("-XX:AOTCache="));

        ClassDataArchive now = new ClassDataArchive(layout.binDir(), home.resolve("bin/java"));
        assertFalse(now.aotCache());
        // the jar changed too (another plugin version): the other runtime's cache is of the old jar
        Path jar = layout.binDir().resolve(Launchers.JAR);
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 86_400_000L));
        assertTrue(now.ensure());
        assertTrue(
                now.file().getFileName().toString().endsWith(".jsa"), now.file().toString());
        assertFalse(Files.exists(cache.file()), "the same runtime's cache, of the JDK it ran before");
        assertFalse(Files.exists(cache.stampFile()));
        assertFalse(Files.exists(otherCache.file()), "a cache of the old jar");
        assertFalse(Files.exists(otherCache.stampFile()));
        run = context(home, loadLog);
        assertEquals(0, run.exit());
        assertTrue(lastLine(home.resolve("args.log"))
                .startsWith("-XX:SharedArchiveFile=" + now.file() + " -Xshare:auto "));
        assertEquals(List.of(), notShared(loadLog));
    }

    /** JDK 24 makes its cache in two runs (record, then create), which JDK 25 still runs: proven on the JDK here. */
    @Test
    void aJdk24MakesItsCacheInTwoRuns() throws Exception {
        Path jdk = plantedWithPeer();
        Path home = runtime("jdk24", jdk, "24.0.2");
        ClassDataArchive cache = new ClassDataArchive(layout.binDir(), home.resolve("bin/java"));
        assertTrue(cache.ensure());
        List<String> runs = Files.readAllLines(home.resolve("args.log"));
        assertTrue(runs.get(0).startsWith("-XX:AOTMode=record -XX:AOTConfiguration="), runs.get(0));
        assertTrue(runs.get(1).startsWith("-XX:AOTMode=create -XX:AOTConfiguration="), runs.get(1));
        assertEquals(ClassDataArchive.Status.CURRENT, cache.status());
        Path loadLog = cwd.resolve("load.log");
        Fixtures.Run run = context(home, loadLog);
        assertEquals("# linked context from peer (peer)\n## user\nhi\n", Fixtures.str(run.stdout()));
        assertTrue(lastLine(home.resolve("args.log")).contains("-XX:AOTCache=" + cache.file() + " "));
        assertEquals(List.of(), notShared(loadLog));
    }
}
