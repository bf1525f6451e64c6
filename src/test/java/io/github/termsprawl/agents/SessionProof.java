package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.Conversation.DONE;
import static io.github.termsprawl.agents.Conversation.FIRST;
import static io.github.termsprawl.agents.Conversation.HELLO;
import static io.github.termsprawl.agents.Conversation.SECOND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptLocator;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.view.LinkedContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What termsprawl makes of a session a real agent wrote, read as a user's project reads it: the session of a node
 * (recorded by the agent's hook, or as {@code record} writes the index entry), node {@link #SELF} linked to it, and
 * then what the planted commands print for {@link #SELF} as an agent runs them: the file view and the live view of
 * {@code termsprawl-context}, the turn files of {@code termsprawl-history}, the touches of
 * {@code termsprawl-touches}, the request {@code termsprawl-ask} sends to an {@link AnthropicStandIn}; and the
 * {@code stats} line of the node ({@code mvn termsprawl:context -Dtermsprawl.stats=true}). The one checker of
 * every agent's tests (Claude Code, Codex, Gemini CLI, OpenCode, pi), on a session just written and on the kept
 * files.
 */
final class SessionProof {
    /** The node that reads the agent's: its context shows the agent's node as a peer. */
    static final String SELF = "me";

    /** What the stand-in answers ask, as the JSON object ask asks for; {@link #ANSWERED} is what ask prints of it. */
    static final String ANSWER = "{\"has_context\":true,\"answer\":\"The field size.\",\"citations\":[]}";

    static final String ANSWERED = "The field size.";

    private final AgentProject project;
    private final String node;

    private SessionProof(AgentProject project, String node) throws IOException {
        this.project = project;
        this.node = node;
        project.link(SELF, node);
    }

    /** {@code node}'s session as the agent's hook recorded it, and {@link #SELF} linked to it. */
    static SessionProof recorded(AgentProject project, String node) throws IOException {
        return new SessionProof(project, node);
    }

    /** {@code located} recorded for {@code node} (what {@code record} writes), and {@link #SELF} linked to it. */
    static SessionProof record(AgentProject project, String node, Located located) throws IOException {
        SessionProof proof = new SessionProof(project, node);
        proof.recordInstead(located);
        return proof;
    }

    /** {@code located} recorded for the node instead of its session so far. */
    void recordInstead(Located located) throws IOException {
        new TranscriptIndex(project.layout())
                .record(node, located.path().toString(), located.store(), located.session());
    }

    /**
     * What {@code record} finds for {@code spec} ({@code codex:latest}, …) in the agent's environment {@code env};
     * a user's mistake there fails the test with its message.
     */
    static Located locate(AgentProject project, Map<String, String> env, String spec) throws IOException {
        try {
            return TranscriptLocator.fromEnvironment(project.root(), env, project.home())
                    .locate(spec);
        } catch (UserErrorException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** A planted command for {@link #SELF}, asserted to exit 0: what it printed. */
    private String run(String command, String... args) throws IOException, InterruptedException {
        AgentRun.Result r = project.command(command, args);
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /** {@code termsprawl-context --self me}: the file view. */
    String fileView() throws IOException, InterruptedException {
        return run("termsprawl-context", "--self", SELF);
    }

    /** {@code termsprawl-context --self me --view live}: the live view. */
    String liveView() throws IOException, InterruptedException {
        return run("termsprawl-context", "--self", SELF, "--view", "live");
    }

    /** {@code termsprawl-touches --self me --json}: the node's touches as the command prints them. */
    String touches() throws IOException, InterruptedException {
        return run("termsprawl-touches", "--self", SELF, "--json");
    }

    /**
     * The {@code stats} line of the node (a full read, {@code <node>: store=… records=… turns=… unknown=…}): asserts
     * that it is the one line and counts no unknown record.
     */
    String statsWithNothingUnknown() {
        List<String> lines;
        try (LinkedContext c = new LinkedContext(project.root())) {
            lines = c.stats(SELF);
        }
        assertEquals(1, lines.size(), lines.toString());
        String line = lines.get(0);
        assertTrue(line.startsWith(node + ": store="), line);
        assertTrue(line.endsWith(" unknown=0"), line);
        return line;
    }

    /**
     * The stats of each of {@code transcripts} of {@code store} read on its own (a session's subagents, which no
     * index entry names): each counts no unknown record and some turns.
     */
    void assertEachReadsWhole(List<Path> transcripts, String store) {
        try (TranscriptReaders readers =
                new TranscriptReaders(new JsonlTail(), project.layout().sqliteNativeDir())) {
            for (Path f : transcripts) {
                ReadStats stats = readers.stats(new TranscriptIndex.Entry(f, store, null));
                assertEquals(0, stats.unknown(), f + ": " + stats.describe());
                assertTrue(stats.turns() > 0, f + ": " + stats.describe());
            }
        }
    }

    /**
     * {@code termsprawl-history --node <node>} run as an agent runs it; the node's folder, file by file: its path
     * in the folder ({@code index.md}, {@code agents/<id>/index.md}, …) to its text.
     */
    Map<String, String> turnFiles() throws IOException, InterruptedException {
        run("termsprawl-history", "--node", node);
        Path dir = project.layout().historyDir().resolve(node);
        assertTrue(Files.isRegularFile(dir.resolve("index.md")), dir.toString());
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /** Both views hold each of {@code said} and none of {@code unsaid}. */
    void assertViewsHold(List<String> said, List<String> unsaid) throws IOException, InterruptedException {
        for (String view : List.of(fileView(), liveView())) {
            for (String s : said) {
                assertTrue(view.contains(s), s + " in\n" + view);
            }
            for (String s : unsaid) {
                assertFalse(view.contains(s), s + " not in\n" + view);
            }
        }
    }

    /** The turn files hold each of {@code said}, in one file or another: the files. */
    Map<String, String> assertTurnFilesHold(List<String> said) throws IOException, InterruptedException {
        Map<String, String> files = turnFiles();
        String all = String.join("\n", files.values());
        for (String s : said) {
            assertTrue(all.contains(s), s + " in " + files.keySet());
        }
        return files;
    }

    /** The request {@link #ask} sends with {@code question} holds each of {@code said}. */
    void assertAskSends(String question, List<String> said) throws IOException, InterruptedException {
        String request = ask(question).text();
        for (String s : said) {
            assertTrue(request.contains(s), s + " in " + request);
        }
    }

    /**
     * What every reading of the scripted {@link Conversation} shows, whether just written or kept: both
     * views hold the prompts and replies and none of {@code unsaid}; the stats line is {@code store}'s; the turn
     * files hold the prompt, the replies, the shell command and {@code inTurnFiles}; ask sends all of it.
     */
    void assertConversation(String store, List<String> unsaid, List<String> inTurnFiles)
            throws IOException, InterruptedException {
        assertViewsHold(List.of(FIRST, HELLO, SECOND, DONE), unsaid);
        assertTrue(statsWithNothingUnknown().contains("store=" + store));
        List<String> turns = new ArrayList<>(List.of(FIRST, HELLO, DONE, "ls A.java"));
        turns.addAll(inTurnFiles);
        assertTurnFilesHold(turns);
        assertAskSends("Which field was added?", List.of(FIRST, HELLO, SECOND, DONE, "ls A.java"));
    }

    /** What {@link #ask} sent and printed. */
    record Asked(StandInServer.Request request, AgentRun.Result run) {
        /** The request's body. */
        String text() {
            return request.text();
        }
    }

    /**
     * {@code termsprawl-ask --self me --node <node> "<question>"}, run as {@link #SELF}'s agent runs it, with the
     * API pointed at an {@link AnthropicStandIn} that answers {@link #ANSWER}: it printed {@link #ANSWERED}, and
     * the one request it sent is the one the stand-in received.
     */
    Asked ask(String question) throws IOException, InterruptedException {
        try (AnthropicStandIn api = AnthropicStandIn.scripted().defaultText(ANSWER)) {
            Map<String, String> env = project.env(SELF);
            env.put("ANTHROPIC_BASE_URL", api.baseUrl());
            env.put("ANTHROPIC_API_KEY", "sk-ant-stand-in");
            AgentRun.Result r = project.command("termsprawl-ask", env, "--self", SELF, "--node", node, question);
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(ANSWERED), r.describe());
            assertEquals(1, api.requests().size(), api.requests().toString());
            List<StandInServer.Request> sent = api.messageRequests();
            assertEquals(1, sent.size(), r.describe());
            return new Asked(sent.get(0), r);
        }
    }
}
