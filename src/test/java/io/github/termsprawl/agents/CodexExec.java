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
 * The real Codex CLI, headless: {@code codex exec "<prompt>"} in an {@link AgentProject}, against a
 * {@link ResponsesStandIn}. Its {@code CODEX_HOME} is {@code <home>/.codex}, holding a {@code config.toml} whose
 * {@code model_providers.standin} entry points at the stand-in ({@code base_url} on loopback,
 * {@code wire_api = "responses"}), and a model catalog ({@code model_catalog_json}) that names the stand-in's
 * model, so that Codex offers it its {@code apply_patch} tool as to its own models. No login, no sandbox, no
 * approvals: the run is the test's.
 */
public final class CodexExec {
    /** Codex CLI as pinned now (issue 40): the version its hooks were tried with. */
    public static final NpmAgent AGENT = new NpmAgent("@openai/codex", "0.171.0", "codex");

    /**
     * The version issue 27 was tried with: {@link CodexExecTest}'s scenarios run on it, and its rollouts are kept
     * under {@code codex-0.169.0/} ({@link CodexRolloutsTest}).
     */
    public static final NpmAgent V0_169 = new NpmAgent("@openai/codex", "0.169.0", "codex");

    public static final String MODEL = "stand-in";
    /** One prompt's whole run: a guard against a hang. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

    private final AgentProject project;
    private final ResponsesStandIn api;
    private final Path codex;
    private final NpmAgent agent;

    public CodexExec(AgentProject project, ResponsesStandIn api) throws IOException {
        this(AGENT, project, api);
    }

    public CodexExec(NpmAgent agent, AgentProject project, ResponsesStandIn api) throws IOException {
        this.agent = agent;
        this.codex = agent.bin(); // skips the test when it cannot be had
        this.project = project;
        this.api = api;
        configure(Long.MAX_VALUE);
    }

    public NpmAgent agent() {
        return agent;
    }

    /** {@code CODEX_HOME}: Codex's configuration and its rollouts ({@code sessions/YYYY/MM/DD/}). */
    public Path home() {
        return project.home().resolve(".codex");
    }

    /**
     * Writes the configuration; past {@code compactAt} tokens of context Codex compacts the session (its
     * {@code model_auto_compact_token_limit}), which the stand-in brings about by the usage it reports.
     */
    public void configure(long compactAt) throws IOException {
        Path catalog = home().resolve("models.json");
        AgentRun.write(catalog, catalog());
        AgentRun.write(
                home().resolve("config.toml"),
                "model = \"" + MODEL + "\"\n"
                        + "model_provider = \"standin\"\n"
                        + "model_catalog_json = " + StandInServer.str(catalog.toString()) + "\n"
                        + "approval_policy = \"never\"\n"
                        + "sandbox_mode = \"danger-full-access\"\n"
                        + (compactAt == Long.MAX_VALUE ? "" : "model_auto_compact_token_limit = " + compactAt + "\n")
                        + "\n[model_providers.standin]\n"
                        + "name = \"Stand-in\"\n"
                        + "base_url = \"" + api.baseUrl() + "/v1\"\n"
                        + "wire_api = \"responses\"\n"
                        + "request_max_retries = 0\n"
                        + "stream_max_retries = 0\n");
    }

    /**
     * Trusts the project as {@code codex exec --trust} does, once per project (its {@code trust_level} in the
     * user's {@code config.toml}): without it Codex loads nothing of the project's {@code .codex/}, its hooks
     * included. The hooks themselves are trusted apart (by their hashes, or
     * {@code --dangerously-bypass-hook-trust}).
     */
    public void trustProject() throws IOException {
        Path config = home().resolve("config.toml");
        Files.writeString(
                config,
                "\n[projects." + StandInServer.str(project.root().toString()) + "]\ntrust_level = \"trusted\"\n",
                java.nio.file.StandardOpenOption.APPEND);
    }

