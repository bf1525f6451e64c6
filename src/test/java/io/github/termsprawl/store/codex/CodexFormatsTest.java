package io.github.termsprawl.store.codex;

import static io.github.termsprawl.store.codex.CodexSessionTest.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex formats the harness cannot drive here, on fixtures built from Codex's source (openai/codex, the thread
 * store of 0.16x: {@code thread-store/src/local/segment_writer.rs}, {@code protocol} {@code ResponseItem} and
 * {@code TurnItem}), each named with what it stands for. The harness's real 0.169 rollouts are in
 * {@code agents/CodexRolloutsTest}.
 */
class CodexFormatsTest {
    @TempDir
    Path dir;

    private static final String META =
            line("session_meta", "{\"id\":\"t1\",\"cwd\":\"/p\",\"cli_version\":\"0.169.0\"}");

    private static String user(String text) {
        return line(
                "response_item",
                "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"" + text
                        + "\"}]}");
    }

    private static String assistant(String text) {
        return line(
                "response_item",
                "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"" + text
                        + "\"}]}");
    }

    private List<Turn> fileView(Path file) {
        return new CodexTranscript(new JsonlTail())
                .lastTurns(StoreFixtures.entry(file, "codex", null), StoreFixtures.LIMITS)
                .turns();
    }

    private static List<String> session(Path file) {
        List<Message> out = new ArrayList<>();
        new CodexSession().walk(StoreFixtures.entry(file, "codex", null), out::add);
        return Describe.all(out);
    }

    /**
     * A rollout paginated across files (segment rotation, {@code segment_writer.rs}): the predecessor is copied to
     * an immutable segment, and the rollout starts anew with its {@code session_meta}, a {@code rollout_reference}
     * naming that segment, and what the rotation carried over. The session reads oldest segment first.
     */
    @Test
    void aRolloutInSegmentsIsReadFromItsOldestSegment() throws IOException {
        Path first = StoreFixtures.jsonl(
                dir.resolve("rollout-segments/t1/initial/rollout-2026-01-01T00-00-00-t1.jsonl"),
                META,
                user("one"),
                assistant("first answer"));
        Path second = StoreFixtures.jsonl(
                dir.resolve("rollout-segments/t1/s1/rollout-2026-01-01T00-00-00-t1.jsonl"),
                META,
                line(
                        "rollout_reference",
                        "{\"rollout_path\":" + io.github.termsprawl.core.Fixtures.jsonString(first.toString())
                                + ",\"thread_id\":\"t1\",\"segment_id\":null,\"max_depth\":1,\"nth_user_message\":null}"),
                user("two"),
                assistant("second answer"));
        Path live = StoreFixtures.jsonl(
                dir.resolve("sessions/2026/01/01/rollout-2026-01-01T00-00-00-t1.jsonl"),
                META,
                line(
                        "rollout_reference",
                        "{\"rollout_path\":" + io.github.termsprawl.core.Fixtures.jsonString(second.toString())
                                + ",\"thread_id\":\"t1\",\"segment_id\":\"s1\",\"max_depth\":2}"),
                line("response_item", "{\"type\":\"configuration_update\",\"reasoning\":{\"effort\":\"high\"}}"),
                user("three"),
                assistant("third answer"));
        assertEquals(List.of(first, second), CodexSegments.before(live));
        assertEquals(
                StoreFixtures.turns(
                        "user",
                        "one",
                        "assistant",
                        "first answer",
                        "user",
                        "two",
                        "assistant",
                        "second answer",
                        "user",
                        "three",
                        "assistant",
                        "third answer"),
                fileView(live));
        assertEquals(
                List.of(
                        "user: \"one\"",
                        "assistant: \"first answer\"",
                        "user: \"two\"",
                        "assistant: \"second answer\"",
                        "user: \"three\"",
                        "assistant: \"third answer\""),
                session(live));
        ReadStats stats = new CodexTranscript(new JsonlTail()).stats(StoreFixtures.entry(live, "codex", null));
        assertEquals(6, stats.turns());
        assertEquals(0, stats.unknown(), "rollout_reference and configuration_update are known");
        // the live view: no compaction in the rollout, so the segments' branch goes on in it
        assertEquals(
                6,
                new CodexSession()
                        .live(StoreFixtures.entry(live, "codex", null))
                        .size());
    }

    /** A segment Codex collected (nothing names it any more) or a loop of references: what there is is read. */
    @Test
    void aMissingSegmentOrALoopReadsWhatThereIs() throws IOException {
        Path live = StoreFixtures.jsonl(
                dir.resolve("rollout-a.jsonl"),
                META,
                line("rollout_reference", "{\"rollout_path\":\"/nowhere/rollout-gone.jsonl\"}"),
                user("kept"));
        assertEquals(List.of(), CodexSegments.before(live));
        Path a = dir.resolve("loop-a.jsonl");
        Path b = dir.resolve("loop-b.jsonl");
        StoreFixtures.jsonl(a, META, line("rollout_reference", "{\"rollout_path\":\"" + b + "\"}"), user("a"));
        StoreFixtures.jsonl(b, META, line("rollout_reference", "{\"rollout_path\":\"" + a + "\"}"), user("b"));
        assertEquals(List.of(b), CodexSegments.before(a));
    }

