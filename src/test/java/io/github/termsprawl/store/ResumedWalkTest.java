package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.codex.CodexSession;
import io.github.termsprawl.store.codex.CodexSessionTest;
import io.github.termsprawl.store.pi.PiSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A walk that starts at a line start gives the same messages as the whole walk does from that line on. */
class ResumedWalkTest {
    static List<Message> from(List<Message> all, long offset) {
        List<Message> out = new ArrayList<>();
        for (Message m : all) {
            if (((Source.Line) m.source()).offset() >= offset) {
                out.add(m);
            }
        }
        return out;
    }

    @Test
    void piFromAnyMessageLine() {
        Path file = SessionCorpus.file("pi/pi-v1-before-compaction-ffae836b.jsonl");
        List<Message> all = new ArrayList<>();
        new PiSession().walkFrom(file, 0, 1, m -> all.add(m));
        assertEquals(992, all.size());
        for (int i : new int[] {1, 100, 500, 991}) {
            Source.Line at = (Source.Line) all.get(i).source();
            List<Message> resumed = new ArrayList<>();
            new PiSession().walkFrom(file, at.offset(), at.line(), m -> resumed.add(m));
            assertEquals(from(all, at.offset()), resumed, "from line " + at.line());
        }
    }

    @Test
    void codexFromAnyLineOnceItsModelTranscriptIsSeen() {
        Path file = SessionCorpus.file(
                "codex/codex-0.104.0a1-desktop-compacted-rollout-2026-02-23T12-54-34-019c8a59.jsonl");
        List<Message> all = new ArrayList<>();
        CodexSession.Walk whole = new CodexSession().walkFrom(file, 0, 1, false, m -> all.add(m));
        assertTrue(whole.modelTranscript());
        assertTrue(all.size() > 50);
        Source.Line at = (Source.Line) all.get(all.size() / 2).source();
        List<Message> resumed = new ArrayList<>();
        new CodexSession().walkFrom(file, at.offset(), at.line(), true, m -> resumed.add(m));
        assertEquals(from(all, at.offset()), resumed);
    }

    @TempDir
    Path dir;

    @Test
    void aCodexRolloutWithoutTheModelTranscriptSaysSoAndIsItsUiProse() throws java.io.IOException {
        Path file = io.github.termsprawl.store.StoreFixtures.jsonl(
                dir.resolve("rollout.jsonl"),
                CodexSessionTest.line("event_msg", "{\"type\":\"user_message\",\"message\":\"hi\",\"kind\":\"plain\"}"),
                CodexSessionTest.line("event_msg", "{\"type\":\"agent_message\",\"message\":\"hello\"}"));
        List<Message> all = new ArrayList<>();
        assertFalse(
                new CodexSession().walkFrom(file, 0, 1, false, m -> all.add(m)).modelTranscript());
        assertEquals(List.of("user: \"hi\"", "assistant: \"hello\""), Describe.all(all));
    }
}
