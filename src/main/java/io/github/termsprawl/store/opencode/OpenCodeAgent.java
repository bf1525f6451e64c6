package io.github.termsprawl.store.opencode;

import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** OpenCode: its SQLite database, or the pre-1.2 storage folders (docs/stores.md). */
public final class OpenCodeAgent implements Agent {
    @Override
    public Store store() {
        return Store.OPENCODE;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new OpenCodeTranscript(() -> databases(context));
    }

    @Override
    public SessionReader session(Context context) {
        return new OpenCodeSession(databases(context));
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return OpenCodeFinder.fromEnvironment(env, home);
    }

    /** One set of connections per run, loading sqlite-jdbc's native library only for an OpenCode entry. */
    private static OpenCodeDatabases databases(Context context) {
        return context.shared(OpenCodeDatabases.class, () -> {
            SqliteNative.load(context.nativeDir());
            return new OpenCodeDatabases();
        });
    }

    @Override
    public <C> C capability(Class<C> type) {
        return type == TouchRule.class ? type.cast(OpenCodeTouches.RULE) : null;
    }
}
