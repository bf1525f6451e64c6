package io.github.termsprawl.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The real Claude Code, headless: {@code claude -p "<prompt>" --permission-mode acceptEdits} in an
 * {@link AgentProject}, against an {@link AnthropicStandIn}, with no login (a dummy key), no update check and
 * no traffic but the model's, and its configuration and transcripts in the project's own home.
 */
public final class ClaudeCode {
    public static final NpmAgent AGENT = NpmAgent.CLAUDE_CODE;
    /** One prompt's whole run: a guard against a hang. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

    private final AgentProject project;
    private final AnthropicStandIn api;
    private final Path claude;

    public ClaudeCode(AgentProject project, AnthropicStandIn api) {
        this.claude = AGENT.bin(); // skips the test when it cannot be had
        this.project = project;
        this.api = api;
    }

    public Path executable() {
        return claude;
    }

    /** The environment Claude Code runs in here: the node's, pointed at the stand-in. */
    public Map<String, String> env(String nodeId) {
        Map<String, String> env = project.env(nodeId);
        env.putAll(apiEnv());
        return env;
    }

    /** The variables that point Claude Code at the stand-in and keep it quiet. */
    public Map<String, String> apiEnv() {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put("ANTHROPIC_BASE_URL", api.baseUrl());
        env.put("ANTHROPIC_API_KEY", "sk-ant-stand-in");
        env.put("ANTHROPIC_MODEL", AnthropicStandIn.MODEL);
        env.put("ANTHROPIC_SMALL_FAST_MODEL", AnthropicStandIn.MODEL);
        env.put("CLAUDE_CONFIG_DIR", project.claudeConfig().toString());
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("DISABLE_TELEMETRY", "1");
        env.put("DISABLE_ERROR_REPORTING", "1");
        env.put("DISABLE_BUG_COMMAND", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        env.put("CLAUDE_CODE_DISABLE_TERMINAL_TITLE", "1");
        env.put("CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY", "1");
        return env;
    }

    /** {@code claude -p <prompt> --permission-mode acceptEdits <extra…>} as node {@code nodeId}. */
    public AgentRun.Result prompt(String nodeId, String prompt, String... extra)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of(claude.toString(), "-p", prompt, "--permission-mode", "acceptEdits"));
        command.addAll(List.of(extra));
        return AgentRun.run(command, project.root(), env(nodeId), RUN_TIMEOUT);
    }

    /** Claude Code's folder of this project's sessions: {@code projects/<the path, every other character a dash>}. */
    public Path sessionsDir() {
        return project.claudeConfig()
                .resolve("projects")
                .resolve(project.root().toString().replaceAll("[^A-Za-z0-9]", "-"));
    }

    /** The session transcripts Claude Code wrote for this project. */
    public List<Path> transcripts() throws IOException {
        if (!Files.isDirectory(sessionsDir())) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(sessionsDir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                    .sorted()
                    .toList();
        }
    }
}
