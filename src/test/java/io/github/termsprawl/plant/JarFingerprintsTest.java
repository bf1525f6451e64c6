package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class JarFingerprintsTest {
    @Test
    void theBuildRecordsTheFingerprintsOfTheJarsDiscoverWrites() throws IOException {
        String recorded;
        try (InputStream in = JarFingerprints.class.getResourceAsStream(JarFingerprints.RESOURCE)) {
            assumeTrue(in != null, "built outside Maven: no fingerprint resource");
            recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(JarFingerprints.compute(), recorded);
        Map<String, Fingerprint> known = JarFingerprints.matching(properties(recorded));
        assertEquals(Fingerprint.of(CommandJar.build()), known.get(Launchers.JAR));
        assertEquals(Fingerprint.of(CommandJar.sqliteJar()), known.get(Launchers.SQLITE_JAR));
    }

    @Test
    void fingerprintsOfOtherDependencyJarsAreNotUsed() throws IOException {
        Properties recorded = properties(JarFingerprints.compute());
        assertEquals(2, JarFingerprints.matching(recorded).size());
        recorded.setProperty("source.sqlite-jdbc", "sqlite-jdbc-3.0.0.jar 1");
        assertEquals(Map.of(), JarFingerprints.matching(recorded));
        recorded = properties(JarFingerprints.compute());
        recorded.setProperty(Launchers.JAR, "garbage");
        assertEquals(Map.of(), JarFingerprints.matching(recorded));
    }

    @Test
    void theBuildRecordsTheSqliteVersionTheGoalsResolve() throws IOException {
        String version = JarFingerprints.sqliteVersion();
        assumeTrue(version != null, "built outside Maven: no fingerprint resource");
        // the jar the fingerprints were computed from is the one a goal resolves by this version
        assertEquals(
                "sqlite-jdbc-" + version + ".jar",
                CommandJar.sqliteSource().getFileName().toString());
        assertTrue(JarFingerprints.sqliteLoadable(), "sqlite-jdbc is on the test class path");
    }

    @Test
    void noneFromAClassesFolder() {
        // the tests run on target/classes, which an IDE may compile without recording fingerprints
        assertEquals(Map.of(), JarFingerprints.known());
    }

    @Test
    void fingerprintTextRoundTrips() {
        Fingerprint f = Fingerprint.of("hello".getBytes(StandardCharsets.UTF_8));
        assertEquals("5 3610a686", f.toString());
        assertEquals(f, Fingerprint.parse(f.toString()));
        assertNotNull(Fingerprint.parse(" 5 3610a686\n"));
        for (String bad : new String[] {null, "", "5", "x 1", "5 zz", "1 2 3"}) {
            assertNull(Fingerprint.parse(bad), bad);
        }
    }

    private static Properties properties(String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        return p;
    }
}
