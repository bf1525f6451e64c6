package io.github.termsprawl.view;

import static io.github.termsprawl.core.Fixtures.index;
import static io.github.termsprawl.core.Fixtures.link;
import static io.github.termsprawl.core.Fixtures.linkFile;
import static io.github.termsprawl.core.Fixtures.record;
import static io.github.termsprawl.core.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.jsonl.Utf8Output;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkedContextTest {
    @TempDir
    Path cwd;

    String render(String self) {
        return new LinkedContext(cwd).render(self).stdout();
    }

    Path transcript(String name, String... lines) throws IOException {
        return write(cwd.resolve("t").resolve(name), String.join("\n", lines) + "\n");
    }

    @Test
    void onePeerExactBlock() throws IOException {
        link(cwd, "me", "be");
        index(
                cwd,
                "be",
                transcript("be.jsonl", record("user", "hi"), "{\"type\":\"system\"}", record("assistant", "two\nlines"))
                        .toString());
        write(
                cwd.resolve(".termsprawl/project.json"),
                "{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"Backend\"}}]}");
        assertEquals("# linked context from Backend (be)\n## user\nhi\n## assistant\ntwo\nlines\n", render("me"));
    }

    @Test
    void severalPeersJoinedBySeparatorInPeersOfOrder() throws IOException {
        link(cwd, "me", "zed");
        link(cwd, "alpha", "me");
        index(cwd, "zed", transcript("z.jsonl", record("user", "z1")).toString());
        index(
                cwd,
                "alpha",
                transcript("a.jsonl", record("assistant", "a1"), record("user", "a2"))
                        .toString());
        assertEquals(
                "# linked context from alpha (alpha)\n## assistant\na1\n## user\na2\n---\n"
                        + "# linked context from zed (zed)\n## user\nz1\n",
                render("me"));
        // seen from zed, only me is a peer, and me has no index entry
        assertEquals("", render("zed"));
    }

    @Test
    void relativeIndexPathIsResolvedAgainstCwd() throws IOException {
        link(cwd, "me", "be");
        transcript("be.jsonl", record("user", "rel"));
        index(cwd, "be", "t/be.jsonl");
        assertEquals("# linked context from be (be)\n## user\nrel\n", render("me"));
    }

    @Test
    void indexPathWithATrailingSlashNamesAFolderAsInNode() throws IOException {
        // node keeps the slash, and the OS then refuses a regular file: no turns, relative or absolute
        link(cwd, "me", "rel");
        link(cwd, "me", "abs");
        Path file = transcript("be.jsonl", record("user", "hidden"));
        index(cwd, "rel", "t/be.jsonl/");
        index(cwd, "abs", file + "/");
        assertEquals("", render("me"));
        index(cwd, "abs", file.toString());
        assertEquals("# linked context from abs (abs)\n## user\nhidden\n", render("me"));
    }

    @Test
    void peersWithoutIndexOrTurnsAreSkipped() throws IOException {
        link(cwd, "me", "a1");
        link(cwd, "me", "b2");
        link(cwd, "me", "c3");
        link(cwd, "me", "d4");
        link(cwd, "me", "e5");
        index(cwd, "b2", transcript("b.jsonl", "{\"type\":\"summary\"}", "junk").toString());
        index(cwd, "c3", cwd.resolve("missing.jsonl").toString());
        write(cwd.resolve(".termsprawl/transcripts/d4.json"), "{\"version\": 2, \"path\": \"/x\"}");
        index(cwd, "e5", transcript("e.jsonl", record("user", "only e")).toString());
        assertEquals("# linked context from e5 (e5)\n## user\nonly e\n", render("me"));
    }

    @Test
    void nothingAtAllWhenNoPeerHasOutput() throws IOException {
        assertEquals("", render("me"));
        link(cwd, "me", "be");
        assertEquals("", render("me"));
        index(cwd, "be", transcript("be.jsonl", "").toString());
        assertEquals("", render("me"));
        assertEquals(
                "",
                new LinkedContext(cwd.resolve("no/such/folder")).render("me").stdout());
    }

    @Test
    void unsafeSelfPrintsNothing() throws IOException {
        linkFile(cwd, "x.json", "{\"version\":1,\"a\":\"me\",\"b\":\"be\"}");
        index(cwd, "be", transcript("be.jsonl", record("user", "x")).toString());
        assertEquals("", render("me\n"));
        assertEquals("", render("../me"));
        assertEquals("", render(""));
    }

    @Test
    void peerLinkedTwiceIsPrintedOnce() throws IOException {
        link(cwd, "me", "be");
        linkFile(cwd, "zz-duplicate.json", "{\"version\":1,\"a\":\"me\",\"b\":\"be\"}");
        index(cwd, "be", transcript("be.jsonl", record("user", "once")).toString());
        assertEquals("# linked context from be (be)\n## user\nonce\n", render("me"));
    }

    @Test
    void titleFallsBackToIdAndEmptyTitleIsUsed() throws IOException {
        link(cwd, "me", "p1");
        link(cwd, "me", "p2");
        index(cwd, "p1", transcript("1.jsonl", record("user", "x")).toString());
        index(cwd, "p2", transcript("2.jsonl", record("user", "y")).toString());
        write(
                cwd.resolve(".termsprawl/project.json"),
                "{\"nodes\": [null, {\"id\": \"p1\", \"data\": {\"title\": \"\"}}, {\"id\": \"p2\", \"data\": {\"title\": 3}}]}");
        assertEquals(
                "# linked context from  (p1)\n## user\nx\n---\n# linked context from p2 (p2)\n## user\ny\n",
                render("me"));
    }

    @Test
    void loneSurrogatePrintsAsReplacementBytes() throws IOException {
        link(cwd, "me", "be");
        index(
                cwd,
                "be",
                transcript("be.jsonl", "{\"type\":\"user\",\"message\":{\"content\":\"a\\ud800b\"}}")
                        .toString());
        String out = render("me");
        assertEquals("# linked context from be (be)\n## user\na\uD800b\n", out);
        byte[] expected = Fixtures.utf8("# linked context from be (be)\n## user\na\uFFFDb\n");
        assertArrayEquals(expected, Utf8Output.encode(out));
        byte[] tail = {'a', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, 'b', '\n'};
        byte[] got = Utf8Output.encode(out);
        assertArrayEquals(tail, java.util.Arrays.copyOfRange(got, got.length - tail.length, got.length));
    }

    @Test
    void directoryAsTranscriptSkipsOnlyThatPeer() throws IOException {
        link(cwd, "me", "a1");
        link(cwd, "me", "b2");
        Files.createDirectories(cwd.resolve("dir.jsonl"));
        index(cwd, "a1", cwd.resolve("dir.jsonl").toString());
        index(cwd, "b2", transcript("b.jsonl", record("assistant", "fine")).toString());
        assertEquals("# linked context from b2 (b2)\n## assistant\nfine\n", render("me"));
    }

    @Test
    void absoluteIndexPathThroughAMissingFolderPrintsNothing() throws IOException {
        link(cwd, "me", "be");
        transcript("be.jsonl", record("user", "x"));
        index(cwd, "be", cwd.resolve("t/missing").toString() + "/../be.jsonl");
        assertEquals("", render("me"));
        index(cwd, "be", "t/missing/../be.jsonl"); // a relative path is joined and normalized, as node's join does
        assertEquals("# linked context from be (be)\n## user\nx\n", render("me"));
    }
}
