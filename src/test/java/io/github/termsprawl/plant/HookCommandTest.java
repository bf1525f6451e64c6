package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.registry.Agents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void codexsCommandsThatFindTheProjectAreOursAndNothingLikeThem() {
        HookSettings codex = HookSettings.of(Agents.named("codex"));
        assertTrue(HookCommand.isRecord(codex.command(), "codex"), codex.command());
        assertFalse(HookCommand.isRecord(codex.command(), "gemini"));
        for (String mode : List.of("hold", "warn", "deny")) {
            assertTrue(HookCommand.isGuard(codex.guardCommand(mode), "codex"), codex.guardCommand(mode));
            assertEquals(mode, HookCommand.guardOf(codex.guardCommand(mode)));
        }
        String record = codex.command();
        for (String mine : List.of(
                record.replace("exit 0;", "exit 0; rm -rf \"$d\";"),
                record.replace("d=$PWD;", "d=$HOME;"),
                record.replace("--agent codex'", "--agent codex --verbose'"),
                record.replace("\"$d/.termsprawl/bin/termsprawl-record\" --", "\"$d/.termsprawl/bin/other\" --"),
                record.replace("sh -c", "bash -c"),
                record + " && echo done")) {
            assertFalse(HookCommand.isRecord(mine, "codex"), mine);
        }
        String guard = codex.guardCommand("hold");
        assertFalse(HookCommand.isGuard(guard.replace("--cwd \"$d\"'", "--cwd \"$d\" --guard off'"), "codex"));
        assertFalse(HookCommand.isGuard(guard.replace("--cwd \"$d\"'", "--cwd \"$d\"; echo'"), "codex"));
    }

    /**
     * Codex runs a hook in the session's folder, a module folder maybe: the command runs the launchers of the nearest
     * folder above that holds them, the project named by its path; below no project it does nothing, and succeeds.
     */
    @Test
    void codexsCommandsRunTheProjectsLauncherFromAModuleFolder(@TempDir Path tmp) throws Exception {
        Fixtures.assumeShell();
        Path project = Files.createDirectories(tmp.resolve("my project")).toRealPath();
        Path module = Files.createDirectories(project.resolve("module/src"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        for (String name : List.of(Discovery.RECORD, Discovery.TOUCHES)) {
            Path launcher = Fixtures.write(
                    project.resolve(".termsprawl/bin").resolve(name), "#!/bin/sh\nprintf '%s|' \"$0\" \"$@\"\n");
            Files.setPosixFilePermissions(
                    launcher, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        HookSettings codex = HookSettings.of(Agents.named("codex"));
        String bin = project + "/.termsprawl/bin/";
        assertEquals("0|" + bin + "termsprawl-record|--agent|codex||", sh(codex.command(), module, elsewhere));
        assertEquals(
                "0|" + bin + "termsprawl-touches|--hook|--agent|codex|--cwd|" + project + "||",
                sh(codex.guardCommand("hold"), project, elsewhere));
        assertEquals("0||", sh(codex.command(), elsewhere, project));
    }

    /** {@code command} as an agent runs it: {@code sh -c} in {@code dir}, whose PWD named {@code pwd} (its own). */
    private static String sh(String command, Path dir, Path pwd) throws Exception {
        Fixtures.Run run =
                Fixtures.run(List.of("/bin/sh", "-c", command), dir, java.util.Map.of("PWD", pwd.toString()));
        return run.exit() + "|" + Fixtures.str(run.stdout()) + "|" + Fixtures.str(run.stderr());
    }

    /**
     * Gemini CLI replaces a plain {@code $GEMINI_PROJECT_DIR} in a command's text by the folder quoted for the shell,
     * which inside quotes keeps its quotes; the braced variable is left to the shell, which the CLI gives the folder.
     */
    @Test
    void geminisCommandsLeaveTheFolderToTheShell() {
        HookSettings gemini = HookSettings.of(Agents.named("gemini"));
        for (String command : List.of(gemini.command(), gemini.guardCommand("hold"))) {
            assertFalse(command.matches(".*\\$GEMINI_PROJECT_DIR.*"), command);
            assertTrue(command.startsWith("\"${GEMINI_PROJECT_DIR}\"/.termsprawl/bin/"), command);
        }
        assertTrue(HookCommand.isRecord(gemini.command(), "gemini"));
        assertTrue(HookCommand.isGuard(gemini.guardCommand("hold"), "gemini"));
    }

    @Test
    void wordsTakeTheQuotesOffAndRefuseOperators() {
        assertEquals(List.of("$D/x", "a b"), HookCommand.words("\"$D\"/x  'a b'"));
        assertNull(HookCommand.words("a | b"));
        assertNull(HookCommand.words("a \"b"));
    }

    @Test
    void eachAgentsThreeHooksAreToldApart() {
        for (io.github.termsprawl.store.Agent agent : io.github.termsprawl.registry.Agents.all()) {
            HookSettings settings = HookSettings.of(agent);
            if (settings == null) {
                continue; // a plugin, or no hooks
            }
            String id = agent.store().id();
            String record = settings.command();
            String guard = settings.guardCommand("hold");
            String prompt = settings.promptCommand();
            assertTrue(
                    HookCommand.isRecord(record, id)
                            && !HookCommand.isGuard(record, id)
                            && !HookCommand.isPrompt(record, id),
                    record);
            assertTrue(
                    HookCommand.isGuard(guard, id)
                            && !HookCommand.isRecord(guard, id)
                            && !HookCommand.isPrompt(guard, id),
                    guard);
            assertTrue(
                    HookCommand.isPrompt(prompt, id)
                            && !HookCommand.isRecord(prompt, id)
                            && !HookCommand.isGuard(prompt, id),
                    prompt);
            assertFalse(HookCommand.isPrompt(prompt + " --more", id), prompt);
        }
    }
}
