package io.github.termsprawl.share;

import static io.github.termsprawl.share.GitRemotes.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReceiverTest {
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
    }

    private static String statuses(List<Receiver.Received> received) {
        StringBuilder out = new StringBuilder();
        for (Receiver.Received r : received) {
            out.append(r.id()).append(": ").append(r.status()).append('\n');
        }
        return out.toString();
    }

    /** Every object in {@code repo}'s store, loose or packed. */
    private static java.util.Set<String> objects(Path repo) throws Exception {
        return new java.util.TreeSet<>(
                List.of(git(repo, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)")
                        .split("\n")));
    }

    @Test
    void aSharedNodeArrivesInItsOwnFolderAndGoesWhenUnshared() throws Exception {
        Path transcript = remotes.session(alice, "backend", 2, "");
        Sharer sharer = new Sharer(alice, "origin", null);
        sharer.share("backend", Sharer.DEFAULT_CAP, true);

        Receiver receiver = new Receiver(bob, "origin");
        assertEquals("alice__backend: new (8 files)\n", statuses(receiver.receive()));
        Path dir = bob.resolve(".termsprawl/shared/alice__backend");
        // only the small files are written; the turn files wait in git's object store (docs/sharing.md)
        assertTrue(Files.readString(dir.resolve("context.md")).contains("answer 1"));
        assertTrue(Files.exists(dir.resolve("history/index.md")));
        assertFalse(Files.exists(dir.resolve("history/turn-0003-assistant.md")));
        ProjectLayout layout = new ProjectLayout(bob);
        SharedNode node = SharedNode.open(layout, "alice__backend");
        assertEquals(4, node.turnFiles().size());
        assertTrue(new String(node.read("history/turn-0003-assistant.md", 60_000), StandardCharsets.UTF_8)
                .contains("answer 1"));
        assertFalse(Files.exists(dir.resolve("history/turn-0003-assistant.md")), "a read writes nothing");
        assertEquals("*\n", Files.readString(bob.resolve(".termsprawl/shared/.gitignore")));
        assertEquals("", git(bob, "status", "--porcelain", "--", ".termsprawl/shared"));
        assertEquals(
                List.of("alice__backend: shared by alice at "
                        + Manifest.parse(Files.readString(dir.resolve("manifest.json")))
                                .sharedAt()
                        + ", 4 turns, 0 files changed (store claude)"),
                SharedNodes.lines(layout));
        assertEquals("alice__backend: unchanged\n", statuses(receiver.receive()));
        // link knows it: no "no recorded transcript" warning for it
        assertTrue(new io.github.termsprawl.core.Links(layout).knownNodes().contains("alice__backend"));

        // first use for a grep: every file written, once
        assertEquals(4, node.materialise(60_000));
        assertTrue(
                Files.readString(dir.resolve("history/turn-0003-assistant.md")).contains("answer 1"));
        assertEquals(0, SharedNode.open(layout, "alice__backend").materialise(60_000));

        GitRemotes.grow(transcript, 2, "a1");
        sharer.share("backend", Sharer.DEFAULT_CAP, false);
        java.util.Set<String> before = objects(bob);
        String grown = statuses(receiver.receive());
        java.util.Set<String> fetched = objects(bob);
        fetched.removeAll(before);
        // two new turns, the index, the live view and the manifest; the four old turn files stand
        assertEquals("alice__backend: updated (5 files changed, 0 removed)\n", grown);
        // what came over the wire: those five blobs, the history tree, the root tree and the commit
        assertEquals(8, fetched.size(), fetched.toString());
        assertTrue(Files.exists(dir.resolve("history/turn-0003-assistant.md")), "an unchanged blob stays");
        assertFalse(Files.exists(dir.resolve("history/turn-0005-assistant.md")), "a new turn waits in git");
        assertFalse(Files.exists(dir.resolve(SharedNode.COMPLETE)));
        assertEquals(2, SharedNode.open(layout, "alice__backend").materialise(60_000));
        assertTrue(
                Files.readString(dir.resolve("history/turn-0005-assistant.md")).contains("answer 2"));

        sharer.unshare("backend");
        assertEquals("alice__backend: removed: no longer shared\n", statuses(receiver.receive()));
        assertFalse(Files.exists(dir));
    }

    @Test
    void aFileWhoseBlobChangedIsDeletedBeforeTheNewCommitIsNamed() throws Exception {
        Path transcript = remotes.session(alice, "backend", 1, "");
        Sharer sharer = new Sharer(alice, "origin", null);
        sharer.share("backend", Sharer.DEFAULT_CAP, true);
        Receiver receiver = new Receiver(bob, "origin");
        receiver.receive();
        ProjectLayout layout = new ProjectLayout(bob);
        SharedNode.open(layout, "alice__backend").materialise(60_000);
        Path dir = bob.resolve(".termsprawl/shared/alice__backend");
        String oldIndex = Files.readString(dir.resolve("history/index.md"));
        // a rewritten session: the same turn file names, other bytes
        Files.writeString(transcript, Files.readString(transcript).replace("answer 0", "another answer"));
        sharer.share("backend", Sharer.DEFAULT_CAP, false);
        receiver.receive();
        SharedNode node = SharedNode.open(layout, "alice__backend");
        assertFalse(Files.readString(dir.resolve("history/index.md")).equals(oldIndex));
        assertFalse(Files.exists(dir.resolve("history/turn-0001-assistant.md")), "its old bytes are gone");
        assertTrue(new String(node.read("history/turn-0001-assistant.md", 60_000), StandardCharsets.UTF_8)
                .contains("another answer"));
        // a cut receive (no .commit) reads what is on disk, and the next receive settles it
        Files.delete(dir.resolve(SharedNode.COMMIT));
        assertEquals(null, SharedNode.open(layout, "alice__backend").commit());
        assertTrue(statuses(receiver.receive()).startsWith("alice__backend: updated (0 files changed"));
        assertEquals(node.commit(), SharedNode.open(layout, "alice__backend").commit());
    }

    @Test
    void aReceivedNodesTouchesAreReadLikeALinkedPeers() throws Exception {
        Path transcript = remotes.session(alice, "backend", 1, "");
        String edit = alice.toRealPath().resolve("src/A.java").toString();
        Files.writeString(
                transcript,
                "{\"type\":\"assistant\",\"uuid\":\"e1\",\"parentUuid\":\"a0\",\"timestamp\":\"2026-01-01T00:00:05Z\","
                        + "\"message\":{\"id\":\"m9\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\","
                        + "\"id\":\"t1\",\"name\":\"Edit\",\"input\":{\"file_path\":"
                        + io.github.termsprawl.core.Fixtures.jsonString(edit) + "}}]}}\n"
                        + "{\"type\":\"user\",\"uuid\":\"r1\",\"parentUuid\":\"e1\",\"timestamp\":\"2026-01-01T00:00:06Z\","
                        + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
                        + "\"content\":\"ok\"}]}}\n",
                java.nio.file.StandardOpenOption.APPEND);
        new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
        new Receiver(bob, "origin").receive();
        Path dir = bob.resolve(".termsprawl/shared/alice__backend");
        assertTrue(Files.exists(dir.resolve(io.github.termsprawl.touch.SharedTouches.FILE)), "written at receive");
        io.github.termsprawl.core.Fixtures.link(bob, "me", "alice__backend");
        ProjectLayout layout = new ProjectLayout(bob);
        // on bob's clone, the path alice's agent edited names bob's copy of the file
        List<io.github.termsprawl.touch.PeerTouches.Peer> peers = io.github.termsprawl.touch.PeerTouches.of(
                layout, "me", bob.toRealPath().resolve("src/A.java").toString(), null);
        assertEquals(1, peers.size());
        io.github.termsprawl.touch.TouchEvent e = peers.get(0).touches().get(0);
        assertEquals("alice__backend", peers.get(0).node());
        assertEquals(
                "src/A.java edit turn 2 true 2026-01-01T00:00:05Z",
                e.path() + " " + e.kind().id() + " turn " + e.turn() + " " + e.success() + " " + e.time());
        assertEquals(
                List.of(),
                io.github.termsprawl.touch.PeerTouches.of(layout, "me", "src/B.java", null),
                "another file: nothing");
        assertEquals(1, io.github.termsprawl.touch.Overlaps.filesChanged(layout, "alice__backend"));
        // the touches goal's table takes received nodes too: bob's own node changed the same file
        remotes.session(bob, "frontend", 1, "");
        Path own = bob.resolve(".termsprawl/transcripts/frontend.json");
        Path bobTranscript = Path.of(
                io.github.termsprawl.jsonl.Json.asObject(io.github.termsprawl.jsonl.Json.parse(Files.readString(own)))
                        .get("path")
                        .toString());
        Files.writeString(
                bobTranscript,
                Files.readString(transcript)
                        .replace(edit, bob.toRealPath().resolve("src/A.java").toString()));
        String table = io.github.termsprawl.touch.Overlaps.table(layout, null);
        assertTrue(table.startsWith("src/A.java\n"), table);
        assertTrue(
                table.contains("  alice__backend (claude): 1 change, last edit at 2026-01-01T00:00:05Z, turn 2\n"),
                table);
        assertTrue(table.contains("  frontend (claude): 1 change"), table);
    }

    @Test
    void theContextCommandPrintsASharedNodesViewsAsItsOwnersUnderTheSharedId() throws Exception {
        Path transcript = remotes.session(alice, "backend", 3, "");
        java.nio.file.Files.writeString(
                transcript,
                GitRemotes.says("a3", "a2", "multi\nline\n\nanswer", 3) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
        new Receiver(bob, "origin").receive();
        io.github.termsprawl.core.Fixtures.link(alice, "me", "backend");
        io.github.termsprawl.core.Fixtures.link(bob, "me", "alice__backend");
        for (io.github.termsprawl.view.View view : io.github.termsprawl.view.View.values()) {
            String own;
            String shared;
            try (io.github.termsprawl.view.LinkedContext a = new io.github.termsprawl.view.LinkedContext(
                            alice, view, view == io.github.termsprawl.view.View.LIVE);
                    io.github.termsprawl.view.LinkedContext b = new io.github.termsprawl.view.LinkedContext(
                            bob, view, view == io.github.termsprawl.view.View.LIVE)) {
                own = a.render("me").stdout();
                shared = b.render("me").stdout();
            }
            assertTrue(own.startsWith("# linked context from backend (backend)\n## user\nquestion 0"), own);
            assertEquals(
                    own.replace("(backend)", "(alice__backend)").replace("from backend", "from alice__backend"),
                    shared,
                    view.toString());
        }
    }

    @Test
    void twoMachinesSharingDifferentNodesAtOnceNeverConflict() throws Exception {
        remotes.session(alice, "backend", 2, "");
        remotes.session(bob, "frontend", 2, "");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Sharer.Report> a =
                    pool.submit(() -> new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true));
            Future<Sharer.Report> b =
                    pool.submit(() -> new Sharer(bob, "origin", null).share("frontend", Sharer.DEFAULT_CAP, true));
            assertTrue(a.get().pushed() && b.get().pushed());
        } finally {
            pool.shutdown();
        }
        String refs = git(remotes.bare, "for-each-ref", "--format=%(refname)", "refs/termsprawl/");
        assertEquals("refs/termsprawl/alice/backend\nrefs/termsprawl/bob/frontend\n", refs);
        String onBob = statuses(new Receiver(bob, "origin").receive());
        assertEquals("alice__backend: new (8 files)\nbob__frontend: new (8 files)\n", onBob);
        assertTrue(Files.exists(bob.resolve(".termsprawl/history/frontend/index.md")), "local nodes stay apart");
    }

    @Test
    void aSharedIdEqualToALocalNodesIsSkipped() throws Exception {
        remotes.session(alice, "backend", 2, "");
        new Sharer(alice, "origin", null).share("backend", Sharer.DEFAULT_CAP, true);
        remotes.session(bob, "alice__backend", 1, "");
        assertEquals(
                "alice__backend: skipped: a local node has this id\n", statuses(new Receiver(bob, "origin").receive()));
        assertFalse(Files.exists(bob.resolve(".termsprawl/shared/alice__backend")));
    }

    @Test
    void onlyPathsAShareWritesAreMaterialised() {
        assertTrue(io.github.termsprawl.core.SharedNode.safePath("history/agents/a-1/turn-0000-user.md"));
        assertFalse(io.github.termsprawl.core.SharedNode.safePath("../x"));
        assertFalse(io.github.termsprawl.core.SharedNode.safePath("history/../../x"));
        assertFalse(io.github.termsprawl.core.SharedNode.safePath(".git/config"));
        assertFalse(io.github.termsprawl.core.SharedNode.safePath("a//b"));
    }

    @Test
    void theSharedIdNamesWhoSharedAndTheNode() throws Exception {
        assertEquals("alice__backend", SharedIds.sharedId("alice", "backend"));
        assertFalse(SharedIds.isUser("a--b"));
        assertFalse(SharedIds.isUser("a_b"));
        assertEquals(
                "jean-luc", SharedIds.fromEmail("Jean.Luc+work@example.com").replace("-work", ""));
    }
}
