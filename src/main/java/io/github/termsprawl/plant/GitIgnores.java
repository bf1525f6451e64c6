package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What git itself says about the planted files of a project that is a git work tree (docs/planted.md, "Git"):
 * which of them {@code git add} would leave out, and the personal settings file kept out of git in the
 * repository's own {@code info/exclude}. Git is asked, never imitated: its ignore rules (nested files, the
 * global excludes, negations) are its own. Each call is bounded in time; without git, or outside a work tree,
 * {@link #open} gives null and the caller skips the verification.
 */
public final class GitIgnores {
    /** How long one git call may take: it reads a few small files, but a network file system may hang. */
    static final long TIMEOUT_SECONDS = 10;

    /** The comment above the line {@code discover} adds to {@code info/exclude}; {@code remove} looks for it. */
    public static final String EXCLUDE_COMMENT =
            "# termsprawl: Claude Code's personal settings, created by termsprawl discover";

    private final Path root;
    private final String git;

    private GitIgnores(Path root, String git) {
        this.root = root;
        this.git = git;
    }

    /**
     * Git at {@code root}, or null when there is no git, {@code root} is not inside a git work tree, or that
     * work tree ignores {@code root} as a whole (a sample copied under a {@code target/}): the project is then
     * no part of that repository, and what it ignores is no concern of the project's files.
     */
    public static GitIgnores open(Path root) {
        return open(root, "git");
    }

    /** @param git the git executable (a test names one that is missing) */
    static GitIgnores open(Path root, String git) {
        GitIgnores g = new GitIgnores(root, git);
        Result r = g.run(null, "rev-parse", "--is-inside-work-tree");
        if (r == null || r.code != 0 || !r.out.strip().equals("true")) {
            return null;
        }
        Result whole = g.run(null, "check-ignore", "-q", ".");
        return whole != null && whole.code == 1 ? g : null;
    }

    /**
     * The files of {@code files} git ignores and does not track (what {@code git add} leaves out), each with
     * the rule that ignores it ({@code <source>:<line>: <pattern>}); null when git could not answer.
     */
    public Map<Path, String> ignored(Collection<Path> files) {
        Map<Path, String> out = new LinkedHashMap<>();
        if (files.isEmpty()) {
            return out;
        }
        StringBuilder in = new StringBuilder();
        Map<String, Path> byName = new LinkedHashMap<>();
        for (Path f : files) {
            String rel = relative(f);
            byName.put(rel, f);
            in.append(rel).append('\0');
        }
        Result r = run(in.toString(), "check-ignore", "--stdin", "-z", "-v");
        if (r == null || (r.code != 0 && r.code != 1)) {
            return null;
        }
        // -z -v: <source> NUL <line> NUL <pattern> NUL <path> NUL, for each path an ignore rule matches
        String[] parts = r.out.split("\0", -1);
        for (int i = 0; i + 3 < parts.length; i += 4) {
            Path f = byName.get(parts[i + 3]);
            if (f != null && !parts[i + 2].startsWith("!")) {
                out.put(f, parts[i] + ":" + parts[i + 1] + ": " + parts[i + 2]);
            }
        }
        return out;
    }

    /**
     * Keeps {@code file} out of git in the repository's {@code info/exclude} (personal, never committed), under
     * {@link #EXCLUDE_COMMENT}; does nothing when git ignores it already.
     *
     * @return the exclude file when it was written, else null
     */
    public Path keepOut(Path file) throws IOException {
        Map<Path, String> ignored = ignored(List.of(file));
        if (ignored == null || !ignored.isEmpty()) {
            return null;
        }
        Path exclude = excludeFile();
        if (exclude == null) {
            return null;
        }
        String line = pattern(file);
        String text = read(exclude);
        if (text.lines().anyMatch(line::equals)) {
            return null;
        }
        StringBuilder out = new StringBuilder(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.append('\n');
        }
        out.append(EXCLUDE_COMMENT).append('\n').append(line).append('\n');
        return write(exclude, out.toString()) ? exclude : null;
    }

    /**
     * Takes back what {@link #keepOut} added for {@code file}: the comment and the line under it, nothing else.
     *
     * @return the exclude file when it was written, else null
     */
    public Path undoKeepOut(Path file) throws IOException {
        Path exclude = excludeFile();
        if (exclude == null || !Files.isRegularFile(exclude)) {
            return null;
        }
        String text = read(exclude);
        String without = withoutKeptOut(text, pattern(file));
        return !without.equals(text) && write(exclude, without) ? exclude : null;
    }

    /** {@code text} without each {@link #EXCLUDE_COMMENT} line that is followed by {@code line}, and that line. */
    static String withoutKeptOut(String text, String line) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        boolean changed = false;
        for (int i = 0; i + 1 < lines.size(); ) {
            if (lines.get(i).equals(EXCLUDE_COMMENT) && lines.get(i + 1).equals(line)) {
                lines.remove(i + 1);
                lines.remove(i);
                changed = true;
            } else {
                i++;
            }
        }
        return changed ? String.join("\n", lines) : text;
    }

    /** The pattern that names exactly {@code file} from the top of the work tree, special characters escaped. */
    String pattern(Path file) {
        Result r = run(null, "rev-parse", "--show-prefix");
        String prefix = r != null && r.code == 0 ? r.out.strip() : "";
        StringBuilder out = new StringBuilder("/");
        String name = prefix + relative(file);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '\\' || (c == ' ' && i == name.length() - 1)) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** The repository's exclude file (in a linked work tree, the main repository's), or null. */
    private Path excludeFile() {
        Result r = run(null, "rev-parse", "--git-path", "info/exclude");
        if (r == null || r.code != 0 || r.out.isBlank()) {
            return null;
        }
        return root.resolve(r.out.strip()).toAbsolutePath().normalize();
    }

    /** Written within the git folder that holds {@code info/}: never through a linked {@code info} folder. */
    private static boolean write(Path exclude, String text) throws IOException {
        Path gitDir = exclude.getParent().getParent();
        return AtomicFiles.writeIfChanged(gitDir, exclude, text);
    }

    private static String read(Path file) throws IOException {
        byte[] bytes = AtomicFiles.readPlain(file);
        return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
    }

    private String relative(Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    /**
     * Whether git's index holds a file at or under {@code path} (committed or staged): then {@code git add -A}
     * accepts the path even when it is gone from the work tree. Git's list is not read (it may be long).
     */
    public boolean tracks(Path path) {
        Result r = run(null, true, "ls-files", "--error-unmatch", "--", relative(path));
        return r != null && r.code == 0;
    }

    private record Result(int code, String out) {}

    /** Runs git in the project folder; null when it cannot start or does not end in time. */
    private Result run(String stdin, String... args) {
        return run(stdin, false, args);
    }

    /** {@link #run(String, String...)}; with {@code discard}, git's output is not kept (only its exit code is). */
    private Result run(String stdin, boolean discard, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(git);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        if (discard) {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException | RuntimeException e) {
            return null; // no git: nothing to verify
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> copy(p.getInputStream(), out), "termsprawl-git");
        reader.setDaemon(true);
        reader.start();
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // git ended before reading its input: its exit code says why
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            reader.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return null;
        }
        synchronized (out) {
            return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        byte[] buf = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buf)) > 0; ) {
                synchronized (out) {
                    out.write(buf, 0, n);
                }
            }
        } catch (IOException e) {
            // the process was killed: what was read is all there is
        }
    }
}
