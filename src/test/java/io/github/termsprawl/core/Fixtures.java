package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Shared helpers for the tests: project files, processes, and runs of the node reference model ({@link SharedFolder}). */
public final class Fixtures {
    /**
     * The one timeout a test may have: a guard that turns a hang (a FIFO opened, a device read to its
     * end, a query that never ends) into a failure, long enough that no load on the machine reaches it.
     * It never asserts speed: a test bounds the work by counting it (CONTRIBUTING.md, "Habits").
     */
    public static final java.time.Duration HANG_GUARD = java.time.Duration.ofMinutes(2);

    private Fixtures() {}

    /** Every name in a folder, files and folders, sorted. */
    public static List<String> names(Path folder) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** What tells a file or folder from another (device and inode on Unix), no link followed. */
    public static Object fileKey(Path p) throws IOException {
        return Files.readAttributes(
                        p, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                .fileKey();
    }

    public static Path write(Path file, String text) throws IOException {
        return writeBytes(file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static Path writeBytes(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, bytes);
        return file;
    }

    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    public static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A link file with the given name and raw body. */
    public static void linkFile(Path cwd, String name, String body) throws IOException {
        write(cwd.resolve(".termsprawl/links").resolve(name), body);
    }

    public static void link(Path cwd, String a, String b) throws IOException {
        String lo = a.compareTo(b) < 0 ? a : b;
        String hi = a.compareTo(b) < 0 ? b : a;
        linkFile(cwd, lo + "--" + hi + ".json", "{\"version\": 1, \"a\": \"" + lo + "\", \"b\": \"" + hi + "\"}\n");
    }

    public static void index(Path cwd, String id, String path) throws IOException {
        write(
                cwd.resolve(".termsprawl/transcripts").resolve(id + ".json"),
                "{\"version\": 1, \"path\": " + jsonString(path) + "}\n");
    }

    public static String jsonString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /**
     * A JSON string literal for generated inputs: escaped minimally, or (at random) every non-ASCII char,
     * some newlines and every lone surrogate as backslash-u escapes in either case.
     */
    public static String jsonString(java.util.Random r, String s) {
        boolean escapeAll = r.nextInt(100) < 30;
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n' && r.nextInt(100) < 50) {
                out.append("\\n");
            } else if (c < 0x20 || Character.isSurrogate(c) && !pairAt(s, i) || escapeAll && c > 0x7e) {
                out.append(String.format(r.nextInt(100) < 50 ? "\\u%04x" : "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** Whether the char at {@code i} is half of a surrogate pair. */
    static boolean pairAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /** A Claude record line with string content. */
    public static String record(String type, String text) {
        return "{\"type\":\"" + type + "\",\"message\":{\"role\":\"" + type + "\",\"content\":" + jsonString(text)
                + "}}";
    }

    /** Skips the calling test unless a POSIX shell is there to run the planted scripts. */
    public static void assumeShell() {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh");
    }

    /** The result of one process: exit code, stdout and stderr bytes. */
    public record Run(int exit, byte[] stdout, byte[] stderr) {}

    public static Run run(List<String> command, Path workDir) throws IOException, InterruptedException {
        return run(command, workDir, java.util.Map.of());
    }

    public static Run run(List<String> command, Path workDir, java.util.Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errPump = new Thread(() -> copy(p.getErrorStream(), err));
        errPump.start();
        byte[] out = p.getInputStream().readAllBytes();
        errPump.join();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        return new Run(p.exitValue(), out, err.toByteArray());
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            // the process went away
        }
    }

    /** {@code node reference-context.mjs --cwd <cwd> --self <self>}, as a separate process. */
    public static Run reference(Path cwd, String self) throws IOException, InterruptedException {
        return run(
                List.of("node", SharedFolder.referenceScript().toString(), "--cwd", cwd.toString(), "--self", self),
                null);
    }

    /**
     * The reference model's stdout for many projects in one node process: the unmodified reference
     * script is evaluated once per case (a fresh module instance) with that case's argv, its stdout
     * captured as bytes (lone surrogates become EF BF BD exactly as on a real stdout).
     */
    public static List<byte[]> referenceBatch(List<Path> cwds, String self, Path scratch)
            throws IOException, InterruptedException {
        Path driver = scratch.resolve("ref-driver.mjs");
        write(
                driver,
                String.join(
                        "\n",
                        "import { readFileSync } from 'node:fs';",
                        "import { pathToFileURL } from 'node:url';",
                        "const [ref, casesFile, self] = process.argv.slice(2);",
                        "const cases = JSON.parse(readFileSync(casesFile, 'utf8'));",
                        "const realWrite = process.stdout.write.bind(process.stdout);",
                        "const realExit = process.exit;",
                        "const argv0 = process.argv.slice(0, 1);",
                        "const out = [];",
                        "for (let i = 0; i < cases.length; i++) {",
                        "  const chunks = [];",
                        "  process.stdout.write = (s) => { chunks.push(Buffer.isBuffer(s) ? s : Buffer.from(s, 'utf8')); return true; };",
                        "  process.exit = (c) => { throw new Error('reference exited ' + c); };",
                        "  process.argv = [...argv0, ref, '--cwd', cases[i], '--self', self];",
                        "  await import(pathToFileURL(ref).href + '?case=' + i);",
                        "  process.stdout.write = realWrite;",
                        "  process.exit = realExit;",
                        "  out.push(Buffer.concat(chunks).toString('base64'));",
                        "}",
                        "realWrite(out.join('\\n') + '\\n');",
                        ""));
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < cwds.size(); i++) {
            json.append(i == 0 ? "" : ",").append(jsonString(cwds.get(i).toString()));
        }
        Path casesFile =
                write(scratch.resolve("ref-cases.json"), json.append(']').toString());
        Run run = run(
                List.of(
                        "node",
                        driver.toString(),
                        SharedFolder.referenceScript().toString(),
                        casesFile.toString(),
                        self),
                null);
        if (run.exit() != 0) {
            throw new IOException("reference driver failed: " + str(run.stderr()));
        }
        List<byte[]> results = new ArrayList<>();
        for (String line : str(run.stdout()).split("\n", -1)) {
            if (results.size() < cwds.size()) {
                results.add(Base64.getDecoder().decode(line));
            }
        }
        return results;
    }

    /** Bytes shown readably for a failure message. */
    public static String show(byte[] bytes) {
        return str(bytes).replace("\n", "\\n\n");
    }
}
