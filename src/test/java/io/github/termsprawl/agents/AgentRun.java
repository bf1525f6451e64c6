package io.github.termsprawl.agents;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One headless run of an agent (or of npm): in a folder, with exactly the environment given (nothing of the
 * test JVM's leaks in: no API key, no {@code TERMSPRAWL_NODE_ID}), stdin closed, stdout and stderr captured,
 * and the process with everything it started destroyed when it outlives its time. The time is a guard
 * against a hang, never an assertion (CONTRIBUTING.md, "Habits").
 */
public final class AgentRun {
    /** What one run gave. {@code timedOut}: it was destroyed; the streams hold what it printed until then. */
    public record Result(int exit, String stdout, String stderr, boolean timedOut) {
        /** Both streams, for an assertion's message. */
        public String describe() {
            return "exit " + exit + (timedOut ? " (timed out)" : "") + "\n--- stdout\n" + stdout + "\n--- stderr\n"
                    + stderr;
        }
    }

    /** The variables a run keeps from the test JVM's environment: how to find programs, and the locale. */
    private static final List<String> KEPT = List.of("PATH", "JAVA_HOME", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT");

    private AgentRun() {}

    /** The test JVM's whole environment (npm needs its own configuration and the user's cache). */
    static Map<String, String> inherited() {
        return new LinkedHashMap<>(System.getenv());
    }

    /**
     * A clean environment for an agent: {@link #KEPT} from the test JVM, {@code HOME} (and the config folders
     * that follow it) at {@code home}, and {@code java} of this JVM first on {@code PATH}, so the planted
     * launchers run on the Java the tests run on.
     */
    public static Map<String, String> cleanEnv(Path home) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : KEPT) {
            String value = System.getenv(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        Path javaBin = Path.of(System.getProperty("java.home"), "bin");
        env.put("PATH", javaBin + File.pathSeparator + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("HOME", home.toString());
        env.put("USERPROFILE", home.toString());
        env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        env.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        env.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        env.put("NO_COLOR", "1");
        env.put("CI", "1");
        return env;
    }

    /** Runs {@code command} in {@code dir} with {@code env} as its whole environment. */
    public static Result run(List<String> command, Path dir, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File(isWindows() ? "NUL" : "/dev/null")));
        Process p = pb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outPump = pump(p.getInputStream(), out);
        Thread errPump = pump(p.getErrorStream(), err);
        boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        outPump.join(10_000);
        errPump.join(10_000);
        String o;
        String e;
        synchronized (out) {
            o = out.toString(StandardCharsets.UTF_8);
        }
        synchronized (err) {
            e = err.toString(StandardCharsets.UTF_8);
        }
        return new Result(done ? p.exitValue() : -1, o, e, !done);
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream into) {
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    try (in) {
                        int n;
                        while ((n = in.read(buf)) > 0) {
                            synchronized (into) {
                                into.write(buf, 0, n);
                            }
                        }
                    } catch (IOException e) {
                        // the process went away: what was read stands
                    }
                },
                "agent-run-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }

    static boolean isWindows() {
        return System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .startsWith("windows");
    }

    /** {@code text} written to {@code file}, its folders made. */
    static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
