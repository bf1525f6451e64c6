package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The core and the command entry points run in the planted jar, which holds no Maven classes. */
class ArchitectureTest {
    static final Path SRC = Path.of(System.getProperty("basedir", ".")).resolve("src/main/java/io/github/termsprawl");

    static List<String> mavenUsers(Path dir) throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                if (text.contains("org.apache.maven") || text.contains("org.codehaus.plexus")) {
                    offenders.add(SRC.relativize(f).toString());
                }
            }
        }
        return offenders;
    }

    @Test
    void coreAndCliDoNotUseMaven() throws IOException {
        for (String pkg : new String[] {"core", "cli"}) {
            Path dir = SRC.resolve(pkg);
            assertTrue(Files.isDirectory(dir), dir.toString());
            assertEquals(List.of(), mavenUsers(dir), pkg + " must not reference Maven");
        }
    }

    @Test
    void theCheckCanFail() throws IOException {
        // the scan does find Maven where it is used
        assertTrue(!mavenUsers(SRC.resolve("maven")).isEmpty());
    }
}
