package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TurnMarkdownTest {
    private static Message says(Block... blocks) {
        return new Message(
                Role.USER, List.of(blocks), Instant.parse("2026-01-01T00:00:00Z"), "u", null, null, Set.of());
    }

    private static String line(Message m) {
        return TurnMarkdown.indexLine(7, m, true);
    }

    @Test
    void theIndexShowsTheFirstLineThatIsNotBlank() {
        assertEquals(
                "0007 user 2026-01-01T00:00:00Z hello", line(says(new Block.Text("\n  \t\n \r\n  hello  \nworld"))));
        assertEquals("0007 user 2026-01-01T00:00:00Z a b", line(says(new Block.Text("a\u0001b\r\nnext"))));
    }

    @Test
    void aLongFirstLineIsCutAndASecretAcrossTheCutIsStillRedacted() {
        String x = "x".repeat(TurnMarkdown.INDEX_TEXT);
        assertEquals("0007 user 2026-01-01T00:00:00Z " + x + "…", line(says(new Block.Text(x + "y".repeat(100_000)))));
        // the key starts before the cut and ends past it: redaction sees it whole, then the line is cut
        String before = "k".repeat(TurnMarkdown.INDEX_TEXT - 10) + " ";
        String shown = line(says(new Block.Text(before + "AKIAZ3MNQ7XK5VBT2RWH rest")));
        assertEquals(
                "0007 user 2026-01-01T00:00:00Z " + (before + "[redacted:aws-access-key] rest").substring(0, 120) + "…",
                shown);
    }

    @Test
    void withoutTextTheFirstOtherBlockIsDescribed() {
        assertEquals(
                "0007 user 2026-01-01T00:00:00Z [tool result t1 (error)] boom",
                line(says(new Block.Text(" \n "), new Block.ToolResult("t1", "\n\n  boom\nstack", true))));
        assertEquals(
                "0007 user 2026-01-01T00:00:00Z [tool result t1]",
                line(says(new Block.ToolResult("t1", "   \n", false))));
    }

    /** The front matter is redacted too: a session id or a source is the writer's, not termsprawl's. */
    @Test
    void theFrontMatterIsRedacted() {
        String token = "ghp_" + "8aF3kQ9zL2mX7pR4tW6yB1cD5eG0hJ2nK4sV";
        TurnMarkdown.Header header = new TurnMarkdown.Header("be", "claude", "s-" + token, null);
        Message m = says(new Block.Text("hi"));
        String redacted =
                new String(TurnMarkdown.render(header, 7, null, m, true), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(false, redacted.contains(token), redacted);
        assertEquals(true, redacted.contains("session: s-[redacted:github-token]\n"), redacted);
        String open =
                new String(TurnMarkdown.render(header, 7, null, m, false), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(true, open.contains("session: s-" + token + "\n"), open);
    }

    /**
     * Long texts are encoded on their own and their fence is counted in their bytes: the file is still the text as
     * written, past ASCII too, fenced by one more backtick than its longest run (docs/files.md, "Turn files").
     */
    @Test
    void aLongTextPastAsciiIsWrittenAsItIsUnderAFenceLongerThanItsBackticks() {
        String said = "Résumé… " + "\uD83D\uDE00 ".repeat(40) + "x".repeat(300);
        String output = "naïve `a` ``b`` " + "—".repeat(200) + " `````five````` \u2026 end";
        Message m = says(new Block.Text(said), new Block.ToolResult("t1", output, false));
        TurnMarkdown.Header header = new TurnMarkdown.Header("be", "claude", "s1", null);
        assertEquals(
                "---\n"
                        + "turn: 0007\n"
                        + "role: user\n"
                        + "node: be\n"
                        + "store: claude\n"
                        + "session: s1\n"
                        + "time: 2026-01-01T00:00:00Z\n"
                        + "id: u\n"
                        + "---\n"
                        + "\n## text\n\n"
                        + said
                        + "\n"
                        + "\n## tool result: t1\n\n"
                        + "``````\n"
                        + output
                        + "\n``````\n",
                new String(TurnMarkdown.render(header, 7, null, m, true), java.nio.charset.StandardCharsets.UTF_8));
    }
}
