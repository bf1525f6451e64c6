package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The session files a real agent wrote, kept as test resources ({@code src/test/resources/agents/<agent>-<version>/})
 * so that the tests that read them run without npm. Nothing is kept unless {@code -Dtermsprawl.keepAgentSessions}
 * names the resources folder ({@code src/test/resources/agents}): a run of the real agent that is to renew them.
 */
final class KeptSessions {
    static final String PROPERTY = "termsprawl.keepAgentSessions";

    private KeptSessions() {}

    /** The kept files' folder of this agent's version, in the test class path. */
    static Path folder(NpmAgent agent) {
        java.net.URL url = KeptSessions.class.getResource("/agents/" + name(agent));
        if (url == null) {
            throw new IllegalStateException("no kept sessions of " + agent + " in the test resources");
        }
        try {
            return Path.of(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code <package name without scope>-<version>}. */
    static String name(NpmAgent agent) {
        String pkg = agent.pkg();
        return pkg.substring(pkg.lastIndexOf('/') + 1) + "-" + agent.version();
    }

    /** Whether this run keeps what it writes ({@link #PROPERTY} is set). */
    static boolean keep(NpmAgent agent) {
        return !System.getProperty(PROPERTY, "").isBlank();
    }

    /** A file to keep, {@code name} in the agent's folder under the property's folder (made). */
    static Path file(NpmAgent agent, String name) throws IOException {
        return Files.createDirectories(Path.of(System.getProperty(PROPERTY)).resolve(name(agent)))
                .resolve(name);
    }

    /** Copies {@code files} into the agent's folder under the property's folder, when the property is set. */
    static void keep(NpmAgent agent, Path... files) throws IOException {
        String into = System.getProperty(PROPERTY, "");
        if (into.isBlank()) {
            return;
        }
        Path dir = Files.createDirectories(Path.of(into).resolve(name(agent)));
        for (Path f : files) {
            Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
