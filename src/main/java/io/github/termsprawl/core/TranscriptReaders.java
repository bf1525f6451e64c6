package io.github.termsprawl.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Picks the reader for an index entry's store and reads its last turns. Every store's reader gives
 * the same view: user and assistant prose in conversation order, capped per SPEC §6. The store is the
 * entry's {@code store} when it names one, else recognised from the file ({@link StoreDetector}).
 * Holds the OpenCode database connections for its whole life: close it when done.
 */
public final class TranscriptReaders implements AutoCloseable {
    /** The turns to print, or a refusal (the store cannot give a faithful view; nothing prints). */
    public record Result(List<Turn> turns, String refusal) {
        public static Result of(List<Turn> turns) {
            return new Result(turns, null);
        }

        public static Result refused(String reason) {
            return new Result(List.of(), reason);
        }
    }

    private final JsonlTail tail;
    private final Path nativeDir;
    private OpenCodeDatabases databases; // created on first OpenCode entry: no sqlite-jdbc otherwise

    public TranscriptReaders() {
        this(new JsonlTail());
    }

    public TranscriptReaders(JsonlTail tail) {
        this(tail, null);
    }

    /**
     * @param nativeDir where sqlite-jdbc may unpack its native library (inside the project, so nothing
     *                  is written elsewhere); null leaves sqlite-jdbc's default, the temp folder
     */
    public TranscriptReaders(JsonlTail tail, Path nativeDir) {
        this.tail = tail;
        this.nativeDir = nativeDir;
    }

    /** The entry's store: the named one, else what the file's content shows. */
    public static Store storeOf(TranscriptIndex.Entry entry) {
        Store named = Store.of(entry.store());
        return named != null ? named : StoreDetector.detect(entry.path());
    }

    public Result lastTurns(TranscriptIndex.Entry entry) {
        Path path = entry.path();
        Store store = storeOf(entry);
        switch (store) {
            case CODEX:
                return Result.of(CodexTranscript.lastTurns(tail, path));
            case GEMINI:
                return Result.of(GeminiTranscript.lastTurns(tail, path));
            case PI:
                return Result.of(PiTranscript.lastTurns(tail, path));
            case OPENCODE:
                return openCode(entry);
            case CURSOR:
                return Result.refused(CursorTranscript.REFUSAL);
            case CLAUDE:
            default:
                return Result.of(ClaudeTranscript.lastTurns(tail, path));
        }
    }

    private Result openCode(TranscriptIndex.Entry entry) {
        if (Files.isDirectory(entry.path())) {
            return Result.of(OpenCodeJsonStorage.lastTurns(entry.path(), entry.session()));
        }
        try {
            return Result.of(OpenCodeTranscript.lastTurns(databases(), entry.path(), entry.session()));
        } catch (LinkageError e) {
            // sqlite-jdbc missing from bin/lib/, or its native library cannot load here
            return Result.refused("cannot read OpenCode's SQLite database here (" + e + ")");
        }
    }

    /** A full read of the entry's transcript, counting records, turns and records of unknown type. */
    public ReadStats stats(TranscriptIndex.Entry entry) {
        Path path = entry.path();
        switch (storeOf(entry)) {
            case CODEX:
                return CodexTranscript.stats(tail, path);
            case GEMINI:
                return GeminiTranscript.stats(tail, path);
            case PI:
                return PiTranscript.stats(tail, path);
            case OPENCODE:
                if (Files.isDirectory(path)) {
                    return OpenCodeJsonStorage.stats(path, entry.session());
                }
                try {
                    return OpenCodeTranscript.stats(databases(), path, entry.session());
                } catch (LinkageError e) {
                    return new ReadStats(Store.OPENCODE.id(), 0, 0, 0);
                }
            case CURSOR:
                return CursorTranscript.stats(tail, path);
            case CLAUDE:
            default:
                return ClaudeTranscript.stats(tail, path);
        }
    }

    private synchronized OpenCodeDatabases databases() {
        if (databases == null) {
            if (nativeDir != null) {
                SqliteReadOnly.unpackNativeLibraryInto(nativeDir);
            }
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
