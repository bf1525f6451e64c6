package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.GoneWriters;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.core.TranscriptIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The AppCDS archive beside the command jar ({@code -XX:ArchiveClassesAtExit}): the classes of a
 * typical run, pre-parsed for one JVM, which cuts the command's start-up. It belongs to the machine's
 * JVM, so it is never committed, and a JVM that cannot use it just ignores it ({@code -Xshare:auto}).
 * Nothing here fails a build: without an archive the command is only slower to start.
 *
 * <p>One archive per Java runtime ({@code termsprawl-<hash>.jsa}, named from the launcher's
 * {@code java}): on a machine with two JDKs, a run under the other one neither rebuilds nor stales the
 * first one's archive. The launcher finds its runtime's archive by the first line of each stamp, which
 * names that {@code java} as the launcher spells it (docs/planted.md, "Start-up").
 *
 * <p>A runtime that offers an ahead-of-time cache (JDK 24 and later, told by its {@code release} file) gets
 * one instead ({@code termsprawl-<hash>.aot}, {@code -XX:AOTCache}): the same classes, linked ahead of time
 * too. JDK 25 makes it in one run ({@code -XX:AOTCacheOutput}), JDK 24 in two (record, then create). Unlike
 * a class-data archive, JDK 25 maps such a cache without checking that the jar is the one it was made from,
 * so a cache is never kept past its jar: a stale one is made again (never only stamped), and every runtime's
 * cache of another jar is removed.
 */
public final class ClassDataArchive {
    /** Whether the archive is there and this JVM would map it. */
    public enum Status {
        CURRENT,
        MISSING,
        STALE,
        NO_JAVA
    }

    private static final long TIMEOUT_SECONDS = 60;
    static final String TRAINING = ".cds-training-";

    /**
     * Whether a name is one of our training folders exactly ({@code .cds-training-<pid>-<n>}, or an earlier
     * version's {@code .cds-training-<n>}), not a look-alike of the user's.
     */
    static boolean isTrainingName(String name) {
        return name.matches("\\.cds-training-[0-9]+(-[0-9]+)?");
    }

    /** The first release whose runtime maps an ahead-of-time cache ({@code -XX:AOTCache}). */
    static final int AOT_CACHE_RELEASE = 24;
    /** The first release that makes an ahead-of-time cache in one run ({@code -XX:AOTCacheOutput}). */
    static final int ONE_STEP_RELEASE = 25;

    private final Path binDir;
    private final Path java;
    /** The runtime's feature release, as its {@code release} file says; 0 when it does not say. */
    private final int release;

    public ClassDataArchive(Path binDir, Path java) {
        this.binDir = binDir;
        this.java = java;
        this.release = java == null ? 0 : featureRelease(java);
    }

    /** Whether this runtime's archive is an ahead-of-time cache (JDK 24 and later) rather than a class-data archive. */
    public boolean aotCache() {
        return release >= AOT_CACHE_RELEASE;
    }

