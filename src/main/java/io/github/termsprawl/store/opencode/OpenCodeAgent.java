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
        // no lambda where an agent's hook passes: the first one costs the JVM its method-handle machinery (bench/)
        return new OpenCodeTranscript(new OpenCodeTranscript.Databases() {
            @Override
            public OpenCodeDatabases get() {
                return databases(context);
            }
        });
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
        return context.shared(OpenCodeDatabases.class, new java.util.function.Supplier<OpenCodeDatabases>() {
            @Override
            public OpenCodeDatabases get() {
                SqliteNative.load(context.nativeDir());
                return new OpenCodeDatabases();
            }
        });
    }

    @Override
    public <C> C capability(Class<C> type) {
        return Agent.first(type, OpenCodeTouches.RULE, WIRING, SESSION_OF_HOOK);
    }

    /** Its plugin names a session of its database by id: the database is where its finder looks (docs/stores.md). */
    private static final Wiring.SessionOfHook SESSION_OF_HOOK = new Wiring.SessionOfHook() {
        @Override
        public io.github.termsprawl.store.Located locate(String id, Map<String, String> env, Path home) {
            // a session id is a node id's alphabet (ses_…): nothing else reaches the index
            if (!io.github.termsprawl.core.NodeId.isSafe(id)) {
                return null;
            }
            return new io.github.termsprawl.store.Located(
                    OpenCodeFinder.fromEnvironment(env, home).database(), Store.OPENCODE.id(), id);
        }
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
            // none: what OpenCode installs beside the plugin, its own .opencode/.gitignore keeps out of git
            null);
}
