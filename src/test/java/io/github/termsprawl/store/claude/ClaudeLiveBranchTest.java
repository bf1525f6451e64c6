package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.WalkStats;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The live-branch rules 1–8 of docs/context.md on the hand-written edge cases of {@code ../shared/corpus/claude-reconstruction/}:
 * the exact messages Claude Code would send, read backwards (the view's read) and forwards (the windows).
 */
class ClaudeLiveBranchTest {
    static final List<ClaudeSession> SESSIONS =
            List.of(new ClaudeSession(), new ClaudeSession(7, 1 << 20), new ClaudeSession(5, 0));

    /** The active window's messages, the same whichever way and in whatever chunks the file is read. */
    static List<String> live(String name) {
        Path file = SessionCorpus.file("claude-reconstruction/" + name);
        List<String> first = null;
        for (ClaudeSession s : SESSIONS) {
            List<String> backwards = Describe.all(s.live(file).messages());
            List<ClaudeSession.Window> windows = ClaudePlanTestAccess.windows(s, file);
            assertEquals(backwards, Describe.all(windows.get(windows.size() - 1).messages()), "forward read disagrees");
            if (first == null) {
                first = backwards;
            } else {
                assertEquals(first, backwards, "chunk sizes disagree");
            }
        }
        return first;
    }

    @Test
    void rule1LatestLeafWinsAndTrailingSystemRecordsAreNoPartOfIt() {
        assertEquals(
                List.of("user @u1: \"hi\"", "assistant @a2: \"new branch\""), live("01-branch-latest-leaf-wins.jsonl"));
        ClaudeSession.Window w =
                new ClaudeSession().live(SessionCorpus.file("claude-reconstruction/01-branch-latest-leaf-wins.jsonl"));
        assertEquals(2, w.leaves());
        assertEquals(1, w.abandoned());
    }

    @Test
    void rule3ParallelResultsOnSiblingBranchesAreAllKept() {
        assertEquals(
                List.of(
                        "user @u1: \"go\"",
                        "assistant @a1: call(t1 Read {\"file_path\":\"/a\"}) call(t2 Read {\"file_path\":\"/b\"})",
                        "tool @r1: result(t1 \"R1\")",
                        "tool @r2: result(t2 \"R2\")",
                        "assistant @a3: \"done\""),
                live("02-parallel-tool-results-sibling-branches.jsonl"));
        ClaudeSession.Window w = new ClaudeSession()
                .live(SessionCorpus.file("claude-reconstruction/02-parallel-tool-results-sibling-branches.jsonl"));
        assertEquals(0, w.abandoned(), "the result on the sibling branch is on the branch, not abandoned");
    }

    @Test
    void rule4SplitAssistantMergedUntilAUserRecordWhitespaceDroppedTrailingThinkingDropped() {
        assertEquals(
                List.of(
                        "user @u1: \"go\"",
                        "assistant @a1: <thinking \"hmm\"> call(t1 Bash {\"command\":\"ls\"})",
                        "tool @r1: result(t1 \"ok\")",
                        "assistant @a3: call(t2 Bash {\"command\":\"pwd\"})",
                        "tool @r2: result(t2 \"ok2\")",
                        "user @u9: \"next\"",
                        "assistant @a5: \"fin\""),
                live("03-split-assistant-interleaved-whitespace-trailing-thinking.jsonl"));
    }

    @Test
    void rule5CompactionActiveWindowIsSummaryPreservedSegmentThenWhatFollowed() {
        String name = "04-compaction-preserved-segment.jsonl";
        assertEquals(
                List.of(
                        "user @s: \"This session is being continued from a previous conversation... SUMMARY\" #COMPACT_SUMMARY",
                        "user @u2: \"kept\"",
                        "assistant @a2: \"kept reply\"",
                        "user @u3: \"new\"",
                        "assistant @a3: \"new reply\""),
                live(name));
        List<ClaudeSession.Window> windows =
                ClaudePlanTestAccess.windows(SessionCorpus.file("claude-reconstruction/" + name));
        assertEquals(2, windows.size());
        assertEquals(
                List.of(
                        "user @u1: \"very old\"",
                        "assistant @a1: \"r1\"",
                        "user @u2: \"kept\"",
                        "assistant @a2: \"kept reply\""),
                Describe.all(windows.get(0).messages()),
                "the earlier window stays readable");
        assertEquals(
                new ClaudeSession.Shape(2, 0),
                new ClaudeSession().shape(SessionCorpus.file("claude-reconstruction/" + name)));
    }

    @Test
    void rule6MetadataAndGarbageLinesNeverBreakTheWalk() {
        assertEquals(List.of("user @u1: \"hi\"", "assistant @a1: \"yo\""), live("05-metadata-and-garbage-lines.jsonl"));
        WalkStats stats = new ClaudeSession()
                .walk(SessionCorpus.file("claude-reconstruction/05-metadata-and-garbage-lines.jsonl"), m -> true);
        assertEquals(new WalkStats(6, 0, 1, 2), stats);
    }

    @Test
    void rule7ACallWithNoResultGetsAnInterruptedError() {
        assertEquals(
                List.of(
                        "user @u1: \"run\"",
                        "assistant @a1: \"running\" call(tx Bash {\"command\":\"sleep 99\"})",
                        "tool: result(tx error \"[Tool execution interrupted]\") #SYNTHETIC"),
                live("06-orphan-tool-use-interrupted.jsonl"));
    }
}