    /**
     * The feature release of the runtime of {@code java} ({@code JAVA_VERSION="25.0.3"} in the {@code release} file
     * of its home, the folder above its real {@code bin/}), or 0 when that file is missing or does not say: read,
     * never a JVM started, so {@code check} stays cheap.
     */
    static int featureRelease(Path java) {
        try {
            Path home = java.toRealPath().getParent().getParent();
            Path file = home == null ? null : home.resolve("release"); // a link of a packaged JDK is followed
            if (file == null || !Files.isRegularFile(file) || Files.size(file) > StateCaps.ARCHIVE_STAMP) {
                return 0; // none, a FIFO (whose read would block) or past a stamp's sane size
            }
            for (String line :
                    Files.readString(file, StandardCharsets.ISO_8859_1).split("\n")) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    String v = line.substring("JAVA_VERSION=\"".length());
                    int end = 0;
                    while (end < v.length() && end < 4 && Character.isDigit(v.charAt(end))) {
                        end++;
                    }
                    return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
                }
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** This runtime's archive; without a runtime, the name an archive would have (it is never made). */
    public Path file() {
        return file(aotCache());
    }

    /** This runtime's archive of a kind: {@code !aotCache()} is the one it may have had before its JDK changed. */
    private Path file(boolean aot) {
        return binDir.resolve(Launchers.archiveName(java == null ? "" : java.toString(), aot));
    }

    /** What the archive was made from, written beside it: {@link #status()} compares it, never starting a JVM. */
    Path stampFile() {
        return binDir.resolve(file().getFileName() + Launchers.STAMP_SUFFIX);
    }

    /**
     * Whether the archive matches what it was made from: the same runtime (its files' sizes and times),
     * the same jar (the JVM checks its path, size and time), the same flags, and an archive of the size
     * it had. Cheap, for {@code check} in every build; a stamp that matches an archive the JVM would still
     * refuse only costs start-up time.
     */
    public Status status() {
        if (java == null) {
            return Status.NO_JAVA;
        }
        if (!Files.isRegularFile(file())) {
            return Status.MISSING;
        }
        if (!Files.isRegularFile(stampFile())) {
            return Status.STALE; // none (or a FIFO, whose read would block)
        }
        try {
            // the launchers skip an archive newer than its stamp (a copy cut it short): so must we
            if (Files.getLastModifiedTime(file()).compareTo(Files.getLastModifiedTime(stampFile())) > 0) {
                return Status.STALE;
            }
            return stamp().equals(stampText(stampFile())) ? Status.CURRENT : Status.STALE;
        } catch (IOException e) {
            return Status.STALE;
        }
    }

    /** The runtime's files an archive depends on (those present are stamped): its image, the VM, its base archive. */
    private static final String[] RUNTIME_FILES = {
        "release",
        "lib/modules",
        "lib/server/libjvm.so",
        "lib/server/libjvm.dylib",
        "bin/server/jvm.dll",
        "lib/server/classes.jsa",
        "bin/server/classes.jsa"
    };

    private String stamp() throws IOException {
        Path realJava = java.toRealPath();
        // the first line as the launcher spells its java: it picks the archive by it
        StringBuilder stamp =
                new StringBuilder(Launchers.STAMP_JAVA).append(java).append('\n');
        stamp.append("real ").append(realJava).append('\n');
        Path home = realJava.getParent().getParent();
        for (String name : RUNTIME_FILES) {
            Path f = home.resolve(name);
            if (Files.isRegularFile(f)) {
                stamp.append(describe("runtime", f));
            }
        }
        stamp.append(describe("jar", jar()));
        // with the flag the launchers pass with this kind of archive
        stamp.append("flags ")
                .append(Launchers.JVM_FLAGS)
                .append(' ')
                .append(aotCache() ? Launchers.AOT_CACHE_MODE : Launchers.ARCHIVE_MODE)
                .append('\n');
        // its size, not its time: a copy or a touch leaves an archive the JVM maps
        return stamp.append("archive ").append(Files.size(file())).append('\n').toString();
    }

    private static String describe(String what, Path file) throws IOException {
        return what + " " + file + " " + Files.size(file) + " "
                + Files.getLastModifiedTime(file).toMillis() + "\n";
    }

    /** The stamp, never older than the archive: the launchers use an archive only then. */
    private void writeStamp() throws IOException {
        AtomicFiles.writeIfChanged(stampFile(), stamp());
        Files.setLastModifiedTime(stampFile(), FileTime.fromMillis(System.currentTimeMillis()));
    }

    /**
     * False when the stamp records another size for the archive: a truncated archive crashes a JVM that
     * maps it (SIGBUS), so it is rebuilt without asking one.
     */
    private boolean recordedSizeMatches() {
        try {
            String stamp = stampText(stampFile());
            if (stamp == null) {
                return true; // none, or past its sane size: no stamp that reads, the JVM's own check decides
            }
            int at = stamp.lastIndexOf("\narchive ");
            return at < 0 || stamp.substring(at + 9).trim().equals(Long.toString(Files.size(file())));
        } catch (IOException e) {
            return true; // no stamp (an archive from before stamps): the JVM's own check decides
        }
    }

    /** Whether this JVM maps the archive: {@code -Xshare:on} refuses to start unless it matches the JVM and the jar. */
    private boolean mapsArchive() {
        return starts(List.of("-XX:SharedArchiveFile=" + file(), "-Xshare:on", "-Xlog:disable"));
    }

    /** Whether this JVM starts with {@code flags} and the jar (its crash log, if any, kept out of the user's folder). */
    private boolean starts(List<String> flags) {
        Path errorFile = binDir.resolve(".termsprawl-hs_err.log");
        try {
            int code = run(
                    command(flags, List.of("-XX:ErrorFile=" + errorFile), List.of("-cp", jar().toString(), "-version")),
                    null);
            Files.deleteIfExists(errorFile);
            return code == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private Path jar() throws IOException {
        return binDir.toRealPath().resolve(Launchers.JAR); // the JVM matches the launcher's path to it by the file
    }

    /**
     * Makes the archive current when it is not. An archive whose stamp is missing or stale but that the
     * JVM still maps (one made before stamps existed) only gets its stamp.
     *
     * @return whether the archive was written
     * @throws IOException when it should be made but could not be (callers report, never fail on it)
     */
    public boolean ensure() throws IOException {
        Status status = status();
        if (status == Status.NO_JAVA) {
            return false;
        }
        Path project = AtomicFiles.projectOf(binDir);
        if (project != null) {
            AtomicFiles.confinedFolder(project, binDir); // the JVM writes the archive and the training project there
        }
        if (status == Status.CURRENT) {
            removeOrphans(); // another runtime's cache of an earlier jar
            return false;
        }
        // a cache made from another jar is made again: JDK 25 would map it, whatever the jar holds now
        if (status == Status.STALE && !aotCache() && recordedSizeMatches() && mapsArchive()) {
            writeStamp();
            return false;
        }
        removeStrayTraining();
        removeOrphans();
        // the pid in the name: a later run can tell the folder of a discover that was killed
        Path training = Files.createTempDirectory(
                binDir, TRAINING + ProcessHandle.current().pid() + "-");
        Path tmp = binDir.resolve("." + file().getFileName() + ".tmp"); // per runtime: two discovers never share it
        try {
            Files.deleteIfExists(tmp);
            if (aotCache()) {
                // no cache of this runtime while its successor is made: a training that fails leaves none of an
                // earlier jar behind, which a .cmd launcher (it compares no file times) would map
                Files.deleteIfExists(file());
                Files.deleteIfExists(stampFile());
            }
            writeTrainingProject(training);
            // an ahead-of-time cache is written into the training folder: what a killed run leaves goes with it
            Path made = aotCache() ? training.resolve("termsprawl.aot") : tmp;
            for (List<String> cmd : trainingRuns(training, made)) {
                int code = run(cmd, training.resolve("out.txt"));
                if (code != 0) {
                    throw new IOException("'" + String.join(" ", cmd) + "' exited with " + code);
                }
            }
            if (!Files.isRegularFile(made)) {
                throw new IOException("the training run made no " + made.getFileName());
            }
            if (aotCache() && !mapsAotCache(made)) {
                throw new IOException(java + " does not map the cache it made, with the launchers' flags");
            }
            Files.move(made, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            writeStamp();
            // one archive per runtime: the other kind's, made before this runtime's JDK changed, goes
            Files.deleteIfExists(file(!aotCache()));
            Files.deleteIfExists(binDir.resolve(file(!aotCache()).getFileName() + Launchers.STAMP_SUFFIX));
            return true;
        } finally {
            Files.deleteIfExists(tmp);
            deleteTree(training);
        }
    }

    /**
     * The JVM runs that make this runtime's archive at {@code made}, each with the launchers' flags (an ahead-of-time
     * cache is refused by a JVM whose collector or heap layout differs from its training's): the class-data
     * archive at the training run's exit; on JDK 25 the cache in one run, which starts a second JVM to write it;
     * on JDK 24 a run that records the classes, then one that writes the cache from them.
     */
    private List<List<String>> trainingRuns(Path training, Path made) throws IOException {
        List<String> workload = List.of(
                "-cp",
                jar().toString(),
                CommandJar.TRAINING_MAIN,
                training.toString(),
                "a",
                training.resolve("b.jsonl").toString(),
                CLAUDE_GROWN);
        List<String> flags = List.of(Launchers.JVM_FLAGS.split(" "));
        List<List<String>> runs = new ArrayList<>();
        if (!aotCache()) {
            runs.add(command(List.of("-XX:ArchiveClassesAtExit=" + made, Launchers.ARCHIVE_MODE), flags, workload));
        } else if (release >= ONE_STEP_RELEASE) {
            runs.add(command(List.of("-XX:AOTCacheOutput=" + made, NO_CLASS_LINKING), flags, workload));
        } else {
            Path config = training.resolve("termsprawl.aotconfig");
            runs.add(command(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + config), flags, workload));
            runs.add(command(
                    List.of(
                            "-XX:AOTMode=create",
                            "-XX:AOTConfiguration=" + config,
                            Launchers.AOT_CACHE_FLAG + made,
                            NO_CLASS_LINKING),
                    flags,
                    List.of("-cp", jar().toString())));
        }
        return runs;
    }

    /**
     * A cache whose classes are linked ahead of time is loaded whole at every start: each command would load every
     * class the training met (the history command's, the redactor's rules), about 1,600, where the context command
     * uses about 900 and the hook fewer. Without it a class comes from the cache when it is first used, as from
     * a class-data archive (bench/README.md, "The context command on Java 25").
     */
    static final String NO_CLASS_LINKING = "-XX:-AOTClassLinking";

    private List<String> command(List<String> archive, List<String> flags, List<String> rest) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(archive);
        cmd.addAll(flags);
        cmd.addAll(rest);
        return cmd;
    }

    /**
     * Whether this JVM maps the cache with the launchers' flags: {@code -XX:AOTMode=on} refuses to start
     * otherwise (the launchers' {@code auto} would start without it, slower, and say so on stderr).
     */
    private boolean mapsAotCache(Path cache) {
        List<String> flags = new ArrayList<>(List.of(Launchers.AOT_CACHE_FLAG + cache, "-XX:AOTMode=on"));
        flags.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
        return starts(flags);
    }

    /**
     * A project that walks the context and history commands' reading paths (see the training main), so
     * their classes land in the archive: one
     * tiny peer of every JSONL store (Claude's entry without a store, as the hook records it, so store
     * detection runs too). OpenCode is left out: its driver is a separate jar, loaded only when used.
     */
    static void writeTrainingProject(Path dir) throws IOException {
        ProjectLayout layout = new ProjectLayout(dir);
        Links links = new Links(layout);
        TranscriptIndex index = new TranscriptIndex(layout);
        StringBuilder titles = new StringBuilder("{\"nodes\":[");
        String[][] peers = {{"b", null, CLAUDE}, {"c", "codex", CODEX}, {"d", "gemini", GEMINI}, {"e", "pi", PI}};
        for (String[] peer : peers) {
            links.add("a", peer[0]);
            Path transcript = dir.resolve(peer[0] + ".jsonl");
            Files.write(transcript, peer[2].getBytes(StandardCharsets.UTF_8));
            index.record(peer[0], transcript.toString(), peer[1], null);
            titles.append((peer[0].equals("b") ? "" : ",") + "{\"id\":\"" + peer[0] + "\",\"data\":{\"title\":\""
                    + peer[0].toUpperCase(Locale.ROOT) + "\"}}");
        }
        // a Gemini CLI session document: its store is told from the scalars of its head
        links.add("a", "f");
        Path document = dir.resolve("f.json");
        Files.writeString(
                document,
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"messages\":[{\"id\":\"m\",\"type\":\"user\",\"content\":\"hi\"}]}");
        index.record("f", document.toString(), null, null);
        Files.writeString(layout.projectJson(), titles.append("]}").toString());
    }

    private static final String CLAUDE =
            "\uFEFF{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:00.000Z\","
                    + "\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
                    + "{\"type\":\"assistant\",\"uuid\":\"u2\",\"parentUuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                    + "\"message\":{\"content\":[{\"type\":\"thinking\",\"thinking\":\"t\"},"
                    + "{\"type\":\"text\",\"text\":\"h\u00e9llo \u65e5\u672c\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}},"
                    // an edit, so that the hook's warning path is trained too
                    + "{\"type\":\"tool_use\",\"id\":\"e\",\"name\":\"Edit\",\"input\":{\"file_path\":\"f.txt\","
                    + "\"old_string\":\"a\",\"new_string\":\"b\"}}]}}\n"
                    + "{\"type\":\"progress\",\"data\":{}}\n"
                    + "not json\n";
    /** Appended to {@link #CLAUDE} between two runs of the history command: a session that grew. */
    private static final String CLAUDE_GROWN =
            "{\"type\":\"user\",\"uuid\":\"u3\",\"parentUuid\":\"u2\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
                    + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\","
                    + "\"content\":\"a.txt\",\"is_error\":false}]}}";

    private static final String CODEX = "{\"type\":\"session_meta\",\"payload\":{\"id\":\"s\",\"cwd\":\"/p\"}}\n"
            + "{\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"hello\"}}\n"
            + "{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
            + "\"content\":[{\"type\":\"input_text\",\"text\":\"hello\"}]}}\n"
            + "{\"type\":\"event_msg\",\"payload\":{\"type\":\"agent_message\",\"message\":\"h\u00e9llo\"}}\n"
            + "{\"type\":\"turn_context\",\"payload\":{}}\n";
    private static final String GEMINI = "{\"sessionId\":\"s\",\"projectHash\":\"h\"}\n"
            + "{\"id\":\"1\",\"type\":\"user\",\"content\":\"hello\"}\n"
            + "{\"id\":\"2\",\"type\":\"gemini\",\"content\":\"draft\"}\n"
            + "{\"id\":\"2\",\"type\":\"gemini\",\"content\":\"h\u00e9llo\"}\n";
    private static final String PI = "{\"type\":\"session\",\"id\":\"s\",\"cwd\":\"/p\"}\n"
            + "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,"
            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hello\"}]}}\n"
            + "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\","
            + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"h\u00e9llo\"}]}}\n";

    private static int run(List<String> cmd, Path out) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.redirectOutput(out != null ? ProcessBuilder.Redirect.to(out.toFile()) : ProcessBuilder.Redirect.DISCARD);
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File(windows ? "NUL" : "/dev/null")));
        Process p = pb.start();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /**
     * A stamp's text, or null when it does not read or holds more than its sane size ({@link StateCaps#ARCHIVE_STAMP}:
     * docs/files.md, "Sane sizes"), looked at before it is read.
     */
    static String stampText(Path stamp) {
        byte[] bytes = AtomicFiles.readPlain(stamp, StateCaps.ARCHIVE_STAMP);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Archives whose runtime is gone (its {@code java} no longer runs), ahead-of-time caches made from another jar
     * (JDK 25 maps one whatever the jar holds now), and the one archive of releases that kept a single archive for
     * all runtimes: removed, so the folder holds one archive per runtime in use, none of another jar's classes.
     */
    private void removeOrphans() throws IOException {
        Files.deleteIfExists(binDir.resolve(Launchers.LEGACY_ARCHIVE));
        Files.deleteIfExists(binDir.resolve(Launchers.LEGACY_ARCHIVE + Launchers.STAMP_SUFFIX));
        Files.deleteIfExists(binDir.resolve("." + Launchers.LEGACY_ARCHIVE + ".tmp"));
        String jar = Files.isRegularFile(jar()) ? describe("jar", jar()) : null;
        for (Path stamp : archiveStamps(binDir)) {
            String text = stampText(stamp);
            if (text == null) {
                continue; // unreadable, or past its sane size: left to the one who can read it
            }
            String first = text.lines().findFirst().orElse(null);
            boolean ofThisJar = !stamp.getFileName().toString().endsWith(".aot" + Launchers.STAMP_SUFFIX)
                    || jar == null
                    || text.contains("\n" + jar);
            if (first != null && first.startsWith(Launchers.STAMP_JAVA) && ofThisJar) {
                Path other = Path.of(first.substring(Launchers.STAMP_JAVA.length()));
                if (Files.isExecutable(other)) {
                    continue;
                }
            }
            String archive = stamp.getFileName().toString();
            Files.deleteIfExists(
                    binDir.resolve(archive.substring(0, archive.length() - Launchers.STAMP_SUFFIX.length())));
            Files.deleteIfExists(stamp);
        }
    }

    /** The stamps of every runtime's archive in {@code binDir} (regular files only). */
    static List<Path> archiveStamps(Path binDir) throws IOException {
        if (!Files.isDirectory(binDir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(binDir)) {
            return list.filter(p -> Launchers.isArchiveName(p.getFileName().toString(), true))
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted()
                    .toList();
        }
    }

    /** Training folders of a discover that was killed (its pid is no live process): removed, never left. */
    private void removeStrayTraining() throws IOException {
        for (String name : GoneWriters.leftIn(binDir, TRAINING, "", true)) {
            if (isTrainingName(name)) { // a folder of the user's named like ours stays
                deleteTree(binDir.resolve(name));
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
