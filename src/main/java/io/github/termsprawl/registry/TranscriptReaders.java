package io.github.termsprawl.registry;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.store.claude.ClaudeTranscript;
import io.github.termsprawl.store.codex.CodexTranscript;
import io.github.termsprawl.store.cursor.CursorTranscript;
import io.github.termsprawl.store.gemini.GeminiTranscript;
import io.github.termsprawl.store.opencode.OpenCodeDatabases;
import io.github.termsprawl.store.opencode.OpenCodeTranscript;
import io.github.termsprawl.store.opencode.SqliteNative;
import io.github.termsprawl.store.pi.PiTranscript;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Picks the reader for an index entry's store and reads its last turns. Every store's reader gives
 * the same view: user and assistant prose in conversation order, within the view's limits. The store is
 * the entry's {@code store} when it names one, else recognised from the file ({@link StoreDetector}).
 * Holds the OpenCode database connections for its whole life: close it when done.
 */
public final class TranscriptReaders implements AutoCloseable {
    private final Path nativeDir;
    private final Map<Store, StoreReader> readers = new EnumMap<>(Store.class);
    private final StoreDetector detector;
    private OpenCodeDatabases databases; // created on first OpenCode entry: no sqlite-jdbc otherwise

    /**
     * @param nativeDir where sqlite-jdbc's native library is unpacked and loaded from (inside the project,
     *                  so nothing is written elsewhere); null leaves sqlite-jdbc's default (tests only)
     */
    public TranscriptReaders(JsonlTail tail, Path nativeDir) {
        this.nativeDir = nativeDir;
        OpenCodeTranscript.Databases databases = new OpenCodeTranscript.Databases() {
            @Override
            public OpenCodeDatabases get() {
                return databases();
            }
        };
        for (StoreReader reader : List.of(
                new ClaudeTranscript(tail),
                new CodexTranscript(tail),
                new GeminiTranscript(tail),
                new PiTranscript(tail),
                new OpenCodeTranscript(databases),
                new CursorTranscript(tail))) {
            readers.put(reader.store(), reader);
        }
        this.detector = new StoreDetector(readers);
    }

    /** The entry's store: the named one, else what the file's content shows. */
    public Store storeOf(TranscriptIndex.Entry entry) {
        Store named = Store.of(entry.store());
        return named != null ? named : detector.detect(entry.path());
    }

    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        Store named = Store.of(entry.store());
        if (named != null) {
            return readers.get(named).lastTurns(entry, limits);
        }
        StoreDetector.Detection found = detector.inspect(entry.path());
        StoreReader reader = readers.get(found.store());
        // a short transcript is read once: the head that told its store holds all of it
        return found.wholeFile() != null
                ? reader.lastTurns(entry, found.wholeFile(), limits)
                : reader.lastTurns(entry, limits);
    }

    /** A full read of the entry's transcript, counting records, turns and records of unknown type. */
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return readers.get(storeOf(entry)).stats(entry);
    }

    /** The OpenCode connections the session model reads with ({@code SessionReaders.reader}); loads sqlite-jdbc's native library. */
    public OpenCodeDatabases openCodeDatabases() {
        return databases();
    }

    private synchronized OpenCodeDatabases databases() {
        if (databases == null) {
            SqliteNative.load(nativeDir);
            databases = new OpenCodeDatabases();
        }
        return databases;
    }

    @Override
    public synchronized void close() {
        if (databases != null) {
            databases.close();
        }
    }
}
