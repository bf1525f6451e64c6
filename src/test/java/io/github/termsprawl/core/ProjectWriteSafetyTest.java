package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Goals write only inside the project, never through a link, and keep what the user set on a file. */
class ProjectWriteSafetyTest {
    @TempDir
    Path tmp;

    Path project;
    Path outside;

    @BeforeEach
    void setUp() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        outside = Files.createDirectories(tmp.resolve("outside"));
    }

    @Test
    void aLinkedFolderIsNeverWrittenThrough() throws IOException {
        for (String linked : new String[] {".termsprawl", ".termsprawl/links", ".termsprawl/transcripts", ".claude"}) {
            Path link = project.resolve(linked);
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, outside);
            Path file = link.resolve("x.json");
            IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeIfChanged(project, file, "{}"));
            assertTrue(e.getMessage().contains(link + " is a link to " + outside), e.getMessage());
            assertTrue(e.getMessage().contains("Replace the link with a real folder"), e.getMessage());
            assertThrows(IOException.class, () -> AtomicFiles.deleteIfExists(project, file));
            Files.delete(link);
        }
        try (var s = Files.list(outside)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void linksAndTheIndexRefuseALinkedFolder() throws IOException {
        ProjectLayout layout = new ProjectLayout(project);
        Files.createDirectories(layout.stateDir());
        Files.createSymbolicLink(layout.linksDir(), outside);
        Files.createSymbolicLink(layout.transcriptsDir(), outside);
        Links.Result r = new Links(layout).add("a", "b");
        assertFalse(r.changed());
        assertTrue(r.message().contains(layout.linksDir().toString()), r.message());
        Files.writeString(outside.resolve("a__b.json"), "{\"version\":1,\"a\":\"a\",\"b\":\"b\"}");
        assertThrows(IOException.class, () -> new Links(layout).remove("a", "b"));
        assertTrue(Files.exists(outside.resolve("a__b.json")));
        assertThrows(IOException.class, () -> new TranscriptIndex(layout).record("a", "/t.jsonl", null, null));
        try (var s = Files.list(outside)) {
            assertEquals(1, s.count());
        }
    }

    @Test
    void aLinkedFileIsWrittenAtItsTargetInsideTheProjectKeepingItsMode() throws IOException {
        Path target = Files.writeString(
                Files.createDirectories(project.resolve("shared")).resolve("settings.json"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        Path link = Files.createDirectories(project.resolve(".claude")).resolve("settings.local.json");
        Files.createSymbolicLink(link, Path.of("../shared/settings.json"));
        assertTrue(AtomicFiles.writeIfChanged(project, link, "new"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(target));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertFalse(AtomicFiles.writeIfChanged(project, link, "new"));
    }

    @Test
    void aLinkedFileOutsideTheProjectIsRefusedAndLeftAlone() throws IOException {
        Path target = Files.writeString(outside.resolve("settings.json"), "mine");
        Path link = Files.createDirectories(project.resolve(".claude")).resolve("settings.local.json");
        Files.createSymbolicLink(link, target);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeIfChanged(project, link, "new"));
        assertTrue(e.getMessage().contains("outside the project"), e.getMessage());
        assertEquals("mine", Files.readString(target));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aReplacedFileKeepsItsModeAndANewOneIs0644() throws IOException {
        Path f = Files.writeString(project.resolve("private.json"), "a");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertTrue(AtomicFiles.writeIfChanged(project, f, "b"));
        assertArrayEquals(Fixtures.utf8("b"), Files.readAllBytes(f));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        Path g = project.resolve("new.json");
        assertTrue(AtomicFiles.writeIfChanged(project, g, "c"));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(g)));
    }

    @Test
    void aFileOutsideTheProjectIsRefused() {
        assertThrows(IOException.class, () -> AtomicFiles.writeIfChanged(project, outside.resolve("x"), "x"));
        assertFalse(Files.exists(outside.resolve("x")));
    }

    static int links(Path f) throws IOException {
        return ((Number) Files.getAttribute(f, "unix:nlink", java.nio.file.LinkOption.NOFOLLOW_LINKS)).intValue();
    }

    @Test
    void aHardLinkIsReplacedNeverWrittenThrough() throws IOException {
        Path victim = Files.writeString(outside.resolve("victim"), "{}");
        Path file = project.resolve(".termsprawl/links/a--b.json");
        Files.createDirectories(file.getParent());
        Files.createLink(file, victim);
        // even with the bytes it should hold, a second name is no file of the project's: replaced
        assertTrue(AtomicFiles.writeIfChanged(project, file, "{}"));
        assertEquals(1, links(file));
        assertTrue(AtomicFiles.writeIfChanged(project, file, "{\"a\":1}"));
        assertEquals("{}", Files.readString(victim));
        assertEquals(1, links(victim));
    }

    @Test
    void aConfinedFolderIsMadeOneFolderAtATimeAndNothingOnTheWayLeadsOut() throws IOException {
        Path dir = project.resolve(".termsprawl/history/be/agents/a1");
        assertEquals(dir, AtomicFiles.confinedFolder(project, dir));
        assertTrue(Files.isDirectory(dir));
        Files.delete(dir);
        Files.createSymbolicLink(dir, outside);
        IOException linked = assertThrows(IOException.class, () -> AtomicFiles.confinedFolder(project, dir));
        assertTrue(linked.getMessage().contains(dir + " is a link to " + outside), linked.getMessage());
        Files.delete(dir);
        Files.writeString(dir, "a file");
        IOException file =
                assertThrows(IOException.class, () -> AtomicFiles.confinedFolder(project, dir.resolve("deeper")));
        assertTrue(file.getMessage().contains(dir + " is not a folder"), file.getMessage());
        assertThrows(IOException.class, () -> AtomicFiles.confinedFolder(project, outside));
        assertEquals(null, AtomicFiles.existingFolder(project, project.resolve("no/such")));
        try (var s = Files.list(outside)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void theFileAppendedToIsTakenOnlyWhenPlainWithOneNameAndLongEnough() throws IOException {
        Path dir = AtomicFiles.confinedFolder(project, project.resolve(".termsprawl/history/be"));
        Path plan = dir.resolve(".plan");
        Path victim = Files.writeString(outside.resolve("victim"), "0123456789");
        Files.createLink(plan, victim);
        assertEquals(null, AtomicFiles.appendChannel(plan, 4), "a hard link");
        Files.delete(plan);
        Files.createSymbolicLink(plan, victim);
        assertEquals(null, AtomicFiles.appendChannel(plan, 4), "a link");
        try (java.nio.channels.FileChannel c = AtomicFiles.appendChannel(plan, 0)) {
            c.write(java.nio.ByteBuffer.wrap(new byte[] {'a', 'b'}));
        }
        assertEquals("0123456789", Files.readString(victim), "made new: the link removed, not followed");
        assertEquals(null, AtomicFiles.appendChannel(plan, 3), "fewer bytes than the state names");
        try (java.nio.channels.FileChannel c = AtomicFiles.appendChannel(plan, 1)) {
            c.write(java.nio.ByteBuffer.wrap(new byte[] {'c'}));
        }
        assertEquals("ac", Files.readString(plan));
    }
}
