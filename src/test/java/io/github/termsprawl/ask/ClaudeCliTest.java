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
                claude, new AskEnvironment(Map.of("PATH", System.getenv("PATH"))), Duration.ofSeconds(1), "--timeout");
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
}
