package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sqlite-jdbc's native library is unpacked into the project once and loaded from there: nothing lands
 * in the temp folder, a second load writes nothing, and no system property is left set. Each case runs
 * in a fresh JVM, since a library loads once per JVM.
 */
class SqliteNativeTest {
    @TempDir
    Path tmp;

    /** Loads from args[0], opens an in-memory database, prints the three sqlite properties. */
    public static void main(String[] args) throws Exception {
        SqliteNative.load(Path.of(args[0]));
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite::memory:")) {
            c.createStatement().execute("SELECT 1");
        }
        System.out.print(System.getProperty("org.sqlite.lib.path") + " " + System.getProperty("org.sqlite.lib.name")
                + " " + System.getProperty("org.sqlite.tmpdir"));
    }

    String probe(Path nativeDir, Path javaTmp) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djava.io.tmpdir=" + javaTmp,
                        "-cp",
                        System.getProperty("java.class.path"),
                        SqliteNativeTest.class.getName(),
                        nativeDir.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void unpacksIntoTheProjectOnceAndLeavesNoSettingBehind() throws Exception {
        // the project is there (the command runs from under it); what is under .termsprawl/ is made confined
        Path nativeDir = Files.createDirectories(tmp.resolve("project")).resolve(".termsprawl/bin/lib/.native");
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        assertEquals("null null null", probe(nativeDir, javaTmp));
        List<Path> unpacked = files(nativeDir);
        assertEquals(1, unpacked.size(), unpacked.toString());
        assertEquals(List.of(), files(javaTmp));

        Files.setLastModifiedTime(unpacked.get(0), FileTime.fromMillis(1_000_000L));
        assertEquals("null null null", probe(nativeDir, javaTmp));
        assertEquals(unpacked, files(nativeDir));
        assertEquals(FileTime.fromMillis(1_000_000L), Files.getLastModifiedTime(unpacked.get(0)));
        assertEquals(List.of(), files(javaTmp));
    }
}
