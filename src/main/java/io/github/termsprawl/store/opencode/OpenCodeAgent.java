package io.github.termsprawl.store.opencode;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
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
        return Agent.first(type, OpenCodeTouches.RULE, WIRING, SESSION_OF_HOOK);
    }

    /** Its plugin names a session of its database by id: the database is where its finder looks (docs/stores.md). */
    private static final Wiring.SessionOfHook SESSION_OF_HOOK = (id, env, home) -> {
        if (!id.matches("[A-Za-z0-9_-]{1,128}")) {
            return null;
        }
        return new io.github.termsprawl.store.Located(
                OpenCodeFinder.fromEnvironment(env, home).database(), Store.OPENCODE.id(), id);
    };

    /** Its hooks (docs/agents.md, "Wired through each agent's hooks"). */
    static final Wiring WIRING = new Wiring(
            ".opencode/plugin/termsprawl.js",
            false,
            null,
            null,
            null,
            null,
            false,
            "/io/github/termsprawl/store/opencode/termsprawl.js",
            null,
            // OpenCode installs its plugin package beside the plugins on its first run there
            java.util.List.of(
                    ".opencode/node_modules/",
                    ".opencode/package.json",
                    ".opencode/package-lock.json",
                    ".opencode/bun.lock",
                    ".opencode/.gitignore"));
}
