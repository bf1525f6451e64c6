package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.plant.CommandJar;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers and their arrows: a package may use its own layer and the ones below it, never one above.
 * The planted jar holds the layers up to {@code cli}; {@code plant} and {@code maven} stay in the plugin,
 * and nothing below {@code maven} names Maven: neither its types nor its words (a {@code -D} property, a
 * {@code mvn termsprawl:} call), which only the Mojos add to a message.
 */
class ArchitectureTest {
    static final Path SRC = Path.of(System.getProperty("basedir", ".")).resolve("src/main/java/io/github/termsprawl");
    /** Lowest first. */
    static final List<String> LAYERS = List.of(
            "jsonl", "redact", "core", "transcript", "session", "view", "history", "ask", "plant", "cli", "maven");

    private static final Pattern OWN_REFERENCE = Pattern.compile("io\\.github\\.termsprawl\\.(\\w+)\\.");

    /** Each file's name with the packages above its own that it names, for every file that does. */
    static Map<String, List<String>> upwardReferences(Path root) throws IOException {
        Map<String, List<String>> offenders = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String layer = f.getParent().getFileName().toString();
                List<String> above = upwardReferences(layer, Files.readString(f, StandardCharsets.UTF_8));
                if (!above.isEmpty()) {
                    offenders.put(root.relativize(f).toString(), above);
                }
            }
        }
        return offenders;
    }

    static List<String> upwardReferences(String layer, String source) {
        int own = LAYERS.indexOf(layer);
        assertTrue(own >= 0, "unknown package " + layer + ": add it to LAYERS");
        List<String> above = new ArrayList<>();
        // a class named in a string or a comment is no dependency
        String code = source.replaceAll("(?s)/\\*.*?\\*/|//[^\n]*|\"(?:[^\"\\\\\n]|\\\\.)*\"", "");
        Matcher m = OWN_REFERENCE.matcher(code);
        while (m.find()) {
            int used = LAYERS.indexOf(m.group(1));
            if (used > own && !above.contains(m.group(1))) {
                above.add(m.group(1));
            }
        }
        return above;
    }

    static List<String> mavenUsers(Path dir) throws IOException {
        return users(dir, "org.apache.maven", "org.codehaus.plexus");
    }

    /** jackson-databind would triple the planted command's start-up: only the goals' side may use it. */
    static List<String> databindUsers(Path dir) throws IOException {
        return users(dir, "com.fasterxml.jackson.databind", "com.fasterxml.jackson.annotation");
    }

    private static List<String> users(Path dir, String... names) throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                for (String name : names) {
                    if (text.contains(name)) {
                        offenders.add(SRC.relativize(f).toString());
                        break;
                    }
                }
            }
        }
        return offenders;
    }

    /** What only the Mojos may say: the way to set a property, and the way to call a goal. */
    static final List<String> MAVEN_WORDS = List.of("-Dtermsprawl", "mvn termsprawl");

    /** The Maven words in a source, code or comment; string literals joined by {@code +} count as one. */
    static List<String> mavenWords(String source) {
        String joined = source.replaceAll("\"\\s*\\+\\s*\"", "");
        List<String> found = new ArrayList<>();
        for (String word : MAVEN_WORDS) {
            if (joined.contains(word)) {
                found.add(word);
            }
        }
        return found;
    }

    @Test
    void onlyTheMojosSpeakMaven() throws IOException {
        Map<String, List<String>> offenders = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                List<String> words = mavenWords(Files.readString(f, StandardCharsets.UTF_8));
                if (!f.getParent().getFileName().toString().equals("maven") && !words.isEmpty()) {
                    offenders.put(SRC.relativize(f).toString(), words);
                }
            }
        }
        assertEquals(Map.of(), offenders);
    }

    @Test
    void everyPackageIsALayer() throws IOException {
        try (Stream<Path> dirs = Files.list(SRC)) {
            for (Path dir : dirs.toList()) {
                assertTrue(LAYERS.contains(dir.getFileName().toString()), dir + " is not in LAYERS");
            }
        }
    }

    @Test
    void arrowsPointOnlyDownwards() throws IOException {
        assertEquals(Map.of(), upwardReferences(SRC));
    }

    @Test
    void onlyTheMojosUseMaven() throws IOException {
        for (String pkg : LAYERS) {
            if (!pkg.equals("maven")) {
                assertEquals(List.of(), mavenUsers(SRC.resolve(pkg)), pkg + " must not reference Maven");
            }
        }
    }

    @Test
    void thePlantedLayersUseNoDatabind() throws IOException {
        for (String pkg : LAYERS) {
            if (LAYERS.indexOf(pkg) <= LAYERS.indexOf("cli") && !pkg.equals("plant")) {
                assertEquals(List.of(), databindUsers(SRC.resolve(pkg)), pkg + " is planted: no jackson-databind");
            }
        }
    }

    @Test
    void theChecksCanFail() throws IOException {
        assertFalse(databindUsers(SRC.resolve("plant")).isEmpty());
        assertEquals(
                List.of("view", "maven"),
                upwardReferences(
                        "transcript",
                        "import io.github.termsprawl.core.NodeId;\nimport io.github.termsprawl.view.LinkedContext;\n"
                                + "io.github.termsprawl.maven.UserProperties.SELF;\n"
                                + "String s = \"io.github.termsprawl.cli.ContextCommand\"; // io.github.termsprawl.plant.X"));
        assertEquals(List.of(), upwardReferences("view", "import io.github.termsprawl.transcript.Turn;"));
        assertFalse(mavenUsers(SRC.resolve("maven")).isEmpty());
        assertEquals(
                MAVEN_WORDS,
                mavenWords(
                        "String m = \"or run with -D\" +\n   \"termsprawl.claudeHook=false\"; // mvn termsprawl:discover"));
        assertEquals(List.of("mvn termsprawl"), mavenWords("/** Planted by `mvn termsprawl:discover`. */"));
        assertEquals(List.of(), mavenWords("String m = \"-D\" + name + \"=x\"; // termsprawl:context-links"));
        assertFalse(mavenWords(Files.readString(SRC.resolve("maven/DiscoverMojo.java")))
                .isEmpty());
    }

    @Test
    void thePlantedJarHoldsNoPlantOrMavenClassAndOnlyJacksonCore() throws IOException {
        List<String> ours = new ArrayList<>();
        List<String> theirs = new ArrayList<>();
        try (JarInputStream jar = new JarInputStream(new ByteArrayInputStream(CommandJar.build()))) {
            for (JarEntry e = jar.getNextJarEntry(); e != null; e = jar.getNextJarEntry()) {
                if (e.getName().startsWith("io/github/termsprawl/")) {
                    ours.add(e.getName());
                } else {
                    theirs.add(e.getName());
                }
            }
        }
        assertTrue(ours.contains("io/github/termsprawl/cli/ContextCommand.class"), ours.toString());
        assertTrue(theirs.contains("com/fasterxml/jackson/core/JsonFactory.class"), theirs.toString());
        for (String name : theirs) {
            assertTrue(name.startsWith("com/fasterxml/jackson/core/") || name.startsWith("META-INF/"), name);
        }
        assertTrue(ours.contains("io/github/termsprawl/jsonl/Json.class"), ours.toString());
        for (String name : ours) {
            String layer = name.split("/")[3];
            assertTrue(LAYERS.indexOf(layer) <= LAYERS.indexOf("cli") && !layer.equals("plant"), name);
        }
    }
}
