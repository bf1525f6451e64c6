package io.github.termsprawl.agents;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real OpenCode, headless: {@code opencode run <words…>} in an {@link AgentProject}, its model a provider
 * of the OpenAI-compatible SDK whose {@code baseURL} is an {@link OpenAiStandIn} (in the home's
 * {@code opencode.json}), no models.dev fetch, no update check. {@link #serve} starts {@code opencode serve}
 * on loopback for the session API that writes OpenCode's v2 tables ({@code session_input},
 * {@code session_message}), which {@code run} does not use in 1.18.
 */
public final class OpenCode {
    public static final NpmAgent AGENT = new NpmAgent("opencode-ai", "1.18.33", "opencode");
    /** One prompt's whole run, or the server's start: a guard against a hang. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);
    /** The provider and model named in the configuration. */
    public static final String MODEL = "standin/" + OpenAiStandIn.MODEL;

    private final AgentProject project;
    private final Path opencode;

    public OpenCode(AgentProject project, OpenAiStandIn api) throws IOException {
        this.opencode = AGENT.bin(); // skips the test when it cannot be had
        this.project = project;
        AgentRun.write(
                project.home().resolve(".config/opencode/opencode.json"),
                "{\"$schema\":\"https://opencode.ai/config.json\",\"autoupdate\":false,\"share\":\"disabled\","
                        + "\"model\":\"" + MODEL + "\",\"small_model\":\"" + MODEL + "\",\"provider\":{\"standin\":"
                        + "{\"npm\":\"@ai-sdk/openai-compatible\",\"name\":\"Stand-in\",\"options\":{\"baseURL\":"
                        + StandInServer.str(api.v1()) + ",\"apiKey\":\"stand-in-key\"},\"models\":{\""
                        + OpenAiStandIn.MODEL + "\":{\"name\":\"Stand-in\"}}}}}\n");
    }

    /**
     * What makes OpenCode 1.18 skip the npm install it starts into each configuration folder it loads (the home's
     * {@code ~/.config/opencode}, a project's {@code .opencode/}): 64 MB of {@code @opencode-ai/plugin} from the
     * registry, awaited before any plugin loads. Its {@code Npm.install} installs when the folder has no
     * {@code node_modules}, or when {@code @opencode-ai/plugin} or a dependency of the folder's {@code package.json}
     * is missing from {@code packages[""].dependencies} of its {@code package-lock.json}; it never reads versions.
     */
    static final String LOCK_WITHOUT_INSTALL =
            "{\"packages\":{\"\":{\"dependencies\":{\"@opencode-ai/plugin\":\"*\"}}}}\n";

    /** {@code dir} (a configuration folder) made one OpenCode installs nothing into: see {@link #LOCK_WITHOUT_INSTALL}. */
    static void installNothingInto(Path dir) throws IOException {
        java.nio.file.Files.createDirectories(dir.resolve("node_modules"));
        AgentRun.write(dir.resolve("package-lock.json"), LOCK_WITHOUT_INSTALL);
    }

    /** OpenCode's database in the project's home. */
    public Path database() {
        return project.home().resolve(".local/share/opencode/opencode.db");
    }

    public Map<String, String> env(String nodeId) {
        Map<String, String> env = project.env(nodeId);
        env.put("OPENCODE_DISABLE_MODELS_FETCH", "true");
        env.put("OPENCODE_DISABLE_AUTOUPDATE", "true");
        env.put("OPENCODE_DISABLE_LSP_DOWNLOAD", "true");
        env.put("OPENCODE_DISABLE_DEFAULT_PLUGINS", "true");
        return env;
    }

    /**
     * {@code opencode run [extra…] <prompt's words>}: the words as separate arguments, as a user types them (one
     * argument with spaces is sent quoted).
     */
    public AgentRun.Result run(String prompt, String... extra) throws IOException, InterruptedException {
        return run(env(null), prompt, extra);
    }

    /** {@link #run(String, String...)} with {@code env}. */
    public AgentRun.Result run(Map<String, String> env, String prompt, String... extra)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(opencode.toString(), "run", "--model", MODEL));
        command.addAll(List.of(extra));
        command.addAll(List.of(prompt.split(" ")));
        return AgentRun.run(command, project.root(), env, RUN_TIMEOUT);
    }

    /**
     * {@code opencode serve} on a free loopback port, until closed. The project is made a git work tree first:
     * 1.18's session API reads the configuration through the project's VCS root, and outside one it takes a
     * built-in default model instead of the configured one.
     */
    public Server serve() throws IOException, InterruptedException {
        if (!java.nio.file.Files.isDirectory(project.root().resolve(".git"))) {
            AgentRun.Result git = AgentRun.run(List.of("git", "init", "-q"), project.root(), env(null), RUN_TIMEOUT);
            NpmAgent.need(git.exit() == 0, "git init failed, so opencode serve cannot be driven: " + git.describe());
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder(
                opencode.toString(), "serve", "--hostname", "127.0.0.1", "--port", String.valueOf(port));
        pb.environment().clear();
        pb.environment().putAll(env(null));
        pb.directory(project.root().toFile());
        pb.redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        Server server = new Server(p, "http://127.0.0.1:" + port);
        CompletableFuture<Boolean> listening = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                boolean seen = false;
                while ((line = r.readLine()) != null) {
                    if (!seen && line.contains("listening on")) {
                        seen = true;
                        server.up.complete(true);
                    }
                }
            } catch (IOException e) {
                // the server went away
            }
            server.up.complete(false);
            return true;
        });
        boolean up;
        try {
            up = server.up.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            up = false;
        }
        if (!up) {
            server.close();
            throw new IOException("opencode serve did not start listening on " + server.url);
        }
        return server;
    }

    /** A running {@code opencode serve}; closing it ends it and what it started. */
    public static final class Server implements AutoCloseable {
        private final Process process;
        private final String url;
        final CompletableFuture<Boolean> up = new CompletableFuture<>();
        private final HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1) // an h2c upgrade is never answered
                .connectTimeout(Duration.ofSeconds(30))
                .build();

        Server(Process process, String url) {
            this.process = process;
            this.url = url;
        }

        /** A request to the server's API; the body of its answer. */
        public String call(String method, String path, String json) throws IOException, InterruptedException {
            HttpRequest.Builder b =
                    HttpRequest.newBuilder(URI.create(url + path)).timeout(RUN_TIMEOUT);
            b.header("content-type", "application/json");
            b.method(
                    method,
                    json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IOException(method + " " + path + ": " + r.statusCode() + " " + r.body());
            }
            return r.body();
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
