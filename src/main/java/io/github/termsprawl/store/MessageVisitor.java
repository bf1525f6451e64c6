package io.github.termsprawl.store;

/** Takes the messages of a streamed walk, one at a time; returns whether the walk goes on. */
public interface MessageVisitor {
    boolean visit(Message message);

    /**
     * The session's working directory from here on, as the store records it (Claude Code's {@code cwd} on each
     * record, Codex's {@code session_meta} and {@code turn_context}, pi's header, OpenCode's session row): a walk that
     * knows one says so before the messages it holds for. A relative path in a tool call is relative to it
     * (docs/touches.md, "Paths"). Most visitors need no directory.
     */
    default void directory(String dir) {}
}
