package io.github.termsprawl.store.codex;

import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** Codex CLI: its rollout files (docs/stores.md). */
public final class CodexAgent implements Agent {
    @Override
    public Store store() {
        return Store.CODEX;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new CodexTranscript(context.tail());
    }

    @Override
    public SessionReader session(Context context) {
        return new CodexSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return CodexFinder.fromEnvironment(env, home);
    }

    @Override
    public String examplePath() {
        return "~/.codex/sessions/YYYY/MM/DD/rollout-<...>.jsonl";
    }

    @Override
    public <C> C capability(Class<C> type) {
        return type == TouchRule.class ? type.cast(CodexTouches.RULE) : null;
    }
}
