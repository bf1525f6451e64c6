package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.agents.RecordedSession;
import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What ask sends of the session the real Claude Code 2.1.332 wrote (agents/ClaudeCodeTest). */
class AskClaudeCodeTest {
    @TempDir
    Path tmp;

    static final List<String> RESTATED = List.of(
            "[environment]", "[model]", "[deferred_tools_delta]", "[skill_listing]", "[prompt_snapshot]", "[date]");

    /** Read whole, and read with a budget as {@code ask} reads (converted as it comes): the same either way. */
    @Test
    void theHarnessAttachmentsAreLeftOutUnlessAsked() throws Exception {
        RecordedSession session = RecordedSession.unpack(RecordedSession.CLAUDE_CODE, tmp);
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            TranscriptIndex.Entry entry = new TranscriptIndex.Entry(session.transcript(), "claude", null);
            for (long budget : new long[] {0, 990_000}) {
                for (int window = 1; window <= 2; window++) {
                    String without = body(readers, entry, window, budget, false);
                    String with = body(readers, entry, window, budget, true);
                    for (String restated : RESTATED) {
                        assertFalse(without.contains(restated), restated + " in window " + window);
                    }
                    assertTrue(with.contains("[model] You are powered by the model claude-stand-in."), with);
                    assertTrue(with.contains("[skill_listing] - termsprawl-ask: "), with);
                    String question = window == 1 ? "add a field to A" : "which field?";
                    assertTrue(without.contains(question), without);
                }
            }
        }
    }

    /** Through {@code ask} itself, in a dry run: the setting reaches the read every real run makes. */
    @Test
    void askSendsTheHarnessAttachmentsOnlyWhenAsked() throws Exception {
        RecordedSession session = RecordedSession.unpack(RecordedSession.CLAUDE_CODE, tmp);
        Path project = tmp.resolve("asking");
        Fixtures.index(project, "backend", session.transcript().toString());
        AskEnvironment env = new AskEnvironment(Map.of("ANTHROPIC_API_KEY", "sk-test", "HOME", tmp.toString()));
        for (boolean attachments : new boolean[] {false, true}) {
            AskSettings settings =
                    AskSettings.of(env, "Which field?", null, 5, 1, true, true, null, AskSettings.FLAGS, attachments);
            try (Ask ask = new Ask(project, settings, env)) {
                List<Ask.Result> results =
                        ask.run(ask.targets(new Targets.Selection("backend", null, null, null, Targets.DEFAULT_LIMIT)));
                String body = body(results.get(0).request());
                assertEquals(attachments, body.contains("[model] You are powered by the model claude-stand-in."), body);
            }
        }
    }

    private static String body(
            TranscriptReaders readers, TranscriptIndex.Entry entry, int window, long budget, boolean attachments)
            throws Exception {
        SessionLoader loader = new SessionLoader(readers, budget, true, attachments);
        assertEquals(2, loader.windowCount(loader.windowsOf(entry), entry.path()));
        Conversation c = loader.load(new Target("backend", "backend", entry, window));
        return body(new RequestBuilder(true, attachments).build(c, "backend", "Which field?", Models.DEFAULT, 990_000));
    }

    private static String body(RequestBuilder.Built built) throws Exception {
        RequestChecks.check(built.body());
        return new String(built.body(), StandardCharsets.UTF_8);
    }
}
