package io.github.termsprawl.store.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexTranscriptTest {
    @TempDir
    Path dir;

    private final TranscriptReaders readers = StoreFixtures.readers();

    static String meta() {
        return "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s1\",\"cwd\":\"/p\",\"cli_version\":\"0.104.0\","
                + "\"base_instructions\":{\"text\":\"You are Codex.\"}}}";
    }

    static String event(String type, String message) {
        return "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"" + type + "\",\"message\":\""
                + message + "\"}}";
    }

    static String item(String role, String partType, String text) {
        return "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"" + role
                + "\",\"content\":[{\"type\":\"" + partType + "\",\"text\":\"" + text + "\"}]}}";
    }

    @Test
    void proseComesFromTheUiStreamOnceNotFromItsMirror() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-a.jsonl"),
                meta(),
                item("developer", "input_text", "<permissions instructions>sandbox</permissions instructions>"),
                item("user", "input_text", "<environment_context>\\n  <cwd>/p</cwd>\\n</environment_context>"),
                "{\"timestamp\":\"t\",\"type\":\"turn_context\",\"payload\":{\"cwd\":\"/p\"}}",
                event("task_started", ""),
                item("user", "input_text", "fix the bug"),
                event("user_message", "fix the bug"),
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"agent_reasoning\",\"text\":\"thinking\"}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"thinking\"}]}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{\\\"command\\\":[\\\"ls\\\"]}\",\"call_id\":\"c1\"}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\",\"call_id\":\"c1\",\"output\":\"a.txt\"}}",
                event("agent_message", "Fixed.\\nTwo lines."),
                item("assistant", "output_text", "Fixed.\\nTwo lines."),
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\",\"info\":null}}",
                event("task_complete", ""));
        assertEquals(
                StoreFixtures.turns("user", "fix the bug", "assistant", "Fixed.\nTwo lines."),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
        assertEquals(new ReadStats("codex", 15, 2, 0), readers.stats(StoreFixtures.entry(file, "codex", null)));
    }

    @Test
    void injectedUserMessagesOfOlderVersionsNeverPrint() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-b.jsonl"),
                meta(),
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"<user_instructions>be brief</user_instructions>\",\"kind\":\"user_instructions\"}}",
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"hello\",\"kind\":\"plain\"}}",
                event("agent_message", "hi"));
        assertEquals(
                StoreFixtures.turns("user", "hello", "assistant", "hi"),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
    }

    @Test
    void aRolloutWithoutUiStreamProseFallsBackToModelMessagesMinusInjections() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-c.jsonl"),
                meta(),
                item("developer", "input_text", "developer rules"),
                item("user", "input_text", "<user_instructions>AGENTS.md text</user_instructions>"),
                item("user", "input_text", "<environment_context><cwd>/p</cwd></environment_context>"),
                item("user", "input_text", "# AGENTS.md instructions for /p\\n\\nrules"),
                item("user", "input_text", "what is 2+2"),
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"reasoning\",\"summary\":[]}}",
                item("assistant", "output_text", "4"));
        assertEquals(
                StoreFixtures.turns("user", "what is 2+2", "assistant", "4"),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
        assertEquals(2, readers.stats(StoreFixtures.entry(file, null, null)).turns());
    }

    /** Issue 13: the replies of one exchange are on the model channel only, the other's on the UI stream. */
    @Test
    void theChannelIsChosenPerExchangeNotPerFile() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-d.jsonl"),
                meta(),
                event("user_message", "early question"),
                item("assistant", "output_text", "model-only answer"),
                item("assistant", "output_text", "and more"),
                item("user", "input_text", "second question"),
                event("user_message", "second question"),
                event("agent_message", "ui answer"),
                item("assistant", "output_text", "ui answer"),
                event("user_message", "third question"),
                item("assistant", "output_text", "third answer"));
        assertEquals(
                StoreFixtures.turns(
                        "user",
                        "early question",
                        "assistant",
                        "model-only answer",
                        "assistant",
                        "and more",
                        "user",
                        "second question",
                        "assistant",
                        "ui answer",
                        "user",
                        "third question",
                        "assistant",
                        "third answer"),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
        assertEquals(7, readers.stats(StoreFixtures.entry(file, "codex", null)).turns());
    }

    /** Issue 13 on the real Codex Desktop 0.128 rollout: three questions on the UI stream, three answers on the model channel. */
    @Test
    void desktopRolloutWithRepliesOnlyOnTheModelChannel() {
        Path corpus = io.github.termsprawl.core.SharedFolder.corpus();
        Assumptions.assumeTrue(corpus != null, "no corpus");
        Path file = corpus.resolve("codex/codemie-rollout-2026-05-11T13-28-45-019e1695.jsonl");
        List<Turn> turns = readers.lastTurns(StoreFixtures.entry(file, null, null), StoreFixtures.LIMITS)
                .turns();
        assertEquals(
                List.of("user", "assistant", "user", "assistant", "user", "assistant"),
                turns.stream().map(Turn::role).toList());
        assertTrue(turns.get(1).text().startsWith("I analyzed "), turns.get(1).text());
        assertTrue(turns.get(4).text().startsWith("use app tools"), turns.get(4).text());
    }

    static String completed(String type, String text, String blockType) {
        return "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"thread_id\":\"th\","
                + "\"turn_id\":\"tu\",\"item\":{\"type\":\"" + type + "\",\"id\":\"i\",\"content\":[{\"type\":\""
                + blockType
                + "\",\"text\":\"" + text + "\"}]},\"completed_at_ms\":0}}";
    }

    /** The model-channel user message of Codex 0.154: harness blocks, then the user's own words. */
    static String harnessedUserItem(String own) {
        return "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":["
                + "{\"type\":\"input_text\",\"text\":\"<recommended_plugins>\\n- github\\n</recommended_plugins>\"},"
                + "{\"type\":\"input_text\",\"text\":\"# AGENTS.md instructions for /p\\n\\n<INSTRUCTIONS>\\nbe brief\\n</INSTRUCTIONS>\"},"
                + "{\"type\":\"input_text\",\"text\":\"<environment_context>\\n  <cwd>/p</cwd>\\n</environment_context>\"},"
                + "{\"type\":\"input_text\",\"text\":\"<recommended_plugins>x</recommended_plugins>\\n\\n" + own
                + "\"}]}}";
    }

    /** Issue 14: Codex 0.154 writes its UI prose as item_completed items, and new top-level record types. */
    @Test
    void codex154ItemCompletedProseWithoutHarnessText() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-154.jsonl"),
                "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s\",\"cwd\":\"/p\",\"cli_version\":\"0.154.0\"}}",
                "{\"timestamp\":\"t\",\"type\":\"world_state\",\"payload\":{\"full\":true,\"state\":{\"model\":\"m\"}}}",
                item("developer", "input_text", "<permissions instructions>sandbox</permissions instructions>"),
                harnessedUserItem("fix the bug"),
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"thread_settings_applied\"}}",
                completed("UserMessage", "fix the bug", "Text"),
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\",\"phase\":\"commentary\",\"content\":[{\"type\":\"output_text\",\"text\":\"Looking.\"}]}}",
                completed("AgentMessage", "Looking.", "Text"),
                "{\"timestamp\":\"t\",\"type\":\"token_usage_record\",\"payload\":{\"input_tokens\":5,\"output_tokens\":2}}",
                completed("Reasoning", "hidden", "Text"),
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\",\"phase\":\"final_answer\",\"content\":[{\"type\":\"output_text\",\"text\":\"Fixed.\"}]}}",
                completed("AgentMessage", "Fixed.", "Text"),
                "{\"timestamp\":\"t\",\"type\":\"world_state\",\"payload\":{\"full\":false,\"state\":{}}}",
                harnessedUserItem("thanks"),
                completed("UserMessage", "thanks", "text"));
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, null, null);
        assertEquals(Store.CODEX, readers.storeOf(entry));
        assertEquals(
                StoreFixtures.turns(
                        "user", "fix the bug", "assistant", "Looking.", "assistant", "Fixed.", "user", "thanks"),
                readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        assertEquals(new ReadStats("codex", 15, 4, 0), readers.stats(entry));
    }

    /** Without any UI prose, the model channel's user messages print without their harness blocks. */
    @Test
    void harnessBlocksAreInjectedContextOnTheModelChannel() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-154-model.jsonl"),
                meta(),
                harnessedUserItem("fix the bug"),
                item("user", "input_text", "<recommended_plugins>only</recommended_plugins>"),
                item("user", "input_text", "<environment_context>unclosed"),
                item("assistant", "output_text", "Fixed."));
        assertEquals(
                StoreFixtures.turns("user", "fix the bug", "assistant", "Fixed."),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
        assertEquals(
                null, CodexTranscript.userText("<recommended_plugins>a</recommended_plugins>\n <skill>b</skill> "));
        assertEquals("mine", CodexTranscript.userText("<skill>b</skill>\nmine"));
        assertEquals("<skilled>mine", CodexTranscript.userText("<skilled>mine"));
        assertEquals("plain <skill>x</skill>", CodexTranscript.userText("plain <skill>x</skill>"));
    }

    /** Hands the lines to the visitor last first, as the backward walk does; how many it took before stopping. */
    private static int visitBackwards(CodexTranscript.Exchanges exchanges, List<String> lines) {
        int visited = 0;
        for (int i = lines.size() - 1; i >= 0; i--) {
            visited++;
            if (!exchanges.visit(io.github.termsprawl.jsonl.JsonlRecords.parse(lines.get(i), CodexTranscript.KEYS))) {
                break;
            }
        }
        return visited;
    }

    /** With UI prose in the last exchanges, the walk stops there: the rest of a long rollout is never read. */
    @Test
    void aRolloutWithUiProseIsReadOnlyFromItsTail() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(meta());
        for (int i = 0; i < 1000; i++) {
            lines.add(event("user_message", "q" + i));
            lines.add(item("assistant", "output_text", "model " + i));
            lines.add(event("agent_message", "a" + i));
        }
        CodexTranscript.Exchanges exchanges = new CodexTranscript.Exchanges(StoreFixtures.LIMITS, 40);
        assertTrue(visitBackwards(exchanges, lines) < 70);
        List<Turn> turns = exchanges.turns();
        assertEquals(new Turn("assistant", "a999"), turns.get(turns.size() - 1));
        // one exchange longer than the limit: its UI replies alone fill it
        lines = new ArrayList<>(List.of(meta(), event("user_message", "q")));
        for (int i = 0; i < 1000; i++) {
            lines.add(event("agent_message", "a" + i));
        }
        exchanges = new CodexTranscript.Exchanges(StoreFixtures.LIMITS, 40);
        assertEquals(40, visitBackwards(exchanges, lines));
        assertEquals(40, exchanges.turns().size());
    }

    @Test
    void keepsTheLastFortyTurnsReadingFromTheEnd() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(meta());
        for (int i = 0; i < 30; i++) {
            lines.add(event("user_message", "q" + i));
            lines.add(item("user", "input_text", "q" + i));
            lines.add(event("agent_message", "a" + i));
            lines.add(item("assistant", "output_text", "a" + i));
        }
        Path file = StoreFixtures.jsonl(dir.resolve("rollout-e.jsonl"), lines.toArray(new String[0]));
        List<Turn> turns = readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                .turns();
        assertEquals(40, turns.size());
        assertEquals(new Turn("user", "q10"), turns.get(0));
        assertEquals(new Turn("assistant", "a29"), turns.get(39));
        // the same with tiny chunks, so every chunk boundary is crossed
        assertEquals(
                turns,
                new CodexTranscript(new JsonlTail(7, 64))
                        .lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
    }

    /** A reply on the model transcript only keeps its refusal, as the session reader does (docs/stores.md). */
    @Test
    void aRefusalInTheModelTranscriptIsProse() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-refusal.jsonl"),
                meta(),
                event("user_message", "do the bad thing"),
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\","
                        + "\"content\":[{\"type\":\"refusal\",\"refusal\":\"I can't help with that.\"}]}}");
        assertEquals(
                StoreFixtures.turns("user", "do the bad thing", "assistant", "I can't help with that."),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
    }
}
