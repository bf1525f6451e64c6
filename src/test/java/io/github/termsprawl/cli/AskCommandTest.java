package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.termsprawl.ask.AskEnvironment;
import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AskCommandTest {
    @TempDir
    Path cwd;

    HttpServer server;
    final List<String> bodies = Collections.synchronizedList(new ArrayList<>());
    volatile int status = 200;

    record Result(int exit, String out, String err) {}

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String text = "{\"has_context\":true,\"answer\":\"Paged for the client.\",\"citations\":[1]}";
            byte[] body = (status == 200
                            ? "{\"content\":[{\"type\":\"text\",\"text\":" + Fixtures.jsonString(text) + "}],"
                                    + "\"usage\":{\"input_tokens\":3,\"output_tokens\":4}}"
                            : "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"bad key\"}}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        Fixtures.link(cwd, "frontend", "backend");
        Fixtures.index(cwd, "backend", "backend.jsonl");
        Fixtures.write(
                cwd.resolve("backend.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"message\":{\"role\":\"user\","
                        + "\"content\":\"Add GET /orders.\"}}\n"
                        + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"message\":{\"id\":\"m1\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Paged by 50.\"}]}}\n");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = AskCommand.run(args, out, err, new AskEnvironment(env));
        return new Result(exit, Fixtures.str(out.toByteArray()), Fixtures.str(err.toByteArray()));
    }

    Map<String, String> env() {
        return Map.of(
                "ANTHROPIC_API_KEY",
                "sk-test",
                "ANTHROPIC_BASE_URL",
                "http://127.0.0.1:" + server.getAddress().getPort());
    }

    void usageError(String message, String... args) {
        Result r = run(env(), args);
        assertEquals(2, r.exit(), message);
        assertEquals("termsprawl-ask: " + message + "\nusage: " + AskArgs.USAGE + "\n", r.err());
        assertEquals("", r.out());
        assertTrue(bodies.isEmpty());
    }

    @Test
    void argumentErrors() {
        usageError("expected --cwd and --self", "--node", "b", "q");
        usageError("missing value for --node", "--cwd", ".", "--self", "a", "--node");
        usageError("expected --node <id> or --peers", "--cwd", ".", "--self", "a", "q");
        usageError("give --node <id> or --peers, not both", "--cwd", ".", "--self", "a", "--node", "b", "--peers", "q");
        usageError("missing the question (the last argument)", "--cwd", ".", "--self", "a", "--peers");
        usageError("unexpected argument: --jsn", "--cwd", ".", "--self", "a", "--peers", "--jsn", "q");
        usageError(
                "invalid node id '../x': 1-128 letters, digits, '_' or '-', starting with a letter or digit",
                "--cwd",
                ".",
                "--self",
                "a",
                "--node",
                "../x",
                "q");
        usageError(
                "--timeout takes a positive whole number, not '0'",
                "--cwd",
                ".",
                "--self",
                "a",
                "--peers",
                "--timeout",
                "0",
                "q");
    }

    /** Unlike the context command's exact errors, the later commands explain themselves; nothing is asked. */
    @Test
    void helpPrintsTheUsageAndTheOptionsOnStdoutAndExitsZero() {
        for (String[] args : new String[][] {{"--help"}, {"--cwd", ".", "--self", "a", "--help", "q"}}) {
            Result r = run(env(), args);
            assertEquals(0, r.exit());
            assertEquals(AskArgs.HELP, r.out());
            assertEquals("", r.err());
        }
        assertTrue(AskArgs.HELP.startsWith("usage: " + AskArgs.USAGE + "\n"));
        assertTrue(bodies.isEmpty());
        // after -- it is a word of the question, as -h is anywhere
        assertEquals(
                "what does -h do --help",
                AskArgs.parse("--cwd", ".", "--self", "a", "--peers", "what", "does", "-h", "do", "--", "--help")
                        .question());
    }

    @Test
    void theQuestionIsTheWordsThatAreNoFlags() {
        AskArgs a = AskArgs.parse("--cwd", ".", "why", "--self", "a", "is", "--node", "b", "it", "--", "--paged");
        assertEquals("why is it --paged", a.question());
        assertTrue(a.redact());
        assertFalse(AskArgs.parse("--cwd", ".", "--self", "a", "--peers", "--no-redact", "q")
                .redact());
        // the harness's attachments are left out unless asked (docs/ask.md)
        assertFalse(a.attachments());
        assertTrue(AskArgs.parse("--cwd", ".", "--self", "a", "--peers", "--attachments", "q")
                .attachments());
    }

    @Test
    void answersANodeOnStdoutAndExitsZero() {
        Result r = run(env(), "--cwd", cwd.toString(), "--self", "frontend", "--node", "backend", "Why", "paged?");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(
                r.out()
                        .startsWith("## backend (turns 0-1)\nPaged for the client.\ncitations: turn 1 ("
                                + cwd.resolve("backend.jsonl")
                                + ":2)\nusage: input 3, cache read 0, cache write 0, output 4 tokens"),
                r.out());
        assertEquals(1, bodies.size());
        assertTrue(bodies.get(0).contains("\"Question: Why paged?\""), bodies.get(0));
    }

    /** From a folder inside the project, --cwd finds the project's root (docs/planted.md). */
    @Test
    void aFolderInsideTheProjectAsksItsNodes() throws Exception {
        Fixtures.write(cwd.resolve(".termsprawl/project.json"), "{\"nodes\":[]}\n");
        Path module = java.nio.file.Files.createDirectories(cwd.resolve("module-a/src"));
        Result r = run(env(), "--cwd", module.toString(), "--self", "frontend", "--node", "backend", "Why", "paged?");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("## backend (turns 0-1)\nPaged for the client.\n"), r.out());
        assertEquals(1, bodies.size());
    }

    @Test
    void jsonWithTheFlag() throws Exception {
        Result r = run(env(), "--cwd", cwd.toString(), "--self", "frontend", "--peers", "--json", "q?");
        assertEquals(0, r.exit(), r.err());
        Map<String, Object> doc =
                io.github.termsprawl.jsonl.Json.asObject(io.github.termsprawl.jsonl.Json.parse(r.out()));
        assertEquals("q?", doc.get("question"));
        assertEquals(1, ((List<?>) doc.get("answers")).size());
    }

    @Test
    void aFailedTargetExitsOneWithItsMessageOnStderr() {
        status = 401;
        Result r = run(env(), "--cwd", cwd.toString(), "--self", "frontend", "--peers", "q?");
        assertEquals(1, r.exit());
        assertTrue(
                r.err()
                        .startsWith("termsprawl-ask: backend: The API key in ANTHROPIC_API_KEY was refused (401"
                                + " authentication_error: bad key)."),
                r.err());
        assertTrue(r.out().contains("## backend (turns 0-1)\nerror: The API key"), r.out());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void aProjectProblemExitsOneWithTheFix() {
        Result r = run(env(), "--cwd", cwd.toString(), "--self", "frontend", "--node", "nobody", "q?");
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("termsprawl-ask: No transcript is recorded for node nobody in "), r.err());
        Result none =
                run(Map.of("PATH", cwd.toString()), "--cwd", cwd.toString(), "--self", "frontend", "--peers", "q?");
        assertEquals(1, none.exit());
        assertTrue(none.err().startsWith("termsprawl-ask: No way to ask: ANTHROPIC_API_KEY is not set"), none.err());
    }
}
