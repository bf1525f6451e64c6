package io.github.termsprawl.agents;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.plant.Discovery;
import io.github.termsprawl.plant.HookSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A project as a user has it after {@code mvn termsprawl:discover}: the launchers and the command jar built
 * from these classes (so the hooks an agent runs are the real planted commands), and Claude Code's hooks
 * (SessionStart record, PreToolUse guard) merged into {@code .claude/settings.local.json}, planted through the
 * same classes the goal uses. Beside it a home folder of its own: an agent run here reads and writes its
 * configuration and transcripts there, never the user's.
 */
public final class AgentProject {
    /** The call named in the launchers' header, as the goal's. */
    static final String CALL = "mvn termsprawl:discover";
    /** Each planted command run by a test: a guard against a hang. */
    static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);

    private final Path root;
    private final Path home;
    private final ProjectLayout layout;

    private AgentProject(Path root, Path home) {
        this.root = root;
        this.home = home;
        this.layout = new ProjectLayout(root);
    }

    /**
     * {@code <tmp>/project} with discover's files and the Claude Code hooks with {@code guard}, and
     * {@code <tmp>/home}. Real paths: agents name their folders after the project's real path.
     */
    public static AgentProject create(Path tmp, String guard) throws IOException {
        return create(tmp, guard, "project");
    }

    /** {@link #create(Path, String)} in {@code <tmp>/<folder>} (a name with a space, say). */
    public static AgentProject create(Path tmp, String guard, String folder) throws IOException {
        Fixtures.assumeShell();
        Path root = Files.createDirectories(tmp.resolve(folder)).toRealPath();
        Path home = Files.createDirectories(tmp.resolve("home")).toRealPath();
        AgentProject project = new AgentProject(root, home);
        try {
            new Discovery(project.layout, CALL).discover();
            String settings = HookSettings.CLAUDE.plan(project.layout.claudeSettingsLocal(), guard);
            if (settings != null) {
                Files.writeString(project.layout.claudeSettingsLocal(), settings, StandardCharsets.UTF_8);
            }
        } catch (io.github.termsprawl.core.UserErrorException e) {
            throw new IOException(e.getMessage(), e);
        }
        return project;
    }

    /** {@link #create(Path, String)} with the default guard, warn. */
    public static AgentProject create(Path tmp) throws IOException {
        return create(tmp, "warn");
    }

    public Path root() {
        return root;
    }

    public Path home() {
        return home;
    }

    public ProjectLayout layout() {
        return layout;
    }

    /** Claude Code's configuration folder in the project's home ({@code CLAUDE_CONFIG_DIR}). */
    public Path claudeConfig() {
        return home.resolve(".claude");
    }

    /** A file of the project, written (its folders made). */
    public Path write(String rel, String text) throws IOException {
        return AgentRun.write(root.resolve(rel), text);
    }

    public String read(String rel) throws IOException {
        return Files.readString(root.resolve(rel), StandardCharsets.UTF_8);
    }

    /** The agent's environment: clean ({@link AgentRun#cleanEnv}), this home, and the node id when not null. */
    public Map<String, String> env(String nodeId) {
        Map<String, String> env = AgentRun.cleanEnv(home);
        if (nodeId != null) {
            env.put("TERMSPRAWL_NODE_ID", nodeId);
        }
        return env;
    }

    /** Links two nodes, as {@code mvn termsprawl:link} does. */
    public void link(String a, String b) throws IOException {
        Fixtures.link(root, a, b);
    }

    /**
     * Node {@code peer}, linked to {@code self}, edited {@code rel} {@code ago} before now in a Claude Code session:
     * its transcript (outside the project, as Claude Code's are) indexed as {@code record} indexes it, and no edits
     * list of its hooks ({@code transcripts/<peer>.edits}), so an edit hook of {@code self} reads the transcript.
     *
     * @return the peer's transcript
     */
    public Path peerEdited(String self, String peer, String rel, Duration ago) throws IOException {
        link(self, peer);
        String time = java.time.Instant.now().minus(ago).toString();
        String file = root.resolve(rel).toString();
        String transcript = "{\"type\":\"user\",\"uuid\":\"u0\",\"parentUuid\":null,\"sessionId\":\"" + peer
                + "\",\"timestamp\":\"" + time + "\",\"message\":{\"role\":\"user\",\"content\":"
                + Fixtures.jsonString("edit " + rel) + "}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a0\",\"parentUuid\":\"u0\",\"sessionId\":\"" + peer
                + "\",\"timestamp\":\"" + time + "\",\"message\":{\"id\":\"m0\",\"role\":\"assistant\","
                + "\"content\":[{\"type\":\"tool_use\",\"id\":\"t0\",\"name\":\"Edit\",\"input\":{\"file_path\":"
                + Fixtures.jsonString(file) + ",\"old_string\":\"a\",\"new_string\":\"b\"}}]}}\n"
                + "{\"type\":\"user\",\"uuid\":\"r0\",\"parentUuid\":\"a0\",\"sessionId\":\"" + peer
                + "\",\"timestamp\":\"" + time + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":"
                + "\"tool_result\",\"tool_use_id\":\"t0\",\"content\":\"ok\"}]}}\n";
        Path path = AgentRun.write(home.resolve("peers").resolve(peer + ".jsonl"), transcript);
        Fixtures.index(root, peer, path.toString());
        return path;
    }

    /** The transcript path {@code nodeId}'s index names (what the record hook wrote), or null. */
    public Path indexedTranscript(String nodeId) throws IOException {
        Path index = layout.transcriptsDir().resolve(nodeId + ".json");
        if (!Files.isRegularFile(index)) {
            return null;
        }
        Map<String, Object> entry = Json.asObject(Json.parse(Files.readString(index, StandardCharsets.UTF_8)));
        return entry != null && entry.get("path") instanceof String p ? Path.of(p) : null;
    }

    /** The index entry of {@code nodeId} as written, or null. */
    public String indexEntry(String nodeId) throws IOException {
        Path index = layout.transcriptsDir().resolve(nodeId + ".json");
        return Files.isRegularFile(index) ? Files.readString(index, StandardCharsets.UTF_8) : null;
    }

    /**
     * A planted command ({@code termsprawl-context}, {@code termsprawl-history}, …) run as an agent runs it: in
     * the project, with {@code --cwd .} first and the given arguments, in the agent's environment.
     */
    public AgentRun.Result command(String name, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(layout.binDir().resolve(name).toString());
        command.add("--cwd");
        command.add(root.toString());
        command.addAll(List.of(args));
        return AgentRun.run(command, root, env, COMMAND_TIMEOUT);
    }

    /** {@link #command(String, Map, String...)} in the environment of no node. */
    public AgentRun.Result command(String name, String... args) throws IOException, InterruptedException {
        return command(name, env(null), args);
    }
}
