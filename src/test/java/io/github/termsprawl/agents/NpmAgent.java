package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A real agent, as its users install it: one pinned version of an npm package, installed once per machine
 * into {@code ${user.home}/.cache/termsprawl/agents/<package>@<version>} ({@code -Dtermsprawl.agentsCache}
 * names another folder), and reused by every later build. The install goes into a temporary folder beside
 * it and is renamed into place only when npm succeeded, so an interrupted or concurrent install never
 * leaves a half-installed agent where a test would take it for a whole one.
 *
 * <p>When npm or node is missing, or the package cannot be had (no network, no such version), the test
 * skips and says why; with {@code -Dtermsprawl.requireAgents=true} (CI) it fails instead, as
 * {@code core/SharedFolder} does for {@code ../shared}.
 */
public final class NpmAgent {
    public static final String REQUIRE_PROPERTY = "termsprawl.requireAgents";
    public static final String CACHE_PROPERTY = "termsprawl.agentsCache";
    /** npm's whole install, download included: a guard against a hang, not a measure. */
    static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);

    /** Claude Code, the version issue 27 was tried with. */
    public static final NpmAgent CLAUDE_CODE = new NpmAgent("@anthropic-ai/claude-code", "2.1.332", "claude");

    private final String pkg;
    private final String version;
    private final String bin;

    /** What came of the install in this JVM, per agent: its bin, or why there is none. */
    private static final Map<String, Object> OUTCOME = new ConcurrentHashMap<>();

    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    /**
     * @param pkg the npm package, {@code @scope/name} or {@code name}
     * @param version the exact version (never a range: the tests prove what that version writes)
     * @param bin the executable the package puts in {@code node_modules/.bin}
     */
    public NpmAgent(String pkg, String version, String bin) {
        this.pkg = pkg;
        this.version = version;
        this.bin = bin;
    }

    public String pkg() {
        return pkg;
    }

    public String version() {
        return version;
    }

    /** {@code <package>@<version>}, as npm spells it. */
    public String spec() {
        return pkg + "@" + version;
    }

    /** Whether a missing agent fails the test rather than skipping it. */
    public static boolean required() {
        return Boolean.parseBoolean(System.getProperty(REQUIRE_PROPERTY, "false"));
    }

    /** The folder every agent is cached under. */
    public static Path cacheRoot() {
        String dir = System.getProperty(CACHE_PROPERTY, "");
        return (dir.isBlank()
                        ? Path.of(System.getProperty("user.home"), ".cache", "termsprawl", "agents")
                        : Path.of(dir))
                .toAbsolutePath()
                .normalize();
    }

    /** This version's folder (an {@code npm --prefix}): the scope's slash becomes {@code +}. */
    public Path folder() {
        return cacheRoot().resolve(spec().replace('/', '+'));
    }

    /**
     * The agent's executable, installing it first if this machine has not yet; skips (or fails, when required)
     * the calling test when it cannot be had.
     */
    public Path bin() {
        Object outcome = OUTCOME.computeIfAbsent(spec(), k -> {
            try {
                return install();
            } catch (IOException e) {
                return e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted while installing " + spec();
            }
        });
        if (outcome instanceof Path path) {
            return path;
        }
        need(false, (String) outcome);
        throw new AssertionError("unreachable");
    }

    private Path binIn(Path prefix) {
        return prefix.resolve("node_modules").resolve(".bin").resolve(bin);
    }

    private Path install() throws IOException, InterruptedException {
        Path done = binIn(folder());
        if (Files.isExecutable(done)) {
            return done;
        }
        if (!runs("npm", "--version") || !runs("node", "--version")) {
            throw new IOException("npm or node is not on PATH, so " + spec() + " cannot be installed");
        }
        Files.createDirectories(cacheRoot());
        Path tmp = Files.createTempDirectory(cacheRoot(), ".tmp-" + folder().getFileName() + "-");
        try {
            List<String> command = new ArrayList<>(List.of(
                    "npm",
                    "install",
                    "--prefix",
                    tmp.toString(),
                    "--no-audit",
                    "--no-fund",
                    "--no-save",
                    "--loglevel=error",
                    spec()));
            AgentRun.Result r = AgentRun.run(command, cacheRoot(), AgentRun.inherited(), INSTALL_TIMEOUT);
            if (r.timedOut()) {
                throw new IOException(
                        "npm install " + spec() + " did not finish within " + INSTALL_TIMEOUT.toMinutes() + " min");
            }
            if (r.exit() != 0 || !Files.isExecutable(binIn(tmp))) {
                throw new IOException("npm install " + spec() + " failed (exit " + r.exit() + "): "
                        + tail(r.stderr().isBlank() ? r.stdout() : r.stderr()));
            }
            try {
                Files.move(tmp, folder(), StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                // another build installed it meanwhile: theirs is as good, ours goes
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot rename " + tmp + " to " + folder() + ": " + e.getMessage());
            }
        } finally {
            deleteTree(tmp);
        }
        if (!Files.isExecutable(done)) {
            throw new IOException("npm installed " + spec() + " but " + done + " is not there");
        }
        return done;
    }

    private static boolean runs(String... command) {
        try {
            AgentRun.Result r = AgentRun.run(List.of(command), null, AgentRun.inherited(), Duration.ofSeconds(60));
            return r.exit() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String tail(String text) {
        String t = text.strip();
        return t.length() > 800 ? "…" + t.substring(t.length() - 800) : t;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Skips the test saying why (fails it when agents are required). */
    static void need(boolean present, String missing) {
        if (present) {
            return;
        }
        if (required()) {
            fail(missing + "; required by -D" + REQUIRE_PROPERTY + "=true");
        }
        if (SAID.add(missing)) {
            // once per missing thing in the build: surefire only counts the skipped tests
            System.err.println("[termsprawl tests] " + missing + ": every test that needs it is skipped (-D"
                    + REQUIRE_PROPERTY + "=true makes them fail instead)");
        }
        assumeTrue(false, missing + ": skipped");
    }

    @Override
    public String toString() {
        return spec();
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
