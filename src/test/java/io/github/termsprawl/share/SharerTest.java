package io.github.termsprawl.share;

import static io.github.termsprawl.share.GitRemotes.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.UserErrorException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharerTest {
    static final String SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";

    @TempDir
    Path tmp;

    GitRemotes remotes;
    Path alice;

    @BeforeEach
    void setUp() throws Exception {
        remotes = new GitRemotes(tmp);
        alice = remotes.machine("alice", "Alice.Smith@example.com");
    }

    @Test
    void outsideAWorkTreeTheErrorSaysHowToFixIt() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        UserErrorException e = assertThrows(UserErrorException.class, () -> new Sharer(plain, "origin", null));
        assertTrue(e.getMessage().contains("not in a git work tree"), e.getMessage());
        assertTrue(e.getMessage().contains("git clone"), e.getMessage());
    }

    @Test
    void withoutTheRemoteTheErrorNamesItAndTheFix() throws Exception {
        UserErrorException e = assertThrows(UserErrorException.class, () -> new Sharer(alice, "team", null));
        assertTrue(e.getMessage().contains("no remote named 'team' (it has: origin)"), e.getMessage());
        assertTrue(e.getMessage().contains("git remote add team <url>"), e.getMessage());
    }

    @Test
    void theUserIsTheLocalPartOfGitsEmailUnlessGiven() throws Exception {
        assertEquals("alice-smith", new Sharer(alice, "origin", null).user());
        assertEquals("al", new Sharer(alice, "origin", "al").user());
        assertThrows(UserErrorException.class, () -> new Sharer(alice, "origin", "Al_1"));
    }

    @Test
    void theFirstShareListsWhatWouldLeaveAndPushesNothingUnconfirmed() throws Exception {
        remotes.session(alice, "backend", 3, "");
        Sharer.Report r = new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, false);
        assertTrue(r.first());
        assertFalse(r.pushed());
        String all = String.join("\n", r.lines());
        assertTrue(all.contains("history/turn-0000-user.md"), all);
        assertTrue(all.contains("context.md"), all);
        assertTrue(all.contains("manifest.json"), all);
        assertTrue(all.contains("Anyone who can read the repository's remote origin can read node backend"), all);
        assertEquals("", git(remotes.bare, "for-each-ref", "refs/termsprawl/"));
        assertEquals("", git(alice, "for-each-ref", "refs/termsprawl/"));
        assertEquals(6, r.turns());
    }

    @Test
    void aShareIsOneParentlessCommitThatTheNextShareReplaces() throws Exception {
        Path transcript = remotes.session(alice, "backend", 3, "");
        String status = git(alice, "status", "--porcelain", "--ignored");
        Sharer sharer = new Sharer(alice, "origin", null);
        Sharer.Report first = sharer.share("backend", Sharer.DEFAULT_CAP, true);
        assertTrue(first.pushed());
        String ref = "refs/termsprawl/alice-smith/backend";
        assertEquals(first.commit(), git(remotes.bare, "rev-parse", ref).trim());
        assertEquals("", git(remotes.bare, "log", "--format=%P", "-1", ref).trim());
        String tree = git(remotes.bare, "ls-tree", "-r", "--name-only", ref);
        assertTrue(tree.contains("history/index.md\n"), tree);
        assertTrue(tree.contains("history/turn-0005-assistant.md\n"), tree);
        assertTrue(tree.contains("context.md\n") && tree.contains("manifest.json\n"), tree);
        assertFalse(tree.contains(".state") || tree.contains(".turns") || tree.contains(".lock"), tree);
        String manifest = git(remotes.bare, "show", ref + ":manifest.json");
        assertTrue(manifest.contains("\"user\": \"alice-smith\"") && manifest.contains("\"turns\": 6"), manifest);
        assertTrue(git(remotes.bare, "show", ref + ":context.md").contains("answer 2"));

        GitRemotes.grow(transcript, 3, "a2");
        Sharer.Report second = sharer.share("backend", Sharer.DEFAULT_CAP, false);
        assertFalse(second.first());
        assertTrue(second.pushed());
        assertNotEquals(first.commit(), second.commit());
        assertEquals(second.commit(), git(remotes.bare, "rev-parse", ref).trim());
        assertEquals("", git(remotes.bare, "log", "--format=%P", "-1", ref).trim());
        assertTrue(git(remotes.bare, "ls-tree", "-r", "--name-only", ref).contains("history/turn-0007-assistant.md"));
        // the user's branches, index and work tree are as they were (but for the git-ignored state folder)
        assertEquals("", git(alice, "for-each-ref", "refs/heads/"));
        assertEquals(
                status.replace("?? .termsprawl/\n", ""),
                git(alice, "status", "--porcelain", "--ignored").replace("?? .termsprawl/\n", ""));
    }

    @Test
    void aSecretPlantedInTheSessionIsInNoPushedObject() throws Exception {
        remotes.session(alice, "backend", 2, " export GITHUB_TOKEN=" + SECRET);
        Sharer.Report r = new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
        assertTrue(r.redactions() > 0);
        String objects = git(remotes.bare, "cat-file", "--batch-all-objects", "--batch");
        assertFalse(objects.contains(SECRET));
        assertFalse(objects.contains(SECRET.substring(4, 20)));
        assertTrue(objects.contains("[redacted:github-token]"), objects);
    }

    @Test
    void noPathOfTheSharersMachineAndNoEarlierSessionIsPublished() throws Exception {
        remotes.session(alice, "backend", 2, "");
        Sharer sharer = new Sharer(alice, "origin", null);
        Sharer.Report listed = sharer.share("backend", Sharer.DEFAULT_CAP, false); // writes the turn files
        String said = String.join("\n", listed.lines());
        assertTrue(said.contains("The manifest names you as alice-smith, the claude session s1,"), said);
        io.github.termsprawl.core.Fixtures.write(
                alice.resolve(".termsprawl/history/backend/sessions/old/turn-0000-user.md"),
                "---\nturn: 0000\nsource: " + tmp.resolve("old.jsonl") + ":1\n---\n\nearlier\n");
        sharer.share("backend", Sharer.DEFAULT_CAP, true);
        String objects = git(remotes.bare, "cat-file", "--batch-all-objects", "--batch");
        // the transcript is outside the project: its path (home folder, user, project) is not named at all
        assertFalse(objects.contains(tmp.toString()), objects);
        assertFalse(objects.contains(tmp.toRealPath().toString()), objects);
        assertFalse(objects.contains("earlier"), objects);
        assertTrue(objects.contains("\nturn: 0001\nrole: assistant\n"), objects);
        String tree = git(remotes.bare, "ls-tree", "-r", "--name-only", "refs/termsprawl/alice-smith/backend");
        assertFalse(tree.contains("sessions/"), tree);
    }

    @Test
    void aSourceInsideTheProjectIsPublishedRelativeToIt() {
        Path project = Path.of("/p/app");
        assertEquals("logs/s.jsonl:12", ShareablePaths.relative("/p/app/logs/s.jsonl:12", project));
        assertEquals(null, ShareablePaths.relative("/home/me/.claude/projects/-p-app/s.jsonl:2", project));
        assertEquals("message:msg_1", ShareablePaths.relative("message:msg_1", project));
        assertEquals(
                "---\nturn: 0001\nid: a\n---\n\nx\n",
                ShareablePaths.turnFile("---\nturn: 0001\nsource: /home/me/s.jsonl:2\nid: a\n---\n\nx\n", project));
        assertEquals(
                "# h\n\n2 turns of the claude session s.\nTurn N is turn-NNNN-<role>.md beside this file.\n0 user\n",
                ShareablePaths.index(
                        "# h\n\n2 turns of the claude session s, read from /home/me/s.jsonl.\nTurn N is"
                                + " turn-NNNN-<role>.md beside this file.\n0 user\n\n## earlier sessions\n\nold\n",
                        project));
    }

    @Test
    void theManifestNamesTheStoreTheTranscriptProvesWhenTheEntryNamesNone() throws Exception {
        remotes.session(alice, "backend", 1, "");
        Path entry = alice.resolve(".termsprawl/transcripts/backend.json");
        Files.writeString(entry, Files.readString(entry).replace(", \"store\": \"claude\"", ""));
        new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
        String manifest = git(alice, "cat-file", "blob", "refs/termsprawl/alice-smith/backend:manifest.json");
        assertEquals("claude", Manifest.parse(manifest).store(), manifest);
        String touches = git(alice, "cat-file", "blob", "refs/termsprawl/alice-smith/backend:touches.json");
        assertEquals("{\"version\":1,\"node\":\"backend\",\"store\":\"claude\",\"touches\":[]}\n", touches);
    }

    @Test
    void aFormPastTheCapIsRefusedWithTheFigure() throws Exception {
        remotes.session(alice, "backend", 2, "");
        UserErrorException e = assertThrows(
                UserErrorException.class, () -> new Sharer(alice, "origin", null).share("backend", 100, true));
        assertTrue(
                e.getMessage().matches("Node backend is \\d+ bytes to share, over the cap of 100 bytes.*"),
                e.getMessage());
        assertEquals("", git(remotes.bare, "for-each-ref", "refs/termsprawl/"));
    }

    @Test
    void aFileAReceiverWouldRefuseIsNotShared() {
        ShareableForm form = new ShareableForm();
        form.add(ShareableForm.CONTEXT, "a".repeat((int) io.github.termsprawl.core.ShareCaps.DEFAULT.file() + 1));
        UserErrorException e = assertThrows(UserErrorException.class, () -> form.checkSize(Long.MAX_VALUE, "backend"));
        assertTrue(
                e.getMessage().startsWith("Node backend holds context.md of 16777217 bytes, over the cap of 16 MB"),
                e.getMessage());
    }

    @Test
    void aSecretTheScanFindsStopsTheShareWithFileAndLine() {
        ShareableForm form = new ShareableForm();
        form.add("history/turn-0000-user.md", "a\nb\n");
        form.files().put("history/turn-0001-user.md", ("one\ntwo " + SECRET + "\n").getBytes(StandardCharsets.UTF_8));
        UserErrorException e = assertThrows(UserErrorException.class, form::scan);
        assertTrue(
                e.getMessage()
                        .startsWith("Nothing was shared: history/turn-0001-user.md line 2 still holds a"
                                + " secret (github-token)"),
                e.getMessage());
    }

    @Test
    void unshareDeletesTheRemoteRefAndTheLocalOne() throws Exception {
        remotes.session(alice, "backend", 2, "");
        Sharer sharer = new Sharer(alice, "origin", null);
        sharer.share("backend", Sharer.DEFAULT_CAP, true);
        assertEquals("Deleted refs/termsprawl/alice-smith/backend on origin and here.", sharer.unshare("backend"));
        assertEquals("", git(remotes.bare, "for-each-ref", "refs/termsprawl/"));
        assertEquals("", git(alice, "for-each-ref", "refs/termsprawl/"));
        assertEquals("refs/termsprawl/alice-smith/backend was not on origin.", sharer.unshare("backend"));
    }
}
