package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code remove} undoes {@code discover}, keeps what is not termsprawl's, and is safe to run twice. */
class RemovalTest {
    @TempDir
    Path cwd;

    static final String USER_SETTINGS = "{\n"
            + "  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls:*)\"\n    ]\n  },\n"
            + "  \"hooks\": {\n"
            + "    \"PreToolUse\": [\n      {\n        \"matcher\": \"Bash\",\n        \"hooks\": [\n"
            + "          {\n            \"type\": \"command\",\n            \"command\": \"echo pre\"\n          }\n"
            + "        ]\n      }\n    ],\n"
            + "    \"SessionStart\": [\n      {\n        \"matcher\": \"startup\",\n        \"hooks\": [\n"
            + "          {\n            \"type\": \"command\",\n            \"command\": \"echo hello\",\n"
            + "            \"timeout\": 5\n          }\n        ]\n      }\n    ]\n"
            + "  },\n"
            + "  \"model\": \"opus\",\n"
            + "  \"n\": 2.50\n"
            + "}\n";

    ProjectLayout layout() {
        return new ProjectLayout(cwd);
    }

    /** What the discover goal does: the files, then the hook merged into the settings. */
    void discover() throws Exception {
        new Discovery(layout(), DiscoveryTest.CALL).discover();
        Path settings = layout().claudeSettingsLocal();
        String merged = HookSettings.CLAUDE.merge(
                Files.exists(settings) ? Files.readString(settings) : null, settings.toString());
        if (merged != null) {
            Files.createDirectories(settings.getParent());
            Files.writeString(settings, merged);
        }
    }

    List<Removal.Change> remove(boolean all) throws Exception {
        return new Removal(layout()).remove(all, null);
    }

