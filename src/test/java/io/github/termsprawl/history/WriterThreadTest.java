package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriterThreadTest {
    @TempDir
    Path dir;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void groupsAndSingleFilesAreWrittenAndCounted() throws IOException {
        Files.write(dir.resolve("same.md"), bytes("same"));
        WriterThread writer = new WriterThread(false);
        WriterThread.Group group = new WriterThread.Group();
        long total = 0;
        for (int i = 0; i < 50; i++) {
            group.add(dir.resolve("turn-" + i + ".md"), bytes("turn " + i), false);
            total += bytes("turn " + i).length;
        }
        group.add(dir.resolve("same.md"), bytes("same"), true); // compared first: the bytes are there already
        assertEquals(total + 4, group.bytes());
        writer.write(group);
        writer.write(new WriterThread.Group()); // an empty group is nothing to write
        writer.write(dir.resolve("single.md"), bytes("one"), false);
        assertEquals(51, writer.finish());
        for (int i = 0; i < 50; i++) {
            assertArrayEquals(bytes("turn " + i), Files.readAllBytes(dir.resolve("turn-" + i + ".md")));
        }
        assertArrayEquals(bytes("one"), Files.readAllBytes(dir.resolve("single.md")));
    }

    @Test
    void aFailedWriteStopsTheRestAndIsThrown() throws IOException {
        WriterThread writer = new WriterThread(true);
        WriterThread.Group group = new WriterThread.Group();
        group.add(dir.resolve("missing-folder").resolve("turn-0.md"), bytes("x"), false);
        group.add(dir.resolve("turn-1.md"), bytes("y"), false);
        writer.write(group);
        IOException e = assertThrows(IOException.class, writer::finish);
        assertTrue(e.getMessage().contains("turn-0.md"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("turn-1.md")), "no write after the first that failed");
    }
}
