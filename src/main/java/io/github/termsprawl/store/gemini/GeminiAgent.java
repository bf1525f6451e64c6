package io.github.termsprawl.store.gemini;

import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** Gemini CLI: its chat files, JSONL or one JSON document (docs/stores.md). */
public final class GeminiAgent implements Agent {
    @Override
    public Store store() {
        return Store.GEMINI;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new GeminiTranscript(context.tail());
    }

    @Override
    public SessionReader session(Context context) {
        return new GeminiSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return GeminiFinder.fromEnvironment(env, home);
    }

    @Override
    public String examplePath() {
        return "~/.gemini/tmp/<project>/chats/session-<...>.jsonl";
    }

    @Override
    public <C> C capability(Class<C> type) {
        return type == TouchRule.class ? type.cast(GeminiTouches.RULE) : null;
    }
}
