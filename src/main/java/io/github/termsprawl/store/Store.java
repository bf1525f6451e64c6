package io.github.termsprawl.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An agent's store, named as in an index entry's {@code store} (docs/files.md). A value, not a list: each
 * {@code store.<name>} package names its own, and the registry lists the agents, so a new store adds no line here.
 */
public final class Store {
    private static final Map<String, Store> NAMED = new ConcurrentHashMap<>();

    public static final Store CLAUDE = named("claude");
    public static final Store CODEX = named("codex");
    public static final Store GEMINI = named("gemini");
    public static final Store PI = named("pi");
    public static final Store OPENCODE = named("opencode");
    public static final Store CURSOR = named("cursor");

    private final String id;

    private Store(String id) {
        this.id = id;
    }

    /** The store of that name, made the first time it is named: the one instance, so {@code ==} compares. */
    public static Store named(String id) {
        // no method reference: the registry names its stores on every hook's path (bench/README.md)
        Store known = NAMED.get(id);
        if (known != null) {
            return known;
        }
        Store made = new Store(id);
        known = NAMED.putIfAbsent(id, made);
        return known != null ? known : made;
    }

    public String id() {
        return id;
    }

    /** The store of that name if one was named, or null (an unknown name is left to content detection). */
    public static Store of(String id) {
        return id == null ? null : NAMED.get(id);
    }

    /** As an enum constant printed: {@code CLAUDE}. */
    @Override
    public String toString() {
        return id.toUpperCase(java.util.Locale.ROOT);
    }
}
