package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Turn;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Claude Code's live view in prose (docs/context.md, "The live view"): of the live branch of the active window,
 * what a person and the model said, not the harness's wrappers, reminders, caveats and tool traffic.
 */
final class ClaudeLiveProse {
    /** How text starts when Claude Code, not the person, wrote it into a user message. */
    private static final String[] HARNESS_WRAPPERS = {"<command-", "<local-command-", "<bash-"};

    private static final String SYSTEM_REMINDER = "<system-reminder>";

    private ClaudeLiveProse() {}

    /** The last {@code max} turns of the messages, in order: read from the end, so a long window costs no more. */
    static List<Turn> last(List<Message> messages, int max) {
        ArrayDeque<Turn> turns = new ArrayDeque<>();
        for (int i = messages.size() - 1; i >= 0 && turns.size() < max; i--) {
            Turn turn = turn(messages.get(i));
            if (turn != null) {
                turns.addFirst(turn);
            }
        }
        return new ArrayList<>(turns);
    }

    /** The message's turn, or null when it is none. */
    static Turn turn(Message m) {
        if (m.role() == Role.ASSISTANT) {
            String text = m.text();
            return m.has(Message.Flag.API_ERROR) || text.isBlank() ? null : new Turn("assistant", text);
        }
        if (m.role() != Role.USER) {
            return null; // tool results, the harness's notices
        }
        if (m.has(Message.Flag.COMPACT_SUMMARY)) {
            String text = m.text();
            return text.isBlank() ? null : new Turn("user", text);
        }
        if (m.has(Message.Flag.QUEUED_PROMPT)) {
            Block.Attachment a = (Block.Attachment) m.blocks().get(0);
            return a.text() == null || a.text().isBlank() ? null : new Turn("user", a.text());
        }
        if (m.has(Message.Flag.META)) {
            return null;
        }
        String text = userText(m);
        if (text == null || text.isBlank() || startsWithWrapper(text)) {
            return null;
        }
        return new Turn("user", text);
    }

    /** The text blocks joined with {@code \n}, reminders left out; null when there is no text block. */
    private static String userText(Message m) {
        StringBuilder out = null;
        for (Block b : m.blocks()) {
            if (b instanceof Block.Text t && !t.text().stripLeading().startsWith(SYSTEM_REMINDER)) {
                out = out == null
                        ? new StringBuilder(t.text())
                        : out.append('\n').append(t.text());
            }
        }
        return out == null ? null : out.toString();
    }

    private static boolean startsWithWrapper(String text) {
        String t = text.stripLeading();
        for (String w : HARNESS_WRAPPERS) {
            if (t.startsWith(w)) {
                return true;
            }
        }
        return false;
    }
}
