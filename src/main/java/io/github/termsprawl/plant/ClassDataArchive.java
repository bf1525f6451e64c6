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

    private final Path binDir;
    private final Path java;

    public ClassDataArchive(Path binDir, Path java) {
        this.binDir = binDir;
        this.java = java;
    }

    /** This runtime's archive; without a runtime, the name an archive would have (it is never made). */
    public Path file() {
        return binDir.resolve(Launchers.archiveName(java == null ? "" : java.toString()));
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
        stamp.append("flags ").append(Launchers.JVM_FLAGS).append('\n');
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
        if (!Files.isRegularFile(stampFile())) {
            return true; // no stamp that reads: the JVM's own check decides
        }
        try {
            String stamp = stampText(stampFile());
            if (stamp == null) {
                return true; // past its sane size: no stamp that reads
            }
            int at = stamp.lastIndexOf("\narchive ");
            return at < 0 || stamp.substring(at + 9).trim().equals(Long.toString(Files.size(file())));
        } catch (IOException e) {
            return true; // no stamp (an archive from before stamps): the JVM's own check decides
        }
    }

    /** Whether this JVM maps the archive: {@code -Xshare:on} refuses to start unless it matches the JVM and the jar. */
    private boolean mapsArchive() {
        try {
            List<String> cmd = List.of(
                    java.toString(),
                    "-XX:SharedArchiveFile=" + file(),
                    "-Xshare:on",
                    "-Xlog:disable",
                    "-XX:ErrorFile=" + binDir.resolve(".termsprawl-hs_err.log"), // not the user's folder
                    "-cp",
                    jar().toString(),
                    "-version");
            int code = run(cmd, null);
            Files.deleteIfExists(binDir.resolve(".termsprawl-hs_err.log"));
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
        if (status == Status.CURRENT || status == Status.NO_JAVA) {
            return false;
        }
        if (status == Status.STALE && recordedSizeMatches() && mapsArchive()) {
            writeStamp();
            return false;
        }
        Path project = AtomicFiles.projectOf(binDir);
        if (project != null) {
            AtomicFiles.confinedFolder(project, binDir); // the JVM writes the archive and the training project there
        }
        removeStrayTraining();
        removeOrphans();
        // the pid in the name: a later run can tell the folder of a discover that was killed
        Path training = Files.createTempDirectory(
                binDir, TRAINING + ProcessHandle.current().pid() + "-");
        Path tmp = binDir.resolve("." + file().getFileName() + ".tmp"); // per runtime: two discovers never share it
        try {
            Files.deleteIfExists(tmp);
            writeTrainingProject(training);
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            cmd.add("-XX:ArchiveClassesAtExit=" + tmp);
            cmd.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
            cmd.addAll(List.of(
                    "-cp",
                    jar().toString(),
                    CommandJar.TRAINING_MAIN,
                    training.toString(),
                    "a",
                    training.resolve("b.jsonl").toString(),
                    CLAUDE_GROWN));
            int code = run(cmd, training.resolve("out.txt"));
            if (code != 0 || !Files.isRegularFile(tmp)) {
                throw new IOException("'" + String.join(" ", cmd) + "' exited with " + code);
            }
            Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            writeStamp();
            return true;
        } finally {
            Files.deleteIfExists(tmp);
            deleteTree(training);
        }
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
            titles.append(peer[0].equals("b") ? "" : ",")
                    .append("{\"id\":\"")
                    .append(peer[0])
                    .append("\",\"data\":{\"title\":\"")
                    .append(peer[0].toUpperCase(Locale.ROOT))
                    .append("\"}}");
        }
        // a Gemini CLI session document: its store is told from a streamed head, through jackson, which a
        // line too long to hold and OpenCode's messages go through too
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
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File(isWindows() ? "NUL" : "/dev/null")));
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

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }

    /**
     * Archives whose runtime is gone (its {@code java} no longer runs) and the one archive of releases that
     * kept a single archive for all runtimes: removed, so the folder holds one archive per runtime in use.
     */
    /**
     * A stamp's text, or null when it does not read or holds more than its sane size ({@link StateCaps#ARCHIVE_STAMP}:
     * docs/files.md, "Sane sizes"), looked at before it is read.
     */
    static String stampText(Path stamp) {
        byte[] bytes = AtomicFiles.readPlain(stamp, StateCaps.ARCHIVE_STAMP);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    private void removeOrphans() throws IOException {
        Files.deleteIfExists(binDir.resolve(Launchers.LEGACY_ARCHIVE));
        Files.deleteIfExists(binDir.resolve(Launchers.LEGACY_ARCHIVE + Launchers.STAMP_SUFFIX));
        Files.deleteIfExists(binDir.resolve("." + Launchers.LEGACY_ARCHIVE + ".tmp"));
        for (Path stamp : archiveStamps(binDir)) {
            String text = stampText(stamp);
            if (text == null) {
                continue; // unreadable, or past its sane size: left to the one who can read it
            }
            String first = text.lines().findFirst().orElse(null);
            if (first != null && first.startsWith(Launchers.STAMP_JAVA)) {
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