    /**
     * A model catalog with the stand-in's model: {@code apply_patch_tool_type = freeform} is what makes Codex
     * offer {@code apply_patch} (a model it does not know gets only the shell).
     */
    private static String catalog() {
        return "{\"models\":[{\"slug\":\"" + MODEL + "\",\"display_name\":\"" + MODEL
                + "\",\"description\":\"the test's stand-in\",\"priority\":50,\"additional_speed_tiers\":[],"
                + "\"service_tiers\":[],\"availability_nux\":null,\"upgrade\":null,\"default_reasoning_level\":\"medium\","
                + "\"supported_reasoning_levels\":[{\"effort\":\"medium\",\"description\":\"medium\"}],"
                + "\"shell_type\":\"shell_command\",\"visibility\":\"list\",\"supported_in_api\":true,"
                + "\"supports_reasoning_summaries\":false,\"support_verbosity\":false,\"apply_patch_tool_type\":\"freeform\","
                + "\"web_search_tool_type\":\"text\",\"supports_parallel_tool_calls\":false,"
                + "\"supports_image_detail_original\":false,\"experimental_supported_tools\":[],\"supports_search_tool\":false,"
                + "\"context_window\":200000,\"max_context_window\":200000,\"effective_context_window_percent\":95,"
                + "\"truncation_policy\":{\"mode\":\"tokens\",\"limit\":10000},\"input_modalities\":[\"text\"],"
                + "\"base_instructions\":\"You are a stand-in coding agent.\"}]}\n";
    }

    /** The environment Codex runs in: the project's clean one, and {@code CODEX_HOME}. */
    public Map<String, String> env() {
        return env(null);
    }

    /** {@link #env()} as node {@code nodeId} ({@code TERMSPRAWL_NODE_ID}), or as no node when null. */
    public Map<String, String> env(String nodeId) {
        Map<String, String> env = project.env(nodeId);
        env.put("CODEX_HOME", home().toString());
        return env;
    }

    /** {@code codex exec <prompt>} in the project: a new session. */
    public AgentRun.Result exec(String prompt) throws IOException, InterruptedException {
        return run(List.of(prompt));
    }

    /**
     * {@code codex exec <options…> <prompt>} in the project as node {@code nodeId}: a new session, e.g. with
     * {@code --dangerously-bypass-hook-trust}.
     */
    public AgentRun.Result exec(String nodeId, List<String> options, String prompt)
            throws IOException, InterruptedException {
        return exec(nodeId, project.root(), options, prompt);
    }

    /** {@link #exec(String, List, String)} started in {@code folder} (a module folder of the project, say). */
    public AgentRun.Result exec(String nodeId, Path folder, List<String> options, String prompt)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(options);
        args.add(prompt);
        return run(args, folder, env(nodeId));
    }

    /** {@code codex exec resume --last <prompt>}: the latest session goes on. */
    public AgentRun.Result resumeLast(String prompt) throws IOException, InterruptedException {
        return run(List.of("resume", "--last", prompt));
    }

    private AgentRun.Result run(List<String> args) throws IOException, InterruptedException {
        return run(args, project.root(), env());
    }

    private AgentRun.Result run(List<String> args, Path folder, Map<String, String> env)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                codex.toString(), "exec", "--skip-git-repo-check", "--color", "never", "-C", folder.toString()));
        command.addAll(args);
        return AgentRun.run(command, folder, env, RUN_TIMEOUT);
    }

    /** Every rollout Codex wrote, by name (which starts with its time). */
    public List<Path> rollouts() throws IOException {
        Path sessions = home().resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(sessions)) {
            return s.filter(p -> p.getFileName().toString().startsWith("rollout-")
                            && p.getFileName().toString().endsWith(".jsonl"))
                    .sorted((a, b) -> a.getFileName().compareTo(b.getFileName()))
                    .toList();
        }
    }
}
