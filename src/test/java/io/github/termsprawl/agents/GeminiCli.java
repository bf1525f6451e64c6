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
 * The real Gemini CLI, headless: {@code gemini --approval-mode yolo -p "<prompt>"} in an {@link AgentProject},
 * against a {@link GeminiStandIn}. Gemini CLI takes its base URL from {@code GOOGLE_GEMINI_BASE_URL}; set
 * alone, that variable selects the "gateway" authentication, which headless runs refuse, so the home's
 * {@code settings.json} selects {@code gemini-api-key} (with a dummy {@code GEMINI_API_KEY}) and the URL still
 * applies. {@code GEMINI_CLI_TRUST_WORKSPACE} stands for the trust a user gives the folder once.
 */
public final class GeminiCli {
    public static final NpmAgent AGENT = new NpmAgent("@google/gemini-cli", "0.61.0", "gemini");
    /** One prompt's whole run: a guard against a hang. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

    private final AgentProject project;
    private final GeminiStandIn api;
    private final Path gemini;

    /**
     * Waits, if need be, until a minute has started: Gemini CLI names a chat file by the minute it is written
     * in ({@code session-<yyyy-MM-dd>T<HH-mm>-<id>.jsonl}), and a chat resumed in the next minute was seen to
     * land in a second file. Two short prompts then run within one minute, as the tests that count one file
     * expect.
     */
    static void startEarlyInAMinute() throws InterruptedException {
        int second = java.time.LocalTime.now().getSecond();
        if (second >= 30) {
            Thread.sleep((61 - second) * 1000L);
        }
    }

    public GeminiCli(AgentProject project, GeminiStandIn api) throws IOException {
        this.gemini = AGENT.bin(); // skips the test when it cannot be had
        this.project = project;
        this.api = api;
        AgentRun.write(
                geminiDir().resolve("settings.json"),
                "{\"security\":{\"auth\":{\"selectedType\":\"gemini-api-key\"}},"
                        + "\"privacy\":{\"usageStatisticsEnabled\":false},"
                        + "\"general\":{\"enableAutoUpdate\":false,\"enableAutoUpdateNotification\":false}}\n");
    }

    /** {@code ~/.gemini} of the project's home. */
    public Path geminiDir() {
        return project.home().resolve(".gemini");
    }

    /** The environment Gemini CLI runs in here: the node's, pointed at the stand-in. */
    public Map<String, String> env(String nodeId) {
        Map<String, String> env = project.env(nodeId);
        env.put("GEMINI_API_KEY", "stand-in-key");
        env.put("GOOGLE_GEMINI_BASE_URL", api.baseUrl());
        env.put("GEMINI_CLI_TRUST_WORKSPACE", "true");
        env.put("GEMINI_MODEL", GeminiStandIn.MODEL);
        return env;
    }

    /** {@code gemini --approval-mode yolo -p <prompt> <extra…>} as node {@code nodeId}. */
    public AgentRun.Result prompt(String nodeId, String prompt, String... extra)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(gemini.toString(), "--approval-mode", "yolo", "-p", prompt));
        command.addAll(List.of(extra));
        return AgentRun.run(command, project.root(), env(nodeId), RUN_TIMEOUT);
    }

    /** The main chats Gemini CLI wrote ({@code tmp/<project>/chats/session-*.jsonl}), oldest first. */
    public List<Path> chats() throws IOException {
        Path tmp = geminiDir().resolve("tmp");
        if (!Files.isDirectory(tmp)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(tmp, 3)) {
            return s.filter(p -> p.getFileName().toString().startsWith("session-")
                            && p.getFileName().toString().endsWith(".jsonl")
                            && p.getParent().getFileName().toString().equals("chats"))
                    .sorted()
                    .toList();
        }
    }
}
