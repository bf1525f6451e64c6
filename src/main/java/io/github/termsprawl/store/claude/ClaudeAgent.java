package io.github.termsprawl.store.claude;

import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Agent;
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
        return type == TouchRule.class ? type.cast(ClaudeTouches.RULE) : null;
    }
}
