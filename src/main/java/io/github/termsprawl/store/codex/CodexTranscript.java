package io.github.termsprawl.store.codex;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.JsonlTurns;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context view of a Codex CLI rollout ({@code {timestamp, type, payload}} lines). Codex writes its
 * prose on up to three channels: {@code event_msg} {@code user_message}/{@code agent_message} (the UI
 * stream), {@code event_msg} {@code item_completed} items (Codex 0.146+, the only UI prose of 0.154) and
 * {@code response_item} messages (the model-API transcript, with injected context among the user
 * messages). One message is often on several of them, and some rollouts have replies on one channel
 * only, so the choice is made per exchange (a run of user messages and the replies up to the next user
 * message): for its user side and its assistant side each, the first channel in that order that has prose.
 * That choice and the conversion of a record are the session's ({@link CodexSession#prose(List)}); this class
 * reads the rollout backwards and stops once the last exchanges give enough turns.
 */
public final class CodexTranscript implements StoreReader {
    static final JsonProjection KEYS = JsonProjection.whole("type", "payload", "metadata");
    static final Set<String> KNOWN_TYPES = Set.of(
            "session_meta",
            "rollout_reference",
            "turn_context",
            "world_state",
            "token_usage_record",
            "response_item",
            "event_msg",
            "compacted",
            "inter_agent_communication_metadata");
    /**
     * {@code event_msg} payload types of the corpus (Codex 0.53 to 0.146); docs/stores.md, "Record types
     * each reader knows".
     */
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
    /** {@code response_item} payload types of the corpus; docs/stores.md, "Record types each reader knows". */
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
            "agent_message",
            "compaction",
            "compaction_trigger",
            "context_compaction",
            "configuration_update");
    /**
     * The blocks Codex injects into the model's user messages (environment, AGENTS.md, permissions,
     * plugins, shell-command echoes): that text is the harness's, not the user's. Each runs from its
     * opening tag to its closing one, or to the end of the text.
     */
    private static final List<String> HARNESS_TAGS = List.of(
            "environment_context",
            "user_instructions",
            "permissions instructions",
            "INSTRUCTIONS",
            "user_shell_command",
            "turn_aborted",
            "skill",
            "collaboration_mode",
            "personality_spec",
            "subagent_notification",
            "recommended_plugins");

    private static final String AGENTS_MD = "# AGENTS.md instructions";

    private final JsonlTail tail;

    public CodexTranscript(JsonlTail tail) {
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

    @Override
    public java.util.Set<String> proofKeys() {
        return java.util.Set.of("type", "payload");
    }

    @Override
    public java.util.List<String> proofNeedles() {
        return java.util.List.of("\"payload\"");
    }

    /**
     * Whether a {@code response_item} is the summary a compaction asked the model for: Codex 0.169+ marks it
     * {@code metadata.compaction_output}; its text also stands in the {@code compacted} record that follows.
     */
    static boolean isCompactionOutput(Map<String, Object> record) {
        Map<String, Object> metadata = Json.asObject(record.get("metadata"));
        return metadata != null && Boolean.TRUE.equals(metadata.get("compaction_output"));
    }

    /**
     * A user text without the harness blocks it opens with; null when it is nothing but such blocks
     * (injected context). A text that does not open with one is the user's as it is.
     */
    static String userText(String text) {
        int i = 0;
        boolean blocks = false;
        while (true) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i == text.length() && blocks) {
                return null;
            }
            int end = harnessBlockEnd(text, i);
            if (end < 0) {
                return blocks ? text.substring(i) : text;
            }
            if (end >= text.length()) {
                return null;
            }
            blocks = true;
            i = end;
        }
    }

    /** Where the harness block that starts at {@code i} ends (the text's length when unclosed); -1 for none. */
    private static int harnessBlockEnd(String text, int i) {
        if (text.startsWith(AGENTS_MD, i)) {
            int close = text.indexOf("</INSTRUCTIONS>", i);
            return close < 0 ? text.length() : close + "</INSTRUCTIONS>".length();
        }
        for (String tag : HARNESS_TAGS) {
            int after = i + 1 + tag.length();
            if (text.startsWith(tag, i + 1)
                    && text.charAt(i) == '<'
                    && after < text.length()
                    && (text.charAt(after) == '>' || text.charAt(after) == ' ')) {
                String closing = "</" + tag + ">";
                int close = text.indexOf(closing, after);
                return close < 0 ? text.length() : close + closing.length();
            }
        }
        return -1;
    }

    static boolean isInjected(String text) {
        return userText(text) == null;
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
     * The exchanges of a rollout, taken from its end: each record's messages and prose copies (the session's one
     * conversion, {@link CodexSession#copies}) join the exchange being built until a message with assistant prose
     * comes before one with user prose of that exchange, which completes it; a complete exchange's turns are the
     * session's prose projection of its messages ({@link CodexSession#prose(List)}, which chooses each side's
     * channel), so the backward walk only tells where exchanges start.
     */
    static final class Exchanges implements JsonlTail.Visitor {
        private static final CodexSession SESSION = new CodexSession();
        private final TurnLimits limits;
        private final int stopAt;
        private final ArrayDeque<Turn> turns = new ArrayDeque<>();
        /** The messages with prose of the exchange being built, in file order. */
        private final ArrayDeque<Message> exchange = new ArrayDeque<>();

        private boolean hasUser;
        private int uiReplies;

        /** @param stopAt stop once this many turns are complete (the view's limit; stats read it all) */
        Exchanges(TurnLimits limits, int stopAt) {
            this.limits = limits;
            this.stopAt = stopAt;
        }

        @Override
        public boolean visit(Map<String, Object> record) {
            if (!CodexSession.mayHaveProse(record)) {
                return true;
            }
            List<Message> messages = CodexSession.copies(record, null);
            for (int i = messages.size() - 1; i >= 0; i--) { // read backwards
                Message m = messages.get(i);
                Turn turn = CodexSession.prose(m);
                if (turn == null) {
                    continue;
                }
                boolean user = turn.role().equals("user");
                if (!user && hasUser) {
                    complete();
                    if (turns.size() >= stopAt) {
                        return false;
                    }
                }
                exchange.addFirst(m);
                hasUser |= user;
                if (!user && m.has(Message.Flag.UI_COPY) && turns.size() + ++uiReplies >= stopAt) {
                    // no channel is preferred to this one, and what comes before these replies is past the limit
                    complete();
                    return false;
                }
            }
            return true;
        }

        /** Prepends the exchange being built, projected. */
        private void complete() {
            List<Turn> prose = SESSION.prose(new ArrayList<>(exchange));
            for (int i = prose.size() - 1; i >= 0; i--) {
                turns.addFirst(limits == null ? prose.get(i) : limits.cut(prose.get(i)));
            }
            exchange.clear();
            hasUser = false;
            uiReplies = 0;
        }

        /** The turns in conversation order, once the walk is over. */
        List<Turn> turns() {
            complete();
            return new ArrayList<>(turns);
        }
    }

    @Override
    public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        Path file = entry.path();
        int max = limits.maxTurns();
        if (max <= 0) {
            return PeerTurns.of(List.of());
        }
        if (readForwards(file)) {
            // a subagent's fork opens with its parent's history, which the backward walk cannot tell from its own,
            // and a rollout in segments goes on in its earlier files: both are read forwards (docs/stores.md)
            return PeerTurns.of(limits.last(new CodexSession().whole(file).turns()));
        }
        Exchanges exchanges = new Exchanges(limits, max);
        if (!tail.walk(file, KEYS, null, limits.stringCap(), exchanges)) {
            return PeerTurns.of(List.of());
        }
        List<Turn> turns = exchanges.turns();
        return PeerTurns.of(turns.subList(Math.max(0, turns.size() - max), turns.size()));
    }

    @Override
    public ReadStats stats(TranscriptIndex.Entry entry) {
        Path file = entry.path();
        Exchanges exchanges = new Exchanges(null, Integer.MAX_VALUE);
        if (readForwards(file)) {
            CodexSession.Whole whole = new CodexSession().whole(file);
            return new ReadStats(
                    Store.CODEX.id(),
                    whole.stats().records(),
                    whole.turns().size(),
                    whole.stats().unknown());
        }
        ReadStats counted = JsonlTurns.stats(tail, file, KEYS, Store.CODEX, CodexTranscript::isKnown, null, exchanges);
        return new ReadStats(
                counted.store(), counted.records(), exchanges.turns().size(), counted.unknown());
    }

    /** A subagent's fork or a rollout in segments: not the backward walk's (see {@link #lastTurns}). */
    private static boolean readForwards(Path file) {
        return CodexFork.ownStart(file) != null || CodexSegments.reference(file) != null;
    }
}
