package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.plant.CommandJar;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The layers and their arrows: a package may use its own layer and the ones below it, never one above.
 * The planted jar holds the layers up to {@code cli}; {@code plant} and {@code maven} stay in the plugin,
 * and nothing below {@code maven} names Maven: neither its types nor its words (a {@code -D} property, a
 * {@code mvn termsprawl:} call), which only the Mojos add to a message.
 */
class ArchitectureTest {
    static final Path SRC = Path.of(System.getProperty("basedir", ".")).resolve("src/main/java/io/github/termsprawl");
    /**
     * Lowest first. {@code store} holds what every store shares; {@code store.*} is one package per store
     * (docs/stores.md), side by side: a store package uses {@code store} and the layers below, never another
     * store's package; {@code registry} is the one place that knows them all.
     */
    static final List<String> LAYERS = List.of(
            "jsonl",
            "redact",
            "core",
            "store",
            "edits",
            "store.*",
            "registry",
            "touch",
            "view",
            "history",
            "ask",
            "share",
            "plant",
            "cli",
            "maven");

    /** The stores' packages under {@code store/}. */
    static final List<String> STORES = List.of("claude", "codex", "gemini", "pi", "opencode", "cursor");

    /** At most this many classes in one package: past it, no reader holds the package. */
    static final int MAX_CLASSES = 25;

    private static final Pattern OWN_REFERENCE =
            Pattern.compile("io\\.github\\.termsprawl\\.(store\\.[a-z]+(?=\\.)|\\w+)\\.");

    /** A package's layer: {@code store.claude} is one of {@code store.*}. */
    static int layerIndex(String pkg) {
        return LAYERS.indexOf(pkg.startsWith("store.") ? "store.*" : pkg);
    }

    /** The package of a file under {@code root}, dotted: {@code store.claude}. */
    static String packageOf(Path root, Path file) {
        return root.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.');
    }

