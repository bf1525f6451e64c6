package io.github.termsprawl.core;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a pi coding-agent session ({@code {type, id, parentId, ...}} entries). The role
 * is read before the blocks: {@code toolResult} and {@code bashExecution} messages hold plain text
 * blocks too, and printing them would put a tool's output in the model's mouth.
 */
public final class PiTranscript {
    static final Set<String> KEYS = Set.of("type", "message");
    /** Entry types of pi v1 to v3 (corpus and STORES.md). */
    static final Set<String> KNOWN_TYPES = Set.of("session", "message", "model_change", "thinking_level_change",
            "compaction", "branch_summary", "custom", "custom_message", "label", "session_info");
    static final Set<String> KNOWN_ROLES = Set.of("user", "assistant", "toolResult", "bashExecution", "custom",
            "branchSummary", "compactionSummary");

    private PiTranscript() {}

    static Turn toTurn(Map<String, Object> record) {
        Map<String, Object> message = Json.asObject(record.get("message"));
        if (!"message".equals(record.get("type")) || message == null) {
            return null;
        }
        Object role = message.get("role");
        if (!"user".equals(role) && !"assistant".equals(role)) {
            return null;
        }
        String text = ClaudeTranscript.contentText(message.get("content"));
        return text == null || text.isEmpty() ? null : Turn.of((String) role, text);
    }

    static boolean isKnown(Map<String, Object> record) {
        if (!(record.get("type") instanceof String type) || !KNOWN_TYPES.contains(type)) {
            return false;
        }
        Map<String, Object> message = Json.asObject(record.get("message"));
        return !type.equals("message") || message != null && message.get("role") instanceof String r && KNOWN_ROLES.contains(r);
    }

    public static List<Turn> lastTurns(JsonlTail tail, Path file) {
        return tail.lastTurns(file, KEYS, PiTranscript::toTurn, Turn.MAX_TURNS);
    }

    public static ReadStats stats(JsonlTail tail, Path file) {
        ReadStats.Counter count = new ReadStats.Counter();
        tail.scan(file, KEYS, record -> {
            count.record(isKnown(record));
            if (toTurn(record) != null) {
                count.turns++;
            }
        });
        return count.of(Store.PI);
    }
}
