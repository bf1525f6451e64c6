package io.github.termsprawl.registry;

import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeTouches;
import io.github.termsprawl.store.codex.CodexTouches;
import io.github.termsprawl.store.gemini.GeminiTouches;
import io.github.termsprawl.store.opencode.OpenCodeTouches;
import io.github.termsprawl.store.pi.PiTouches;

/** The touch rule of each store (docs/touches.md). */
public final class TouchRules {
    private TouchRules() {}

    /** The store's rule, or null for cursor-agent (its transcripts hold no tool results). */
    public static TouchRule rule(Store store) {
        return switch (store) {
            case CLAUDE -> ClaudeTouches.RULE;
            case CODEX -> CodexTouches.RULE;
            case GEMINI -> GeminiTouches.RULE;
            case PI -> PiTouches.RULE;
            case OPENCODE -> OpenCodeTouches.RULE;
            default -> null;
        };
    }
}
