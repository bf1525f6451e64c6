package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The transcripts a harness run wrote, copied out for the format tests that read them without the agent
 * ({@link RecordedSession}): {@code -Dtermsprawl.agents.keep=src/test/resources/agents} copies the session's file
 * and its folder to {@code <dir>/<agent>-<version>/}, each file gzipped, which is how the files under
 * {@code src/test/resources/agents/} were made. Without the property nothing is copied.
 */
final class KeptTranscripts {
    static final String PROPERTY = "termsprawl.agents.keep";

    private KeptTranscripts() {}

    /** A session's transcript and its folder ({@code <session-id>/}: subagents, tool results, workflows). */
    static void keep(Path transcript, String name) throws IOException {
        String dir = System.getProperty(PROPERTY, "");
        if (dir.isBlank()) {
            return;
        }
        Path to = Path.of(dir).toAbsolutePath().resolve(name);
        NpmAgent.deleteTree(to);
        Files.createDirectories(to);
        gzip(transcript, to.resolve(transcript.getFileName().toString()));
        String stem = transcript.getFileName().toString().replaceAll("\\.jsonl$", "");
        Path from = transcript.resolveSibling(stem);
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(stem).resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    gzip(p, target);
                }
            }
        }
    }

    /** {@code from} as {@code <to>.gz}. */
    private static void gzip(Path from, Path to) throws IOException {
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(
                Files.newOutputStream(to.resolveSibling(to.getFileName() + ".gz")))) {
            Files.copy(from, out);
        }
    }
}
