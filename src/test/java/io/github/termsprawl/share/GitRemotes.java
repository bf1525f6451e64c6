package io.github.termsprawl.share;

import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** A bare repository on disk as the remote, and clones of it as machines, with real git (the share goal's tests too). */
public final class GitRemotes {
    final Path root;
    public final Path bare;

    public GitRemotes(Path root) throws IOException {
        Assumptions.assumeTrue(hasGit(), "git is not on the PATH: the sharing tests run real git");
        this.root = root;
        this.bare = root.resolve("remote.git");
        git(root, "init", "-q", "--bare", bare.toString());
    }

    static boolean hasGit() {
        try {
            Process p = new ProcessBuilder("git", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A clone of the remote whose user.email is {@code email}. */
    public Path machine(String name, String email) throws IOException {
        Path dir = root.resolve(name);
        git(root, "clone", "-q", bare.toUri().toString(), dir.toString());
        git(dir, "config", "user.email", email);
        git(dir, "config", "user.name", name);
        return dir;
    }

    /** A Claude Code session of {@code turns} user/assistant pairs recorded as {@code node} in {@code project}. */
    public Path session(Path project, String node, int pairs, String extra) throws IOException {
        Path transcript = root.resolve("sessions").resolve(project.getFileName() + "-" + node + ".jsonl");
        Files.createDirectories(transcript.getParent());
        StringBuilder out = new StringBuilder();
        String parent = null;
        for (int i = 0; i < pairs; i++) {
            String u = "u" + i;
            String a = "a" + i;
            out.append(user(u, parent, "question " + i + (i == 0 ? extra : ""), i))
                    .append('\n');
            out.append(says(a, u, "answer " + i, i)).append('\n');
            parent = a;
        }
        Files.writeString(transcript, out.toString(), StandardCharsets.UTF_8);
        Fixtures.write(
                project.resolve(".termsprawl/transcripts/" + node + ".json"),
                "{\"version\": 1, \"path\": " + Fixtures.jsonString(transcript.toString())
                        + ", \"store\": \"claude\", \"session\": \"s1\"}\n");
        return transcript;
    }

    /** Appends one user/assistant pair after {@code parent}. */
    static void grow(Path transcript, int i, String parent) throws IOException {
        Files.writeString(
                transcript,
                user("u" + i, parent, "question " + i, i) + "\n" + says("a" + i, "u" + i, "answer " + i, i) + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
    }

    static String time(int second) {
        return String.format("2026-01-01T%02d:%02d:%02dZ", second / 3600, second / 60 % 60, second % 60);
    }

    static String user(String uuid, String parent, String text, int second) {
        return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"parentUuid\":"
                + (parent == null ? "null" : "\"" + parent + "\"") + ",\"sessionId\":\"s1\",\"timestamp\":\""
                + time(second) + "\",\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(text) + "}}";
    }

    static String says(String uuid, String parent, String text, int second) {
        return "{\"type\":\"assistant\",\"uuid\":\"" + uuid + "\",\"parentUuid\":\"" + parent
                + "\",\"sessionId\":\"s1\",\"timestamp\":\"" + time(second) + "\",\"message\":{\"id\":\"msg_" + uuid
                + "\",\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":"
                + Fixtures.jsonString(text) + "}]}}";
    }

    /** Runs git in {@code dir}; its stdout, or an assertion error with its stderr. */
    public static String git(Path dir, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        byte[] err;
        byte[] out;
        try {
            out = p.getInputStream().readAllBytes();
            err = p.getErrorStream().readAllBytes();
            p.waitFor(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        if (p.exitValue() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + ": " + new String(err, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
