package io.github.termsprawl.maven;

import io.github.termsprawl.plant.JarFingerprints;
import java.io.File;
import java.net.MalformedURLException;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.codehaus.plexus.classworlds.realm.ClassRealm;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * sqlite-jdbc (14 MB, OpenCode's database driver) is no dependency Maven loads this plugin with, so
 * {@code check}, which runs in every build, neither resolves it nor opens it. The goals that plant it or
 * may read an OpenCode database resolve the version this plugin was built with and add it to the
 * plugin's class realm before their first use of it; Maven keeps that realm for the rest of the build.
 */
final class SqliteJdbc {
    static final String GROUP = "org.xerial";
    static final String ARTIFACT = "sqlite-jdbc";

    private SqliteJdbc() {}

    /** Makes sqlite-jdbc loadable by this plugin's classes: a no-op when it already is (a test, a second goal). */
    static synchronized void ensure(
            RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories)
            throws MojoExecutionException {
        if (JarFingerprints.sqliteLoadable()) {
            return;
        }
        String coordinates = GROUP + ":" + ARTIFACT + ":" + JarFingerprints.sqliteVersion();
        ClassLoader loader = SqliteJdbc.class.getClassLoader();
        if (JarFingerprints.sqliteVersion() == null || !(loader instanceof ClassRealm realm)) {
            throw new MojoExecutionException("termsprawl: this build of the plugin cannot load " + GROUP + ":"
                    + ARTIFACT + " (no recorded version, or not run by Maven): add it to the plugin's"
                    + " <dependencies> in the pom");
        }
        File jar;
        try {
            jar = system.resolveArtifact(
                            session, new ArtifactRequest(new DefaultArtifact(coordinates), repositories, "termsprawl"))
                    .getArtifact()
                    .getFile();
        } catch (ArtifactResolutionException e) {
            throw new MojoExecutionException(
                    "termsprawl: cannot resolve " + coordinates + ", the OpenCode database driver this goal plants"
                            + " or reads with (" + e.getMessage() + "). Run the goal once online (without -o), or"
                            + " install that artifact into the local repository.",
                    e);
        }
        try {
            realm.addURL(jar.toURI().toURL());
        } catch (MalformedURLException e) {
            throw new MojoExecutionException("termsprawl: cannot use " + jar + ": " + e.getMessage(), e);
        }
    }
}
