package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The one place the tests find {@code ../shared} (the real transcripts of {@code corpus/} and the node
 * reference model {@code bench/reference-context.mjs}) and {@code node}. A fresh clone has neither, so a
 * test that needs them skips; with {@code -Dtermsprawl.requireShared=true} (CI) it fails instead, so the
 * strongest tests cannot go quiet unnoticed. The folder is {@code -Dtermsprawl.shared}, else
 * {@code ../shared} (the build sets both properties, see pom.xml).
 */
public final class SharedFolder {
    public static final String DIR_PROPERTY = "termsprawl.shared";
    public static final String REQUIRE_PROPERTY = "termsprawl.requireShared";

    private static Boolean nodeAvailable;

    private SharedFolder() {}

    public static Path dir() {
        return Path.of(System.getProperty(DIR_PROPERTY, "../shared"))
                .toAbsolutePath()
                .normalize();
    }

    /** Whether a missing folder or node fails the test rather than skipping it. */
    public static boolean required() {
        return Boolean.parseBoolean(System.getProperty(REQUIRE_PROPERTY, "false"));
    }

    /** {@code corpus/<sub>} of the shared folder; skips (or fails, when required) the test if it is missing. */
    public static Path corpus(String sub) {
        Path dir = dir().resolve("corpus").resolve(sub).normalize();
        if (!Files.isDirectory(dir().resolve("corpus"))) {
            need(
                    false,
                    "no corpus folder at " + dir().resolve("corpus") + " (-D" + DIR_PROPERTY + " names the folder)");
        }
        need(Files.isDirectory(dir), "no corpus folder at " + dir + " (-D" + DIR_PROPERTY + " names the folder)");
        return dir;
    }

    /** The whole corpus folder. */
    public static Path corpus() {
        return corpus(".");
    }

    /** The node reference model; skips (or fails, when required) the test unless it and node are there. */
    public static Path referenceScript() {
        Path script = dir().resolve("bench/reference-context.mjs");
        need(
                Files.isRegularFile(script),
                "no reference model at " + script + " (-D" + DIR_PROPERTY + " names the folder)");
        assumeNode();
        return script;
    }

    /** Skips (or fails, when required) the test unless the reference model and node are there. */
    public static void assumeReference() {
        referenceScript();
    }

    /** Skips (or fails, when required) the test unless {@code node} runs. */
    public static void assumeNode() {
        need(nodeAvailable(), "node is not on PATH");
    }

    private static void need(boolean present, String missing) {
        if (present) {
            return;
        }
        if (required()) {
            fail(missing + "; required by -D" + REQUIRE_PROPERTY + "=true");
        }
        if (SAID.add(missing)) {
            // once per missing thing in the build, not once per test: surefire only counts the skipped ones
            System.err.println("[termsprawl tests] " + missing + ": every test that needs it is skipped (-D"
                    + REQUIRE_PROPERTY + "=true makes them fail instead)");
        }
        assumeTrue(false, missing + ": skipped");
    }

    /** What the build was told is missing. */
    private static final java.util.Set<String> SAID = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static synchronized boolean nodeAvailable() {
        if (nodeAvailable == null) {
            try {
                Process p = new ProcessBuilder("node", "--version")
                        .redirectErrorStream(true)
                        .start();
                p.getInputStream().readAllBytes();
                nodeAvailable = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException | InterruptedException e) {
                nodeAvailable = false;
            }
        }
        return nodeAvailable;
    }
}