    /**
     * {@code item_completed} items of a rollout with no model transcript: the prose of {@code UserMessage} and
     * {@code AgentMessage}, and {@code FileChange} / {@code CommandExecution} as calls whose touches count.
     */
    @Test
    void completedItemsWithoutAModelTranscriptGiveProseCallsAndTouches() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-items.jsonl"),
                META,
                line(
                        "event_msg",
                        "{\"type\":\"item_completed\",\"item\":{\"type\":\"UserMessage\",\"id\":\"u1\","
                                + "\"content\":[{\"type\":\"text\",\"text\":\"fix A\"}]}}"),
                line(
                        "event_msg",
                        "{\"type\":\"item_completed\",\"item\":{\"type\":\"FileChange\",\"id\":\"call_1\",\"changes\":{"
                                + "\"/p/A.java\":{\"type\":\"update\",\"unified_diff\":\"@@\",\"move_path\":null},"
                                + "\"/p/B.java\":{\"type\":\"add\",\"content\":\"x\"},"
                                + "\"/p/C.java\":{\"type\":\"update\",\"unified_diff\":\"\",\"move_path\":\"/p/D.java\"},"
                                + "\"/p/E.java\":{\"type\":\"delete\"}},\"status\":\"completed\",\"stdout\":\"ok\"}}"),
                line(
                        "event_msg",
                        "{\"type\":\"item_completed\",\"item\":{\"type\":\"CommandExecution\",\"id\":\"call_2\","
                                + "\"command\":[\"/bin/bash\",\"-lc\",\"rm old.txt\"],\"status\":\"failed\","
                                + "\"aggregated_output\":\"no such file\",\"exit_code\":1}}"),
                line(
                        "event_msg",
                        "{\"type\":\"item_completed\",\"item\":{\"type\":\"AgentMessage\",\"id\":\"a1\","
                                + "\"content\":[{\"type\":\"Text\",\"text\":\"Fixed A.\"}]}}"));
        assertEquals(StoreFixtures.turns("user", "fix A", "assistant", "Fixed A."), fileView(file));
        List<String> messages = session(file);
        assertEquals(4, messages.size(), messages.toString());
        assertEquals("tool @call_2: result(call_2 error \"no such file\")", messages.get(3));
        List<Message> calls = new ArrayList<>();
        new CodexSession().walk(StoreFixtures.entry(file, "codex", null), calls::add);
        Block.ToolCall change = (Block.ToolCall) calls.get(0).blocks().get(0);
        assertEquals(
                List.of(
                        new FileTouch("/p/A.java", FileTouch.Kind.EDIT),
                        new FileTouch("/p/B.java", FileTouch.Kind.CREATE),
                        new FileTouch("/p/C.java", FileTouch.Kind.MOVE),
                        new FileTouch("/p/D.java", FileTouch.Kind.MOVE),
                        new FileTouch("/p/E.java", FileTouch.Kind.DELETE)),
                CodexTouches.RULE.touches(change));
        Block.ToolCall command = (Block.ToolCall) calls.get(2).blocks().get(0);
        assertEquals(
                List.of(new FileTouch("old.txt", FileTouch.Kind.SHELL, "rm old.txt")),
                CodexTouches.RULE.touches(command));
        assertEquals(
                0,
                new CodexTranscript(new JsonlTail())
                        .stats(StoreFixtures.entry(file, "codex", null))
                        .unknown());
    }

    /** With a model transcript the same edit is its {@code apply_patch} call (same id): the item adds no call. */
    @Test
    void aFileChangeBesideItsApplyPatchCallIsNoSecondCall() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-both.jsonl"),
                META,
                user("fix A"),
                line(
                        "response_item",
                        "{\"type\":\"custom_tool_call\",\"name\":\"apply_patch\",\"call_id\":\"call_1\","
                                + "\"input\":\"*** Begin Patch\\n*** Update File: A.java\\n*** End Patch\"}"),
                line(
                        "event_msg",
                        "{\"type\":\"item_completed\",\"item\":{\"type\":\"FileChange\",\"id\":\"call_1\",\"changes\":{"
                                + "\"/p/A.java\":{\"type\":\"update\",\"unified_diff\":\"@@\"}},\"status\":\"completed\"}}"),
                line(
                        "response_item",
                        "{\"type\":\"custom_tool_call_output\",\"call_id\":\"call_1\",\"output\":\"ok\"}"));
        assertEquals(
                List.of(
                        "user: \"fix A\"",
                        "assistant: call(call_1 apply_patch *** Begin Patch\n*** Update File: A.java\n*** End Patch)",
                        "tool: result(call_1 \"ok\")"),
                session(file));
    }

    /** A subagent spawned without the parent's history ({@code fork_context} false) replays nothing. */
    @Test
    void aSubagentWithoutItsParentsHistoryIsReadWhole() throws IOException {
        Path file = StoreFixtures.jsonl(
                dir.resolve("rollout-sub.jsonl"),
                line(
                        "session_meta",
                        "{\"id\":\"c1\",\"forked_from_id\":\"p1\",\"source\":{\"subagent\":{\"thread_spawn\":"
                                + "{\"parent_thread_id\":\"p1\",\"depth\":1}}},\"cwd\":\"/p\"}"),
                user("count files"),
                assistant("two"));
        assertNull(CodexFork.ownStart(file));
        assertEquals(StoreFixtures.turns("user", "count files", "assistant", "two"), fileView(file));
    }
}
