package io.github.termsprawl.share;

import static io.github.termsprawl.share.GitRemotes.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ShareCaps;
import io.github.termsprawl.core.SharedNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a teammate's push can do to a receiver (docs/sharing.md, "Caps"): refs are made on the remote by hand, as a
 * hostile or broken client would, and each is skipped with one line while the others arrive.
 */
class ReceiveBoundsTest {
    @TempDir
    Path tmp;

    GitRemotes remotes;
    Path alice;
    Path bob;

    @BeforeEach
    void setUp() throws Exception {
        remotes = new GitRemotes(tmp);
        alice = remotes.machine("alice", "alice@example.com");
        bob = remotes.machine("bob", "bob@example.com");
        remotes.session(alice, "backend", 2, "");
        new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
    }

    private static Map<String, String> statuses(List<Receiver.Received> received) {
        Map<String, String> out = new TreeMap<>();
        for (Receiver.Received r : received) {
            out.put(r.ref() == null ? r.id() : r.ref().substring("refs/termsprawl/".length()), r.status());
        }
        return out;
    }

    /** A blob of {@code bytes} in the remote. */
    private String blob(byte[] bytes) throws Exception {
        Path f = Files.createTempFile(tmp, "blob", "");
        Files.write(f, bytes);
        String id = git(remotes.bare, "hash-object", "-w", f.toString()).trim();
        Files.delete(f);
        return id;
    }

