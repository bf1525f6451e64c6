package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After {@code remove}, the command it prints to commit the removal (docs/goals.md, "remove") runs in a real
 * repository with no commit yet and stages nothing of a session: no turn file, no transcript index, no history
 * state.
 */
class RemovalCommitTest {
    @TempDir
    Path cwd;

    /** The agents' hook and plugin files discover plants for the team (docs/team.md, "What to commit"). */
    static final List<String> TEAM_FILES = List.of(
            ".codex/hooks.json",
            ".pi/extensions/termsprawl.ts",
            ".gemini/settings.json",
            ".opencode/plugin/termsprawl.js");

    ProjectLayout layout() {
        return new ProjectLayout(cwd);
    }

    /** discover, then what sessions leave on this machine: turn files, the transcript index, history's state. */
    GitIgnores discoverWithSessions() throws Exception {
        GitIgnoresTest.git(cwd, "init", "-q");
        GitIgnores git = GitIgnores.open(cwd);
        Assumptions.assumeTrue(git != null, "no git");
        new Discovery(layout(), DiscoveryTest.CALL).discover();
        Path settings = layout().claudeSettingsLocal();
        Files.writeString(settings, HookSettings.CLAUDE.plan(settings, HookSettings.DEFAULT_GUARD));
        git.keepOut(settings);
        Files.createDirectories(layout().linksDir());
        Files.writeString(layout().linksDir().resolve("a--b.json"), "{}\n");
        Files.createDirectories(layout().transcriptsDir());
        Files.writeString(
                layout().transcriptsDir().resolve("a.json"), "{\"path\":\"/home/me/.claude/projects/x/s.jsonl\"}\n");
        Files.writeString(layout().transcriptsDir().resolve("a.touches"), "x\n");
        Files.createDirectories(layout().historyDir().resolve("a"));
        Files.writeString(layout().historyDir().resolve("a/turn-0001-user.md"), "my key is AKIA…\n");
        Files.writeString(layout().historyDir().resolve("a/index.md"), "x\n");
        Files.createDirectories(layout().historyStateDir().resolve("a"));
        Files.writeString(layout().historyStateDir().resolve("a/state.json"), "{}\n");
        return git;
    }

    /** Runs the command remove printed; it must succeed. */
    static void run(Path dir, String command) throws Exception {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        assertEquals("git", args.get(0), command);
        GitIgnoresTest.git(dir, args.subList(1, args.size()).toArray(String[]::new));
    }

    List<String> staged() throws Exception {
        String out = GitIgnoresTest.git(cwd, "ls-files", "-z");
        return out.isEmpty() ? List.of() : List.of(out.split("\0"));
    }

    static void assertNoSessionFile(List<String> staged) {
        for (String f : staged) {
            assertTrue(
                    !f.startsWith(".termsprawl/history") && !f.startsWith(".termsprawl/transcripts/"),
                    "a session's file is staged: " + f + " in " + staged);
        }
    }

    @Test
    void afterRemoveTheCommandStagesNoSessionFile() throws Exception {
        GitIgnores git = discoverWithSessions();
        // what docs/team.md says after discover: the agents' team files of hooks and plugins too
        GitIgnoresTest.git(cwd, "add", ".termsprawl", ".claude/skills");
        List<String> add = new ArrayList<>(List.of("add"));
        add.addAll(TEAM_FILES);
        GitIgnoresTest.git(cwd, add.toArray(String[]::new));
        assertNoSessionFile(staged());
        Removal removal = new Removal(layout());
        removal.remove(false, git);
        String command = Removal.commitCommand(cwd, git);
        assertEquals("git add -A -- .termsprawl .claude " + String.join(" ", TEAM_FILES), command);
        run(cwd, command);
        List<String> staged = staged();
        assertNoSessionFile(staged);
        assertEquals(List.of(".termsprawl/.gitignore", ".termsprawl/links/a--b.json"), staged);
        // the data is kept, and so is what keeps it out of git
        assertTrue(Files.isRegularFile(layout().historyDir().resolve("a/turn-0001-user.md")));
        assertEquals(
                Removal.KEPT_DATA_GITIGNORE,
                Files.readString(layout().stateDir().resolve(".gitignore")));
    }

    @Test
    void nothingStagedBeforeAndNoClaudeFolderLeftTheCommandStillWorks() throws Exception {
        GitIgnores git = discoverWithSessions();
        new Removal(layout()).remove(false, git);
        assertTrue(!Files.exists(cwd.resolve(".claude")), "remove took the whole .claude folder");
        String command = Removal.commitCommand(cwd, git);
        assertEquals("git add -A -- .termsprawl", command);
        run(cwd, command);
        assertEquals(List.of(".termsprawl/.gitignore", ".termsprawl/links/a--b.json"), staged());
    }

    @Test
    void removeAllInAProjectWithNothingStagedLeavesNothingToAdd() throws Exception {
        GitIgnores git = discoverWithSessions();
        new Removal(layout()).remove(true, git);
        assertEquals(null, Removal.commitCommand(cwd, git));
        assertEquals(List.of(), staged());
        assertTrue(!Files.exists(layout().stateDir()));
    }

    @Test
    void aSecondRemoveChangesNothingAndTheKeptIgnoreGoesWithTheData() throws Exception {
        GitIgnores git = discoverWithSessions();
        new Removal(layout()).remove(false, git);
        assertEquals(List.of(), RemovalTest.done(new Removal(layout()).remove(false, git)));
        // the ignore file gone by hand while the data stays: written again
        Path ignore = layout().stateDir().resolve(".gitignore");
        Files.delete(ignore);
        assertEquals(
                List.of(new Removal.Change("added", ignore, "it now keeps only this machine's data out of git")),
                RemovalTest.done(new Removal(layout()).remove(false, git)));
        assertEquals(Removal.KEPT_DATA_GITIGNORE, Files.readString(ignore));
        // the data deleted by hand: the next remove takes the ignore file back
        for (Path dir : List.of(layout().historyDir(), layout().historyStateDir(), layout().transcriptsDir())) {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        List<Removal.Change> changes = new Removal(layout()).remove(false, git);
        assertEquals(
                List.of(new Removal.Change("removed", layout().stateDir().resolve(".gitignore"), null)),
                RemovalTest.done(changes));
        String text = new String(Files.readAllBytes(layout().linksDir().resolve("a--b.json")), StandardCharsets.UTF_8);
        assertEquals("{}\n", text);
    }
}
