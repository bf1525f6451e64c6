package io.github.termsprawl.plant;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The fingerprints of the two jars {@code discover} plants, computed once when this plugin is built and
 * kept as a resource of the plugin jar: so {@code check} compares the planted jars without building
 * them (assembling the command jar and re-deflating sqlite-jdbc take about a second), and without
 * sqlite-jdbc at all. They hold only for the dependency jars they were computed from; with others (a
 * build that adds another sqlite-jdbc to the plugin) or from a classes folder (a test, an IDE), there are
 * none and the jars are built.
 */
public final class JarFingerprints {
    static final String RESOURCE = "planted-jars.properties";
    private static final String SQLITE = "source.sqlite-jdbc";
    /** The version of sqlite-jdbc the goals that need it resolve: it is no dependency Maven loads the plugin with. */
    private static final String SQLITE_VERSION = "sqlite-jdbc.version";
    /** Looked up as a resource: finding it loads no sqlite-jdbc class and opens no jar the plugin lacks. */
    private static final String SQLITE_CLASS = "org/sqlite/SQLiteConfig.class";

    private static final String SQLITE_POM = "META-INF/maven/org.xerial/sqlite-jdbc/pom.properties";

    private JarFingerprints() {}

    /** The fingerprints by planted name ({@link Launchers#JAR}, {@link Launchers#SQLITE_JAR}); empty when unknown. */
    public static Map<String, Fingerprint> known() {
        try {
            // by the resource's URL, not the code source: check runs in every build, and that costs milliseconds
            java.net.URL url = JarFingerprints.class.getResource(RESOURCE);
            if (url == null || !"jar".equals(url.getProtocol())) {
                return Map.of();
            }
            Properties recorded = recorded();
            return recorded == null ? Map.of() : matching(recorded);
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /** The sqlite-jdbc version this plugin was built with; null without the resource (an IDE's build). */
    public static String sqliteVersion() {
        try {
            Properties recorded = recorded();
            return recorded == null ? null : recorded.getProperty(SQLITE_VERSION);
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether sqlite-jdbc's classes are on this plugin's class path (a test's, or once a goal has added it). */
    public static boolean sqliteLoadable() {
        return JarFingerprints.class.getClassLoader().getResource(SQLITE_CLASS) != null;
    }

    private static Properties recorded() throws IOException {
        try (InputStream in = JarFingerprints.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            Properties recorded = new Properties();
            recorded.load(in);
            return recorded;
        }
    }

    /**
     * The recorded fingerprints when they were computed from the sqlite-jdbc jar this JVM runs with, by
     * file name (with the version) and size; without sqlite-jdbc here, the one a goal would resolve before
     * planting it: the recorded version's.
     */
    static Map<String, Fingerprint> matching(Properties recorded) throws IOException {
        String sqlite = sqliteLoadable() ? source(CommandJar.sqliteSource()) : recorded.getProperty(SQLITE);
        if (sqlite == null || !sqlite.equals(recorded.getProperty(SQLITE))) {
            return Map.of();
        }
        Map<String, Fingerprint> known = new HashMap<>();
        for (String name : new String[] {Launchers.JAR, Launchers.SQLITE_JAR}) {
            Fingerprint f = Fingerprint.parse(recorded.getProperty(name));
            if (f == null) {
                return Map.of();
            }
            known.put(name, f);
        }
        return known;
    }

    private static String source(Path jar) throws IOException {
        return jar.getFileName() + " " + Files.size(jar);
    }

    /** The resource's text for the jars this JVM would build now. */
    static String compute() throws IOException {
        Path sqlite = CommandJar.sqliteSource();
        return "# size and CRC-32 of the jars discover plants, and the sqlite-jdbc jar they were built from\n"
                + Launchers.JAR + "=" + Fingerprint.of(CommandJar.build()) + "\n"
                + Launchers.SQLITE_JAR + "=" + Fingerprint.of(CommandJar.sqliteJar()) + "\n"
                + SQLITE + "=" + source(sqlite) + "\n"
                + SQLITE_VERSION + "=" + versionOf(sqlite) + "\n";
    }

    /** The version sqlite-jdbc's jar names in its Maven metadata. */
    private static String versionOf(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry(SQLITE_POM);
            if (entry == null) {
                throw new IOException("no " + SQLITE_POM + " in " + jar);
            }
            Properties pom = new Properties();
            try (InputStream in = zip.getInputStream(entry)) {
                pom.load(in);
            }
            return pom.getProperty("version");
        }
    }

    /** Run at build time, after compiling (see the pom): writes the resource into the classes folder {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0])
                .resolve(JarFingerprints.class.getPackageName().replace('.', '/'))
                .resolve(RESOURCE);
        Files.writeString(file, compute(), StandardCharsets.UTF_8);
    }
}
