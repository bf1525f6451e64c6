package io.github.termsprawl.registry;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeAgent;
import io.github.termsprawl.store.codex.CodexAgent;
import io.github.termsprawl.store.cursor.CursorAgent;
import io.github.termsprawl.store.gemini.GeminiAgent;
import io.github.termsprawl.store.opencode.OpenCodeAgent;
import io.github.termsprawl.store.pi.PiAgent;
import java.util.List;

/** Every agent termsprawl reads: the one list the rest of the code asks (docs/stores.md). */
public final class Agents {
    /**
     * In the order the detector asks their proofs (a record two could prove is the first one's); Claude Code,
     * whose proof outweighs every other sign, is asked apart.
     */
    static final List<Agent> ALL = List.of(
            new ClaudeAgent(),
            new CodexAgent(),
            new PiAgent(),
            new GeminiAgent(),
            new OpenCodeAgent(),
            new CursorAgent());

    /** The agent of an entry that names no store and proves no other (docs/stores.md), and of a bare {@code latest}. */
    public static final Agent DEFAULT = ALL.get(0);

    private Agents() {}

    /** Every agent, in the registry's order. */
    public static List<Agent> all() {
        return ALL;
    }

    /** The agent of a store. */
    public static Agent of(Store store) {
        for (Agent agent : ALL) {
            if (agent.store() == store) {
                return agent;
            }
        }
        throw new IllegalArgumentException("no agent for store " + store);
    }

    /** The agent whose store has this id ({@code codex}), or null when none has. */
    public static Agent named(String id) {
        for (Agent agent : ALL) {
            if (agent.store().id().equals(id)) {
                return agent;
            }
        }
        return null;
    }

    /** The agent a capability asks of: its capability of that type, or null. */
    public static <C> C capability(Store store, Class<C> type) {
        return of(store).capability(type);
    }
}
