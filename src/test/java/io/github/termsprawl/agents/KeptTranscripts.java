package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The transcripts a harness run wrote, copied out for the format tests that read them without the agent:
 * {@code -Dtermsprawl.agents.keep=src/test/resources/agents} copies each run's folder to
 * {@code <dir>/<agent>-<version>/}, which is how the files under {@code src/test/resources/agents/} were made.
 * Without the property nothing is copied.
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
        Files.copy(transcript, to.resolve(transcript.getFileName().toString()));
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
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
