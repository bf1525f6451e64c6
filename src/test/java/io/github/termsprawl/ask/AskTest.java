package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets, backends and reports, end to end against a local server (and a fake claude command). */
class AskTest {
    @TempDir
    Path cwd;

    LocalApi api;

    /** backend: three compaction windows, turns 0-3, 4-6 and 7-9 (each later one starts with its summary). */
    static ClaudeFile backend(String sessionCwd) {
        return new ClaudeFile(sessionCwd)
                .user("Add GET /orders.")
                .assistant("Added it, unpaged.")
                .user("Page it by 50: the client renders 50 rows.")
                .assistant("Paged by 50.")
                .compact("Summary: GET /orders, paged by 50.")
                .user("Add POST /orders.")
                .assistant("Added POST /orders.")
                .compact("Summary: GET and POST /orders.")
                .user("Add tests.")
                .assistant("Added tests.");
    }

    static String pi(String said) {
        return "{\"type\":\"session\",\"version\":3,\"id\":\"pi1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
                + "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Document the API.\"}]}}\n"
                + "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"a1\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
                + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":"
                + Fixtures.jsonString(said)
                + "}]}}\n";
    }

    @BeforeEach
    void project() throws Exception {
        api = new LocalApi();
        backend(cwd.toString()).write(cwd.resolve("sessions/" + ClaudeFile.SESSION + ".jsonl"));
        Fixtures.write(cwd.resolve("sessions/docs.jsonl"), pi("Wrote docs/api.md."));
        Fixtures.link(cwd, "frontend", "backend");
        Fixtures.link(cwd, "frontend", "docs");
        Fixtures.link(cwd, "frontend", "ghost");
        Fixtures.link(cwd, "other", "backend");
        Fixtures.index(cwd, "backend", "sessions/" + ClaudeFile.SESSION + ".jsonl");
        Fixtures.write(
                cwd.resolve(".termsprawl/transcripts/docs.json"),
                "{\"version\": 1, \"path\": \"sessions/docs.jsonl\", \"store\": \"pi\"}\n");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("ANTHROPIC_API_KEY", "sk-test");
        env.put("ANTHROPIC_BASE_URL", api.baseUrl());
        env.put("HOME", cwd.resolve("home").toString());
        return env;
    }

    AskSettings settings(Map<String, String> env, boolean dryRun, int parallel) {
        return RequestChecks.settings(
                new AskEnvironment(env),
                "Why is /orders paged?",
                null,
                5,
                parallel,
                true,
                dryRun,
                null,
                AskSettings.FLAGS);
    }

    List<Ask.Result> ask(Map<String, String> env, Targets.Selection selection, boolean dryRun, int parallel)
            throws UserErrorException {
        try (Ask ask = new Ask(cwd, settings(env, dryRun, parallel), new AskEnvironment(env))) {
            return ask.run(ask.targets(selection));
        }
    }

    static Targets.Selection node(String id) {
        return new Targets.Selection(id, null, null, null, Targets.DEFAULT_LIMIT);
    }

    static Targets.Selection peers(String self) {
        return new Targets.Selection(null, null, Targets.PEERS, self, Targets.DEFAULT_LIMIT);
    }

    String report(List<Ask.Result> results) {
        return AskReport.text(results, settings(env(), false, 4));
    }

    @Test
    void aNodeIsAskedInItsActiveWindowAndTheAnswerPrintsWithItsSources() throws Exception {
        api.answering(r -> LocalApi.answer(true, "Its client renders 50 rows.", 8, 99));
        List<Ask.Result> results = ask(env(), node("backend"), false, 4);
        assertEquals(1, api.requests.size());
        String sent = api.requests.get(0).text();
        RequestChecks.check(api.requests.get(0).body());
        assertTrue(sent.contains("(backend, window 3 of 3, turns 7-9)"), sent);
        assertTrue(sent.contains("[turn 7, summary of the earlier conversation] Summary: GET and POST /orders."));
        assertFalse(sent.contains("Page it by 50"), "earlier windows are not sent");
        String file = cwd.resolve("sessions/" + ClaudeFile.SESSION + ".jsonl").toString();
        assertEquals(
                "## backend (window 3 of 3, turns 7-9)\n"
                        + "Its client renders 50 rows.\n"
                        + "citations: turn 8 (" + file + ":11), turn 99 (no such turn)\n"
                        + "usage: input 12, cache read 0, cache write 3400, output 56 tokens (api claude-test)\n"
                        + "\n"
                        + "total: input 12, cache read 0, cache write 3400, output 56 tokens over 1 answer\n",
                report(results));
    }

