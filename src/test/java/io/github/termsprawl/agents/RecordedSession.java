package io.github.termsprawl.agents;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * A session a real agent wrote in a harness run, kept as a test resource under
 * {@code src/test/resources/agents/<agent>-<version>/} (each file gzipped; {@link KeptTranscripts} says how they
 * were made), unpacked as the agent laid it out: the format tests read the agent's own files without the agent.
 *
 * @param dir        where it was unpacked: the agent's folder of the project's sessions
 * @param transcript the session's file in it
 */
public record RecordedSession(Path dir, Path transcript) {
    /** The Claude Code 2.1.332 session of {@link ClaudeCodeTest} (subagents, a workflow, a stored tool result). */
    public static final String CLAUDE_CODE = "claude-code-2.1.332";

    /** The session {@code name} unpacked into {@code into}. */
    public static RecordedSession unpack(String name, Path into) throws IOException {
        URL url = RecordedSession.class.getResource("/agents/" + name);
        if (url == null) {
            throw new IOException("no test resource agents/" + name);
        }
        Path from;
        try {
            from = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path to = Files.createDirectories(into.resolve(name));
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                String rel = from.relativize(p).toString();
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to.resolve(rel));
                } else if (rel.endsWith(".gz")) {
                    try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
                        Files.copy(in, to.resolve(rel.substring(0, rel.length() - 3)));
                    }
                }
            }
        }
        try (Stream<Path> top = Files.list(to)) {
            List<Path> sessions = top.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                    .toList();
            if (sessions.size() != 1) {
                throw new IOException("expected one session file in agents/" + name + ", found " + sessions);
            }
            return new RecordedSession(to, sessions.get(0));
        }
    }

    /** The session's folder, {@code <session-id>/}: its subagents, stored tool results and workflows. */
    public Path sessionFolder() {
        String name = transcript.getFileName().toString();
        return dir.resolve(name.substring(0, name.length() - ".jsonl".length()));
    }

    /** Every transcript of the session: its own, its subagents' and its workflows' agents' (not a journal). */
    public List<Path> transcripts() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.getFileName().toString().endsWith(".jsonl")
                            && !p.getFileName().toString().equals("journal.jsonl"))
                    .sorted()
                    .toList();
        }
    }
}
