package io.github.termsprawl.registry;

import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeSession;
import io.github.termsprawl.store.codex.CodexSession;
import io.github.termsprawl.store.gemini.GeminiSession;
import io.github.termsprawl.store.opencode.OpenCodeDatabases;
import io.github.termsprawl.store.opencode.OpenCodeSession;
import io.github.termsprawl.store.pi.PiSession;

/** The session reader of each store. */
public final class SessionReaders {
    private SessionReaders() {}

    /**
     * @param databases where OpenCode's database connections are held (the caller closes them)
     * @return the store's reader, or null for cursor-agent, whose transcripts are refused (no tool results,
     *         no times, no ids)
     */
    public static SessionReader reader(Store store, OpenCodeDatabases databases) {
        switch (store) {
            case CLAUDE:
                return new ClaudeSession();
            case CODEX:
                return new CodexSession();
            case GEMINI:
                return new GeminiSession();
            case PI:
                return new PiSession();
            case OPENCODE:
                return new OpenCodeSession(databases);
            default:
                return null;
        }
    }
}
