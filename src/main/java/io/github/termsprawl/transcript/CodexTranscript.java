package io.github.termsprawl.transcript;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a Codex CLI rollout ({@code {timestamp, type, payload}} lines). Codex writes every
 * turn twice: {@code event_msg} (the UI stream) and {@code response_item} (the model-API transcript).
 * Prose comes from {@code event_msg} only, or every message would print twice; a rollout with no
 * {@code event_msg} prose at all falls back to {@code response_item} messages minus the injected
 * context Codex adds as user or developer messages.
 */
final class CodexTranscript implements StoreReader {
    static final JsonProjection KEYS = JsonProjection.whole("type", "payload");
    static final Set<String> KNOWN_TYPES = Set.of(
            "session_meta",
            "turn_context",
            "world_state",
            "response_item",
            "event_msg",
            "compacted",
            "inter_agent_communication_metadata");
    /** {@code event_msg} payload types of the corpus (Codex 0.53 to 0.146) and STORES.md. */
    static final Set<String> KNOWN_EVENTS = Set.of(
            "user_message",
            "agent_message",
            "agent_reasoning",
            "token_count",
            "task_started",
            "task_complete",
            "turn_aborted",
            "error",
            "context_compacted",
            "exec_command_begin",
            "exec_command_end",
            "patch_apply_end",
            "mcp_tool_call_end",
            "web_search_end",
            "view_image_tool_call",
            "image_generation_end",
            "item_completed",
            "entered_review_mode",
            "exited_review_mode",
            "guardian_assessment",
            "collab_agent_interaction_end",
            "collab_agent_spawn_end",
            "collab_close_end",
            "collab_waiting_end",
            "dynamic_tool_call_request",
            "dynamic_tool_call_response",
            "sub_agent_activity",
            "thread_goal_updated",
            "thread_name_updated",
            "thread_settings_applied",
            "undo_completed",
            "account/rateLimits/updated");
    /** {@code response_item} payload types of the corpus and STORES.md. */
    static final Set<String> KNOWN_ITEMS = Set.of(
            "message",
            "reasoning",
            "function_call",
            "function_call_output",
            "custom_tool_call",
            "custom_tool_call_output",
            "local_shell_call",
            "local_shell_call_output",
            "web_search_call",
            "tool_search_call",
            "tool_search_output",
            "image_generation_call",
            "ghost_snapshot",
            "agent_message");
    /**
     * How the context Codex injects into the model's user messages begins (environment, AGENTS.md,
     * permissions, shell-command echoes): that text is the harness's, not the user's.
     */
    private static final List<String> INJECTED_PREFIXES = List.of(
            "<environment_context>",
            "<user_instructions>",
            "<permissions instructions>",
            "<INSTRUCTIONS>",
            "# AGENTS.md instructions",
            "<user_shell_command>",
            "<turn_aborted>",
            "<skill>",
            "<collaboration_mode>",
            "<personality_spec>",
            "<subagent_notification>");

    private final JsonlTail tail;

    CodexTranscript(JsonlTail tail) {
        this.tail = tail;
    }

    @Override
    public Store store() {
        return Store.CODEX;
    }

    /** Any record of a Codex type that carries a {@code payload}. */
    @Override
    public boolean proves(Map<String, Object> r) {
        return r.get("type") instanceof String t && KNOWN_TYPES.contains(t) && r.containsKey("payload");
    }

    /** The record's turn from the UI stream, or null. */
    static Turn eventTurn(Map<String, Object> record) {
        Map<String, Object> p = Json.asObject(record.get("payload"));
        if (!"event_msg".equals(record.get("type")) || p == null || !(p.get("message") instanceof String text)) {
            return null;
        }
        String role;
        if ("user_message".equals(p.get("type"))) {
            // 0.2x-0.3x also sent the injected instructions and environment as user_message of another kind
            if (p.get("kind") instanceof String kind && !kind.equals("plain") || isInjected(text)) {
                return null;
            }
            role = "user";
        } else if ("agent_message".equals(p.get("type"))) {
            role = "assistant";
        } else {
            return null;
        }
        return text.isEmpty() ? null : new Turn(role, text);
    }

