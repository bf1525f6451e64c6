package io.github.termsprawl.transcript;

import io.github.termsprawl.jsonl.ByteNeedles;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which agent wrote a transcript, for index entries without {@code store}: decided from the path's
 * kind and the first few records, never from the whole file. Anything unrecognised is Claude Code,
 * the store every entry named before {@code store} existed.
 */
final class StoreDetector {
    /** How many leading records may be looked at; real files decide on the first or second. */
    static final int HEAD_RECORDS = 8;

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Every key any store's {@link StoreReader#proves} looks at. */
    private static final JsonProjection KEYS = JsonProjection.whole(
            "type",
            "payload",
            "message",
            "role",
            "id",
            "content",
            "sessionId",
            "projectHash",
            "$set",
            "$rewindTo",
            "cwd",
            "parentId");
    /** Which store's proof is asked first: a record that satisfies two is the first one's. */
    private static final List<Store> ORDER = List.of(Store.CODEX, Store.PI, Store.GEMINI, Store.CURSOR, Store.CLAUDE);

    /**
     * A line that holds none of these (as written, or spelled with a backslash-u escape) cannot satisfy
     * any store's proof, so it is not parsed: most heads open with snapshots and progress.
     */
    private static final ByteNeedles DECISIVE = new ByteNeedles(
            "\"payload\"",
            "\"session\"",
            "\"parentId\"",
            "\"$set\"",
            "\"$rewindTo\"",
            "\"projectHash\"",
            "\"gemini\"",
            "\"info\"",
            "\"error\"",
            "\"warning\"",
            "\"role\"",
            "\"turn_ended\"",
            "\"user\"",
            "\"assistant\"",
            "\\" + "u");

    private final List<StoreReader> readers;

    StoreDetector(Map<Store, StoreReader> readers) {
        this.readers = new java.util.ArrayList<>();
        for (Store store : ORDER) {
            this.readers.add(readers.get(store));
        }
    }

    /** A file's store, and its head when that holds the whole file (so it need not be read again). */
    record Detection(Store store, JsonlHead.Head wholeFile) {
        static Detection of(Store store) {
            return new Detection(store, null);
        }
    }

    Store detect(Path path) {
        return inspect(path).store();
    }

    Detection inspect(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        // the head first: a regular file, the common case, then costs one stat, not two
        JsonlHead.Head head = name.endsWith(".db") ? null : JsonlHead.read(path, HEAD_RECORDS);
        if (head == null) {
            if (path.toFile().isDirectory()) {
                return Detection.of(OpenCodeLegacyTranscript.storageDir(path) != null ? Store.OPENCODE : Store.CLAUDE);
            }
            // a .db file is OpenCode's; anything unreadable is Claude's, whose reader says "no turns" as SPEC wants
            return Detection.of(name.endsWith(".db") ? Store.OPENCODE : Store.CLAUDE);
        }
        JsonlHead.Head whole = head.isWhole() ? head : null;
        if (head.startsWith(SQLITE_MAGIC)) {
            return Detection.of(Store.OPENCODE);
        }
        // one JSON document: Gemini CLI before v0.39 ({sessionId, projectHash, ..., messages[]}); a Claude
        // record has a sessionId too, but never a projectHash
        if (name.endsWith(".json")
                && JsonlHead.scalars(path, Set.of("projectHash")).containsKey("projectHash")) {
            return Detection.of(Store.GEMINI);
        }
        // Claude is what SPEC §6 reads: one Claude record in the head outweighs any odd line around it
        Store first = null;
        for (Map<String, Object> record : head.records(HEAD_RECORDS, KEYS, DECISIVE)) {
            Store store = ofRecord(record);
            if (store == Store.CLAUDE) {
                return new Detection(store, whole);
            }
            if (first == null) {
                first = store;
            }
        }
        return new Detection(first != null ? first : Store.CLAUDE, whole);
    }

    /** The store one record proves, or null when it could be several (or none). */
    Store ofRecord(Map<String, Object> record) {
        for (StoreReader reader : readers) {
            if (reader.proves(record)) {
                return reader.store();
            }
        }
        return null;
    }
}
