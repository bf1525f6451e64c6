package io.github.termsprawl.ask;

import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Store;
import java.nio.file.Path;
import java.util.List;

/**
 * The messages of a target, numbered as the turn files number them (docs/files.md, "Turn files"): {@code messages.get(i)} is
 * turn {@code firstTurn + i}.
 *
 * @param window    the compaction window (from 1), or 0 where the store has none
 * @param windows   how many windows the session has (0 where the store has none)
 * @param sessionId Claude Code's session id (what {@code claude --resume} takes), or null
 */
public record Conversation(
        List<Message> messages, int firstTurn, int window, int windows, Store store, Path file, String sessionId) {
    public Conversation {
        messages = List.copyOf(messages);
    }

    /** The last turn's number, or {@code firstTurn - 1} when there are none. */
    public int lastTurn() {
        return firstTurn + messages.size() - 1;
    }

    /** Whether it is the session's active window (the one {@code claude --resume} continues). */
    public boolean isActive() {
        return window == windows;
    }

    /** {@code window 3 of 3, turns 812-1203}; {@code turns 0-41} (a session never compacted); {@code no messages}. */
    public String describe() {
        String where = windows > 1 ? "window " + window + " of " + windows + ", " : "";
        return messages.isEmpty() ? where + "no messages" : where + "turns " + firstTurn + "-" + lastTurn();
    }
}
