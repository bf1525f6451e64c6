package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** Claude Code: JSONL transcripts under {@code ~/.claude/projects/<slug>/} (docs/context.md). */
public final class ClaudeAgent implements Agent {
    @Override
    public Store store() {
        return Store.CLAUDE;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new ClaudeTranscript(context.tail());
    }

    @Override
    public SessionReader session(Context context) {
        return new ClaudeSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return ClaudeFinder.fromEnvironment(env, home);
    }

    @Override
    public <C> C capability(Class<C> type) {
        // the plan engine starts only when asked for: the hook before an edit asks for the touch rule alone
        if (type == Windows.class) {
            return type.cast(Plans.WINDOWS);
        }
        if (type == CallTurns.class) {
            return type.cast(Calls.CALL_TURNS);
        }
        return Agent.first(type, ClaudeTouches.RULE, WIRING, ClaudeFinder.IDS, RESUME);
    }

    /** {@code claude --resume <id>} asks one of its sessions (docs/ask.md). */
    private static final CliResume RESUME = new CliResume("claude");

    /** Its sessions are read window by window (docs/files.md, "Turn files"). */
    private static final class Plans {
        static final Windows WINDOWS = new ClaudeSession();
    }

    /** The touch index reads a grown transcript on from the live branch's tail (docs/touches.md, "The touch index"). */
    private static final class Calls {
        static final CallTurns CALL_TURNS = new ClaudeCallTurns();
    }

    /** Its hooks (docs/agents.md, "Wired through each agent's hooks"). */
    static final Wiring WIRING = new Wiring(
            ".claude/settings.local.json",
            true,
            "\"$CLAUDE_PROJECT_DIR\"",
            // every start of a session, a fork's too ("source": "fork": the node's new session; docs/planted.md)
            new Wiring.Event("SessionStart", "startup|resume|clear|compact|fork"),
            new Wiring.Event("PreToolUse", "Edit|MultiEdit|Write|NotebookEdit|Bash"),
            new Wiring.Event("UserPromptSubmit", null),
            false,
            null,
            null);
}
