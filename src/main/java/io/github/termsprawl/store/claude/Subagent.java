package io.github.termsprawl.store.claude;

import java.nio.file.Path;

/**
 * A Claude Code subagent of a session: a session of its own, read with {@link ClaudeSession#live(Subagent)}
 * and {@link ClaudeSession#walk(Subagent, MessageVisitor)}.
 *
 * @param agentId   the id Claude Code gave it, or null (inline subagents of 1.0.x have none)
 * @param toolUseId the parent's tool call that started it, or null when neither the parent nor its meta names it
 * @param file      its own transcript, or for an inline subagent the parent's file
 * @param rootUuid  for an inline subagent, the uuid of its first record; else null
 * @param meta      what its {@code agent-<id>.meta.json} says of it (2.1.x), or null when it has none
 */
public record Subagent(Layout layout, String agentId, String toolUseId, Path file, String rootUuid, Meta meta) {
    /** The three ways Claude Code has kept subagents (docs/stores.md, "Claude Code subagents"). */
    public enum Layout {
        /** {@code isSidechain} records inside the session file (1.0.x). */
        INLINE,
        /** {@code agent-<id>.jsonl} beside the session file (2.0.x). */
        BESIDE,
        /**
         * {@code <session>/subagents/agent-<id>.jsonl} (2.1.x), and a workflow's agents in
         * {@code <session>/subagents/workflows/wf_<run>/}.
         */
        FOLDER
    }

    /**
     * What Claude Code 2.1.x writes beside a subagent's transcript, {@code agent-<id>.meta.json}.
     *
     * @param agentType     {@code general-purpose}, {@code Explore}, {@code workflow-subagent}…, or null
     * @param description   the description it was started with (a workflow agent's label), or null
     * @param parentAgentId the subagent that started it (a nested one), or null when the session did
     * @param spawnDepth    1 for one the session started, 2 for one a subagent started…; 0 when not said
     * @param workflow      the workflow run it is part of ({@code wf_…}, its folder's name), or null
     */
    public record Meta(String agentType, String description, String parentAgentId, int spawnDepth, String workflow) {}

    public Subagent(Layout layout, String agentId, String toolUseId, Path file, String rootUuid) {
        this(layout, agentId, toolUseId, file, rootUuid, null);
    }
}
