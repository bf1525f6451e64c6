package io.github.termsprawl.store.claude;

import java.nio.file.Path;

/**
 * A Claude Code subagent of a session: a session of its own, read with {@link ClaudeSession#live(Subagent)}
 * and {@link ClaudeSession#walk(Subagent, MessageVisitor)}.
 *
 * @param agentId   the id Claude Code gave it, or null (inline subagents of 1.0.x have none)
 * @param toolUseId the parent's tool call that started it, or null when the parent does not name it
 * @param file      its own transcript, or for an inline subagent the parent's file
 * @param rootUuid  for an inline subagent, the uuid of its first record; else null
 */
public record Subagent(Layout layout, String agentId, String toolUseId, Path file, String rootUuid) {
    /** The three ways Claude Code has kept subagents (docs/stores.md, "Claude Code subagents"). */
    public enum Layout {
        /** {@code isSidechain} records inside the session file (1.0.x). */
        INLINE,
        /** {@code agent-<id>.jsonl} beside the session file (2.0.x). */
        BESIDE,
        /** {@code <session>/subagents/agent-<id>.jsonl} (2.1.x). */
        FOLDER
    }
}