    private String blob(String text) throws Exception {
        return blob(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A tree of {@code <mode> <type> <id>\t<name>} lines in the remote, objects not checked. */
    private String tree(String... entries) throws Exception {
        String in = String.join("\n", entries) + "\n";
        return new Git(remotes.bare)
                .okWith(in.getBytes(StandardCharsets.UTF_8), Git.LOCAL_MS, "mktree", "--missing")
                .text();
    }

    /** A parentless commit of {@code tree} on {@code refs/termsprawl/<name>} in the remote. */
    private void ref(String name, String objectOrTree, boolean commit) throws Exception {
        String id = objectOrTree;
        if (commit) {
            id = new Git(remotes.bare)
                    .okWith(
                            null,
                            Git.LOCAL_MS,
                            "-c",
                            "user.name=m",
                            "-c",
                            "user.email=m@termsprawl.invalid",
                            "commit-tree",
                            objectOrTree,
                            "-m",
                            "x")
                    .text();
        }
        git(remotes.bare, "update-ref", "refs/termsprawl/" + name, id);
    }

    /** A node's tree as a share writes it, {@code context.md} given. */
    private String node(String contextBlob) throws Exception {
        String manifest = blob("{\"format\": 1, \"node\": \"n\", \"user\": \"mallory\", \"store\": \"claude\"}\n");
        String history = tree(
                "100644 blob " + blob("# index\n") + "\tindex.md",
                "100644 blob " + blob("---\nrole: user\n---\n\nhello\n") + "\tturn-0000-user.md");
        return tree(
                "100644 blob " + contextBlob + "\tcontext.md",
                "100644 blob " + manifest + "\tmanifest.json",
                "040000 tree " + history + "\thistory");
    }

    /** The bytes of the files of the commit {@code refs/termsprawl/<name>} holds in the remote. */
    private long bytes(String name) throws Exception {
        long n = 0;
        for (String line : git(remotes.bare, "ls-tree", "-r", "-l", "refs/termsprawl/" + name)
                .split("\n")) {
            n += Long.parseLong(line.split("\\s+")[3]);
        }
        return n;
    }

    @Test
    void aFilePastTheCapIsRefusedByItsSizeAndTheOtherNodesArrive() throws Exception {
        byte[] big = new byte[(int) ShareCaps.DEFAULT.file() + 1];
        java.util.Arrays.fill(big, (byte) 'a');
        ref("mallory/huge", node(blob(big)), true);
        Receiver receiver = new Receiver(bob, "origin");
        for (int run = 0; run < 2; run++) { // and every later receive: nothing is stuck
            Map<String, String> s = statuses(receiver.receive());
            assertEquals(run == 0 ? "new (8 files)" : "unchanged", s.get("alice/backend"), s.toString());
            String huge = s.get("mallory/huge");
            assertTrue(
                    huge.startsWith("skipped: refs/termsprawl/mallory/huge holds 'context.md' of 16777217 bytes,"
                            + " over the cap of 16 MB per file"),
                    huge);
            assertFalse(huge.contains("\n"), huge);
            assertFalse(Files.exists(bob.resolve(".termsprawl/shared/mallory__huge")));
        }
    }

    @Test
    void aTouchesFilePastItsCapIsRefusedSoTheGuardBeforeAnEditStaysWithinItsBudget() throws Exception {
        byte[] big = new byte[(int) ShareCaps.TOUCHES + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        String history = tree("100644 blob " + blob("# index\n") + "\tindex.md");
        ref(
                "mallory/touchy",
                tree("100644 blob " + blob(big) + "\ttouches.json", "040000 tree " + history + "\thistory"),
                true);
        Map<String, String> s = statuses(new Receiver(bob, "origin").receive());
        assertEquals("new (8 files)", s.get("alice/backend"), s.toString());
        assertTrue(
                s.get("mallory/touchy")
                        .startsWith("skipped: refs/termsprawl/mallory/touchy holds 'touches.json' of " + big.length
                                + " bytes, over the cap of 4 MB for touches.json"),
                s.toString());
    }

    @Test
    void aTreeBombIsRefusedBeforeAnyOfItIsWritten() throws Exception {
        // 9 small objects, 100,000 paths of one 4 KB blob: 400 MB once written out
        String level = blob("x".repeat(4096));
        String mode = "100644 blob ";
        for (int depth = 0; depth < 5; depth++) {
            String[] entries = new String[10];
            for (int i = 0; i < 10; i++) {
                entries[i] = mode + level + "\td" + i;
            }
            level = tree(entries);
            mode = "040000 tree ";
        }
        ref("mallory/bomb", tree("040000 tree " + level + "\thistory"), true);
        Map<String, String> s = statuses(new Receiver(bob, "origin").receive());
        assertEquals("new (8 files)", s.get("alice/backend"), s.toString());
        assertTrue(
                s.get("mallory/bomb").startsWith("skipped: refs/termsprawl/mallory/bomb holds more than the cap of"),
                s.toString());
        assertFalse(Files.exists(bob.resolve(".termsprawl/shared/mallory__bomb")));
    }

    @Test
    void aListingPastTheFileCountIsRefusedAsItIsRead() throws Exception {
        String one = blob("x");
        String[] entries = new String[40];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = "100644 blob " + one + "\tf" + i;
        }
        ref("mallory/many", tree("040000 tree " + tree(entries) + "\thistory"), true);
        ShareCaps small = new ShareCaps(1024, 1 << 20, 20, 1 << 30);
        Map<String, String> s = statuses(new Receiver(bob, "origin", small).receive());
        assertEquals("new (8 files)", s.get("alice/backend"), s.toString());
        assertTrue(s.get("mallory/many").contains("holds more than the cap of 20 files per node"), s.toString());
    }

    @Test
    void oneReceiveTakesNoMoreThanItsCapAndTheNextTakesTheRest() throws Exception {
        ref("mallory/second", node(blob("# linked context from n (n)\n" + "y".repeat(4000))), true);
        // alice's node fits, then mallory's is past what is left; alone, it fits
        long cap = Math.max(bytes("alice/backend"), bytes("mallory/second")) + 100;
        assertTrue(bytes("alice/backend") + bytes("mallory/second") > cap);
        ShareCaps small = new ShareCaps(1 << 20, 1 << 20, 1000, cap);
        Receiver receiver = new Receiver(bob, "origin", small);
        Map<String, String> s = statuses(receiver.receive());
        assertEquals("new (8 files)", s.get("alice/backend"), s.toString());
        assertTrue(
                s.get("mallory/second")
                        .startsWith("skipped: refs/termsprawl/mallory/second would take this receive"
                                + " past its cap of " + cap + " bytes"),
                s.toString());
        s = statuses(receiver.receive());
        assertEquals("unchanged", s.get("alice/backend"), s.toString());
        assertEquals("new (4 files)", s.get("mallory/second"), s.toString());
    }

    @Test
    void aMalformedRefIsSkippedWithOneLineAndTheOthersAreReceived() throws Exception {
        String ok = blob("# linked context\n");
        String commit = git(alice, "rev-parse", "refs/termsprawl/alice/backend").trim();
        ref("mallory/blob", ok, false);
        ref("mallory/gitlink", tree("160000 commit " + commit + "\tcontext.md"), true);
        ref("mallory/dotdot", tree("100644 blob " + ok + "\t.."), true);
        ref("mallory/dotcommit", tree("100644 blob " + ok + "\t.commit", "100644 blob " + ok + "\tcontext.md"), true);
        ref("mallory/link", tree("120000 blob " + blob("/etc/passwd") + "\tcontext.md"), true);
        Map<String, String> s = statuses(new Receiver(bob, "origin").receive());
        assertEquals("new (8 files)", s.get("alice/backend"), s.toString());
        assertEquals("skipped: refs/termsprawl/mallory/blob names a blob, not a share's commit", s.get("mallory/blob"));
        assertTrue(
                s.get("mallory/gitlink")
                        .startsWith("skipped: refs/termsprawl/mallory/gitlink holds 'context.md'"
                                + " (a commit), which no share writes"),
                s.toString());
        assertTrue(
                s.get("mallory/dotdot").startsWith("skipped: refs/termsprawl/mallory/dotdot holds '..'"), s.toString());
        assertTrue(
                s.get("mallory/dotcommit").startsWith("skipped: refs/termsprawl/mallory/dotcommit holds '.commit'"),
                s.toString());
        assertTrue(
                s.get("mallory/link").startsWith("skipped: refs/termsprawl/mallory/link holds 'context.md'"),
                s.toString());
        for (String status : s.values()) {
            assertFalse(status.contains("\n"), status);
        }
        String[] folders = bob.resolve(".termsprawl/shared").toFile().list();
        java.util.Arrays.sort(folders);
        assertEquals(List.of(".gitignore", "alice__backend"), List.of(folders));
    }

    @Test
    void aRefUnderMyUserIdThisMachineDidNotWriteIsReportedAndDoesNotConfirmMyFirstShare() throws Exception {
        Path mallory = remotes.machine("mallory", "mallory@example.com");
        remotes.session(mallory, "api", 1, "");
        remotes.session(bob, "api", 3, "");
        // mallory shares under bob's user id
        new Sharer(mallory, "origin", "bob").share("api", Sharer.DEFAULT_CAP, true);
        Map<String, String> s = statuses(new Receiver(bob, "origin").receive());
        assertTrue(
                s.get("bob/api")
                        .startsWith("skipped: refs/termsprawl/bob/api is under your user id bob but this"
                                + " machine did not write it"),
                s.toString());
        // bob's own node is still his to confirm: the first share lists and pushes nothing
        Sharer.Report r = new Sharer(bob, "origin", null).share("api", Sharer.DEFAULT_CAP, false);
        assertTrue(r.first(), String.join("\n", r.lines()));
        assertFalse(r.pushed());
        String remoteCommit =
                git(remotes.bare, "rev-parse", "refs/termsprawl/bob/api").trim();
        assertTrue(git(remotes.bare, "cat-file", "-p", remoteCommit + ":manifest.json")
                .contains("\"turns\": 2"));
        // confirmed here, it is trusted at the next receive
        new Sharer(bob, "origin", null).share("api", Sharer.DEFAULT_CAP, true);
        assertFalse(new Sharer(bob, "origin", null)
                .share("api", Sharer.DEFAULT_CAP, false)
                .first());
        assertTrue(
                statuses(new Receiver(bob, "origin").receive()).get("bob/api").startsWith("new ("));
    }

    private static void assertNoControl(String text) {
        for (char c : text.toCharArray()) {
            assertTrue(c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7f && (c < 0x80 || c > 0x9f)), text);
        }
    }

    @Test
    void escapeSequencesFromATeammatesNodeNeverReachTheTerminal() throws Exception {
        String esc = "\u001b]52;c;aGk=\u0007\u001b[2J\u001b]0;title\u0007\u009b31m";
        String manifest = blob("{\"format\": 1, \"node\": \"esc\", \"user\": \"mal" + "\\u001b[2J\\n"
                + "lory\", \"store\": \"claude\", \"sharedAt\": "
                + io.github.termsprawl.core.Fixtures.jsonString("2026" + esc)
                + ", \"turns\": 1}\n");
        String history = tree(
                "100644 blob " + blob("# index\n") + "\tindex.md",
                "100644 blob " + blob("---\nturn: 0000\nrole: user\n---\n\nhello " + esc + "\n")
                        + "\tturn-0000-user.md");
        ref(
                "mallory/esc",
                tree(
                        "100644 blob " + blob("# linked context from esc (esc)\n## user\nhi " + esc + "\n")
                                + "\tcontext.md",
                        "100644 blob " + manifest + "\tmanifest.json",
                        "040000 tree " + history + "\thistory"),
                true);
        for (Receiver.Received r : new Receiver(bob, "origin").receive()) {
            if (r.manifest() != null) { // what receive prints beside each node
                assertNoControl(r.manifest().user() + r.manifest().sharedAt());
            }
        }
        ProjectLayout layout = new ProjectLayout(bob);
        List<String> status = SharedNodes.lines(layout);
        assertTrue(status.toString().contains("mallory__esc: shared by mal[2J lory at 2026"), status.toString());
        assertNoControl(String.join("\n", status));
        io.github.termsprawl.core.Fixtures.link(bob, "me", "mallory__esc");
        for (io.github.termsprawl.view.View view : io.github.termsprawl.view.View.values()) {
            try (io.github.termsprawl.view.LinkedContext context = new io.github.termsprawl.view.LinkedContext(
                    bob, view, view == io.github.termsprawl.view.View.LIVE)) {
                String printed = context.render("me").stdout();
                assertTrue(printed.contains("h"), printed);
                assertTrue(printed.contains(view == io.github.termsprawl.view.View.LIVE ? "hi " : "hello "), printed);
                assertNoControl(printed);
            }
        }
    }

    @Test
    void aFakeFilesListingPastTheCapsIsNotRead() throws Exception {
        new Receiver(bob, "origin").receive();
        Path dir = bob.resolve(".termsprawl/shared/alice__backend");
        StringBuilder many = new StringBuilder();
        String any = "0".repeat(40);
        for (int i = 0; i <= ShareCaps.DEFAULT.files(); i++) {
            many.append(any).append(" history/turn-").append(i).append("-user.md\n");
        }
        Files.writeString(dir.resolve(SharedNode.FILES), many.toString());
        SharedNode node = SharedNode.open(new ProjectLayout(bob), "alice__backend");
        // read as a folder without a listing: what is on disk, nothing from git
        assertNull(node.commit());
        assertTrue(node.paths().size() < 10, node.paths().toString());
    }
}
