package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeCliTest {
    @Test
    void aTimeoutEndsWhatTheCommandStartedToo(@TempDir Path dir) throws Exception {
        // a wrapper script that does not exec: its child outlived it when only the script was killed
        Path marker = dir.resolve("child.pid");
        Path claude = dir.resolve("claude");
        Files.writeString(claude, "#!/bin/sh\nsleep 300 &\necho $! > '" + marker + "'\nwait\n");
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path transcript = Files.writeString(dir.resolve("s.jsonl"), "");
        ClaudeCli cli = new ClaudeCli(
                claude,
                new AskEnvironment(Map.of("PATH", System.getenv("PATH"))),
                Duration.ofSeconds(1),
                "--timeout",
                CappedBytes.CAP);
        AskException e = assertThrows(AskException.class, () -> cli.ask("s", transcript, dir, "q"));
        assertEquals(
                "claude gave no answer within 1 s. Allow more time (--timeout), or try again later.", e.getMessage());
        long child = Long.parseLong(Files.readString(marker).strip());
        // the kill is asynchronous: wait for the child's end, far less than its own 300 s (no speed asserted)
        ProcessHandle.of(child).ifPresent(p -> {
            try {
                p.onExit().get(120, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception stillRunning) {
                // asserted below
            }
        });
        assertTrue(ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true), "the script's child still runs");
    }

    /** A claude that floods its output is stopped at the cap with one clear message, never an OutOfMemoryError. */
    @Test
    void aFloodOfOutputIsCappedAndNamed(@TempDir Path dir) throws Exception {
        Path claude = dir.resolve("claude");
        // 4 MB on stdout against a cap of 64 KB; the process runs to its end, its pipe never blocks it
        Files.writeString(claude, "#!/bin/sh\nhead -c 4000000 /dev/zero | tr '\\0' x\necho $TERMSPRAWL_NODE_ID-\n");
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path transcript = Files.writeString(dir.resolve("s.jsonl"), "");
        ClaudeCli cli = new ClaudeCli(
                claude,
                new AskEnvironment(Map.of("PATH", System.getenv("PATH"), "TERMSPRAWL_NODE_ID", "asker")),
                Duration.ofSeconds(30),
                "--timeout",
                64 << 10);
        AskException e = assertThrows(AskException.class, () -> cli.ask("s", transcript, dir, "q"));
        assertTrue(
                e.getMessage()
                        .startsWith("claude printed 4.0 MB on stdout, more than an answer can be (the most"
                                + " kept is 65536 bytes)."),
                e.getMessage());
    }

    /** ask's fork of a session fires SessionStart: without the node id, the hook records nothing for it. */
    @Test
    void theForkRunsWithoutTheNodeId(@TempDir Path dir) throws Exception {
        Path claude = dir.resolve("claude");
        Files.writeString(claude, "#!/bin/sh\necho \"node=[$TERMSPRAWL_NODE_ID]\" >&2\nexit 3\n");
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path transcript = Files.writeString(dir.resolve("s.jsonl"), "");
        ClaudeCli cli = new ClaudeCli(
                claude,
                new AskEnvironment(Map.of("PATH", System.getenv("PATH"), "TERMSPRAWL_NODE_ID", "asker")),
                Duration.ofSeconds(30),
                "--timeout",
                CappedBytes.CAP);
        AskException e = assertThrows(AskException.class, () -> cli.ask("s", transcript, dir, "q"));
        assertTrue(e.getMessage().startsWith("claude failed (exit 3): node=[]."), e.getMessage());
    }
}
