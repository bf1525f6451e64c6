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
        long until = System.currentTimeMillis() + 5000;
        while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)
                && System.currentTimeMillis() < until) {
            Thread.sleep(50);
        }
        assertTrue(ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true), "the script's child still runs");
    }
}
