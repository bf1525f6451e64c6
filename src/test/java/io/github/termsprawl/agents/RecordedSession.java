package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A session a real agent wrote in a harness run, kept as a test resource under
 * {@code src/test/resources/agents/<agent>-<version>/} (each file gzipped; {@link KeptSessions} says how they
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
        Path to = KeptSessions.unpack(name, into);
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
