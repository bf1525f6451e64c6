package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A teammate's clone must work: the committed files are ones git takes, whatever the project ignores. */
class GitIgnoresTest {
    @TempDir
    Path repo;

    @BeforeEach
    void needsGit() throws Exception {
        Assumptions.assumeTrue(git(repo.getParent(), "--version").startsWith("git version"), "no git here");
    }

    static String git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
        return out;
    }

    @Test
    void aProjectThatIgnoresBinStillCommitsTheLaunchers() throws Exception {
        git(repo, "init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "bin/\n*.cmd\n*.json\n");
        Discovery d = new Discovery(new ProjectLayout(repo), DiscoveryTest.CALL);
        d.discover();
        Files.createDirectories(repo.resolve(".termsprawl/links"));
        Files.writeString(repo.resolve(".termsprawl/links/a--b.json"), "{}\n");
        Files.writeString(repo.resolve(".termsprawl/project.json"), "{}\n");
        git(repo, "add", ".termsprawl", ".claude");
        List<String> tracked = git(repo, "ls-files").lines().toList();
        for (String name : Discovery.LAUNCHERS) {
            assertTrue(tracked.contains(".termsprawl/bin/" + name), name + " left out: " + tracked);
        }
        assertTrue(tracked.contains(".termsprawl/links/a--b.json"), tracked.toString());
        assertTrue(tracked.contains(".termsprawl/project.json"), tracked.toString());
        // what is per machine stays out
        assertFalse(tracked.stream().anyMatch(t -> t.endsWith(".jar")), tracked.toString());
        // the agents' hook files are outside .termsprawl/: a rule of the project's leaves them out, and check names it
        assertEquals(
                List.of(".codex/hooks.json: .gitignore:3: *.json", ".gemini/settings.json: .gitignore:3: *.json"),
                d.check().committed().stream()
                        .map(f -> repo.relativize(f.path()) + ": " + f.detail())
                        .sorted()
                        .toList());
        git(repo, "add", "-f", ".codex/hooks.json", ".gemini/settings.json");
        assertEquals(List.of(), d.check().committed());
    }

    @Test
    void aFileIgnoredAboveTermsprawlIsNamedWithItsRuleUntilItIsTracked() throws Exception {
        git(repo, "init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "# agents' folders\n.claude/\n");
        Discovery d = new Discovery(new ProjectLayout(repo), DiscoveryTest.CALL);
        d.discover();
        GitIgnores git = GitIgnores.open(repo);
        assertNotNull(git);
        Map<Path, String> ignored = d.ignoredByGit(git);
        assertEquals(
                List.of(
                        repo.resolve(".claude/skills/termsprawl-context/SKILL.md"),
                        repo.resolve(".claude/skills/termsprawl-history/SKILL.md"),
                        repo.resolve(".claude/skills/termsprawl-ask/SKILL.md")),
                List.copyOf(ignored.keySet()));
        assertEquals(".gitignore:2: .claude/", ignored.values().iterator().next());
        List<Discovery.Finding> findings = d.check().committed();
        assertEquals(3, findings.size(), findings.toString());
        assertEquals(
                new Discovery.Finding(
                        repo.resolve(".claude/skills/termsprawl-context/SKILL.md"),
                        "ignored",
                        ".gitignore:2: .claude/"),
                findings.get(0));
        // the fix check names: once tracked, git keeps the file whatever it ignores
        git(repo, "add", "-f", ".claude/skills");
        assertEquals(List.of(), d.check().committed());
    }

    @Test
    void withoutGitOrOutsideAWorkTreeNothingIsVerified() throws Exception {
        assertNull(GitIgnores.open(repo), "not a work tree");
        git(repo, "init", "-q");
        assertNull(GitIgnores.open(repo, repo.resolve("no-such-git").toString()));
        assertNotNull(GitIgnores.open(repo));
    }

    @Test
    void aProjectTheRepositoryIgnoresAsAWholeIsNoPartOfIt() throws Exception {
        git(repo, "init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "target/\n");
        Path sample = Files.createDirectories(repo.resolve("target/it/sample"));
        assertNull(GitIgnores.open(sample));
        Discovery d = new Discovery(new ProjectLayout(sample), DiscoveryTest.CALL);
        d.discover();
        assertEquals(List.of(), d.check().committed());
        assertNotNull(GitIgnores.open(repo));
    }

    @Test
    void keepOutAddsOneLineOnceAndUndoTakesOnlyItBack() throws Exception {
        git(repo, "init", "-q");
        Path exclude = repo.resolve(".git/info/exclude");
        Files.createDirectories(exclude.getParent());
        Files.writeString(exclude, "# mine\n*.swp\n");
        Path project = Files.createDirectories(repo.resolve("app [v2]"));
        Path settings = Files.createDirectories(project.resolve(".claude")).resolve("settings.local.json");
        Files.writeString(settings, "{}\n");
        GitIgnores git = GitIgnores.open(project);
        assertEquals(exclude.toRealPath(), git.keepOut(settings).toRealPath());
        assertEquals(
                "# mine\n*.swp\n" + GitIgnores.EXCLUDE_COMMENT + "\n/app \\[v2]/.claude/settings.local.json\n",
                Files.readString(exclude));
        // git reads it as we meant it: the file is ignored now, and a second run adds nothing
        assertEquals(
                List.of(settings), List.copyOf(git.ignored(List.of(settings)).keySet()));
        assertNull(git.keepOut(settings));
        assertNotNull(git.undoKeepOut(settings));
        assertEquals("# mine\n*.swp\n", Files.readString(exclude));
        assertNull(git.undoKeepOut(settings));
    }

    @Test
    void aFileIgnoredAlreadyGetsNoLine() throws Exception {
        git(repo, "init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "*.local.json\n");
        Path settings = Files.createDirectories(repo.resolve(".claude")).resolve("settings.local.json");
        Files.writeString(settings, "{}\n");
        assertNull(GitIgnores.open(repo).keepOut(settings));
        Path exclude = repo.resolve(".git/info/exclude");
        assertFalse(Files.exists(exclude) && Files.readString(exclude).contains("termsprawl"));
    }

    @Test
    void undoLeavesAPatternTheUserWroteWithoutOurComment() {
        String text =
                "/.claude/settings.local.json\n" + GitIgnores.EXCLUDE_COMMENT + "\n/.claude/settings.local.json\n";
        assertEquals("/.claude/settings.local.json\n", GitIgnores.withoutKeptOut(text, "/.claude/settings.local.json"));
    }
}