    @Test
    void peersAreEveryNodeLinkedToSelfAndNoOther() throws Exception {
        api.answering(r -> r.text().contains("docs/api.md")
                ? LocalApi.answer(false, "It only documents the API.")
                : LocalApi.answer(true, "Paged for the client."));
        List<Ask.Result> results = ask(env(), peers("frontend"), false, 4);
        assertEquals(List.of("backend", "docs", "ghost"), labels(results));
        assertEquals(2, api.requests.size(), "ghost has no transcript: not asked");
        assertTrue(results.get(2).failed());
        assertTrue(
                results.get(2).error().startsWith("No transcript is recorded for node ghost."),
                results.get(2).error());
        assertFalse(results.get(1).answer().hasContext());
        String text = report(results);
        assertTrue(
                text.endsWith("total: input 24, cache read 0, cache write 6800, output 112 tokens over 2 answers\n"
                        + "no context: docs (turns 0-1)\n"
                        + "failed: ghost\n"),
                text);
        assertTrue(text.contains("## ghost\nerror: No transcript is recorded for node ghost."), text);
        // self is never its own target, even when a link file says so
        Fixtures.linkFile(cwd, "frontend--frontend.json", "{\"version\": 1, \"a\": \"frontend\", \"b\": \"frontend\"}");
        assertEquals(List.of("backend", "docs", "ghost"), labels(ask(env(), peers("frontend"), true, 4)));
        UserErrorException none = assertThrows(UserErrorException.class, () -> ask(env(), peers("lonely"), false, 4));
        assertTrue(none.getMessage().startsWith("Node lonely has no linked peers"), none.getMessage());
    }

    static List<String> labels(List<Ask.Result> results) {
        List<String> out = new ArrayList<>();
        for (Ask.Result r : results) {
            out.add(r.target().label());
        }
        return out;
    }

    @Test
    void windowsAreTheEarlierOnesNewestFirstUpToTheLimit() throws Exception {
        List<Ask.Result> results =
                ask(env(), new Targets.Selection("backend", null, Targets.WINDOWS, null, 5), false, 1);
        List<String> described = new ArrayList<>();
        for (Ask.Result r : results) {
            described.add(r.conversation().describe());
        }
        assertEquals(List.of("window 2 of 3, turns 4-6", "window 1 of 3, turns 0-3"), described);
        assertTrue(
                api.requests.get(0).text().contains("[turn 6] Added POST /orders."),
                api.requests.get(0).text());
        assertTrue(api.requests.get(1).text().contains("[turn 2] Page it by 50: the client renders 50 rows."));
        assertEquals(
                1,
                ask(env(), new Targets.Selection("backend", null, Targets.WINDOWS, null, 1), true, 1)
                        .size());
        UserErrorException notClaude = assertThrows(
                UserErrorException.class,
                () -> ask(env(), new Targets.Selection("docs", null, Targets.WINDOWS, null, 3), false, 1));
        assertEquals(
                "docs is not a Claude Code session: only Claude Code sessions have compaction windows to ask one by"
                        + " one. Ask the node itself.",
                notClaude.getMessage());
    }

