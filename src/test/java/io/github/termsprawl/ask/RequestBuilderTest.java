package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Store;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestBuilderTest {
    static final long BIG = 1_000_000;

    @TempDir
    Path dir;

    /** The small session of the golden request: a call and its result, then the answer asked about. */
    static ClaudeFile smallSession() {
        return new ClaudeFile("/work/shop")
                .user("Add GET /orders.")
                .call("I'll look at the router first.", "toolu_01", "Read", "{\"file_path\":\"src/router.ts\"}")
                .result("toolu_01", "export const router = express.Router();")
                .assistant("Added GET /orders. It is paged by 50: the client renders at most 50 rows.")
                .user("Thanks.");
    }

    static Conversation load(Path file, int window) throws Exception {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return new SessionLoader(readers, 0, true, false)
                    .load(new Target("backend", "backend", new TranscriptIndex.Entry(file, null, null), window));
        }
    }

    static byte[] build(Conversation c, long budget) {
        return new RequestBuilder(true, false)
                .build(c, "backend", "Why is /orders paged?", "claude-sonnet-5-5", budget)
                .body();
    }

    @Test
    void theRequestForASmallSessionIsExactlyTheGoldenOne() throws Exception {
        Conversation c = load(smallSession().write(dir.resolve(ClaudeFile.SESSION + ".jsonl")), 0);
        assertEquals(5, c.messages().size());
        byte[] body = build(c, BIG);
        byte[] golden;
        try (InputStream in = RequestBuilderTest.class.getResourceAsStream("/ask/small-session.request.json")) {
            if (in == null) {
                java.nio.file.Files.write(Path.of("target/small-session.request.json"), body);
                throw new AssertionError("no golden file: the actual request is in target/");
            }
            golden = in.readAllBytes();
        }
        assertEquals(new String(golden, StandardCharsets.UTF_8).strip(), new String(body, StandardCharsets.UTF_8));
        RequestChecks.check(body);
        assertArrayEquals(body, build(c, BIG), "the same conversation gives the same bytes (one cached prefix)");
    }

    @Test
    void theTurnNumbersContinueAcrossCompactionWindows() throws Exception {
        Path file = new ClaudeFile("/w")
                .user("one")
                .assistant("two")
                .compact("Summary: one and two.")
                .user("three")
                .assistant("four")
                .write(dir.resolve("s.jsonl"));
        Conversation active = load(file, 0);
        assertEquals(2, active.window());
        assertEquals(2, active.windows());
        assertEquals(2, active.firstTurn(), "window 1 holds turns 0 and 1");
        assertEquals("window 2 of 2, turns 2-4", active.describe());
        String text = new String(build(active, BIG), StandardCharsets.UTF_8);
        assertTrue(text.contains("\"[turn 2, summary of the earlier conversation] Summary: one and two.\""), text);
        assertTrue(text.contains("\"[turn 3] three\""), text);
        assertTrue(text.contains("\"[turn 4] four\""), text);
        assertEquals("window 1 of 2, turns 0-1", load(file, 1).describe());
    }

    static Message m(Role role, Block... blocks) {
        return new Message(role, List.of(blocks), null, null, null, new Source.Line("/t.jsonl", 1, 0), Set.of());
    }

    static Conversation conversation(Message... messages) {
        return new Conversation(List.of(messages), 10, 0, 0, Store.PI, Path.of("/t.jsonl"), null);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> messages(byte[] body) throws Exception {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object m : (List<Object>) RequestChecks.check(body).get("messages")) {
            out.add(Json.asObject(m));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<String> blocks(Map<String, Object> message) {
        List<String> out = new ArrayList<>();
        for (Object o : (List<Object>) message.get("content")) {
            Map<String, Object> b = Json.asObject(o);
            out.add(
                    switch ((String) b.get("type")) {
                        case "text" -> "text " + b.get("text");
                        case "tool_use" ->
                            "use " + b.get("id") + " " + b.get("name") + " "
                                    + io.github.termsprawl.jsonl.JsonWriter.compact(b.get("input"));
                        default ->
                            "result " + b.get("tool_use_id") + " " + b.get("content")
                                    + (Boolean.TRUE.equals(b.get("is_error")) ? " (error)" : "");
                    });
        }
        return out;
    }

    @Test
    void rolesAlternateFromTheUsersAndNeighboursAreMerged() throws Exception {
        List<Map<String, Object>> ms = messages(build(
                conversation(
                        m(Role.ASSISTANT, new Block.Text("hello")),
                        m(Role.USER, new Block.Text("a")),
                        m(Role.SYSTEM, new Block.Text("b")),
                        m(Role.ASSISTANT, new Block.Text("c")),
                        m(Role.ASSISTANT, new Block.Text("d"))),
                BIG));
        assertEquals(5, ms.size());
        assertEquals(List.of("text [The recorded conversation starts with the agent's message.]"), blocks(ms.get(0)));
        assertEquals(List.of("text [turn 10] hello"), blocks(ms.get(1)));
        assertEquals(List.of("text [turn 11] a", "text [turn 12, system] b"), blocks(ms.get(2)));
        assertEquals(List.of("text [turn 13] c", "text [turn 14] d"), blocks(ms.get(3)));
        assertEquals(List.of("text Question: Why is /orders paged?"), blocks(ms.get(4)));
    }

    @Test
    void everyCallIsAnsweredFirstAndAResultWithoutItsCallIsText() throws Exception {
        List<Map<String, Object>> ms = messages(build(
                conversation(
                        m(Role.USER, new Block.ToolResult("gone", "orphan output", false)),
                        m(
                                Role.ASSISTANT,
                                new Block.ToolCall("c1", "Bash", "{\"command\":\"ls\"}"),
                                new Block.ToolCall("c2", "Read", "{}")),
                        m(Role.USER, new Block.Text("never mind")),
                        m(Role.TOOL, new Block.ToolResult("c2", "file", false)),
                        m(Role.ASSISTANT, new Block.ToolCall("c3", "Bash", "{}"))),
                BIG));
        assertEquals(
                List.of("text [a tool result whose call is not in this conversation] [turn 10] orphan output"),
                blocks(ms.get(0)));
        assertEquals(
                List.of("text [turn 11]", "use c1 Bash {\"command\":\"ls\"}", "use c2 Read {}"), blocks(ms.get(1)));
        assertEquals(
                List.of(
                        "result c1 " + RequestMessages.MISSING_RESULT + " (error)",
                        "result c2 [turn 13] file",
                        "text [turn 12] never mind"),
                blocks(ms.get(2)));
        assertEquals(List.of("text [turn 14]", "use c3 Bash {}"), blocks(ms.get(3)));
        assertEquals(
                List.of(
                        "result c3 " + RequestMessages.MISSING_RESULT + " (error)",
                        "text Question: Why is /orders paged?"),
                blocks(ms.get(4)),
                "a call left open at the end is answered before the question");
    }

    @Test
    void idsAndToolNamesAreMadeSafeAndUnique() throws Exception {
        List<Map<String, Object>> ms = messages(build(
                conversation(
                        m(Role.USER, new Block.Text("go")),
                        m(Role.ASSISTANT, new Block.ToolCall("call:1", "mcp.server/tool", "not json")),
                        m(Role.TOOL, new Block.ToolResult("call:1", "one", false)),
                        m(Role.ASSISTANT, new Block.ToolCall("call:1", null, "[1,2]")),
                        m(Role.TOOL, new Block.ToolResult("call:1", "two", true))),
                BIG));
        assertEquals(
                List.of("text [turn 11]", "use call_1 mcp_server_tool {\"input\":\"not json\"}"), blocks(ms.get(1)));
        assertEquals(List.of("result call_1 [turn 12] one"), blocks(ms.get(2)));
        assertEquals(List.of("text [turn 13]", "use call_1_2 tool {\"input\":\"[1,2]\"}"), blocks(ms.get(3)));
        assertEquals(
                List.of("result call_1_2 [turn 14] two (error)", "text Question: Why is /orders paged?"),
                blocks(ms.get(4)),
                "a repeated id's result goes to its latest call");
    }

    @Test
    void whatTheApiCannotTakeIsLeftOutOrDescribed() throws Exception {
        Message failed = new Message(
                Role.ASSISTANT,
                List.of(new Block.Text("API Error: 500")),
                null,
                null,
                null,
                null,
                Set.of(Message.Flag.API_ERROR));
        List<Map<String, Object>> ms = messages(build(
                conversation(
                        m(
                                Role.USER,
                                new Block.Text("  "),
                                new Block.Image("image/png", 42),
                                new Block.Text("bad \ud800 half")),
                        failed,
                        m(
                                Role.ASSISTANT,
                                new Block.Thinking("", true),
                                new Block.Thinking("because", false),
                                new Block.Text("ok")),
                        m(Role.USER, new Block.Attachment("queued_command", "and tests"))),
                BIG));
        assertEquals(List.of("text [turn 10] [image image/png, 42 bytes]", "text bad \ufffd half"), blocks(ms.get(0)));
        assertEquals(List.of("text [turn 12] [thinking] because", "text ok"), blocks(ms.get(1)));
        assertEquals(
                "text [turn 13] [queued_command] and tests", blocks(ms.get(2)).get(0));
    }

    static Message result(String id, int chars) {
        return m(Role.TOOL, new Block.ToolResult(id, "x".repeat(chars), false));
    }

    @Test
    void oldToolResultsAreClearedFirstTheLastOnesKept() throws Exception {
        List<Message> ms = new ArrayList<>();
        ms.add(m(Role.USER, new Block.Text("start")));
        for (int i = 0; i < 12; i++) {
            ms.add(m(Role.ASSISTANT, new Block.ToolCall("c" + i, "Read", "{}")));
            ms.add(result("c" + i, 3000));
        }
        Conversation c = conversation(ms.toArray(new Message[0]));
        RequestBuilder.Built b = new RequestBuilder(true, false).build(c, "x", "q?", "m", 11_000);
        String text = new String(b.body(), StandardCharsets.UTF_8);
        RequestChecks.check(b.body());
        assertEquals(-1, b.cutTo(), "clearing was enough");
        assertTrue(b.cleared() > 0 && b.cleared() <= 12 - RequestBuilder.KEEP_RECENT_RESULTS, "" + b.cleared());
        assertTrue(
                text.contains("\"[turn 12] [old tool result cleared to fit the context window: 3000 characters]\""),
                text);
        assertTrue(text.contains("\"[turn 34] " + "x".repeat(3000) + "\""), "the last result is kept");
        assertEquals(List.of(b.cleared() + " old tool results were cleared to fit (the last 8 kept)"), b.notes());
    }

    @Test
    void aConversationStillTooLargeIsCutFromTheFrontWhereTheUserSpeaks() throws Exception {
        List<Message> ms = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ms.add(m(Role.USER, new Block.Text("question " + i + " " + "q".repeat(2000))));
            ms.add(m(Role.ASSISTANT, new Block.Text("answer " + i + " " + "a".repeat(2000))));
        }
        RequestBuilder.Built b =
                new RequestBuilder(true, false).build(conversation(ms.toArray(new Message[0])), "x", "q?", "m", 5_000);
        List<Map<String, Object>> sent = messages(b.body());
        assertTrue(b.cutTo() > 10, "" + b.cutTo());
        // the request after the cut (its note, the question and the reserve too) is within what it reports
        assertTrue(
                b.estimatedTokens() <= b.requestBudgetTokens(), b.estimatedTokens() + " > " + b.requestBudgetTokens());
        assertEquals(5_000, b.budgetTokens());
        assertEquals(0, (b.cutTo() + 1) % 2, "cut before a user turn (even here): the kept ones start with a question");
        assertEquals(b.cutTo() + 1, b.firstTurn());
        String first = blocks(sent.get(0)).get(0);
        assertEquals(
                "text [Turns 10-" + b.cutTo() + " of this conversation were left out to fit the context window; it"
                        + " resumes at turn " + (b.cutTo() + 1) + ".]",
                first);
        assertTrue(blocks(sent.get(0)).get(1).startsWith("text [turn " + (b.cutTo() + 1) + "] question "));
        assertEquals(
                List.of("turns 10-" + b.cutTo() + " were left out (the front of the conversation) to fit ~5000 tokens"),
                b.notes());
        assertTrue(b.body().length / Sizes.BYTES_PER_TOKEN <= 5_000 + RequestBuilder.RESERVE_TOKENS);
    }

    @Test
    void aSingleHugeBlockIsCutToItsHead() throws Exception {
        RequestBuilder.Built b = new RequestBuilder(true, false)
                .build(conversation(m(Role.USER, new Block.Text("y".repeat(100_000)))), "x", "q?", "m", 10_000);
        RequestChecks.check(b.body());
        assertEquals(List.of("1 oversized block was cut to its head"), b.notes());
        String text = new String(b.body(), StandardCharsets.UTF_8);
        assertTrue(text.contains(" more characters were cut to fit the context window]"), text.substring(0, 300));
        assertTrue(b.body().length < 30_000 + 2000);
    }

    @Test
    void theDefaultBudgetIsTheWindowLessTheAnswerAndTheFraming() {
        AskSettings s = RequestChecks.settings(
                new AskEnvironment(Map.of()),
                "abc",
                "claude-haiku-4-5",
                null,
                null,
                true,
                false,
                null,
                AskSettings.FLAGS);
        assertEquals(200_000 - 8192 - 2048 - 1, RequestBuilder.defaultBudget(s));
        assertEquals(1_000_000, Models.contextTokens(Models.DEFAULT));
        assertFalse(Models.DEFAULT.isEmpty());
    }

    static final String GITHUB = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";

    @Test
    void secretsAreRedactedFromTextCallsAndResultsUnlessTurnedOff() throws Exception {
        Conversation c = conversation(
                m(Role.USER, new Block.Text("use token " + GITHUB)),
                m(
                        Role.ASSISTANT,
                        new Block.ToolCall("c1", "Bash", "{\"command\":\"export DB_PASSWORD=hunter2-Blue\"}")),
                m(Role.TOOL, new Block.ToolResult("c1", "Authorization: Bearer " + GITHUB, false)));
        List<Map<String, Object>> ms = messages(build(c, BIG));
        assertEquals(
                "text [turn 10] use token [redacted:github-token]",
                blocks(ms.get(0)).get(0));
        assertEquals(
                "use c1 Bash {\"command\":\"export DB_PASSWORD=[redacted:secret-assignment]\"}",
                blocks(ms.get(1)).get(1));
        assertEquals(
                "result c1 [turn 12] Authorization: Bearer [redacted:github-token]",
                blocks(ms.get(2)).get(0));
        String kept = new String(
                new RequestBuilder(false, false).build(c, "x", "q?", "m", BIG).body(), StandardCharsets.UTF_8);
        assertTrue(kept.contains("use token " + GITHUB) && kept.contains("DB_PASSWORD=hunter2-Blue"), kept);
    }
}
