package io.github.termsprawl.store.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeminiSessionTest {
    @TempDir
    Path dir;

    static List<String> walk(Path file, WalkStats expected) {
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "gemini", null);
        List<Message> out = new ArrayList<>();
        assertEquals(expected, new GeminiSession().walk(entry, m -> out.add(m)));
        assertEquals(Describe.all(out), Describe.all(new GeminiSession().live(entry)), "no branches: walk is live");
        return Describe.all(out);
    }

    @Test
    void theLogReplayedWithThoughtsToolCallsAndTheirResults() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-2026-01-01T00-00-abcd1234.jsonl"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"startTime\":\"2026-01-01T00:00:00Z\",\"kind\":\"main\"}",
                "{\"id\":\"u1\",\"timestamp\":\"2026-01-01T00:00:01Z\",\"type\":\"user\",\"content\":[{\"text\":\"list\"}]}",
                "{\"id\":\"g1\",\"timestamp\":\"2026-01-01T00:00:02Z\",\"type\":\"gemini\",\"content\":\"\"}",
                "{\"$set\":{\"lastUpdated\":\"2026-01-01T00:00:03Z\"}}",
                // the same id again, now with its thoughts and finished calls: the last one wins, in place
                "{\"id\":\"g1\",\"timestamp\":\"2026-01-01T00:00:02Z\",\"type\":\"gemini\",\"content\":\"Listing.\","
                        + "\"thoughts\":[{\"subject\":\"Plan\",\"description\":\"use ls\"}],"
                        + "\"toolCalls\":[{\"id\":\"c1\",\"name\":\"run_shell_command\",\"args\":{\"command\":\"ls\"},"
                        + "\"result\":[{\"functionResponse\":{\"id\":\"c1\",\"name\":\"run_shell_command\",\"response\":{\"output\":\"a.txt\"}}}],\"status\":\"success\"},"
                        + "{\"id\":\"c2\",\"name\":\"read_file\",\"args\":{\"path\":\"b\"},\"status\":\"error\",\"resultDisplay\":\"no such file\"}]}",
                "{\"id\":\"u2\",\"timestamp\":\"2026-01-01T00:00:04Z\",\"type\":\"user\",\"content\":\"oops\"}",
                "{\"id\":\"g2\",\"timestamp\":\"2026-01-01T00:00:05Z\",\"type\":\"gemini\",\"content\":\"discarded\"}",
                "{\"$rewindTo\":\"u2\"}",
                "{\"id\":\"i1\",\"timestamp\":\"2026-01-01T00:00:06Z\",\"type\":\"info\",\"content\":\"Request cancelled.\"}",
                "{\"id\":\"x1\",\"type\":\"hologram\",\"content\":\"?\"}",
                "{\"something\":\"else\"}");
        assertEquals(
                List.of(
                        "user @u1: \"list\"",
                        "assistant @g1: <thinking \"Plan\\nuse ls\"> \"Listing.\" call(c1 run_shell_command {\"command\":\"ls\"})"
                                + " call(c2 read_file {\"path\":\"b\"})",
                        "tool: result(c1 \"a.txt\") result(c2 error \"no such file\")",
                        "system @i1: \"Request cancelled.\" #META",
                        "system @x1: \"?\" #META"),
                walk(file, new WalkStats(11, 2, 0, 5)));
    }

    /** A rewind to an id the chat does not hold keeps the messages (docs/stores.md: our decision, not 0.61's). */
    @Test
    void aRewindToAnUnknownIdKeepsTheMessages() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-2026-01-01T00-00-abcd1235.jsonl"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"startTime\":\"2026-01-01T00:00:00Z\",\"kind\":\"main\"}",
                "{\"id\":\"u1\",\"type\":\"user\",\"content\":\"keep me\"}",
                "{\"id\":\"g1\",\"type\":\"gemini\",\"content\":\"kept\"}",
                "{\"$rewindTo\":\"nobody\"}",
                "{\"id\":\"u2\",\"type\":\"user\",\"content\":\"after\"}");
        assertEquals(
                List.of("user @u1: \"keep me\"", "assistant @g1: \"kept\"", "user @u2: \"after\""),
                walk(file, new WalkStats(5, 0, 0, 3)));
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "gemini", null);
        assertEquals(
                List.of("keep me", "kept", "after"),
                new GeminiTranscript()
                        .lastTurns(entry, StoreFixtures.LIMITS).turns().stream()
                                .map(t -> t.text())
                                .toList(),
                "the context's tail reader agrees");
    }

    @Test
    void theCorpusLogAndTheOlderDocuments() {
        assertEquals(
                List.of(
                        "user @g-user-1: \"Say hello and list files.\"",
                        "assistant @g-assistant-1: call(run_shell_command_stage0 run_shell_command {\"command\":\"ls -F\",\"description\":\"List files in the current directory.\"})",
                        "tool: result(run_shell_command_stage0 \"Output: AgentSessions/\\nREADME.md\\nProcess Group PGID: 12345\")",
                        "assistant @g-assistant-2: \"Hello! I listed the files.\""),
                walk(SessionCorpus.file("gemini/agentsessions-gemini-0.40-jsonl.jsonl"), new WalkStats(5, 0, 0, 4)));
        // 14 messages, 8 of them with finished tool calls: 14 + 8 messages; one record, the document
        List<String> doc = walk(
                SessionCorpus.file("gemini/codemie-session-2025-12-01T21-45-5b959dae.json"),
                new WalkStats(1, 0, 0, 22));
        assertEquals(8, doc.stream().filter(d -> d.startsWith("tool:")).count());
        assertEquals(
                18,
                doc.stream().mapToInt(d -> d.split("<thinking", -1).length - 1).sum(),
                "every thought");
    }

    /** The session reader replays as the file view does (one {@code GeminiReplay}): 20,000 rewinds, each message once. */
    @Test
    void twentyThousandRewindsLeaveTheMessagesBeforeEach() throws IOException {
        StringBuilder log = new StringBuilder("{\"sessionId\":\"s\",\"projectHash\":\"h\"}\n");
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            log.append("{\"id\":\"m")
                    .append(i)
                    .append("\",\"type\":\"user\",\"content\":\"t")
                    .append(i)
                    .append("\"}\n");
            log.append("{\"id\":\"x").append(i).append("\",\"type\":\"user\",\"content\":\"dropped\"}\n");
            log.append("{\"$rewindTo\":\"x").append(i).append("\"}\n");
        }
        Path file = StoreFixtures.write(dir.resolve("session-rewinds.jsonl"), log.toString());
        List<Message> out = new ArrayList<>();
        WalkStats stats = new GeminiSession().walk(StoreFixtures.entry(file, "gemini", null), m -> out.add(m));
        assertEquals(new WalkStats(3L * n + 1, 0, 0, n), stats);
        assertEquals("user @m" + (n - 1) + ": \"t" + (n - 1) + "\"", Describe.of(out.get(n - 1)));
    }

    /** The {@code <session_context>} that opens a v0.5x+ chat is the CLI's: flagged as injected (issue 40). */
    @Test
    void theSessionContextTheCliWritesIsFlaggedAsInjected() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("session-2026-01-01T00-00-abcd1234.jsonl"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"startTime\":\"2026-01-01T00:00:00Z\",\"kind\":\"main\"}",
                "{\"id\":\"u0\",\"timestamp\":\"2026-01-01T00:00:01Z\",\"type\":\"user\","
                        + "\"content\":[{\"text\":\"<session_context>date, folders</session_context>\"}]}",
                "{\"id\":\"u1\",\"timestamp\":\"2026-01-01T00:00:02Z\",\"type\":\"user\",\"content\":\"list\"}");
        List<String> messages = walk(file, new WalkStats(3, 0, 0, 2));
        assertEquals(List.of("user @u1: \"list\""), messages.subList(1, 2));
        assertEquals(true, messages.get(0).endsWith("#META"), messages.get(0));
    }
}
