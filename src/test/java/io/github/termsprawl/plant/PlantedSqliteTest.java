package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The planted command finds sqlite-jdbc beside its jar, through the manifest, with no launcher change. */
class PlantedSqliteTest {
    @TempDir
    Path cwd;

    @Test
    void discoverPlantsTheSqliteJarWhereTheManifestPointsAt() throws Exception {
        try (JarInputStream jar = new JarInputStream(new ByteArrayInputStream(CommandJar.build()))) {
            assertEquals(
                    Launchers.SQLITE_JAR, jar.getManifest().getMainAttributes().get(Attributes.Name.CLASS_PATH));
        }
        ProjectLayout layout = new ProjectLayout(cwd);
        PlantedFile sqlite = new Discovery(layout, "mvn termsprawl:discover")
                .plan().stream()
                        .filter(f -> f.path().equals(layout.binDir().resolve(Launchers.SQLITE_JAR)))
                        .findFirst()
                        .orElseThrow();
        assertArrayEquals(CommandJar.sqliteJar(), sqlite.bytes());
        assertTrue(sqlite.bytes().length > 1_000_000);
        new Discovery(layout, "mvn termsprawl:discover").discover();
        assertEquals(
                0,
                new Discovery(layout, "mvn termsprawl:discover")
                        .check()
                        .committed()
                        .size());
        assertEquals(
                0, new Discovery(layout, "mvn termsprawl:discover").discover().size());
    }
}
