package io.github.termsprawl.history;

import static io.github.termsprawl.history.HistoryFixtures.append;
import static io.github.termsprawl.history.HistoryFixtures.changed;
import static io.github.termsprawl.history.HistoryFixtures.lines;
import static io.github.termsprawl.history.HistoryFixtures.read;
import static io.github.termsprawl.history.HistoryFixtures.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Turn files of every store with a session reader: Codex and pi read on as they grow, Gemini and OpenCode whole. */
class HistoryStoresTest {
    @TempDir
    Path cwd;

    @TempDir
    Path home;

    Path dir;

    @BeforeEach
    void project() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        dir = cwd.resolve(".termsprawl/history/peer");
    }

    History.Result update() throws IOException {
        try (History history = new History(new ProjectLayout(cwd), true)) {
            return history.update("peer");
        }
    }

    static String codex(String type, String payload) {
        return "{\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"type\":\"" + type + "\",\"payload\":" + payload + "}";
    }

    static String codexSays(String role, String text) {
        return codex(
                "response_item",
                "{\"type\":\"message\",\"role\":\"" + role + "\",\"content\":[{\"type\":\""
                        + (role.equals("user") ? "input_text" : "output_text") + "\",\"text\":\"" + text + "\"}]}");
    }

    @Test
    void codexGrowsTurnByTurnAndALineNotYetEndedIsReadAgainOnceItIs() throws IOException {
        Path file = lines(
                home.resolve("rollout-2026-01-01T00-00-00-abc.jsonl"),
                codex("session_meta", "{\"id\":\"abc\",\"cwd\":\"/p\"}"),
                codexSays("user", "list files"),
                codex(
                        "response_item",
                        "{\"type\":\"function_call\",\"name\":\"shell\",\"call_id\":\"c1\",\"arguments\":\"{\\\"command\\\":[\\\"ls\\\"]}\"}"),
                codex("response_item", "{\"type\":\"function_call_output\",\"call_id\":\"c1\",\"output\":\"a.txt\"}"));
        HistoryFixtures.index(cwd, "peer", file, "codex", null);
        assertEquals(3, update().turns());
        assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md", "turn-0002-tool.md"), turnNames());
        assertTrue(read(dir.resolve("turn-0001-assistant.md"))
                .endsWith("## tool call: shell (c1)\n\n```json\n{\"command\":[\"ls\"]}\n```\n"));
        assertTrue(read(dir.resolve("turn-0002-tool.md")).contains("\nsource: " + file + ":4\n"));
        Map<String, String> before = snapshot(dir);
        // the agent is writing its next line: it has not ended yet
        String next = codexSays("assistant", "one file");
        Files.writeString(file, next.substring(0, 40), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(3, update().turns());
        Files.writeString(file, next.substring(40) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        History.Result r = update();
        assertEquals(4, r.turns());
        assertTrue(read(dir.resolve("turn-0003-assistant.md")).endsWith("\none file\n"));
        assertEquals(Set.of(".state", ".turns", "index.md", "turn-0003-assistant.md"), changed(before, snapshot(dir)));
        assertEquals(History.Status.UP_TO_DATE, update().status());
        // the turns kept from the last read, copied as bytes, are those a first write of the grown file makes
        Map<String, String> grown = new java.util.TreeMap<>(snapshot(dir));
        grown.keySet().removeIf(n -> !n.startsWith("turn-") && !n.equals("index.md") && !n.equals(".turns"));
        HistoryFixtures.moveAway(dir, cwd.resolve("grown"));
        update();
        Map<String, String> fresh = new java.util.TreeMap<>(snapshot(dir));
        fresh.keySet().removeIf(n -> !n.startsWith("turn-") && !n.equals("index.md") && !n.equals(".turns"));
        assertEquals(contentsOnly(fresh), contentsOnly(grown));
    }

    /** What each file holds, without the file key and time a snapshot has too. */
    private static Map<String, String> contentsOnly(Map<String, String> snapshot) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (Map.Entry<String, String> e : snapshot.entrySet()) {
            String v = e.getValue();
            out.put(e.getKey(), v.substring(v.indexOf(' ', v.indexOf(' ') + 1) + 1));
        }
        return out;
    }

    @Test
    void piGrowsAndAFileRewrittenInPlaceIsReadAgainWhole() throws IOException {
        String header =
                "{\"type\":\"session\",\"version\":3,\"id\":\"p1\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"cwd\":\"/p\"}";
        Path file = lines(home.resolve("2026_p1.jsonl"), header, pi("e1", null, "user", "hello"));
        HistoryFixtures.index(cwd, "peer", file, "pi", null);
        assertEquals(1, update().turns());
        Map<String, String> before = snapshot(dir);
        append(
                file,
                pi("e2", "e1", "assistant", "hi"),
                "{\"type\":\"message\",\"id\":\"e3\",\"parentId\":\"e2\",\"timestamp\":\"2026-01-01T00:00:03Z\","
                        + "\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"t1\",\"toolName\":\"read\","
                        + "\"content\":[{\"type\":\"text\",\"text\":\"data\"}],\"isError\":false}}");
        assertEquals(3, update().turns());
        assertEquals(
                Set.of(".state", ".turns", "index.md", "turn-0001-assistant.md", "turn-0002-tool.md"),
                changed(before, snapshot(dir)));
        // a migration rewrites the whole file: its first turn is the same, the rest changed
        before = snapshot(dir);
        lines(file, header, pi("e1", null, "user", "hello"), pi("e2", "e1", "assistant", "hello again"));
        assertEquals(2, update().turns());
        assertEquals(
                Set.of(".state", ".turns", "index.md", "turn-0001-assistant.md", "turn-0002-tool.md"),
                changed(before, snapshot(dir)));
        assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md"), turnNames());
    }

    static String pi(String id, String parent, String role, String text) {
        String content = role.equals("user") ? "\"" + text + "\"" : "[{\"type\":\"text\",\"text\":\"" + text + "\"}]";
        return "{\"type\":\"message\",\"id\":\"" + id + "\",\"parentId\":"
                + (parent == null ? "null" : "\"" + parent + "\"")
                + ",\"timestamp\":\"2026-01-01T00:00:0" + id.charAt(1) + "Z\",\"message\":{\"role\":\"" + role
                + "\",\"content\":" + content + "}}";
    }

    @Test
    void geminiRewindsRemoveTheTurnsItDropped() throws IOException {
        String head =
                "{\"sessionId\":\"g\",\"projectHash\":\"h\",\"startTime\":\"2026-01-01T00:00:00Z\",\"kind\":\"main\"}";
        Path file = lines(
                home.resolve("session-2026-01-01T00-00-abcd1234.jsonl"),
                head,
                gemini("u1", "user", "list"),
                gemini("g1", "gemini", "Listing."),
                gemini("u2", "user", "oops"),
                gemini("g2", "gemini", "sure"));
        HistoryFixtures.index(cwd, "peer", file, "gemini", null);
        assertEquals(4, update().turns());
        Map<String, String> before = snapshot(dir);
        append(file, "{\"$rewindTo\":\"u2\"}", gemini("u3", "user", "instead"));
        assertEquals(3, update().turns());
        assertEquals(
                Set.of(".state", ".turns", "index.md", "turn-0002-user.md", "turn-0003-assistant.md"),
                changed(before, snapshot(dir)));
        assertTrue(read(dir.resolve("turn-0002-user.md")).endsWith("\ninstead\n"));
        assertEquals(History.Status.UP_TO_DATE, update().status());
    }

    static String gemini(String id, String type, String text) {
        return "{\"id\":\"" + id + "\",\"timestamp\":\"2026-01-01T00:00:0" + id.charAt(1) + "Z\",\"type\":\"" + type
                + "\",\"content\":\"" + text + "\"}";
    }

    @Test
    void openCodeReadsItsSessionAgainWhenTheDatabaseChanged() throws Exception {
        Path db = home.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            w.session("ses_a", null, "/p", 10);
            w.message("msg_01", "ses_a", 1000, "user");
            w.part("prt_01", "msg_01", "ses_a", OpenCodeDbFixture.text("list the files"));
            w.message("msg_02", "ses_a", 2000, "assistant");
            w.part("prt_02", "msg_02", "ses_a", OpenCodeDbFixture.tool("running", null));
            HistoryFixtures.index(cwd, "peer", db, "opencode", "ses_a");
            History.Result r = update();
            assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md"), turnNames(), r.toString());
            assertTrue(read(dir.resolve("turn-0000-user.md")).contains("\nsession: ses_a\n"));
            assertTrue(read(dir.resolve("index.md")).contains("read from " + db + " (session ses_a)."));
            assertEquals(History.Status.UP_TO_DATE, update().status());
            // the tool finished: its row is updated in place, and the database (or its log) changed
            w.updatePart("prt_02", OpenCodeDbFixture.tool("completed", "a.txt"));
            Map<String, String> before = snapshot(dir);
            assertEquals(History.Status.UPDATED, update().status());
            assertEquals(List.of("turn-0000-user.md", "turn-0001-assistant.md", "turn-0002-tool.md"), turnNames());
            assertTrue(read(dir.resolve("turn-0002-tool.md")).contains("\na.txt\n"));
            assertEquals(Set.of(".state", ".turns", "index.md", "turn-0002-tool.md"), changed(before, snapshot(dir)));
        }
    }

    List<String> turnNames() throws IOException {
        return HistoryTest.names(dir).stream()
                .filter(n -> n.startsWith("turn-"))
                .toList();
    }
}
