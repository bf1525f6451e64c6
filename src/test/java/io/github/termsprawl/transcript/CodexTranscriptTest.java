package io.github.termsprawl.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.jsonl.JsonlTail;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    void uiStreamProseAnywhereInTheFileWinsOverTheFallback() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(meta());
        lines.add(event("user_message", "early question"));
        lines.add(item("user", "input_text", "early question"));
        for (int i = 0; i < 50; i++) { // a long tail of model-only messages must not be printed instead
            lines.add(item("assistant", "output_text", "item " + i));
        }
        Path file = StoreFixtures.jsonl(dir.resolve("rollout-d.jsonl"), lines.toArray(new String[0]));
        assertEquals(
                StoreFixtures.turns("user", "early question"),
                readers.lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                        .turns());
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
        assertEquals(turns, new CodexTranscript(new JsonlTail(7, 64)).lastTurns(file, StoreFixtures.LIMITS));
    }
}