    /** Each file's name with the packages above its own that it names, for every file that does. */
    static Map<String, List<String>> upwardReferences(Path root) throws IOException {
        Map<String, List<String>> offenders = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String layer = packageOf(root, f);
                List<String> above = upwardReferences(layer, Files.readString(f, StandardCharsets.UTF_8));
                if (!above.isEmpty()) {
                    offenders.put(root.relativize(f).toString(), above);
                }
            }
        }
        return offenders;
    }

    static List<String> upwardReferences(String layer, String source) {
        int own = layerIndex(layer);
        assertTrue(own >= 0, "unknown package " + layer + ": add it to LAYERS");
        assertTrue(
                !layer.startsWith("store.") || STORES.contains(layer.substring(6)),
                "unknown store package " + layer + ": add it to STORES");
        List<String> above = new ArrayList<>();
        // a class named in a string or a comment is no dependency
        String code = source.replaceAll("(?s)/\\*.*?\\*/|//[^\n]*|\"(?:[^\"\\\\\n]|\\\\.)*\"", "");
        Matcher m = OWN_REFERENCE.matcher(code);
        while (m.find()) {
            String pkg = m.group(1);
            int used = layerIndex(pkg);
            boolean sibling = used == own && pkg.startsWith("store.") && !pkg.equals(layer);
            if ((used > own || sibling) && !above.contains(pkg)) {
                above.add(pkg);
            }
        }
        return above;
    }

    static List<String> mavenUsers(Path dir) throws IOException {
        return users(dir, "org.apache.maven", "org.codehaus.plexus");
    }

    /** Jackson is the goals' alone (the settings merge): the planted commands start without loading a library. */
    static List<String> jacksonUsers(Path dir) throws IOException {
        return users(dir, "com.fasterxml.jackson");
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
        try (Stream<Path> dirs = Files.walk(SRC)) {
            for (Path dir :
                    dirs.filter(Files::isDirectory).filter(d -> !d.equals(SRC)).toList()) {
                String pkg = SRC.relativize(dir).toString().replace(java.io.File.separatorChar, '.');
                assertTrue(layerIndex(pkg) >= 0, dir + " is not in LAYERS");
                assertTrue(!pkg.startsWith("store.") || STORES.contains(pkg.substring(6)), dir + " is not in STORES");
            }
        }
    }

    /** One reader holds a package: none grows past {@link #MAX_CLASSES} classes. */
    @Test
    void noPackageIsTooLargeToHold() throws IOException {
        Map<String, Integer> sizes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                sizes.merge(packageOf(SRC, f), 1, Integer::sum);
            }
        }
        sizes.values().removeIf(n -> n <= MAX_CLASSES);
        assertEquals(Map.of(), sizes);
    }

    @Test
    void arrowsPointOnlyDownwards() throws IOException {
        assertEquals(Map.of(), upwardReferences(SRC));
    }

    @Test
    void onlyTheMojosUseMaven() throws IOException {
        for (String pkg : LAYERS) {
            if (!pkg.equals("maven") && !pkg.equals("store.*")) {
                assertEquals(List.of(), mavenUsers(SRC.resolve(pkg)), pkg + " must not reference Maven");
            }
        }
    }

    @Test
    void thePlantedLayersUseNoJackson() throws IOException {
        for (String pkg : LAYERS) {
            if (LAYERS.indexOf(pkg) <= LAYERS.indexOf("cli") && !pkg.equals("plant") && !pkg.equals("store.*")) {
                assertEquals(
                        List.of(), jacksonUsers(SRC.resolve(pkg)), pkg + " is planted: the command jar has no Jackson");
            }
        }
    }

    @Test
    void theChecksCanFail() throws IOException {
        assertFalse(jacksonUsers(SRC.resolve("plant")).isEmpty());
        assertEquals(
                List.of("store.codex"),
                upwardReferences("store.claude", "import io.github.termsprawl.store.codex.CodexTranscript;"));
        assertEquals(
                List.of(),
                upwardReferences(
                        "store.claude",
                        "import io.github.termsprawl.store.claude.X;\n"
                                + "import io.github.termsprawl.store.Message;"));
        assertEquals(
                List.of("registry"), upwardReferences("store", "io.github.termsprawl.registry.TranscriptReaders.x"));
        assertEquals(
                List.of("view", "maven"),
                upwardReferences(
                        "store",
                        "import io.github.termsprawl.core.NodeId;\nimport io.github.termsprawl.view.LinkedContext;\n"
                                + "io.github.termsprawl.maven.UserProperties.SELF;\n"
                                + "String s = \"io.github.termsprawl.cli.ContextCommand\"; // io.github.termsprawl.plant.X"));
        assertEquals(List.of(), upwardReferences("view", "import io.github.termsprawl.store.Turn;"));
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

    static final Path CLASSES =
            Path.of(System.getProperty("basedir", ".")).resolve("target/classes/io/github/termsprawl");

    private static final Pattern BYTECODE_REFERENCE = Pattern.compile("io/github/termsprawl/(store/[a-z]+(?=/)|\\w+)/");

    /**
     * The packages of ours a compiled class names anywhere in its constant pool: its own types, the types of the
     * methods and fields it calls and reads (a return type it never spells out in its source included).
     */
    static Set<String> compiledReferences(byte[] classFile) throws IOException {
        Set<String> packages = new TreeSet<>();
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        in.readInt(); // magic
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> {
                    Matcher m = BYTECODE_REFERENCE.matcher(in.readUTF());
                    while (m.find()) {
                        packages.add(m.group(1).replace('/', '.'));
                    }
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++; // takes two entries
                }
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        return packages;
    }

    /** Each compiled class (relative path) with the store packages it names that are not its own. */
    static Map<String, Set<String>> storePackageUsers(Path classes) throws IOException {
        Map<String, Set<String>> users = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String own = packageOf(classes, f);
                if (own.equals("registry")) {
                    continue; // the one place that knows every store
                }
                Set<String> named = new TreeSet<>();
                for (String pkg : compiledReferences(Files.readAllBytes(f))) {
                    if (pkg.startsWith("store.") && !pkg.equals(own)) {
                        named.add(pkg);
                    }
                }
                if (!named.isEmpty()) {
                    String name = classes.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                    users.put(
                            name.substring(0, name.length() - ".class".length()).replaceAll("\\$.*", ""), named);
                }
            }
        }
        users.values().removeIf(Set::isEmpty);
        return users;
    }

    /**
     * The classes outside the registry that name a store's package: none. What history, the touch index and ask read
     * of Claude Code is a capability of its agent ({@code Agent.Windows}, {@code Agent.CallTurns},
     * {@code Agent.SessionIds}); a class added here is a store's knowledge leaking upwards.
     */
    static final Map<String, Set<String>> KNOWN_STORE_USERS = Map.of();

    /** Checked on the compiled classes, so a type reached only through a return type counts too. */
    @Test
    void onlyTheRegistryNamesAStorePackage() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(CLASSES), "no compiled classes at " + CLASSES);
        Map<String, Set<String>> users = storePackageUsers(CLASSES);
        assertEquals(KNOWN_STORE_USERS, users);
    }

    /**
     * No class above the registry names one agent's store ({@code Store.CLAUDE}, {@code case CODEX}): what differs
     * between agents is a capability of each agent's object, asked of the registry.
     */
    @Test
    void noStoreIsNamedAboveTheRegistry() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(SRC), "no sources at " + SRC);
        assertEquals(Map.of(), storeNames(SRC));
    }

    private static final java.util.regex.Pattern STORE_NAME = java.util.regex.Pattern.compile(
            "\\bStore\\.(CLAUDE|CODEX|GEMINI|PI|OPENCODE|CURSOR)\\b|\\bcase (CLAUDE|CODEX|GEMINI|PI|OPENCODE|CURSOR)\\b");

    private static Map<String, List<String>> storeNames(Path src) throws IOException {
        Map<String, List<String>> named = new java.util.TreeMap<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = src.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                if (rel.startsWith("store/") || rel.startsWith("registry/")) {
                    continue;
                }
                java.util.regex.Matcher m = STORE_NAME.matcher(Files.readString(f));
                List<String> found = new ArrayList<>();
                while (m.find()) {
                    found.add(m.group());
                }
                if (!found.isEmpty()) {
                    named.put(rel, found);
                }
            }
        }
        return named;
    }

    @Test
    void theStoreNameCheckCanFail(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("ask"));
        Files.writeString(dir.resolve("ask/A.java"), "class A { boolean b(Store s) { return s == Store.CODEX; } }");
        Files.createDirectories(dir.resolve("registry"));
        Files.writeString(dir.resolve("registry/R.java"), "class R { Store s = Store.CODEX; }");
        assertEquals(Map.of("ask/A.java", List.of("Store.CODEX")), storeNames(dir));
    }

    @Test
    void theBytecodeCheckCanFail() throws IOException {
        // the registry names every store: read from its class file, as the rule reads every other
        Path agents = CLASSES.resolve("registry/Agents.class");
        Assumptions.assumeTrue(Files.isRegularFile(agents), "no compiled classes at " + CLASSES);
        Set<String> named = compiledReferences(Files.readAllBytes(agents));
        for (String store : STORES) {
            assertTrue(named.contains("store." + store), store + " in " + named);
        }
        // a method descriptor alone (a return type the source never names) is a reference too
        Path liveTurns = CLASSES.resolve("view/LiveTurns.class");
        assertTrue(compiledReferences(Files.readAllBytes(liveTurns)).contains("registry"));
    }

    @Test
    void thePlantedJarHoldsNoPlantOrMavenClassAndNoLibrary() throws IOException {
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
        for (String name : theirs) {
            assertTrue(name.startsWith("META-INF/"), name); // no Jackson: the commands read and write JSON themselves
        }
        assertTrue(ours.contains("io/github/termsprawl/jsonl/Json.class"), ours.toString());
        for (String name : ours) {
            String layer = name.split("/")[3];
            String pkg = layer.equals("store") && name.split("/").length > 5 ? "store." + name.split("/")[4] : layer;
            assertTrue(layerIndex(pkg) <= LAYERS.indexOf("cli") && !layer.equals("plant"), name);
        }
    }
}
