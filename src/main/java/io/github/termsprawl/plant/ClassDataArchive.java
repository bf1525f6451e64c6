package io.github.termsprawl.plant;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The AppCDS archive beside the command jar ({@code -XX:ArchiveClassesAtExit}): the classes of a
 * typical run, pre-parsed for one JVM, which cuts the command's start-up. It belongs to the machine's
 * JVM, so it is never committed, and a JVM that cannot use it just ignores it ({@code -Xshare:auto}).
 * Nothing here fails a build: without an archive the command is only slower to start.
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

    private final Path binDir;
    private final Path java;

    public ClassDataArchive(Path binDir, Path java) {
        this.binDir = binDir;
        this.java = java;
    }

    public Path file() {
        return binDir.resolve(Launchers.ARCHIVE);
    }

    public Status status() {
        if (java == null) {
            return Status.NO_JAVA;
        }
        if (!Files.isRegularFile(file())) {
            return Status.MISSING;
        }
        try {
            // -Xshare:on refuses to start unless the archive matches this JVM and the jar it was made from
            List<String> cmd = List.of(
                    java.toString(),
                    "-XX:SharedArchiveFile=" + file(),
                    "-Xshare:on",
                    "-Xlog:disable",
                    "-cp",
                    jar().toString(),
                    "-version");
            return run(cmd, null) == 0 ? Status.CURRENT : Status.STALE;
        } catch (IOException e) {
            return Status.STALE;
        }
    }

    private Path jar() throws IOException {
        return binDir.toRealPath().resolve(Launchers.JAR); // the JVM matches the launcher's path to it by the file
    }

    /**
     * Makes the archive current when it is not.
     *
     * @return whether the archive was written
     * @throws IOException when it should be made but could not be (callers report, never fail on it)
     */
    public boolean ensure() throws IOException {
        Status status = status();
        if (status == Status.CURRENT || status == Status.NO_JAVA) {
            return false;
        }
        Path training = Files.createTempDirectory(binDir, ".cds-training-");
        Path tmp = binDir.resolve(".termsprawl.jsa.tmp");
        try {
            Files.deleteIfExists(tmp);
            writeTrainingProject(training);
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            cmd.add("-XX:ArchiveClassesAtExit=" + tmp);
            cmd.addAll(List.of(Launchers.JVM_FLAGS.split(" ")));
            cmd.addAll(List.of(
                    "-cp", jar().toString(), CommandJar.CONTEXT_MAIN, "--cwd", training.toString(), "--self", "a"));
            int code = run(cmd, training.resolve("out.txt"));
            if (code != 0 || !Files.isRegularFile(tmp)) {
                throw new IOException("'" + String.join(" ", cmd) + "' exited with " + code);
            }
            Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } finally {
            Files.deleteIfExists(tmp);
            deleteTree(training);
        }
    }

    /** A project that walks the command's whole reading path, so its classes land in the archive. */
    private static void writeTrainingProject(Path dir) throws IOException {
        ProjectLayout layout = new ProjectLayout(dir);
        new Links(layout).add("a", "b");
        Path transcript = dir.resolve("b.jsonl");
        String lines = "\uFEFF{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
                + "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"h\u00e9llo \u65e5\u672c\"},"
                + "{\"type\":\"tool_use\",\"id\":\"t\",\"input\":{}}]}}\n"
                + "{\"type\":\"progress\",\"data\":{}}\n"
                + "not json\n";
        Files.write(transcript, lines.getBytes(StandardCharsets.UTF_8));
        new TranscriptIndex(layout).record("b", transcript.toString(), null, null);
        // a Gemini CLI session document: its store is told from a streamed head, through jackson, which a
        // line too long to hold and OpenCode's messages go through too
        new Links(layout).add("a", "c");
        Path document = dir.resolve("c.json");
        Files.writeString(
                document,
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"messages\":[{\"id\":\"m\",\"type\":\"user\",\"content\":\"hi\"}]}");
        new TranscriptIndex(layout).record("c", document.toString(), null, null);
        Files.writeString(layout.projectJson(), "{\"nodes\":[{\"id\":\"b\",\"data\":{\"title\":\"B\"}}]}");
    }

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
