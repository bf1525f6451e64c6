package io.github.termsprawl.registry;

import io.github.termsprawl.jsonl.ByteNeedles;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.opencode.OpenCodeLegacyTranscript;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which agent wrote a transcript, for index entries without {@code store}: decided from the path's kind,
 * the file's head and, for a file that looks like another store's, its tail; never from the whole file.
 * Another store needs positive evidence (a record only it writes, its database schema) and no Claude
 * record in head or tail: anything else is Claude Code, the store every entry named before
 * {@code store} existed, so a Claude file always reads as docs/context.md says.
 */
final class StoreDetector {
    /** How many leading records may be looked at; real files decide on the first or second. */
    static final int HEAD_RECORDS = 8;

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** A line's key spelled with a backslash-u escape may hide any needle: such a line is always parsed. */
    private static final String ESCAPED = "\\" + "u";

    /** OpenCode's schema: {@code message.session_id} and {@code part.message_id}, as its tables declare them. */
    private static final ByteNeedles OPENCODE_MESSAGE = new ByteNeedles("session_id");

    private static final ByteNeedles OPENCODE_PART = new ByteNeedles("message_id");

    private final List<StoreReader> readers;
    private final StoreReader claude;
    /** Every key any store's {@link StoreReader#proves} looks at. */
    private final JsonProjection keys;
    /**
     * A line that holds none of the stores' needles (as written, or spelled with a backslash-u escape) cannot
     * satisfy any store's proof, so it is not parsed: most heads open with snapshots and progress.
     */
    private final ByteNeedles decisive;

    StoreDetector(Map<Store, StoreReader> readers, List<io.github.termsprawl.store.Agent> agents) {
        // asked in the registry's order: a record that satisfies two proofs is the first one's
        this.readers = new java.util.ArrayList<>();
        java.util.Set<String> keys = new java.util.TreeSet<>();
        java.util.Set<String> needles = new java.util.TreeSet<>(Set.of(ESCAPED));
        for (io.github.termsprawl.store.Agent agent : agents) {
            StoreReader reader = readers.get(agent.store());
            if (agent.store() != Store.CLAUDE) {
                this.readers.add(reader);
            }
            keys.addAll(reader.proofKeys());
            needles.addAll(reader.proofNeedles());
        }
        this.claude = readers.get(Store.CLAUDE);
        this.keys = JsonProjection.whole(keys.toArray(new String[0]));
        this.decisive = new ByteNeedles(needles.toArray(new String[0]));
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
        // the head first: a regular file, the common case, then costs one stat, not two
        JsonlHead.Head head = JsonlHead.read(path, HEAD_RECORDS);
        if (head == null) {
            if (path.toFile().isDirectory()) {
                return Detection.of(OpenCodeLegacyTranscript.storageDir(path) != null ? Store.OPENCODE : Store.CLAUDE);
            }
            return Detection.of(Store.CLAUDE); // unreadable: the Claude reader says "no turns" as docs/context.md wants
        }
        JsonlHead.Head whole = head.isWhole() ? head : null;
        // Claude is what docs/context.md reads: a Claude record anywhere in the head outweighs every other sign
        List<Map<String, Object>> records = head.records(Integer.MAX_VALUE, keys, decisive);
        if (hasClaudeRecord(records)) {
            return new Detection(Store.CLAUDE, whole);
        }
        if (head.startsWith(SQLITE_MAGIC)) {
            return Detection.of(isOpenCodeDatabase(path, head) ? Store.OPENCODE : Store.CLAUDE);
        }
        if (head.unsignedByte(0) < 0 && isOpenCodeLog(path)) {
            return Detection.of(Store.OPENCODE); // a database in WAL mode whose pages are all still in its log
        }
        // one JSON document: Gemini CLI before v0.39 ({sessionId, projectHash, ..., messages[]}); a Claude
        // record has a sessionId too, but never a projectHash
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (name.endsWith(".json")
                && JsonlHead.scalars(path, Set.of("projectHash")).containsKey("projectHash")) {
            return Detection.of(Store.GEMINI);
        }
        Store first = null;
        for (Map<String, Object> record : records) {
            first = ofRecord(record);
            if (first != null) {
                break;
            }
        }
        if (first == null) {
            return new Detection(Store.CLAUDE, whole);
        }
        if (whole != null) {
            return new Detection(first, whole); // the head is the whole file: its end has no Claude record either
        }
        // a Claude file may open with lines that look like another store's: its end tells
        JsonlHead.Head tail = JsonlHead.tail(path);
        return tail != null && hasClaudeRecord(tail.records(Integer.MAX_VALUE, keys, decisive))
                ? Detection.of(Store.CLAUDE)
                : Detection.of(first);
    }

    private boolean hasClaudeRecord(List<Map<String, Object>> records) {
        for (Map<String, Object> record : records) {
            if (claude.proves(record)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A SQLite file (the header's fixed bytes: payload fractions 64/32/32, a power-of-two page size, file
     * format 1 or 2) whose schema has OpenCode's columns, in its first megabyte or its write-ahead log's.
     */
    static boolean isOpenCodeDatabase(Path path, JsonlHead.Head head) {
        int pageSize = head.unsignedByte(16) << 8 | head.unsignedByte(17);
        boolean header = head.unsignedByte(21) == 64
                && head.unsignedByte(22) == 32
                && head.unsignedByte(23) == 32
                && (pageSize == 1 || pageSize >= 512 && Integer.bitCount(pageSize) == 1)
                && (head.unsignedByte(18) == 1 || head.unsignedByte(18) == 2)
                && (head.unsignedByte(19) == 1 || head.unsignedByte(19) == 2);
        if (!header) {
            return false;
        }
        // in WAL mode the schema may still be only in the log
        return hasOpenCodeSchema(JsonlHead.bytes(path, 1 << 20)) || isOpenCodeLog(path);
    }

    /** The write-ahead log beside an empty database file: its magic number, and OpenCode's schema in its pages. */
    static boolean isOpenCodeLog(Path path) {
        Path name = path.getFileName();
        JsonlHead.Head log = name == null ? null : JsonlHead.bytes(path.resolveSibling(name + "-wal"), 1 << 20);
        return log != null
                && log.unsignedByte(0) == 0x37
                && log.unsignedByte(1) == 0x7f
                && log.unsignedByte(2) == 0x06
                && (log.unsignedByte(3) == 0x82 || log.unsignedByte(3) == 0x83)
                && hasOpenCodeSchema(log);
    }

    private static boolean hasOpenCodeSchema(JsonlHead.Head bytes) {
        return bytes != null && bytes.has(OPENCODE_MESSAGE) && bytes.has(OPENCODE_PART);
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
