package io.github.termsprawl.core;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The context view of a Claude Code transcript (SPEC §6): user and assistant prose, in file order. */
public final class ClaudeTranscript {
    static final Set<String> KEYS = Set.of("type", "message");
    /** Of a record, only what a turn is made of: the type and the text blocks of the content. */
    static final JsonProjection TURN = JsonProjection.fields(
            "type", JsonProjection.ALL,
            "message", JsonProjection.fields(
                    "content", JsonProjection.fields("type", JsonProjection.ALL, "text", JsonProjection.ALL)));
    /**
     * A turn's {@code type} value is {@code "user"} or {@code "assistant"} as written, or spelled with a
     * backslash-u escape: a line with none of these cannot be a turn.
     */
    static final ByteNeedles TURN_NEEDLES = new ByteNeedles("\"user\"", "\"assistant\"", "\\" + "u");
    /**
     * Every record type of the real Claude Code files in the corpus (1.0.24 to 2.1.x) and STORES.md;
     * counting the others is only a drift signal, it never changes what prints.
     */
    static final Set<String> KNOWN_TYPES = Set.of("user", "assistant", "system", "summary", "progress",
            "file-history-snapshot", "queue-operation", "attachment", "custom-title", "agent-name", "ai-title",
            "last-prompt", "permission-mode", "mode", "frame-link", "pr-link", "worktree-state", "started", "result",
            "relocated", "bridge-session", "atis-latch");

    /** A class, not a method reference: no method-handle bootstrap on the command's start-up path. */
    private static final java.util.function.Function<Map<String, Object>, Turn> TO_TURN =
            new java.util.function.Function<>() {
                @Override
                public Turn apply(Map<String, Object> record) {
                    return toTurn(record);
                }
            };

    private ClaudeTranscript() {}

    /** The record's turn, or null when it prints nothing. */
    static Turn toTurn(Map<String, Object> record) {
        Object type = record.get("type");
        if (!"user".equals(type) && !"assistant".equals(type)) {
            return null;
        }
        Map<String, Object> message = Json.asObject(record.get("message"));
        if (message == null) {
            return null;
        }
        String text = contentText(message.get("content"));
        return text == null ? null : Turn.of((String) type, text);
    }

    /** A string as it is; else the {@code text} of each text-typed part joined with {@code \n}; else null. */
    static String contentText(Object content) {
        return ContentText.join(content, true);
    }

    public static List<Turn> lastTurns(JsonlTail tail, java.nio.file.Path file) {
        return tail.lastTurns(file, TURN, TO_TURN, Turn.MAX_TURNS, TURN_NEEDLES);
    }

    public static ReadStats stats(JsonlTail tail, java.nio.file.Path file) {
        ReadStats.Counter count = new ReadStats.Counter();
        tail.scan(file, KEYS, record -> {
            count.record(record.get("type") instanceof String t && KNOWN_TYPES.contains(t));
            if (toTurn(record) != null) {
                count.turns++;
            }
        });
        return count.of(Store.CLAUDE);
    }
}
