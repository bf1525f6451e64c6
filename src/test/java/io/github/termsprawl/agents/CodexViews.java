package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.TranscriptLocator;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.view.LinkedContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What termsprawl makes of a Codex rollout in a project, through what a user and the agents run: {@code record}'s
 * {@code codex:latest} (or a path), the planted commands ({@code termsprawl-context} in both views,
 * {@code termsprawl-history}, {@code termsprawl-touches}, {@code termsprawl-ask} against a stand-in Messages
 * API) and the stats line of {@code mvn termsprawl:context -Dtermsprawl.stats=true}. The peer is node
 * {@link #PEER}; the asking node {@link #SELF}, linked to it.
 */
public final class CodexViews {
    public static final String PEER = "backend";
    public static final String SELF = "me";

    private final AgentProject project;

    public CodexViews(AgentProject project) throws IOException {
        this.project = project;
        project.link(SELF, PEER);
    }

    /** {@code record} with {@code codex:latest} as Codex's users run it ({@code CODEX_HOME} set): the rollout found. */
    public Path recordLatest(Path codexHome) throws IOException {
        Map<String, String> env = Map.of("CODEX_HOME", codexHome.toString());
        try {
            Located found = TranscriptLocator.fromEnvironment(project.root(), env, project.home())
                    .locate("codex:latest");
            record(found.path(), found.store());
            return found.path();
        } catch (UserErrorException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** {@code record} with a rollout's path (the store as {@code record} writes it for {@code codex:latest}). */
    public void record(Path rollout, String store) throws IOException {
        new TranscriptIndex(project.layout()).record(PEER, rollout.toString(), store, null);
    }

    /** {@code termsprawl-context --self me} (the file view), or with {@code --view live}. */
    public String context(boolean live) throws IOException, InterruptedException {
        AgentRun.Result r = live
                ? project.command("termsprawl-context", "--self", SELF, "--view", "live")
                : project.command("termsprawl-context", "--self", SELF);
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /** The stats line of the peer ({@code store=codex records=… turns=… unknown=…}). */
    public String stats() {
        try (LinkedContext context = new LinkedContext(project.root())) {
            List<String> lines = context.stats(SELF);
            assertEquals(1, lines.size(), lines.toString());
            return lines.get(0);
        }
    }

    /** {@code termsprawl-history --cwd .}, then the turn files of the peer's folder: name → text. */
    public Map<String, String> turnFiles() throws IOException, InterruptedException {
        AgentRun.Result r = project.command("termsprawl-history");
        assertEquals(0, r.exit(), r.describe());
        Path dir = project.layout().historyDir().resolve(PEER);
        Map<String, String> files = new java.util.TreeMap<>();
        try (var s = Files.list(dir)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                files.put(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /** {@code termsprawl-touches --self me --json}: the peer's touches as the command prints them. */
    public String touches() throws IOException, InterruptedException {
        AgentRun.Result r = project.command("termsprawl-touches", "--self", SELF, "--json");
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /**
     * {@code termsprawl-ask --self me --node backend "<question>"} against {@code messages} (a stand-in of the
     * Messages API): the request ask built from the rollout is the one the stand-in received.
     */
    public AgentRun.Result ask(AnthropicStandIn messages, String question) throws IOException, InterruptedException {
        Map<String, String> env = project.env(null);
        env.put("ANTHROPIC_BASE_URL", messages.baseUrl());
        env.put("ANTHROPIC_API_KEY", "sk-ant-stand-in");
        return project.command("termsprawl-ask", env, "--self", SELF, "--node", PEER, question);
    }
}