    @Test
    void aSessionIsGivenByPathOrByClaudeCodeId() throws Exception {
        List<Ask.Result> byPath =
                ask(env(), new Targets.Selection(null, "sessions/docs.jsonl", null, null, 3), false, 1);
        assertEquals("docs.jsonl", byPath.get(0).target().label());
        assertEquals("turns 0-1", byPath.get(0).conversation().describe());
        Path claudeDir = cwd.resolve("claude-config");
        backend(cwd.toString()).write(claudeDir.resolve("projects/-elsewhere/" + ClaudeFile.SESSION + ".jsonl"));
        Map<String, String> env = env();
        env.put("CLAUDE_CONFIG_DIR", claudeDir.toString());
        List<Ask.Result> byId = ask(env, new Targets.Selection(null, ClaudeFile.SESSION, null, null, 3), false, 1);
        assertEquals(ClaudeFile.SESSION, byId.get(0).target().label());
        assertEquals("window 3 of 3, turns 7-9", byId.get(0).conversation().describe());
        UserErrorException missing = assertThrows(
                UserErrorException.class,
                () -> ask(
                        env,
                        new Targets.Selection(null, "00000000-0000-4000-8000-000000000000", null, null, 3),
                        false,
                        1));
        assertTrue(
                missing.getMessage().startsWith("No Claude Code session 00000000-0000-4000-8000-000000000000 under "));
        // a folder or a device is no transcript, as record says too (it read as "no messages yet")
        Files.createDirectories(cwd.resolve("sessions/folder"));
        for (String notAFile : new String[] {"sessions/folder", "/dev/null"}) {
            UserErrorException e = assertThrows(
                    UserErrorException.class,
                    () -> ask(env, new Targets.Selection(null, notAFile, null, null, 3), false, 1));
            assertEquals(
                    cwd.resolve(notAFile) + " is not a transcript file (a folder or a device). Pass a transcript file"
                            + " or a Claude Code session id.",
                    e.getMessage());
        }
    }

