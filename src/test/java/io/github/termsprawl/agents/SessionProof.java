package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What termsprawl makes of a session a real agent wrote, read as a user's project reads it: the session
 * recorded for a node (as {@code record} writes the index entry), a second node linked to it, and then the
 * file view and the live view that node's context command prints, {@code stats}, the turn files of
 * {@code termsprawl-history}, and the request {@code termsprawl-ask} sends about it to an
 * {@link AnthropicStandIn}. Shared by the tests of the agents that have no hook of their own (Gemini CLI,
 * OpenCode, pi) and by their tests on the kept session files.
 */
final class SessionProof {
    /** The node that reads the agent's: its context shows the agent's node as a peer. */
    static final String READER = "reader";

    private final AgentProject project;
    private final String node;

    private SessionProof(AgentProject project, String node) {
        this.project = project;
        this.node = node;
    }

    /** {@code located} recorded for {@code node} (what {@code record} writes), and {@link #READER} linked to it. */
    static SessionProof record(AgentProject project, String node, Located located) throws IOException {
        new TranscriptIndex(project.layout())
                .record(node, located.path().toString(), located.store(), located.session());
        project.link(READER, node);
        return new SessionProof(project, node);
    }

    /** What {@link #READER}'s context command prints in the file view. */
    String fileView() {
        try (LinkedContext c = new LinkedContext(project.root(), View.PROSE, false)) {
            return c.render(READER).stdout();
        }
    }

    /** What {@link #READER}'s context command prints in the live view. */
    String liveView() {
        try (LinkedContext c = new LinkedContext(project.root(), View.LIVE, false)) {
            return c.render(READER).stdout();
        }
    }

    /** The {@code stats} line of the node (a full read): asserts that it counts no unknown record. */
    String statsWithNothingUnknown() {
        List<String> lines;
        try (LinkedContext c = new LinkedContext(project.root(), View.PROSE, false)) {
            lines = c.stats(READER);
        }
        assertEquals(1, lines.size(), lines.toString());
        String line = lines.get(0);
        assertTrue(line.startsWith(node + ": store="), line);
        assertTrue(line.endsWith(" unknown=0"), line);
        return line;
    }

    /** {@code termsprawl-history --node <node>} run as an agent runs it; the node's folder, file by file. */
    Map<String, String> turnFiles() throws IOException, InterruptedException {
        AgentRun.Result r = project.command("termsprawl-history", "--node", node);
        assertEquals(0, r.exit(), r.describe());
        Path dir = project.layout().historyDir().resolve(node);
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /**
     * {@code termsprawl-ask --node <node>} with the API pointed at an {@link AnthropicStandIn}: the one request it
     * sent, as the stand-in received it.
     */
    StandInServer.Request ask(String question) throws IOException, InterruptedException {
        try (AnthropicStandIn api = AnthropicStandIn.inOrder()) {
            Map<String, String> env = project.env(null);
            env.put("ANTHROPIC_BASE_URL", api.baseUrl());
            env.put("ANTHROPIC_API_KEY", "sk-ant-stand-in");
            AgentRun.Result r = project.command(
                    "termsprawl-ask", env, "--self", READER, "--node", node, "--no-redact", "--", question);
            List<StandInServer.Request> sent = api.messageRequests();
            assertEquals(1, sent.size(), r.describe());
            return sent.get(0);
        }
    }
}
