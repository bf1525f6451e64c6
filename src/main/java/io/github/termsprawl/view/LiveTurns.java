package io.github.termsprawl.view;

import io.github.termsprawl.core.ControlChars;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The turns of the live view: for Claude Code, from the live branch of the active window, what a person
 * and the model said — not the harness's wrappers, reminders and tool traffic; for every other store, its
 * prose rule over the messages its agent sends next ({@code SessionReader.live}).
 */
public final class LiveTurns {
    /** How text starts when Claude Code, not the person, wrote it into a user message. */
    private static final String[] HARNESS_WRAPPERS = {"<command-", "<local-command-", "<bash-"};

    private static final String SYSTEM_REMINDER = "<system-reminder>";

    private LiveTurns() {}

    static PeerTurns lastTurns(TranscriptReaders readers, TranscriptIndex.Entry entry, TurnLimits limits) {
        Store store = readers.storeOf(entry);
        if (store == Store.CLAUDE) {
            return PeerTurns.of(of(
                    new ClaudeSession()
                            .liveProse(entry.path(), limits.stringCap())
                            .messages(),
                    limits));
        }
        SessionReader reader = readers.sessionReader(store);
        if (reader == null || reader.liveIsWalk()) { // the file view's turns: the tail read gives them fast
            return proseView(readers, entry, limits);
        }
        // the store's own prose rule over what its model is sent next: for Codex the history since its last
        // compaction, the summary first (docs/context.md, "The live view")
        List<Turn> prose = liveProse(reader, reader.live(entry));
        if (store == Store.CODEX && !hasUserTurn(prose)) {
            // a rollout whose model transcript holds none of the user's messages (they are on its UI channel
            // only): what its model was sent is not in the file, so the prose view stands
            return proseView(readers, entry, limits);
        }
        ArrayDeque<Turn> turns = new ArrayDeque<>();
        for (int i = prose.size() - 1; i >= 0 && turns.size() < limits.maxTurns(); i--) {
            Turn t = prose.get(i);
            turns.addFirst(limits.cut(new Turn(t.role(), ControlChars.strip(t.text()))));
        }
        return PeerTurns.of(new ArrayList<>(turns));
    }

    /**
     * The store's prose rule over the live messages, but a compaction's summary is a user turn, as in Claude Code's
     * live view: it is what the model is sent in place of all that came before (docs/context.md).
     */
    private static List<Turn> liveProse(SessionReader reader, List<Message> live) {
        List<Turn> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= live.size(); i++) {
            if (i == live.size() || live.get(i).has(Message.Flag.COMPACT_SUMMARY)) {
                out.addAll(reader.prose(live.subList(from, i)));
                if (i < live.size() && !live.get(i).text().isBlank()) {
                    out.add(new Turn("user", live.get(i).text()));
                }
                from = i + 1;
            }
        }
        return out;
    }

    private static boolean hasUserTurn(List<Turn> turns) {
        for (Turn t : turns) {
            if (t.role().equals("user")) {
                return true;
            }
        }
        return false;
    }

    private static PeerTurns proseView(TranscriptReaders readers, TranscriptIndex.Entry entry, TurnLimits limits) {
        PeerTurns prose = readers.lastTurns(entry, limits);
        List<Turn> turns = new ArrayList<>(prose.turns().size());
        for (Turn t : prose.turns()) {
            turns.add(new Turn(t.role(), ControlChars.strip(t.text())));
        }
        return new PeerTurns(turns, prose.refusal());
    }

    /** For stats: {@code  windows=<n> branches=<abandoned leaves>} of a Claude transcript, else empty. */
    static String shape(TranscriptReaders readers, TranscriptIndex.Entry entry) {
        if (readers.storeOf(entry) != Store.CLAUDE) {
            return "";
        }
        ClaudeSession.Shape shape = new ClaudeSession().shape(entry.path());
        return " windows=" + shape.windows() + " branches=" + shape.abandoned();
    }

    /** The last {@code maxTurns} turns of the messages, each cut to {@code maxChars}. */
    public static List<Turn> of(List<Message> messages, TurnLimits limits) {
        ArrayDeque<Turn> turns = new ArrayDeque<>();
        for (int i = messages.size() - 1; i >= 0 && turns.size() < limits.maxTurns(); i--) {
            Turn turn = turn(messages.get(i));
            if (turn != null) {
                // printed to a terminal: no escape sequence of the transcript's reaches it (docs/context.md)
                turns.addFirst(limits.cut(new Turn(turn.role(), ControlChars.strip(turn.text()))));
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
