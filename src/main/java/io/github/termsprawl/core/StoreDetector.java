package io.github.termsprawl.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
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

    private StoreDetector() {}

    public static Store detect(Path path) {
        if (Files.isDirectory(path)) {
            return OpenCodeJsonStorage.storageDir(path) != null ? Store.OPENCODE : Store.CLAUDE;
        }
        if (path.getFileName() != null && path.getFileName().toString().endsWith(".db") || isSqlite(path)) {
            return Store.OPENCODE;
        }
        if (path.getFileName() != null && path.getFileName().toString().endsWith(".json")) {
            // one JSON document: Gemini CLI before v0.39 ({sessionId, projectHash, ..., messages[]})
            Map<String, Object> top = JsonlHead.scalars(path, Set.of("projectHash"));
            if (top.containsKey("projectHash") || top.containsKey("sessionId")) {
                return Store.GEMINI;
            }
        }
        List<Map<String, Object>> head = JsonlHead.first(path, HEAD_RECORDS, KEYS);
        for (Map<String, Object> record : head) {
            Store store = ofRecord(record);
            if (store != null) {
                return store;
            }
        }
        return Store.CLAUDE;
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

    private static boolean isSqlite(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(path)) {
            return Arrays.equals(in.readNBytes(SQLITE_MAGIC.length), SQLITE_MAGIC);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
