package io.github.termsprawl.share;

import static io.github.termsprawl.share.GitRemotes.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
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

    @Test
    void aSharedNodeArrivesInItsOwnFolderAndGoesWhenUnshared() throws Exception {
        Path transcript = remotes.session(alice, "backend", 2, "");
        Sharer sharer = new Sharer(alice, "origin", null);
        sharer.share("backend", Sharer.DEFAULT_CAP, true);

        Receiver receiver = new Receiver(bob, "origin");
        assertEquals("alice__backend: new (7 files)\n", statuses(receiver.receive()));
        Path dir = bob.resolve(".termsprawl/shared/alice__backend");
        assertTrue(
                Files.readString(dir.resolve("history/turn-0003-assistant.md")).contains("answer 1"));
        assertTrue(Files.readString(dir.resolve("context.md")).contains("answer 1"));
        assertEquals("*\n", Files.readString(bob.resolve(".termsprawl/shared/.gitignore")));
        assertEquals("", git(bob, "status", "--porcelain", "--", ".termsprawl/shared"));
        assertEquals(
                List.of("alice__backend: shared by alice at "
                        + Manifest.parse(Files.readString(dir.resolve("manifest.json")))
                                .sharedAt()
                        + ", 4 turns (store claude)"),
                SharedNodes.lines(new ProjectLayout(bob)));
        assertEquals("alice__backend: unchanged\n", statuses(receiver.receive()));
        // link knows it: no "no recorded transcript" warning for it
        assertTrue(new io.github.termsprawl.core.Links(new ProjectLayout(bob))
                .knownNodes()
                .contains("alice__backend"));

        GitRemotes.grow(transcript, 2, "a1");
        sharer.share("backend", Sharer.DEFAULT_CAP, false);
        String grown = statuses(receiver.receive());
        // two new turns, the index, the live view and the manifest; the four old turn files stand
        assertEquals("alice__backend: updated (5 files written, 0 removed)\n", grown);
        assertTrue(Files.exists(dir.resolve("history/turn-0005-assistant.md")));

        sharer.unshare("backend");
        assertEquals("alice__backend: removed: no longer shared\n", statuses(receiver.receive()));
        assertFalse(Files.exists(dir));
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
            try (io.github.termsprawl.view.LinkedContext a = new io.github.termsprawl.view.LinkedContext(alice, view);
                    io.github.termsprawl.view.LinkedContext b =
                            new io.github.termsprawl.view.LinkedContext(bob, view)) {
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
        assertEquals("alice__backend: new (7 files)\nbob__frontend: new (7 files)\n", onBob);
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
        assertTrue(Receiver.safePath("history/agents/a-1/turn-0000-user.md"));
        assertFalse(Receiver.safePath("../x"));
        assertFalse(Receiver.safePath("history/../../x"));
        assertFalse(Receiver.safePath(".git/config"));
        assertFalse(Receiver.safePath("a//b"));
    }

    @Test
    void theSharedIdNamesWhoSharedAndTheNode() throws Exception {
        assertEquals("alice__backend", SharedIds.sharedId("alice", "backend"));
        assertTrue(SharedIds.isShared("jean-luc__a__b"));
        assertFalse(SharedIds.isShared("backend"));
        assertFalse(SharedIds.isUser("a--b"));
        assertFalse(SharedIds.isUser("a_b"));
        assertEquals(
                "jean-luc", SharedIds.fromEmail("Jean.Luc+work@example.com").replace("-work", ""));
    }
}
