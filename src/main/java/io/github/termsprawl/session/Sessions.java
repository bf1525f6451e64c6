package io.github.termsprawl.session;

import io.github.termsprawl.transcript.OpenCodeDatabases;
import io.github.termsprawl.transcript.Store;

/** The session reader of each store. */
public final class Sessions {
    private Sessions() {}

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