    List<String> files() throws Exception {
        try (Stream<Path> all = Files.walk(cwd)) {
            return all.filter(p -> !Files.isDirectory(p))
                    .map(p -> cwd.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }

    static List<Removal.Change> done(List<Removal.Change> changes) {
        return changes.stream().filter(c -> !c.action().equals("kept")).toList();
    }

    @Test
    void removeUndoesDiscoverAndKeepsTheUsersProseSettingsAndData() throws Exception {
        Path settings = layout().claudeSettingsLocal();
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, USER_SETTINGS);
        Files.createDirectories(layout().stateDir());
        Files.writeString(layout().agentsMd(), "# Our agents\n\nBe brief.\n");
        discover();
        assertTrue(Files.readString(settings).contains("termsprawl-record"));
        Files.createDirectories(layout().linksDir());
        Files.writeString(layout().linksDir().resolve("a--b.json"), "{}\n");
        Files.createDirectories(layout().transcriptsDir());
        Files.writeString(layout().transcriptsDir().resolve("a.json"), "{}\n");
        Files.createDirectories(layout().historyDir().resolve("a"));
        Files.writeString(layout().historyDir().resolve("a/index.md"), "x\n");
        Files.createDirectories(layout().sharedDir().resolve("alice__be"));
        Files.writeString(layout().sharedDir().resolve("alice__be/manifest.json"), "{}\n");

        List<Removal.Change> first = remove(false);
        assertEquals(
                List.of(
                        ".claude/settings.local.json",
                        ".termsprawl/.gitignore",
                        ".termsprawl/AGENTS.md",
                        ".termsprawl/history/a/index.md",
                        ".termsprawl/links/a--b.json",
                        ".termsprawl/shared/alice__be/manifest.json",
                        ".termsprawl/transcripts/a.json"),
                files());
        // exactly the user's settings: every other hook, key, number as it was
        assertEquals(USER_SETTINGS, Files.readString(settings));
        assertEquals("# Our agents\n\nBe brief.\n", Files.readString(layout().agentsMd()));
        assertTrue(
                first.contains(new Removal.Change("removed", layout().binDir().resolve(Discovery.CONTEXT), null)));
        assertTrue(first.contains(new Removal.Change("kept", layout().linksDir(), null)), first.toString());
        // a second run: nothing to remove
        assertEquals(List.of(), done(remove(false)));

        remove(true);
        assertEquals(List.of(".claude/settings.local.json", ".termsprawl/AGENTS.md"), files());
        assertEquals(List.of(), done(remove(true)));
    }

    @Test
    void whatDiscoverCreatedAloneLeavesNothingBehind() throws Exception {
        discover();
        Files.createDirectories(layout().historyDir().resolve("a/agents/x"));
        Files.writeString(layout().historyDir().resolve("a/agents/x/turn-0001-user.md"), "x\n");
        List<Removal.Change> changes = remove(true);
        assertEquals(List.of(), files());
        try (Stream<Path> left = Files.list(cwd)) {
            assertEquals(List.of(), left.toList(), "the empty folders go too");
        }
        assertTrue(changes.contains(new Removal.Change(
                "removed", layout().claudeSettingsLocal(), "it held nothing but the termsprawl hooks")));
        assertEquals(List.of(), remove(true));
    }

    @Test
    void aFileOfSomeoneElseInBinAndAUserHookInOurEntryStay() throws Exception {
        discover();
        Files.writeString(layout().binDir().resolve("notes.txt"), "mine\n");
        Path settings = layout().claudeSettingsLocal();
        // the user added a hook to the entry discover made
        Files.writeString(
                settings,
                Files.readString(settings)
                        .replace(
                                "\"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-record\"\n          }",
                                "\"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-record\"\n          },"
                                        + " {\"type\": \"command\", \"command\": \"echo mine\"}"));
        assertTrue(Files.readString(settings).contains("echo mine"));
        List<Removal.Change> changes = remove(false);
        assertEquals(List.of(".claude/settings.local.json", ".termsprawl/bin/notes.txt"), files());
        assertTrue(changes.contains(
                new Removal.Change("kept", layout().binDir().resolve("notes.txt"), "not termsprawl's")));
        assertEquals(
                "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"matcher\": \"startup|resume|clear|compact|fork\",\n"
                        + "        \"hooks\": [\n          {\n            \"type\": \"command\",\n"
                        + "            \"command\": \"echo mine\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
                Files.readString(settings));
    }

    @Test
    void aLookAlikeHookOfTheUserAndItsFileStay() throws Exception {
        discover();
        Path backup = layout().binDir().resolve("termsprawl-recorder-backup.sh");
        Files.writeString(backup, "#!/bin/sh\n");
        Path settings = layout().claudeSettingsLocal();
        // the user's hooks whose commands merely start like ours, beside ours
        String mine = "\"hooks\": [{\"type\": \"command\", \"command\":"
                + " \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-recorder-backup.sh\"}]";
        String guardLike = "\"hooks\": [{\"type\": \"command\", \"command\":"
                + " \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-touches --hook-log\"}]";
        String text = Files.readString(settings)
                .replace("\"SessionStart\": [", "\"SessionStart\": [{\"matcher\": \"startup\", " + mine + "}, ")
                .replace("\"hooks\": {", "\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Edit\", " + guardLike + "}], ");
        Files.writeString(settings, text);
        assertTrue(Files.readString(settings).contains("termsprawl-record\""), text);
        // and a folder named like the archive's training folder, and one that is
        Path notes = layout().binDir().resolve(ClassDataArchive.TRAINING + "notes");
        Files.createDirectories(notes);
        Files.writeString(notes.resolve("a.txt"), "mine\n");
        Path training = layout().binDir().resolve(ClassDataArchive.TRAINING + "12345-678");
        Files.createDirectories(training.resolve("src"));
        Files.writeString(training.resolve("src/A.java"), "class A {}\n");
        remove(false);
        assertTrue(Files.isRegularFile(backup));
        assertTrue(Files.isRegularFile(notes.resolve("a.txt")));
        assertFalse(Files.exists(training));
        String left = Files.readString(settings);
        assertTrue(left.contains("/.termsprawl/bin/termsprawl-recorder-backup.sh\""), left);
        assertTrue(left.contains("/.termsprawl/bin/termsprawl-touches --hook-log\""), left);
        assertFalse(left.contains("termsprawl-record\""), left);
        assertFalse(left.contains("--hook --cwd"), left);
    }

    /** Every runtime's class-data archive and ahead-of-time cache goes, with its stamp; a look-alike of the user's stays. */
    @Test
    void everyRuntimesArchiveAndCacheGo() throws Exception {
        discover();
        Path bin = layout().binDir();
        List<String> ours = List.of(
                "termsprawl-0123abcd.jsa",
                "termsprawl-0123abcd.jsa.stamp",
                ".termsprawl-0123abcd.jsa.tmp",
                "termsprawl-89abcdef.aot",
                "termsprawl-89abcdef.aot.stamp");
        for (String name : ours) {
            Files.writeString(bin.resolve(name), "x");
        }
        Files.writeString(bin.resolve("termsprawl-notes.aot"), "mine\n");
        List<Removal.Change> changes = remove(false);
        for (String name : ours) {
            assertFalse(Files.exists(bin.resolve(name)), name);
            assertTrue(
                    changes.stream()
                            .anyMatch(c -> c.path().equals(bin.resolve(name))
                                    && c.action().equals("removed")),
                    name + " in " + changes);
        }
        assertEquals("mine\n", Files.readString(bin.resolve("termsprawl-notes.aot")));
    }

    @Test
    void aMalformedSettingsFileStopsRemoveBeforeAnyChange() throws Exception {
        discover();
        Files.writeString(layout().claudeSettingsLocal(), "{\"hooks\": [}");
        List<String> before = files();
        UserErrorException e = assertThrows(UserErrorException.class, () -> remove(false));
        assertTrue(e.getMessage().startsWith("Cannot remove the termsprawl hook from "), e.getMessage());
        assertEquals(before, files());
    }

    @Test
    void gitsExcludeLineGoesWithTheSettingsFile() throws Exception {
        GitIgnoresTest.git(cwd, "init", "-q");
        discover();
        GitIgnores git = GitIgnores.open(cwd);
        org.junit.jupiter.api.Assumptions.assumeTrue(git != null, "no git");
        git.keepOut(layout().claudeSettingsLocal());
        Path exclude = cwd.resolve(".git/info/exclude");
        assertTrue(Files.readString(exclude).contains(GitIgnores.EXCLUDE_COMMENT));
        new Removal(layout()).remove(false, git);
        assertFalse(Files.readString(exclude).contains("termsprawl"), Files.readString(exclude));
        assertFalse(Files.exists(layout().claudeSettingsLocal()));
    }

    @Test
    void removeTakesOnlyTheBlockOutOfProse() {
        assertEquals("", DiscoveryMarkers.remove(DiscoveryMarkers.upsert("")));
        assertEquals("before\n\nafter\n", DiscoveryMarkers.remove(DiscoveryMarkers.upsert("before\n\nafter\n")));
        assertEquals("mine\n", DiscoveryMarkers.remove(DiscoveryMarkers.upsert("mine")));
        assertEquals("no markers  at all", DiscoveryMarkers.remove("no markers  at all"));
    }
}
