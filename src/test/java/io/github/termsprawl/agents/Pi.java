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
 * The real pi coding agent, headless: {@code pi --provider standin --model stand-in -p "<prompt>"} in an
 * {@link AgentProject}, the provider an {@code openai-completions} one whose {@code baseUrl} is an
 * {@link OpenAiStandIn} (the home's {@code ~/.pi/agent/models.json}), offline ({@code PI_OFFLINE}: no
 * version check, no downloads).
 */
public final class Pi {
    public static final NpmAgent AGENT = new NpmAgent("@mariozechner/pi-coding-agent", "0.73.1", "pi");
    /** One prompt's whole run: a guard against a hang. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

    private final AgentProject project;
    private final Path pi;

    public Pi(AgentProject project, OpenAiStandIn api) throws IOException {
        this.pi = AGENT.bin(); // skips the test when it cannot be had
        this.project = project;
        AgentRun.write(
                agentDir().resolve("models.json"),
                "{\"providers\":{\"standin\":{\"baseUrl\":" + StandInServer.str(api.v1())
                        + ",\"api\":\"openai-completions\",\"apiKey\":\"stand-in-key\",\"compat\":"
                        + "{\"supportsDeveloperRole\":false,\"supportsReasoningEffort\":false},\"models\":[{\"id\":\""
                        + OpenAiStandIn.MODEL + "\",\"name\":\"Stand-in\",\"reasoning\":false,\"input\":[\"text\"],"
                        + "\"contextWindow\":128000,\"maxTokens\":4096,\"cost\":{\"input\":0,\"output\":0,"
                        + "\"cacheRead\":0,\"cacheWrite\":0}}]}}}\n");
    }

    /** {@code ~/.pi/agent} of the project's home. */
    public Path agentDir() {
        return project.home().resolve(".pi/agent");
    }

    public Map<String, String> env(String nodeId) {
        Map<String, String> env = project.env(nodeId);
        env.put("PI_OFFLINE", "1");
        return env;
    }

    /** {@code pi --provider standin --model stand-in --no-extensions <extra…> -p <prompt>} with {@code env}. */
    public AgentRun.Result prompt(Map<String, String> env, String prompt, String... extra)
            throws IOException, InterruptedException {
        List<String> flags = new ArrayList<>(List.of("--no-extensions"));
        flags.addAll(List.of(extra));
        return promptWithExtensions(env, prompt, flags.toArray(String[]::new));
    }

    /** {@link #prompt(Map, String, String...)} with the extensions pi finds (the project's {@code .pi/extensions/}). */
    public AgentRun.Result promptWithExtensions(Map<String, String> env, String prompt, String... extra)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of(pi.toString(), "--provider", "standin", "--model", OpenAiStandIn.MODEL));
        command.addAll(List.of(extra));
        command.addAll(List.of("-p", prompt));
        return AgentRun.run(command, project.root(), env, RUN_TIMEOUT);
    }

    /** {@link #prompt(Map, String, String...)} in {@link #env}. */
    public AgentRun.Result prompt(String prompt, String... extra) throws IOException, InterruptedException {
        return prompt(env(null), prompt, extra);
    }

    /** The session files under {@code dir}, oldest first (by name: they start with their time). */
    public static List<Path> sessions(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir, 2)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                    .sorted()
                    .toList();
        }
    }
}
