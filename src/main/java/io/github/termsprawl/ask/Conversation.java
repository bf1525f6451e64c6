package io.github.termsprawl.ask;

import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Store;
import java.nio.file.Path;
import java.util.List;

/**
 * The messages of a target, numbered as the turn files number them (docs/files.md, "Turn files"): {@code messages.get(i)} is
 * turn {@code firstTurn + omitted + i}.
 *
 * @param firstTurn the first turn of the window (or session) asked
 * @param omitted   how many turns from {@code firstTurn} on were let go as it was read: a request of the budget it
 *     was read for leaves them out whatever it keeps (PreparedConversation); 0 for one read whole
 * @param window    the compaction window (from 1), or 0 where the store has none
 * @param windows   how many windows the session has (0 where the store has none)
 * @param sessionId Claude Code's session id (what {@code claude --resume} takes), or null
 * @param prepared  the messages as a request takes them, when read that way; then {@code messages} keep no blocks
 */
public record Conversation(
        List<Message> messages,
        int firstTurn,
        int omitted,
        int window,
        int windows,
        Store store,
        Path file,
        String sessionId,
        PreparedConversation prepared) {
    public Conversation {
        messages = List.copyOf(messages);
    }

    /** A conversation read whole. */
    public Conversation(
            List<Message> messages, int firstTurn, int window, int windows, Store store, Path file, String sessionId) {
        this(messages, firstTurn, 0, window, windows, store, file, sessionId, null);
    }

    /** The last turn's number, or {@code firstTurn - 1} when there are none. */
    public int lastTurn() {
        return firstTurn + omitted + messages.size() - 1;
    }

    /** Whether there is no message to ask about. */
    public boolean isEmpty() {
        return messages.isEmpty() && omitted == 0;
    }

    /** Whether it is the session's active window (the one {@code claude --resume} continues). */
    public boolean isActive() {
        return window == windows;
    }

    /** {@code window 3 of 3, turns 812-1203}; {@code turns 0-41} (a session never compacted); {@code no messages}. */
    public String describe() {
        String where = windows > 1 ? "window " + window + " of " + windows + ", " : "";
        return isEmpty() ? where + "no messages" : where + "turns " + firstTurn + "-" + lastTurn();
    }
}
