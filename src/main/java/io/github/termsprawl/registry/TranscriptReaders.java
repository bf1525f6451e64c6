package io.github.termsprawl.registry;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Picks the reader for an index entry's store and reads its last turns. Every store's reader gives
 * the same view: user and assistant prose in conversation order, within the view's limits. The store is
 * the entry's {@code store} when it names one, else recognised from the file ({@link StoreDetector}).
 * Holds the OpenCode database connections for its whole life: close it when done.
 */
public final class TranscriptReaders implements AutoCloseable {
    /**
     * Each agent's reader, made when first asked for, and the detector when an entry names no store: a hook that
     * reads one peer's entry, which names its store, starts no other store's classes (bench/README.md).
     */
    private final Map<Store, StoreReader> readers = new java.util.HashMap<>();

    private StoreDetector detector;
    private final RunContext context;
    private final List<Agent> agents;

    /**
     * @param nativeDir where a native library (sqlite-jdbc's) is unpacked and loaded from (inside the project,
     *                  so nothing is written elsewhere); null leaves the library's default (tests only)
     */
    public TranscriptReaders(JsonlTail tail, Path nativeDir) {
        this(tail, nativeDir, Agents.all());
    }

    /** Over a list of agents other than the registry's: a store tried in a test before it is listed. */
    public TranscriptReaders(JsonlTail tail, Path nativeDir, List<Agent> agents) {
        this.context = new RunContext(tail, nativeDir, new LinkedHashMap<>());
        this.agents = List.copyOf(agents);
    }

    private synchronized StoreReader reader(Store store) {
        StoreReader reader = readers.get(store);
        for (int i = 0; reader == null && i < agents.size(); i++) {
            if (agents.get(i).store() == store) {
                reader = agents.get(i).transcript(context);
                readers.put(store, reader);
            }
        }
        return reader;
    }

    private synchronized StoreDetector detector() {
        if (detector == null) {
            for (Agent agent : agents) {
                reader(agent.store());
            }
            detector = new StoreDetector(readers, agents);
        }
        return detector;
    }

    /** The entry's store: the named one, else what the file's content shows. */
    public Store storeOf(TranscriptIndex.Entry entry) {
        Store named = named(entry);
        return named != null ? named : detector().detect(entry.path());
    }

    /** The entry's named store, if it is one of these readers' (an unknown name is left to detection). */
    private Store named(TranscriptIndex.Entry entry) {
        Store named = Store.of(entry.store());
        return named != null && reader(named) != null ? named : null;
    }

    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        Store named = named(entry);
        if (named != null) {
            return reader(named).lastTurns(entry, limits);
        }
        StoreDetector.Detection found = detector().inspect(entry.path());
        StoreReader reader = reader(found.store());
        // a short transcript is read once: the head that told its store holds all of it
        return found.wholeFile() != null
                ? reader.lastTurns(entry, found.wholeFile(), limits)
                : reader.lastTurns(entry, limits);
    }

    /** A full read of the entry's transcript, counting records, turns and records of unknown type. */
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return reader(storeOf(entry)).stats(entry);
    }

    /**
     * The store's whole-session walk, sharing this run's resources (OpenCode's connections), or null for a store
     * whose transcripts are refused (cursor-agent).
     */
    public SessionReader sessionReader(Store store) {
        for (Agent agent : agents) {
            if (agent.store() == store) {
                return agent.session(context);
            }
        }
        return null;
    }

    @Override
    public void close() {
        context.close();
    }

    /** The resources the agents' readers share for this run ({@code held}, by type), closed with it. */
    private record RunContext(JsonlTail tail, Path nativeDir, Map<Class<?>, AutoCloseable> held)
            implements Agent.Context {
        @Override
        public synchronized <R extends AutoCloseable> R shared(Class<R> type, Supplier<R> make) {
            AutoCloseable resource = held.get(type);
            if (resource == null) {
                resource = make.get();
                held.put(type, resource);
            }
            return type.cast(resource);
        }

        synchronized void close() {
            for (AutoCloseable resource : held.values()) {
                try {
                    resource.close();
                } catch (Exception e) {
                    // closing a read-only resource: nothing to lose
                }
            }
            held.clear();
        }
    }
}
