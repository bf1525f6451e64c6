package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder written whole beside where it goes, then put in place (docs/files.md, "What stays in the project"). */
class StagedFolderTest {
    /** No process has it: above the largest pid Linux hands out (2^22). */
    static final long GONE = 99_999_999L;

    @TempDir
    Path project;

    @TempDir
    Path outside;

    Path parent;
    Path dir;

    @BeforeEach
    void folders() throws IOException {
        parent = Files.createDirectories(project.resolve(".termsprawl/history"));
        dir = Files.createDirectories(parent.resolve("backend"));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theFilesAreMadeBesideTheEmptyFolderAndPutInPlaceByOneRename() throws IOException {
        Object before = Fixtures.fileKey(dir);
        StagedFolder staged = StagedFolder.beside(project, dir);
        Path folder = staged.folder();
        assertEquals(parent, folder.getParent());
        assertTrue(
                folder.getFileName()
                        .toString()
                        .startsWith(".tmp-" + ProcessHandle.current().pid() + "-"),
                folder.toString());
        AtomicFiles.createNew(folder.resolve("turn-0000-user.md"), bytes("one"));
        AtomicFiles.createNew(folder.resolve("index.md"), bytes("index"));
        assertEquals(List.of(), Fixtures.names(dir), "nothing is seen before the folder is whole");
        Object staging = Fixtures.fileKey(folder);

        staged.commit();

        assertEquals(List.of("index.md", "turn-0000-user.md"), Fixtures.names(dir));
        assertEquals(List.of("backend"), Fixtures.names(parent), "no staged folder is left");
        assertEquals(staging, Fixtures.fileKey(dir), "the staged folder itself took the empty one's place");
        assertNotEquals(before, Fixtures.fileKey(dir));
        assertArrayEquals(bytes("one"), Files.readAllBytes(dir.resolve("turn-0000-user.md")));
    }

    @Test
    void aFileThatIsThereIsNeverOpened() throws IOException {
        StagedFolder staged = StagedFolder.beside(project, dir);
        Path victim = Files.writeString(outside.resolve("victim"), "precious");
        Files.createSymbolicLink(staged.folder().resolve("index.md"), victim);
        assertThrows(
                FileAlreadyExistsException.class,
                () -> AtomicFiles.createNew(staged.folder().resolve("index.md"), bytes("index")));
        assertEquals("precious", Files.readString(victim));
    }

    @Test
    void aFolderFilledMeanwhileGetsTheFilesOneRenameEachNothingWrittenThroughALink() throws IOException {
        StagedFolder staged = StagedFolder.beside(project, dir);
        AtomicFiles.createNew(staged.folder().resolve("turn-0000-user.md"), bytes("one"));
        AtomicFiles.createNew(staged.folder().resolve("index.md"), bytes("index"));
        // what another writer put there while the folder was staged
        Files.createDirectories(dir.resolve("agents/a1"));
        Path victim = Files.writeString(outside.resolve("victim"), "precious");
        Files.createSymbolicLink(dir.resolve("index.md"), victim);
        Object before = Fixtures.fileKey(dir);

        staged.commit();

        assertEquals(before, Fixtures.fileKey(dir));
        assertEquals(List.of("agents", "index.md", "turn-0000-user.md"), Fixtures.names(dir));
        assertFalse(Files.isSymbolicLink(dir.resolve("index.md")));
        assertEquals("index", Files.readString(dir.resolve("index.md")));
        assertEquals("precious", Files.readString(victim));
        assertEquals(List.of("backend"), Fixtures.names(parent));
    }

    @Test
    void aFolderWhereAStagedFileGoesIsLeftAndTheErrorNamesTheFix() throws IOException {
        for (boolean full : new boolean[] {false, true}) {
            Path in = Files.createDirectories(parent.resolve(full ? "full" : "empty"));
            StagedFolder staged = StagedFolder.beside(project, in);
            AtomicFiles.createNew(staged.folder().resolve("index.md"), bytes("index"));
            Files.createDirectories(in.resolve("index.md"));
            if (full) {
                Files.writeString(in.resolve("index.md/kept"), "kept");
            }

            IOException e = assertThrows(IOException.class, staged::commit);

            assertTrue(e.getMessage().contains("is a folder where termsprawl keeps a file"), e.getMessage());
            assertTrue(e.getMessage().contains("move the folder away and run again"), e.getMessage());
            assertTrue(Files.isDirectory(in.resolve("index.md")));
            assertEquals(full ? List.of("kept") : List.of(), Fixtures.names(in.resolve("index.md")));
            staged.discard();
        }
        assertEquals(List.of("backend", "empty", "full"), Fixtures.names(parent));
    }

    @Test
    void aLinkWhereTheFolderGoesIsRefusedAndNamesTheFix() throws IOException {
        StagedFolder staged = StagedFolder.beside(project, dir);
        AtomicFiles.createNew(staged.folder().resolve("index.md"), bytes("index"));
        Files.delete(dir);
        Files.createSymbolicLink(dir, outside);

        IOException e = assertThrows(IOException.class, staged::commit);

        assertTrue(e.getMessage().contains("is a link to"), e.getMessage());
        assertTrue(e.getMessage().contains("Replace the link with a real folder"), e.getMessage());
        assertEquals(List.of(), Fixtures.names(outside));
        staged.discard();
        assertEquals(List.of("backend"), Fixtures.names(parent));
    }

    @Test
    void discardRemovesTheStagedFolderAndWhatItHolds() throws IOException {
        StagedFolder staged = StagedFolder.beside(project, dir);
        AtomicFiles.createNew(staged.folder().resolve("turn-0000-user.md"), bytes("one"));
        staged.discard();
        assertEquals(List.of("backend"), Fixtures.names(parent));
        assertEquals(List.of(), Fixtures.names(dir));
    }

    @Test
    void whatAGoneWriterStagedIsRemovedNoLinkFollowedALiveOnesIsLeft() throws IOException {
        Path victims = Files.createDirectories(outside.resolve("victims"));
        Path victim = Files.writeString(victims.resolve("victim"), "precious");
        Path gone = Files.createDirectories(parent.resolve(".tmp-" + GONE + "-abc"));
        Files.writeString(gone.resolve("turn-0000-user.md"), "half");
        Files.createSymbolicLink(gone.resolve("turn-0001-assistant.md"), victim);
        Files.createSymbolicLink(gone.resolve("agents"), victims);
        Files.createDirectories(gone.resolve("deeper/still"));
        Files.createLink(gone.resolve("deeper/still/hard"), victim);
        Files.createSymbolicLink(parent.resolve(".tmp-" + GONE + "-def"), victims);
        Path live = Files.createDirectories(
                parent.resolve(".tmp-" + ProcessHandle.current().pid() + "-0"));
        Files.writeString(live.resolve("turn-0000-user.md"), "being written");

        StagedFolder staged = StagedFolder.beside(project, dir);

        List<String> left = Fixtures.names(parent);
        assertEquals(3, left.size(), left.toString());
        assertTrue(left.containsAll(List.of("backend", live.getFileName().toString())), left.toString());
        assertTrue(left.contains(staged.folder().getFileName().toString()), left.toString());
        assertEquals(List.of("victim"), Fixtures.names(victims));
        assertEquals("precious", Files.readString(victim));
        assertEquals("being written", Files.readString(live.resolve("turn-0000-user.md")));
        staged.discard();
    }

    @Test
    void aFolderOnTheWayThatIsALinkIsRefusedBeforeAnythingIsMade() throws IOException {
        Path elsewhere = Files.createDirectories(outside.resolve("history"));
        Files.delete(dir);
        Files.delete(parent);
        Files.createSymbolicLink(parent, elsewhere);
        IOException e = assertThrows(IOException.class, () -> StagedFolder.beside(project, parent.resolve("backend")));
        assertTrue(e.getMessage().contains("is a link to"), e.getMessage());
        assertEquals(List.of(), Arrays.asList(elsewhere.toFile().list()));
    }
}