    /**
     * {@code n} pi sessions p0… linked to node hub, each answered "ok" by the API once two requests have been in
     * flight at once (the client's parallelism, not a delay, decides whether they ever are).
     */
    private void piPeersOfHub(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            Fixtures.write(cwd.resolve("sessions/p" + i + ".jsonl"), pi("peer " + i));
            Fixtures.write(
                    cwd.resolve(".termsprawl/transcripts/p" + i + ".json"),
                    "{\"version\": 1, \"path\": \"sessions/p" + i + ".jsonl\", \"store\": \"pi\"}\n");
            Fixtures.link(cwd, "hub", "p" + i);
        }
        api.overlapWanted = 2;
        api.answering(r ->
                new LocalApi.Reply(200, Map.of(), LocalApi.answer(true, "ok").body(), 0));
    }

    @Test
    void targetsAreAskedAtMostParallelAtOnce() throws Exception {
        piPeersOfHub(5);
        List<Ask.Result> results = ask(env(), peers("hub"), false, 2);
        assertEquals(5, api.requests.size());
        assertEquals(2, api.mostInFlight.get());
        assertEquals(List.of("p0", "p1", "p2", "p3", "p4"), labels(results), "printed in link order");
    }

    /** Targets read one at a time (a plan of a big session is most of what ask holds); answers still overlap. */
    @Test
    void targetsReadOneAtATimeAndAreAnsweredInParallel() throws Exception {
        piPeersOfHub(4);
        Map<String, String> env = env();
        try (Ask ask = new Ask(cwd, settings(env, false, 4), new AskEnvironment(env))) {
            // each read lasts long enough for the other three threads to reach theirs, if they could
            java.util.concurrent.atomic.AtomicInteger now = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
            ask.whileReading = () -> {
                most.accumulateAndGet(now.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                now.decrementAndGet();
            };
            List<Ask.Result> results = ask.run(ask.targets(peers("hub")));
            assertEquals(List.of("p0", "p1", "p2", "p3"), labels(results));
            assertEquals(1, most.get(), "reads at once");
        }
        assertEquals(4, api.requests.size());
        assertTrue(api.mostInFlight.get() >= 2, "answers waited on at once: " + api.mostInFlight.get());
    }

    @Test
    void aDryRunSendsNothingAndNeedsNoKey() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", cwd.resolve("empty").toString());
        List<Ask.Result> results = ask(env, node("backend"), true, 1);
        assertEquals(0, api.requests.size());
        assertNull(results.get(0).answer());
        String text = AskReport.text(results, settings(env, true, 1));
        // no key and no claude command: a real run could not ask, and the dry run says so first
        assertTrue(
                text.startsWith("## backend (window 3 of 3, turns 7-9)\nno way to ask: ANTHROPIC_API_KEY is not set"
                        + " and there is no claude command on PATH; set ANTHROPIC_API_KEY to an Anthropic API key, or"
                        + " install Claude Code\nwith a key it would send 3 messages (turns 7-9), "),
                text);
        assertTrue(
                text.contains(" tokens (budget ~" + (1_000_000 - 8192) + ") to " + Models.DEFAULT
                        + " at https://api.anthropic.com/v1/messages\n"),
                text);
        assertFalse(text.contains("total:"), text);
        assertTrue(AskReport.json(results, settings(env, true, 1)).contains("\"without_key\": \"no way to ask: "));
    }

    @Test
    void aDryRunWithoutAKeySaysTheClaudeCommandWouldAsk() throws Exception {
        Path bin = java.nio.file.Files.createDirectories(cwd.resolve("bin"));
        Path claude = Fixtures.write(bin.resolve("claude"), "#!/bin/sh\nexit 1\n");
        claude.toFile().setExecutable(true);
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin.toString());
        String text = AskReport.text(ask(env, node("backend"), true, 1), settings(env, true, 1));
        assertTrue(
                text.contains("\nwould ask through the claude command (claude --resume " + ClaudeFile.SESSION
                        + "), ANTHROPIC_API_KEY being unset\nwith a key it would send 3 messages"),
                text);
        // a pi session the claude command cannot resume: no way to ask it without a key
        text = AskReport.text(ask(env, node("docs"), true, 1), settings(env, true, 1));
        assertTrue(text.contains("\nno way to ask: ANTHROPIC_API_KEY is not set, and docs is a pi session"), text);
    }

    @Test
    void aDryRunWithAKeySaysWhereItWouldSend() throws Exception {
        String text = AskReport.text(ask(env(), node("backend"), true, 1), settings(env(), true, 1));
        assertTrue(text.startsWith("## backend (window 3 of 3, turns 7-9)\nwould send 3 messages (turns 7-9), "), text);
        assertEquals(0, api.requests.size());
    }

    @Test
    void aReceivedSharedNodeIsAskedFromItsTurnFiles() throws Exception {
        Path dir = cwd.resolve(".termsprawl/shared/alice__backend");
        Fixtures.write(dir.resolve("manifest.json"), "{\"format\": 1, \"node\": \"backend\", \"store\": \"claude\"}\n");
        Fixtures.write(
                dir.resolve("history/turn-0000-user.md"),
                "---\nturn: 0000\nrole: user\ntime: 2026-01-01T00:00:00Z\n---\n\nWhy page /orders?\n");
        Fixtures.write(
                dir.resolve("history/turn-0001-assistant.md"),
                "---\nturn: 0001\nrole: assistant\n---\n\nBecause the table has ten million rows.\n");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", cwd.resolve("empty").toString());
        List<Ask.Result> dry = ask(env, node("alice__backend"), true, 1);
        String text = AskReport.text(dry, settings(env, true, 1));
        // without a key a dry run says so first (the claude command cannot resume a shared node), then what it sends
        assertTrue(text.startsWith("## alice__backend (turns 0-1)\nno way to ask: "), text);
        assertTrue(text.contains("\nwith a key it would send 3 messages (turns 0-1), "), text);
        ask(env(), node("alice__backend"), false, 1);
        assertEquals(1, api.requests.size());
        assertTrue(
                api.requests.get(0).text().contains("ten million rows"),
                api.requests.get(0).text());
    }

    @Test
    void aSharedNodesLinkedHistoryFolderIsNotSent(@org.junit.jupiter.api.io.TempDir Path elsewhere) throws Exception {
        Path outside = Fixtures.write(
                        elsewhere.resolve("turn-0000-user.md"), "---\nturn: 0000\nrole: user\n---\n\nOUTSIDE SECRET\n")
                .getParent();
        Path dir = cwd.resolve(".termsprawl/shared/alice__backend");
        Fixtures.write(dir.resolve("manifest.json"), "{\"format\": 1, \"node\": \"backend\", \"store\": \"claude\"}\n");
        Files.createSymbolicLink(dir.resolve("history"), outside);
        String id = "0".repeat(40);
        Fixtures.write(dir.resolve(".commit"), id + "\n");
        Fixtures.write(dir.resolve(".files"), id + " history/turn-0000-user.md\n" + id + " manifest.json\n");
        try {
            ask(env(), node("alice__backend"), false, 1);
        } catch (UserErrorException e) {
            assertFalse(e.getMessage().contains("OUTSIDE"), e.getMessage());
        }
        for (var request : api.requests) {
            assertFalse(request.text().contains("OUTSIDE"), request.text());
        }
    }

    @Test
    void anErrorTextReachesStderrWithoutEscapeSequences() {
        AskException e = assertThrows(
                AskException.class,
                () -> ClaudeCli.answer(1, "", "boom \u001b]52;c;aGk=\u0007\u001b[2J\u001b]0;t\u0007\u009b1m", cwd));
        assertEquals(
                "claude failed (exit 1): boom ]52;c;aGk=[2J]0;t1m",
                e.getMessage().substring(0, 48));
        assertFalse(e.getMessage().matches("(?s).*[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f].*"), e.getMessage());
    }

    @Test
    void withNeitherKeyNorClaudeCommandTheErrorNamesBothFixes() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", cwd.resolve("empty").toString());
        UserErrorException e = assertThrows(UserErrorException.class, () -> ask(env, node("backend"), false, 1));
        assertEquals(
                "No way to ask: ANTHROPIC_API_KEY is not set and there is no claude command on PATH. Set"
                        + " ANTHROPIC_API_KEY to an Anthropic API key, or install Claude Code (the claude command on"
                        + " PATH) to ask Claude Code sessions through it.",
                e.getMessage());
    }

    /** A claude command that records its arguments and folder and answers as {@code claude -p --output-format json}. */
    Path fakeClaude(String result) throws Exception {
        Path bin = Files.createDirectories(cwd.resolve("fake-bin"));
        Path script = bin.resolve("claude");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "dir=$(dirname \"$0\")\n"
                        + "pwd > \"$dir/cwd.txt\"\n"
                        + "for a in \"$@\"; do printf '%s\\n--\\n' \"$a\"; done > \"$dir/args.txt\"\n"
                        + "cat <<'EOF'\n" + result + "\nEOF\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void withoutAKeyAClaudeSessionIsAskedThroughAForkOfItInTheClaudeCommand() throws Exception {
        Fixtures.assumeShell();
        Path bin = fakeClaude("{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":"
                + Fixtures.jsonString(
                        "```json\n{\"has_context\": true, \"answer\": \"From the CLI.\", \"citations\": []}\n```")
                + ",\"session_id\":\"fork\",\"usage\":{\"input_tokens\":5,\"cache_creation_input_tokens\":0,"
                + "\"cache_read_input_tokens\":900,\"output_tokens\":7}}");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":/usr/bin:/bin");
        List<Ask.Result> results = ask(env, peers("frontend"), false, 4);
        assertEquals(0, api.requests.size());
        Ask.Result backend = results.get(0);
        assertEquals("From the CLI.", backend.answer().answer());
        assertEquals("claude cli", backend.answer().backend());
        assertEquals(new Usage(5, 900, 0, 7), backend.answer().usage());
        String args = Files.readString(bin.resolve("args.txt"));
        assertEquals(
                List.of(
                        "-p",
                        "--resume",
                        ClaudeFile.SESSION,
                        "--fork-session",
                        "--output-format",
                        "json",
                        ClaudeCli.prompt("Why is /orders paged?")),
                List.of(args.split("\n--\n")));
        assertEquals(
                cwd.toRealPath().toString(),
                Files.readString(bin.resolve("cwd.txt")).strip(),
                "the session's folder");
        assertEquals(
                "ANTHROPIC_API_KEY is not set, and docs is a pi session, which the claude command cannot resume. Set"
                        + " ANTHROPIC_API_KEY to ask it through the API.",
                results.get(1).error());
        List<Ask.Result> earlier = ask(env, new Targets.Selection("backend", null, Targets.WINDOWS, null, 1), false, 1);
        assertEquals(
                "ANTHROPIC_API_KEY is not set, and backend (window 2 of 3, turns 4-6) is an earlier window, which"
                        + " claude --resume cannot reach. Set ANTHROPIC_API_KEY to ask it through the API.",
                earlier.get(0).error());
    }

    @Test
    void aClaudeCommandThatFailsSaysWhy() throws Exception {
        Fixtures.assumeShell();
        Path bin = fakeClaude("{\"type\":\"result\",\"subtype\":\"error_during_execution\",\"is_error\":true,"
                + "\"result\":\"No conversation found with session ID: x\"}");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":/usr/bin:/bin");
        Ask.Result r = ask(env, node("backend"), false, 1).get(0);
        assertEquals(
                "Claude Code could not answer: No conversation found with session ID: x. claude --resume looks for"
                        + " the session in the folder it ran in (" + cwd + "); or set ANTHROPIC_API_KEY to ask through"
                        + " the API.",
                r.error());
    }

    @Test
    void aRequestTheApiFindsTooLongIsCutToItsCountOnce() throws Exception {
        int[] calls = {0};
        api.answering(r -> ++calls[0] == 1
                ? LocalApi.error(
                        400, "invalid_request_error", "prompt is too long: 2000 tokens > 1000 maximum", Map.of())
                : LocalApi.answer(true, "fits now"));
        Map<String, String> env = env();
        AskSettings s = RequestChecks.settings(
                new AskEnvironment(env), "q?", null, 5, 1, true, false, 12_000, AskSettings.FLAGS);
        List<Ask.Result> results;
        try (Ask ask = new Ask(cwd, s, new AskEnvironment(env))) {
            results = ask.run(ask.targets(node("backend")));
        }
        assertEquals("fits now", results.get(0).answer().answer());
        assertEquals(2, api.requests.size());
        assertTrue(
                results.get(0).request().budgetTokens() < 1000,
                "" + results.get(0).request().budgetTokens());
    }

    @Test
    void theJsonReportHoldsEveryAnswerAndTheTotals() throws Exception {
        api.answering(r -> LocalApi.answer(true, "Paged.", 9));
        List<Ask.Result> results = ask(env(), peers("frontend"), false, 4);
        Map<String, Object> doc = Json.asObject(Json.parse(AskReport.json(results, settings(env(), false, 4))));
        assertEquals("Why is /orders paged?", doc.get("question"));
        List<?> answers = (List<?>) doc.get("answers");
        Map<String, Object> backend = Json.asObject(answers.get(0));
        assertEquals("backend", backend.get("target"));
        assertEquals("claude", backend.get("store"));
        assertEquals(new Json.JsonNumber("3"), backend.get("window"));
        assertEquals(new Json.JsonNumber("7"), backend.get("first_turn"));
        assertEquals(Boolean.TRUE, backend.get("has_context"));
        assertEquals(
                List.of(Map.of(
                        "turn",
                        new Json.JsonNumber("9"),
                        "exists",
                        true,
                        "source",
                        cwd.resolve("sessions/" + ClaudeFile.SESSION + ".jsonl") + ":12")),
                backend.get("citations"));
        assertEquals(
                "No transcript is recorded for node ghost. Record one (the record goal, or the SessionStart hook when"
                        + " the agent starts with TERMSPRAWL_NODE_ID set).",
                Json.asObject(answers.get(2)).get("error"));
        assertEquals(new Json.JsonNumber("24"), Json.asObject(doc.get("total")).get("input_tokens"));
        assertEquals(List.of("ghost"), doc.get("failed"));
        assertEquals(List.of(), doc.get("no_context"));
    }

    /** A server's error and the answer may echo a secret: what ask prints is redacted (docs/redaction.md). */
    @Test
    void aServerErrorOrAnAnswerThatEchoesASecretPrintsRedacted() throws Exception {
        String key = "sk-ant-api03-" + "Zq8Xv2Lm4Np6Rt0Yw3Bc5Df7Gh9Jk1MnQpRsTuVwXyZaBcDe";
        Map<String, String> env = env();
        env.put("ANTHROPIC_API_KEY", key);
        api.answering(r -> LocalApi.error(401, "authentication_error", "invalid x-api-key: " + key, Map.of()));
        List<Ask.Result> failed = ask(env, node("backend"), false, 4);
        assertTrue(failed.get(0).failed());
        assertFalse(failed.get(0).error().contains(key), failed.get(0).error());
        assertTrue(
                failed.get(0).error().contains("[redacted:anthropic-api-key]"),
                failed.get(0).error());
        assertFalse(report(failed).contains(key), report(failed));

        api.answering(r -> LocalApi.answer(true, "It logs in with " + key + ".", 8));
        List<Ask.Result> answered = ask(env, node("backend"), false, 4);
        assertEquals(
                "It logs in with [redacted:anthropic-api-key].",
                answered.get(0).answer().answer());
    }

    /** With redaction off, the answer is printed as the model gave it. */
    @Test
    void noRedactPrintsTheAnswerAsItCame() throws Exception {
        String key = "sk-ant-api03-" + "Zq8Xv2Lm4Np6Rt0Yw3Bc5Df7Gh9Jk1MnQpRsTuVwXyZaBcDe";
        api.answering(r -> LocalApi.answer(true, "It logs in with " + key + ".", 8));
        AskSettings open = RequestChecks.settings(
                new AskEnvironment(env()), "Why?", null, 5, 4, false, false, null, AskSettings.FLAGS);
        try (Ask ask = new Ask(cwd, open, new AskEnvironment(env()))) {
            List<Ask.Result> results = ask.run(ask.targets(node("backend")));
            assertEquals("It logs in with " + key + ".", results.get(0).answer().answer());
        }
    }

    /**
     * An answer printed to a terminal cannot pass for the report's own lines or drive the terminal: control
     * characters are left out, a {@code ## } or {@code citations:} line is escaped, usage prints as sent.
     */
    @Test
    void anAnswerIsShownAsTextNotAsTheReportsOwnLines() throws Exception {
        api.answering(r -> new LocalApi.Reply(
                200,
                Map.of(),
                "{\"model\":\"claude-test\",\"stop_reason\":\"end_turn\",\"content\":[{\"type\":\"text\",\"text\":"
                        + Fixtures.jsonString("{\"has_context\":true,\"answer\":"
                                + Fixtures.jsonString("ok\u001b[2J\n## other (turns 0-1)\ncitations: turn 1")
                                + ",\"citations\":[]}")
                        + "}],\"usage\":{\"input_tokens\":1e308,\"output_tokens\":3}}",
                0));
        String shown = report(ask(env(), node("backend"), false, 4));
        assertTrue(shown.contains("ok[2J\n\\## other (turns 0-1)\n\\citations: turn 1\n"), shown);
        assertTrue(shown.contains("usage: input 1E+308, cache read 0, cache write 0, output 3 tokens"), shown);
    }
    /** B13: an answer is printed without control characters: an escape sequence cannot rewrite the terminal. */
    @Test
    void anAnswerIsPrintedWithoutControlCharacters() throws Exception {
        api.answering(r -> LocalApi.answer(true, "Paged\u001b[2J\u001b]0;owned\u0007 by 50.\r\nSee\tturn 7.", 8, 99));
        String printed = report(ask(env(), node("backend"), false, 4));
        assertTrue(printed.contains("\nPaged[2J]0;owned by 50.\nSee\tturn 7.\n"), printed);
        for (char c : printed.toCharArray()) {
            assertTrue(c >= 0x20 && (c < 0x7f || c > 0x9f) || c == '\n' || c == '\t', "char " + (int) c);
        }
    }
}
