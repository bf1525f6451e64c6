package io.github.termsprawl.store;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * One message of a session, as every store's reader gives it.
 *
 * @param timestamp when the store says it was written, or null
 * @param id        the store's id for it (a Claude uuid, a Gemini message id, a row id), or null
 * @param parentId  the id of the message it follows, where the store links them, or null
 */
public record Message(
        Role role, List<Block> blocks, Instant timestamp, String id, String parentId, Source source, Set<Flag> flags) {
    /** What the store says about a message beyond its role. */
    public enum Flag {
        /** Injected by the harness (caveats, command wrappers, environment), not typed by anyone. */
        META,
        /** The summary that stands for the conversation before a compaction. */
        COMPACT_SUMMARY,
        /** A request that failed, recorded as an assistant message. */
        API_ERROR,
        /** A subagent's message inside its parent's file. */
        SIDECHAIN,
        /** Made by the reader, not read: a result for a call that never got one. */
        SYNTHETIC,
        /** A prompt the person typed while the agent was working. */
        QUEUED_PROMPT,
        /**
         * Codex's UI-stream copy of a message ({@code event_msg} {@code user_message} / {@code agent_message}):
         * given only by the walk with copies (Codex's file view), for the prose projection.
         */
        UI_COPY,
        /** Codex's completed-item copy of a message ({@code event_msg} {@code item_completed}, 0.146+): as {@link #UI_COPY}. */
        ITEM_COPY
    }

    public Message {
        blocks = List.copyOf(blocks);
        flags = flags.isEmpty() ? Set.of() : Set.copyOf(flags);
    }

    public boolean has(Flag flag) {
        return flags.contains(flag);
    }

    /** The {@link Block.Text} blocks joined with {@code \n}; empty when there are none. */
    public String text() {
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (Block b : blocks) {
            if (b instanceof Block.Text t) {
                out.append(first ? "" : "\n").append(t.text());
                first = false;
            }
        }
        return out.toString();
    }
}
