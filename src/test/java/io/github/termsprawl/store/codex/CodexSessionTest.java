package io.github.termsprawl.store.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.WalkStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class CodexSessionTest {
    @TempDir
    Path dir;

    public static String line(String type, String payload) {
        return "{\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"type\":\"" + type + "\",\"payload\":" + payload + "}";
    }

    static List<String> walk(TranscriptIndex.Entry entry, WalkStats expected) {
        List<Message> out = new ArrayList<>();
        assertEquals(expected, new CodexSession().walk(entry, m -> out.add(m)));
        return Describe.all(out);
    }

    @Test
    void theModelTranscriptWithToolCallsResultsAndReasoningNeverTheUiMirror() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout.jsonl"),
                line("session_meta", "{\"id\":\"s\",\"cwd\":\"/p\"}"),
                line(
                        "response_item",
                        "{\"type\":\"message\",\"role\":\"developer\",\"content\":[{\"type\":\"input_text\",\"text\":\"<permissions instructions>x\"}]}"),
                line(
                        "response_item",
                        "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"<environment_context>cwd</environment_context>\"}]}"),
                line("event_msg", "{\"type\":\"user_message\",\"message\":\"list files\",\"kind\":\"plain\"}"),
                line(
                        "response_item",
                        "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"list files\"},{\"type\":\"input_image\",\"image_url\":\"data:image/png;base64,iVBORw0KGgo=\"}]}"),
                line(
                        "response_item",
                        "{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"plan\"}],\"encrypted_content\":\"zz\"}"),
                line("response_item", "{\"type\":\"reasoning\",\"summary\":[],\"encrypted_content\":\"zz\"}"),
                line(
                        "response_item",
                        "{\"type\":\"function_call\",\"name\":\"shell\",\"call_id\":\"c1\",\"arguments\":\"{\\\"command\\\":[\\\"ls\\\"]}\"}"),
                line("response_item", "{\"type\":\"function_call_output\",\"call_id\":\"c1\",\"output\":\"a.txt\"}"),
                line(
                        "response_item",
                        "{\"type\":\"custom_tool_call\",\"name\":\"apply_patch\",\"call_id\":\"c2\",\"input\":\"*** Begin Patch\"}"),
                line(
                        "response_item",
                        "{\"type\":\"custom_tool_call_output\",\"call_id\":\"c2\",\"output\":{\"content\":\"failed\",\"success\":false}}"),
                line("event_msg", "{\"type\":\"agent_message\",\"message\":\"one file\"}"),
                line(
                        "response_item",
                        "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"one file\"}]}"),
                line("mystery", "{}"),
                "not json");
        assertEquals(
                List.of(
                        "system: \"<permissions instructions>x\" #META",
                        "user: \"<environment_context>cwd</environment_context>\" #META",
                        "user: \"list files\" [image image/png, 8 bytes]",
                        "assistant: <thinking \"plan\">",
                        "assistant: <redacted>",
                        "assistant: call(c1 shell {\"command\":[\"ls\"]})",
                        "tool: result(c1 \"a.txt\")",
                        "assistant: call(c2 apply_patch *** Begin Patch)",
                        "tool: result(c2 error \"failed\")",
                        "assistant: \"one file\""),
                walk(StoreFixtures.entry(file, "codex", null), new WalkStats(14, 1, 1, 10)));
    }

    @Test
    void theLiveBranchStartsAtTheLastCompaction() throws IOException {
        String user =
                "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"%s\"}]}";
        String assistant =
                "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"%s\"}]}";
        Path file = StoreFixtures.jsonl(
                dir.resolve("compacted.jsonl"),
                line("response_item", String.format(user, "first")),
                line("response_item", String.format(assistant, "first reply")),
                line("compacted", "{\"message\":\"summary one\"}"),
                line("response_item", String.format(user, "second")),
                line(
                        "compacted",
                        "{\"message\":\"\",\"replacement_history\":[" + String.format(user, "kept") + ","
                                + String.format(assistant, "kept reply") + "]}"),
                line("response_item", String.format(user, "third")),
                line("response_item", String.format(assistant, "third reply")));
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "codex", null);
        assertEquals(
                List.of("user: \"kept\"", "assistant: \"kept reply\"", "user: \"third\"", "assistant: \"third reply\""),
                Describe.all(new CodexSession().live(entry)));
        assertEquals(
                List.of(
                        "user: \"first\"",
                        "assistant: \"first reply\"",
                        "user: \"summary one\" #COMPACT_SUMMARY",
                        "user: \"second\"",
                        "user: \"third\"",
                        "assistant: \"third reply\""),
                walk(entry, new WalkStats(7, 0, 0, 6)),
                "the walk keeps every record once; a replacement repeats history, so it is not walked");
        Path summaryOnly = StoreFixtures.jsonl(
                dir.resolve("summary.jsonl"),
                line("response_item", String.format(user, "old")),
                line("compacted", "{\"message\":\"what happened\"}"),
                line("response_item", String.format(user, "new")));
        assertEquals(
                List.of("user: \"what happened\" #COMPACT_SUMMARY", "user: \"new\""),
                Describe.all(new CodexSession().live(StoreFixtures.entry(summaryOnly, "codex", null))));
    }

    @Test
    void aRolloutWithoutModelTranscriptFallsBackToItsUiProse() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("old.jsonl"),
                line("event_msg", "{\"type\":\"user_message\",\"message\":\"hello\"}"),
                line("event_msg", "{\"type\":\"user_message\",\"message\":\"<user_instructions>be nice\"}"),
                line("event_msg", "{\"type\":\"agent_message\",\"message\":\"hi\"}"));
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "codex", null);
        List<String> expected =
                List.of("user: \"hello\"", "user: \"<user_instructions>be nice\" #META", "assistant: \"hi\"");
        assertEquals(expected, walk(entry, new WalkStats(3, 0, 0, 3)));
        assertEquals(expected, Describe.all(new CodexSession().live(entry)));
    }

    @Test
    void realRolloutsCompactedAndNot() {
        Path compacted = SessionCorpus.file(
                "codex/codex-0.104.0a1-desktop-compacted-rollout-2026-02-23T12-54-34-019c8a59.jsonl");
        TranscriptIndex.Entry entry = StoreFixtures.entry(compacted, "codex", null);
        List<Message> all = new ArrayList<>();
        // 2722 records: 1302 response items (one message each) and the compaction's (redacted) summary
        WalkStats stats = new CodexSession().walk(entry, m -> all.add(m));
        assertEquals(new WalkStats(2722, 0, 0, 1303), stats);
        List<Message> live = new CodexSession().live(entry);
        // the 40 items of the replacement history, then the 414 response items after it (line 1788)
        assertEquals(40 + 414, live.size());
        assertEquals(Role.USER, live.get(0).role());
        assertEquals(all.get(all.size() - 1).blocks(), live.get(live.size() - 1).blocks());

        Path tma = SessionCorpus.file("tma-synthetic/codex-0.146.0-rollout.jsonl");
        assertEquals(
                List.of(
                        "user: \"xxxxx xxxxx xxxxx\"",
                        "assistant: <thinking \"xxxxx xxxxx\">",
                        "assistant: call(call_0001 shell {\"command\":[\"bash\",\"-lc\",\"xxxxx\"]})",
                        "tool: result(call_0001 \"xxxxx\\n\")",
                        "assistant: \"xxxxxxxxxxxxxxxx\\nxxxxxxxx\""),
                walk(StoreFixtures.entry(tma, "codex", null), new WalkStats(15, 0, 0, 5)));
    }

    /**
     * Codex Desktop writes some users' turns on the UI stream only and the replies in the model transcript only
     * (docs/stores.md): the walk with copies holds both, and the prose projection takes each side of an exchange
     * from the channel that has it, as the file view does. Another agent's message is no prose of the session.
     */
    @Test
    void theWalkWithCopiesHoldsEveryChannelAndTheProjectionChoosesPerExchange() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("mixed.jsonl"),
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"hi\"}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\","
                        + "\"content\":[{\"type\":\"output_text\",\"text\":\"hello\"}]}}",
                "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"item\":"
                        + "{\"type\":\"UserMessage\",\"id\":\"i1\",\"content\":[{\"type\":\"Text\",\"text\":\"more\"}]}}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
                        + "\"content\":[{\"type\":\"input_text\",\"text\":\"more\"}]}}",
                "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"agent_message\",\"author\":\"a\","
                        + "\"content\":[{\"type\":\"input_text\",\"text\":\"from another agent\"}]}}");
        List<Message> all = new ArrayList<>();
        for (String line : java.nio.file.Files.readAllLines(file)) {
            all.addAll(
                    CodexSession.copies(io.github.termsprawl.jsonl.JsonlRecords.parse(line, CodexSession.KEYS), null));
        }
        assertEquals(
                List.of(
                        "user: \"hi\" #UI_COPY",
                        "assistant: \"hello\"",
                        "user @i1: \"more\" #ITEM_COPY",
                        "user: \"more\"",
                        "assistant: \"from another agent\" #META"),
                Describe.all(all));
        assertEquals(
                List.of(new Turn("user", "hi"), new Turn("assistant", "hello"), new Turn("user", "more")),
                new CodexSession().prose(all));
    }

    /**
     * issue 40: a compaction's summary (Codex 0.169+: {@code metadata.compaction_output}) printed as the answer to a
     * prompt whose own answer Codex had dropped. Summaries never print, in either walk.
     */
    @Test
    void aCompactionsSummaryIsNoAnswer() throws IOException {
        String user =
                "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"%s\"}]}";
        String summary = "{\"timestamp\":\"2026-01-01T00:00:02.000Z\",\"type\":\"response_item\",\"payload\":"
                + "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\","
                + "\"text\":\"SUMMARY: the user asked twice.\"}]},\"metadata\":{\"compaction_output\":true}}";
        Path file = StoreFixtures.jsonl(
                dir.resolve("dropped.jsonl"),
                line("response_item", String.format(user, "first")),
                line(
                        "response_item",
                        "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"one\"}]}"),
                line("response_item", String.format(user, "second")),
                summary,
                line("compacted", "{\"message\":\"SUMMARY: the user asked twice.\"}"));
        TranscriptIndex.Entry entry = StoreFixtures.entry(file, "codex", null);
        List<Turn> expected =
                List.of(new Turn("user", "first"), new Turn("assistant", "one"), new Turn("user", "second"));
        assertEquals(expected, new CodexSession().whole(file).turns());
        try (io.github.termsprawl.registry.TranscriptReaders readers = StoreFixtures.readers()) {
            assertEquals(
                    expected, readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
        }
    }
}
