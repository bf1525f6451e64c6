package io.github.termsprawl.plant;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The fingerprints of the two jars {@code discover} plants, computed once when this plugin is built and
 * kept as a resource of the plugin jar: so {@code check} compares the planted jars without building
 * them (assembling the command jar and re-deflating sqlite-jdbc take about a second). They hold only for
 * the dependency jars they were computed from; with others (a build that overrides the plugin's
 * dependencies) or from a classes folder (a test, an IDE), there are none and the jars are built.
 */
public final class JarFingerprints {
    static final String RESOURCE = "planted-jars.properties";
    private static final String JACKSON = "source.jackson";
    private static final String SQLITE = "source.sqlite-jdbc";

    private JarFingerprints() {}

    /** The fingerprints by planted name ({@link Launchers#JAR}, {@link Launchers#SQLITE_JAR}); empty when unknown. */
    public static Map<String, Fingerprint> known() {
        try {
            if (Files.isDirectory(CommandJar.codeSource(JarFingerprints.class))) {
                return Map.of();
            }
            Properties recorded = new Properties();
            try (InputStream in = JarFingerprints.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    return Map.of();
                }
                recorded.load(in);
            }
            return matching(recorded);
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /** The recorded fingerprints when they were computed from the dependency jars this JVM runs with. */
    static Map<String, Fingerprint> matching(Properties recorded) throws IOException {
        if (!sources().equals(Map.of(JACKSON, recorded.get(JACKSON), SQLITE, recorded.get(SQLITE)))) {
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

    /**
     * What the planted jars are built from: jackson-core's version (the plugin jar bundles it, so there is
     * no jar of its own to name at run time; a released version's classes never change) and sqlite-jdbc's
     * jar, by file name (with the version) and size.
     */
    private static Map<String, String> sources() throws IOException {
        return Map.of(
                JACKSON,
                "jackson-core " + com.fasterxml.jackson.core.json.PackageVersion.VERSION,
                SQLITE,
                source(org.sqlite.SQLiteConfig.class));
    }

    private static String source(Class<?> type) throws IOException {
        Path jar = CommandJar.codeSource(type);
        return jar.getFileName() + " " + Files.size(jar);
    }

    /** The resource's text for the jars this JVM would build now. */
    static String compute() throws IOException {
        Map<String, String> sources = sources();
        return "# size and CRC-32 of the jars discover plants, and the dependency jars they were built from\n"
                + Launchers.JAR + "=" + Fingerprint.of(CommandJar.build()) + "\n"
                + Launchers.SQLITE_JAR + "=" + Fingerprint.of(CommandJar.sqliteJar()) + "\n"
                + JACKSON + "=" + sources.get(JACKSON) + "\n"
                + SQLITE + "=" + sources.get(SQLITE) + "\n";
    }

    /** Run at build time, after compiling (see the pom): writes the resource into the classes folder {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0])
                .resolve(JarFingerprints.class.getPackageName().replace('.', '/'))
                .resolve(RESOURCE);
        Files.writeString(file, compute(), StandardCharsets.UTF_8);
    }
}
