package io.github.termsprawl.agents;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The session files a real agent wrote (Claude Code's transcript and its folder, Gemini CLI's chats, pi's sessions,
 * OpenCode's database as SQL), kept as test resources under {@code src/test/resources/agents/<agent>-<version>/},
 * each file gzipped, so that the tests that read them ({@link RecordedSession}, the {@code *KeptTest} classes) run
 * without npm. A run of the real agent keeps what it wrote only with
 * {@code -Dtermsprawl.agents.keep=src/test/resources/agents}, which is how those files were made.
 */
final class KeptSessions {
    static final String PROPERTY = "termsprawl.agents.keep";

    private KeptSessions() {}

    /** {@code <package name without scope>-<version>}. */
    static String name(NpmAgent agent) {
        String pkg = agent.pkg();
        return pkg.substring(pkg.lastIndexOf('/') + 1) + "-" + agent.version();
    }

    /** Whether this run keeps what it writes. */
    static boolean keeping() {
        return !System.getProperty(PROPERTY, "").isBlank();
    }

    /** The agent's folder of kept files. */
    private static Path folder(NpmAgent agent) {
        return Path.of(System.getProperty(PROPERTY)).toAbsolutePath().resolve(name(agent));
    }

    private static OutputStream kept(NpmAgent agent, String rel) throws IOException {
        Path to = folder(agent).resolve(rel + ".gz");
        Files.createDirectories(to.getParent());
        return new GZIPOutputStream(Files.newOutputStream(to));
    }

    /** {@code file} kept as {@code <rel>.gz} in the agent's folder, when this run keeps what it writes. */
    static void keep(NpmAgent agent, String rel, Path file) throws IOException {
        if (keeping()) {
            try (OutputStream out = kept(agent, rel)) {
                Files.copy(file, out);
            }
        }
    }

    /** Each file kept under its own name. */
    static void keep(NpmAgent agent, Path... files) throws IOException {
        for (Path f : files) {
            keep(agent, f.getFileName().toString(), f);
        }
    }

    /** {@code text} kept as {@code <rel>.gz}, when this run keeps what it writes. */
    static void keepText(NpmAgent agent, String rel, String text) throws IOException {
        if (keeping()) {
            try (OutputStream out = kept(agent, rel)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * A session's transcript and its folder ({@code <session-id>/}: subagents, tool results, workflows) as the
     * agent's only kept session: what was kept of it before is deleted.
     */
    static void keepWithFolder(NpmAgent agent, Path transcript) throws IOException {
        if (!keeping()) {
            return;
        }
        NpmAgent.deleteTree(folder(agent));
        keep(agent, transcript);
        String stem = transcript.getFileName().toString().replaceAll("\\.jsonl$", "");
        Path from = transcript.resolveSibling(stem);
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                keep(agent, stem + "/" + from.relativize(p), p);
            }
        }
    }

    /** The agent's kept files, unpacked into {@code into/<agent>-<version>/} as they were written. */
    static Path unpack(NpmAgent agent, Path into) throws IOException {
        return unpack(name(agent), into);
    }

    /** The kept files of {@code name} ({@code <agent>-<version>}), unpacked into {@code into/<name>/}. */
    static Path unpack(String name, Path into) throws IOException {
        URL url = KeptSessions.class.getResource("/agents/" + name);
        if (url == null) {
            throw new IOException("no kept sessions of " + name + " in the test resources");
        }
        Path from;
        try {
            from = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path to = Files.createDirectories(into.resolve(name));
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p :
                    all.filter(f -> f.getFileName().toString().endsWith(".gz")).toList()) {
                String rel = from.relativize(p).toString();
                Path target = to.resolve(rel.substring(0, rel.length() - ".gz".length()));
                Files.createDirectories(target.getParent());
                try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
                    Files.copy(in, target);
                }
            }
        }
        return to;
    }
}
