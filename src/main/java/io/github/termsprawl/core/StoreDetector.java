package io.github.termsprawl.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which agent wrote a transcript, for index entries without {@code store}: decided from the path's
 * kind and the first few records, never from the whole file. Anything unrecognised is Claude Code,
 * the store every entry named before {@code store} existed.
 */
public final class StoreDetector {
    /** How many leading records may be looked at; real files decide on the first or second. */
    static final int HEAD_RECORDS = 8;
    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final Set<String> KEYS = Set.of("type", "payload", "message", "role", "id", "content",
            "sessionId", "projectHash", "$set", "$rewindTo", "cwd", "parentId");
    private static final Set<String> CODEX_TYPES = Set.of("session_meta", "turn_context", "response_item", "event_msg",
            "compacted", "world_state", "inter_agent_communication_metadata");
    private static final Set<String> PI_TYPES = Set.of("message", "model_change", "thinking_level_change", "compaction",
            "branch_summary", "custom", "custom_message", "label", "session_info");
    /**
     * Gemini message types that no Claude record has. Not {@code user}: an entry without {@code store}
     * is a Claude transcript under SPEC §6, and an odd Claude line must never switch its reader.
     */
    private static final Set<String> GEMINI_MESSAGE_TYPES = Set.of("gemini", "info", "error", "warning");

    /**
     * A line that holds none of these (as written, or spelled with a backslash-u escape) cannot satisfy
     * any rule of {@link #ofRecord}, so it is not parsed: most heads open with snapshots and progress.
     */
    private static final ByteNeedles DECISIVE = new ByteNeedles("\"payload\"", "\"session\"", "\"parentId\"",
            "\"$set\"", "\"$rewindTo\"", "\"projectHash\"", "\"gemini\"", "\"info\"", "\"error\"", "\"warning\"",
            "\"role\"", "\"turn_ended\"", "\"user\"", "\"assistant\"", "\\" + "u");

    private StoreDetector() {}

    public static Store detect(Path path) {
        if (path.toFile().isDirectory()) {
            return OpenCodeJsonStorage.storageDir(path) != null ? Store.OPENCODE : Store.CLAUDE;
        }
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (name.endsWith(".db")) {
            return Store.OPENCODE;
        }
        JsonlHead.Head head = JsonlHead.read(path, HEAD_RECORDS);
        if (head == null) {
            return Store.CLAUDE; // unreadable: the Claude reader says "no turns" as SPEC wants
        }
        if (head.startsWith(SQLITE_MAGIC)) {
            return Store.OPENCODE;
        }
        // one JSON document: Gemini CLI before v0.39 ({sessionId, projectHash, ..., messages[]}); a Claude
        // record has a sessionId too, but never a projectHash
        if (name.endsWith(".json") && JsonlHead.scalars(path, Set.of("projectHash")).containsKey("projectHash")) {
            return Store.GEMINI;
        }
        // Claude is what SPEC §6 reads: one Claude record in the head outweighs any odd line around it
        Store first = null;
        for (Map<String, Object> record : head.records(HEAD_RECORDS, KEYS, DECISIVE)) {
            Store store = ofRecord(record);
            if (store == Store.CLAUDE) {
                return store;
            }
            if (first == null) {
                first = store;
            }
        }
        return first != null ? first : Store.CLAUDE;
    }

    /** The store one record proves, or null when it could be several (or none). */
    static Store ofRecord(Map<String, Object> r) {
        Object type = r.get("type");
        if (type instanceof String t && CODEX_TYPES.contains(t) && r.containsKey("payload")) {
            return Store.CODEX;
        }
        if ("session".equals(type) && r.containsKey("cwd") || type instanceof String t2 && PI_TYPES.contains(t2) && r.containsKey("parentId")) {
            return Store.PI;
        }
        if (r.containsKey("$set") || r.containsKey("$rewindTo")
                || type == null && r.containsKey("sessionId") && r.containsKey("projectHash")
                || type instanceof String t3 && GEMINI_MESSAGE_TYPES.contains(t3) && r.containsKey("id")
                        && r.containsKey("content") && !r.containsKey("message")) {
            return Store.GEMINI;
        }
        if (type == null && r.get("role") instanceof String && Json.asObject(r.get("message")) != null
                || "turn_ended".equals(type)) {
            return Store.CURSOR;
        }
        if (("user".equals(type) || "assistant".equals(type)) && Json.asObject(r.get("message")) != null) {
            return Store.CLAUDE;
        }
        return null;
    }
}
