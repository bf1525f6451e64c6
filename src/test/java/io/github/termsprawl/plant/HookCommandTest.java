package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Ours is exactly what discover planted; a command that merely starts like it is the user's. */
class HookCommandTest {
    @Test
    void theRecordHookAloneIsOurs() {
        assertTrue(HookCommand.isRecord(HookSettings.CLAUDE.command(), "claude"));
        assertTrue(HookCommand.isRecord("'/home/me/my proj'/.termsprawl/bin/termsprawl-record", "claude"));
        for (String mine : List.of(
                "\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-recorder-backup.sh",
                "\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-record.bak",
                "\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-record --verbose",
                "\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-record && echo done",
                "echo \"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-record",
                "\"$CLAUDE_PROJECT_DIR/.termsprawl/bin/termsprawl-record")) {
            assertFalse(HookCommand.isRecord(mine, "claude"), mine);
        }
    }

    @Test
    void theGuardOfEachModeIsOursAndNothingLikeIt() {
        for (String mode : List.of("warn", "ask", "deny")) {
            assertTrue(HookCommand.isGuard(HookSettings.CLAUDE.guardCommand(mode), "claude"), mode);
        }
        String warn = HookSettings.CLAUDE.guardCommand("warn");
        for (String mine : List.of(
                warn.replace("--hook", "--hook-log"),
                warn + " --guard off",
                warn + " --guard ask --json",
                warn.replace("termsprawl-touches", "termsprawl-touches-audit"),
                warn + "; echo hi")) {
            assertFalse(HookCommand.isGuard(mine, "claude"), mine);
        }
    }

    @Test
    void wordsTakeTheQuotesOffAndRefuseOperators() {
        assertEquals(List.of("$D/x", "a b"), HookCommand.words("\"$D\"/x  'a b'"));
        assertNull(HookCommand.words("a | b"));
        assertNull(HookCommand.words("a \"b"));
    }
}
