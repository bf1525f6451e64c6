package io.github.termsprawl.core;

import static io.github.termsprawl.core.Fixtures.linkFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinksTest {
    @TempDir
    Path cwd;

    Links links;
    Path dir;

    @BeforeEach
    void setUp() {
        links = new Links(new ProjectLayout(cwd));
        dir = cwd.resolve(".termsprawl/links");
    }

    private List<String> fileNames() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void canonicalFileNameForBothOrders() {
        assertEquals(dir.resolve("backend--frontend.json"), links.fileOf("backend", "frontend"));
        assertEquals(dir.resolve("backend--frontend.json"), links.fileOf("frontend", "backend"));
        assertEquals("B--a.json", new Link("a", "B").fileName()); // plain string order: 'B' < 'a'
        assertEquals("a--a-b.json", new Link("a-b", "a").fileName());
    }

    @Test
    void addWritesExactBytes() throws IOException {
        Links.Result r = links.add("lo", "hi");
        assertTrue(r.ok());
        assertTrue(r.changed());
        assertNull(r.error());
        assertEquals(List.of("hi--lo.json"), fileNames());
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"a\": \"hi\",\n  \"b\": \"lo\"\n}\n"),
                Files.readAllBytes(dir.resolve("hi--lo.json")));
    }

    @Test
    void addWritesLoThenHi() throws IOException {
        links.add("lo", "alpha");
        links.add("hi", "lo");
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"a\": \"hi\",\n  \"b\": \"lo\"\n}\n"),
                Files.readAllBytes(dir.resolve("hi--lo.json")));
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"a\": \"alpha\",\n  \"b\": \"lo\"\n}\n"),
                Files.readAllBytes(dir.resolve("alpha--lo.json")));
    }

    @Test
    void addIsIdempotentInBothOrders() throws IOException {
        assertTrue(links.add("backend", "frontend").changed());
        Path f = dir.resolve("backend--frontend.json");
        Files.setLastModifiedTime(f, FileTime.fromMillis(1_000_000L));
        Links.Result again = links.add("frontend", "backend");
        assertTrue(again.ok());
        assertFalse(again.changed());
        assertEquals(FileTime.fromMillis(1_000_000L), Files.getLastModifiedTime(f));
        assertEquals(List.of("backend--frontend.json"), fileNames());
        assertEquals(List.of(new Link("backend", "frontend")), links.list());
    }

    @Test
    void badIdWritesNothing() throws IOException {
        for (String[] pair : new String[][] {
            {"../etc", "x"}, {"x", "a b"}, {"", "x"}, {"x\n", "y"}, {null, "x"}, {"x", null}, {"_x", "y"}
        }) {
            Links.Result r = links.add(pair[0], pair[1]);
            assertFalse(r.ok());
            assertEquals(Links.Error.BAD_ID, r.error());
            assertEquals("invalid node id", r.message());
            assertFalse(r.changed());
        }
        assertFalse(Files.exists(cwd.resolve(".termsprawl")));
    }

    @Test
    void selfLinkWritesNothing() {
        Links.Result r = links.add("same", "same");
        assertEquals(Links.Error.SELF, r.error());
        assertEquals("cannot link a node to itself", r.message());
        assertFalse(r.changed());
        assertFalse(Files.exists(cwd.resolve(".termsprawl")));
    }

    @Test
    void badIdWinsOverSelf() {
        assertEquals(Links.Error.BAD_ID, links.add("a b", "a b").error());
    }

    @Test
    void writeFailureIsIoError() throws IOException {
        Fixtures.write(cwd.resolve(".termsprawl/links"), "a file where the folder should be");
        Links.Result r = links.add("a", "b");
        assertEquals(Links.Error.IO, r.error());
        assertFalse(r.ok());
        assertFalse(r.changed());
        // the system's message, naming what failed
        assertTrue(
                r.message() != null && !r.message().isBlank() && !r.message().equals("null"),
                String.valueOf(r.message()));
        assertTrue(r.message().contains(".termsprawl"), r.message());
    }

    @Test
    void aFailedWriteNamesTheFileAndTheReasonNotJustAPath() {
        assertEquals(
                "/p/.termsprawl/links: permission denied",
                Links.reason(new java.nio.file.AccessDeniedException("/p/.termsprawl/links")));
        assertEquals(
                "/p/.termsprawl/links: Not a directory",
                Links.reason(new java.nio.file.FileSystemException("/p/.termsprawl/links", null, "Not a directory")));
        assertEquals(
                "/p/x.tmp -> /p/x.json: AtomicMoveNotSupported",
                Links.reason(new java.nio.file.AtomicMoveNotSupportedException("/p/x.tmp", "/p/x.json", null)));
        assertEquals("disk full", Links.reason(new IOException("disk full")));
    }

    @Test
    void aFolderNamedLikeALinkIsNeverRemoved() throws IOException {
        for (boolean full : new boolean[] {false, true}) {
            Path folder = Files.createDirectories(dir.resolve("a--b.json"));
            if (full) {
                Files.writeString(folder.resolve("mine.txt"), "mine");
            }
            IOException e =
                    org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> links.remove("b", "a"));
            assertEquals(
                    folder + " is a folder where termsprawl keeps a file: move the folder away and run again",
                    e.getMessage());
            assertTrue(Files.isDirectory(folder), "an empty folder went silently");
            if (full) {
                assertEquals("mine", Files.readString(folder.resolve("mine.txt")));
                Files.delete(folder.resolve("mine.txt"));
            }
            Files.delete(folder);
        }
    }

    @Test
    void removeDeletesCanonicalFileAndMissingIsFine() throws IOException {
        links.add("a", "b");
        assertTrue(links.remove("b", "a"));
        assertEquals(List.of(), fileNames());
        assertFalse(links.remove("a", "b"));
        assertFalse(links.remove("../x", "a"));
    }

    @Test
    void listIsInFileNameOrder() throws IOException {
        linkFile(cwd, "m--z.json", "{\"version\":1,\"a\":\"m\",\"b\":\"z\"}");
        linkFile(cwd, "a--c.json", "{\"version\":1,\"a\":\"c\",\"b\":\"a\"}");
        linkFile(cwd, "B--q.json", "{\"version\":1,\"a\":\"B\",\"b\":\"q\"}");
        // the order comes from the file names, not from the ids inside
        linkFile(cwd, "b--b2.json", "{\"version\":1,\"a\":\"zz\",\"b\":\"aa\"}");
        assertEquals(
                List.of(new Link("B", "q"), new Link("c", "a"), new Link("zz", "aa"), new Link("m", "z")),
                links.list());
    }

    @Test
    void junkFilesAreDropped() throws IOException {
        linkFile(cwd, "01-notjson.json", "{not json");
        linkFile(cwd, "02-v2.json", "{\"version\":2,\"a\":\"a\",\"b\":\"b\"}");
        linkFile(cwd, "03-vstring.json", "{\"version\":\"1\",\"a\":\"a\",\"b\":\"b\"}");
        linkFile(cwd, "04-vfloat.json", "{\"version\":1.0,\"a\":\"x1\",\"b\":\"y1\"}");
        linkFile(cwd, "05-unsafe-a.json", "{\"version\":1,\"a\":\"../etc\",\"b\":\"b\"}");
        linkFile(cwd, "06-unsafe-b.json", "{\"version\":1,\"a\":\"a\",\"b\":\"a b\"}");
        linkFile(cwd, "07-self.json", "{\"version\":1,\"a\":\"a\",\"b\":\"a\"}");
        linkFile(cwd, "08-suffix.json.bak", "{\"version\":1,\"a\":\"s1\",\"b\":\"s2\"}");
        linkFile(cwd, "09-upper.JSON", "{\"version\":1,\"a\":\"u1\",\"b\":\"u2\"}");
        Files.createDirectories(dir.resolve("10-dir.json"));
        linkFile(cwd, "11-missing-version.json", "{\"a\":\"a\",\"b\":\"b\"}");
        linkFile(cwd, "12-array.json", "[{\"version\":1,\"a\":\"a\",\"b\":\"b\"}]");
        linkFile(cwd, "13-a-number.json", "{\"version\":1,\"a\":5,\"b\":\"b\"}");
        linkFile(cwd, "14-null.json", "null");
        linkFile(cwd, "15-trailing.json", "{\"version\":1,\"a\":\"t1\",\"b\":\"t2\"} x");
        linkFile(cwd, "16-empty.json", "");
        linkFile(cwd, "17-bom.json", "\uFEFF{\"version\":1,\"a\":\"bom1\",\"b\":\"bom2\"}");
        linkFile(cwd, "18-vexp.json", "{\"version\":1e0,\"a\":\"e1\",\"b\":\"e2\"}");
        linkFile(cwd, "19-b-newline.json", "{\"version\":1,\"a\":\"n1\",\"b\":\"n2\\n\"}");
        linkFile(cwd, "noext", "{\"version\":1,\"a\":\"n1\",\"b\":\"n2\"}");
        assertEquals(List.of(new Link("x1", "y1"), new Link("bom1", "bom2"), new Link("e1", "e2")), links.list());
    }

    @Test
    void missingFolderListsNothing() {
        assertEquals(List.of(), links.list());
        assertEquals(List.of(), links.peersOf("a"));
    }

    @Test
    void fileNameIsNotCheckedAgainstAB() throws IOException {
        linkFile(cwd, "whatever.json", "{\"version\":1,\"a\":\"me\",\"b\":\"peer\"}");
        linkFile(cwd, "x--y.json", "{\"version\":1,\"a\":\"peer2\",\"b\":\"me\"}");
        assertEquals(List.of("peer", "peer2"), links.peersOf("me")); // "whatever.json" < "x--y.json"
    }

    @Test
    void peersOfGivesEachPeerOnceInListOrder() throws IOException {
        linkFile(cwd, "1.json", "{\"version\":1,\"a\":\"me\",\"b\":\"p2\"}");
        linkFile(cwd, "2.json", "{\"version\":1,\"a\":\"other\",\"b\":\"p3\"}");
        linkFile(cwd, "3.json", "{\"version\":1,\"a\":\"p1\",\"b\":\"me\"}");
        linkFile(cwd, "4.json", "{\"version\":1,\"a\":\"p2\",\"b\":\"me\"}");
        linkFile(cwd, "5.json", "{\"version\":1,\"a\":\"me\",\"b\":\"p1\"}");
        assertEquals(List.of("p2", "p1"), links.peersOf("me"));
        assertEquals(List.of("p3"), links.peersOf("other"));
        assertEquals(List.of(), links.peersOf("nobody"));
    }

    @Test
    void unsafeSelfHasNoPeers() throws IOException {
        linkFile(cwd, "1.json", "{\"version\":1,\"a\":\"me\",\"b\":\"p\"}");
        assertEquals(List.of("p"), links.peersOf("me"));
        assertEquals(List.of(), links.peersOf("me\n"));
        assertEquals(List.of(), links.peersOf("../me"));
        assertEquals(List.of(), links.peersOf(""));
        assertEquals(List.of(), links.peersOf(null));
    }

    @Test
    void theKnownNodesAreThoseWithATranscriptALinkOrATitle() throws Exception {
        assertEquals(List.of(), List.copyOf(links.knownNodes()));
        new TranscriptIndex(new ProjectLayout(cwd)).record("backend", "/t/b.jsonl", null, null);
        links.add("frontend", "reviewer");
        Files.writeString(
                cwd.resolve(".termsprawl/project.json"),
                "{\"nodes\": [{\"id\": \"docs\", \"data\": {\"title\": \"D\"}}]}");
        assertEquals(List.of("backend", "docs", "frontend", "reviewer"), List.copyOf(links.knownNodes()));
    }
}
