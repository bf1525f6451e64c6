package io.github.termsprawl.core;

import io.github.termsprawl.redact.Redactor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The user's own {@code git}, run in the project folder: their credential helpers, SSH agent, hooks and
 * configuration apply as they do on the command line, and termsprawl never sees a credential. Every call is
 * bounded in time; git never prompts (no terminal: {@code GIT_TERMINAL_PROMPT=0}), so a remote that needs a
 * password no helper gives fails instead of hanging. Git's error text is redacted before it is shown (a
 * remote URL may carry a token). In {@code core} because the readers of a received shared node read its
 * files from git's object store ({@link SharedNode}); docs/sharing.md.
 */
public final class Git {
    /** A local plumbing call. */
    public static final long LOCAL_MS = 60_000;
    /** A push or a fetch. */
    public static final long NETWORK_MS = 300_000;

    private final Path dir;

    public Git(Path dir) {
        this.dir = dir;
    }

    /** What git printed, and its exit code. */
    public record Result(int code, byte[] out, String err) {
        public String text() {
            return new String(out, StandardCharsets.UTF_8).trim();
        }
    }

    /** Runs git; a non-zero exit becomes an error naming the call and git's (redacted) message. */
    public String ok(String... args) throws IOException, UserErrorException {
        return okWith(null, LOCAL_MS, args).text();
    }

    public Result okWith(byte[] stdin, long timeoutMs, String... args) throws IOException, UserErrorException {
        return okCapped(stdin, timeoutMs, UNBOUNDED, args);
    }

    /**
     * {@link #okWith}, git stopped and the call failed as soon as it prints more than {@code maxOut} bytes: for what
     * a teammate's push decides the size of (docs/sharing.md, "Caps").
     */
    public Result okCapped(byte[] stdin, long timeoutMs, long maxOut, String... args)
            throws IOException, UserErrorException {
        Result r = runCapped(stdin, timeoutMs, maxOut, args);
        if (r.code != 0) {
            throw new UserErrorException(
                    "git " + args[0] + " failed (exit " + r.code + "): " + r.err,
                    "Run the same git command in the project folder to see why; termsprawl uses git as you do");
        }
        return r;
    }

    /** Runs git and returns whatever it did; only a missing git or a timeout throws. */
    public Result run(byte[] stdin, long timeoutMs, String... args) throws IOException, UserErrorException {
        return runCapped(stdin, timeoutMs, UNBOUNDED, args);
    }

    private static final long UNBOUNDED = Long.MAX_VALUE;
    /** The most of git's error text kept: a message, not a flood. */
    private static final long ERR_MAX = 64 * 1024;

    private Result runCapped(byte[] stdin, long timeoutMs, long maxOut, String... args)
            throws IOException, UserErrorException {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.environment().put("LC_ALL", "C");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UserErrorException("git was not found on the PATH", "Install git, or put it on the PATH");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.util.concurrent.atomic.AtomicBoolean over = new java.util.concurrent.atomic.AtomicBoolean();
        Thread o = pump(p, p.getInputStream(), out, maxOut, over);
        Thread e = pump(null, p.getErrorStream(), err, ERR_MAX, null);
        Thread in = new Thread(() -> {
            try (OutputStream os = p.getOutputStream()) {
                if (stdin != null) {
                    os.write(stdin);
                }
            } catch (IOException ignored) {
                // git stopped reading: its exit code says why
            }
        });
        in.setDaemon(true);
        in.start();
        try {
            if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new UserErrorException(
                        "git " + args[0] + " did not finish within " + timeoutMs / 1000 + " s",
                        "Check that the remote answers (git " + args[0] + " by hand), then run again");
            }
            o.join();
            e.join();
        } catch (InterruptedException x) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while git " + args[0] + " ran", x);
        }
        if (over.get()) {
            throw new UserErrorException(
                    "git " + args[0] + " printed more than " + maxOut + " bytes, more than termsprawl reads",
                    "A shared node past the caps of docs/sharing.md: ask who shared it to share a smaller one");
        }
        String text = err.toString(StandardCharsets.UTF_8).trim();
        // the redactor's tables cost a short-lived reader (the context command) ~10 ms: built only for a message
        // and without control characters: a remote's "remote:" lines reach the user's terminal (docs/sharing.md)
        String message = text.isEmpty() ? text : ControlChars.strip(Redactor.redact(text));
        return new Result(p.exitValue(), out.toByteArray(), message);
    }

    /**
     * Copies {@code from} into {@code to}, at most {@code max} bytes: past them, stops {@code p} and sets {@code over}
     * (stdout), or reads on and keeps nothing more when {@code p} is null (stderr, which git may fill with progress).
     */
    private static Thread pump(
            Process p,
            InputStream from,
            ByteArrayOutputStream to,
            long max,
            java.util.concurrent.atomic.AtomicBoolean over) {
        Thread t = new Thread(() -> {
            try (from) {
                byte[] buffer = new byte[64 * 1024];
                long total = 0;
                for (int n; (n = from.read(buffer)) >= 0; ) {
                    total += n;
                    if (total > max && p != null) {
                        over.set(true);
                        p.destroyForcibly();
                        return;
                    }
                    if (total <= max) {
                        to.write(buffer, 0, n);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