    /** The record's turn from the model-API transcript (the fallback channel), or null. */
    static Turn itemTurn(Map<String, Object> record) {
        Map<String, Object> p = Json.asObject(record.get("payload"));
        if (!"response_item".equals(record.get("type")) || p == null || !"message".equals(p.get("type"))) {
            return null;
        }
        Object role = p.get("role");
        if (!"user".equals(role) && !"assistant".equals(role)) {
            return null; // developer and system messages are the harness's
        }
        StringBuilder text = null;
        Object content = p.get("content");
        List<?> parts = content instanceof List<?> l
                ? l
                : content instanceof String s ? List.of(Map.of("type", "input_text", "text", s)) : List.of();
        for (Object part : parts) {
            Map<String, Object> b = Json.asObject(part);
            if (b == null || !(b.get("text") instanceof String t) || !isTextPart(b.get("type")) || isInjected(t)) {
                continue;
            }
            text = text == null ? new StringBuilder(t) : text.append('\n').append(t);
        }
        return text == null || text.length() == 0 ? null : new Turn((String) role, text.toString());
    }

    private static boolean isTextPart(Object type) {
        return "input_text".equals(type) || "output_text".equals(type) || "text".equals(type);
    }

    static boolean isInjected(String text) {
        String t = text.stripLeading();
        for (String prefix : INJECTED_PREFIXES) {
            if (t.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    static boolean isKnown(Map<String, Object> record) {
        if (!(record.get("type") instanceof String type) || !KNOWN_TYPES.contains(type)) {
            return false;
        }
        Map<String, Object> p = Json.asObject(record.get("payload"));
        if (type.equals("event_msg")) {
            return p != null && p.get("type") instanceof String t && KNOWN_EVENTS.contains(t);
        }
        if (type.equals("response_item")) {
            return p != null && p.get("type") instanceof String t && KNOWN_ITEMS.contains(t);
        }
        return true;
    }

    /**
     * One backwards pass collecting both channels: it stops at {@code maxTurns} UI-stream turns; only when
     * the whole file holds no UI-stream prose does it use the model-API turns it kept on the way (the last
     * {@code maxTurns} of them), so the fallback costs a full read only for rollouts that need it.
     */
    List<Turn> lastTurns(Path file, TurnLimits limits) {
        int max = limits.maxTurns();
        Deque<Turn> events = new ArrayDeque<>();
        Deque<Turn> items = new ArrayDeque<>();
        if (max <= 0) {
            return List.of();
        }
        JsonlTail.Visitor collect = new JsonlTail.Visitor() {
            @Override
            public boolean visit(Map<String, Object> record) {
                Turn turn = eventTurn(record);
                if (turn != null) {
                    events.addFirst(limits.cut(turn));
                } else if (events.isEmpty() && items.size() < max && (turn = itemTurn(record)) != null) {
                    items.addFirst(limits.cut(turn)); // only worth keeping while no UI-stream prose has been seen
                }
                return events.size() < max;
            }
        };
        if (!tail.walk(file, KEYS, null, limits.stringCap(), collect)) {
            return List.of();
        }
        return new ArrayList<>(events.isEmpty() ? items : events);
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return PeerTurns.of(lastTurns(entry.path(), limits));
    }

    ReadStats stats(Path file) {
        long[] items = {0};
        ReadStats counted = JsonlTurns.stats(tail, file, KEYS, Store.CODEX, CodexTranscript::isKnown, record -> {
            Turn event = eventTurn(record);
            if (event == null && itemTurn(record) != null) {
                items[0]++;
            }
            return event;
        });
        return counted.turns() == 0
                ? new ReadStats(counted.store(), counted.records(), items[0], counted.unknown())
                : counted;
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        return stats(entry.path());
    }
}
