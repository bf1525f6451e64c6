package io.github.termsprawl.agents;

import io.github.termsprawl.agents.AnthropicStandIn.Text;
import io.github.termsprawl.agents.AnthropicStandIn.ToolUse;
import io.github.termsprawl.agents.AnthropicStandIn.Turn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenAI-compatible chat completions API, the provider OpenCode and pi are given a {@code baseURL} /
 * {@code baseUrl} for: {@code POST <base>/chat/completions} answered with a scripted assistant turn, streamed
 * as server-sent {@code chat.completion.chunk}s when the request asks for a stream (a role delta, the text in
 * two content deltas, one {@code tool_calls} delta per call, the {@code finish_reason} chunk, a usage chunk,
 * {@code data: [DONE]}) and as one {@code chat.completion} otherwise; {@code GET <base>/models} lists
 * {@link #MODEL}. Every request is recorded.
 *
 * <p>The turns are {@link AnthropicStandIn}'s ({@link ToolUse}: the call's id, function name and arguments),
 * so one script reads the same for every agent. Conversation requests (those that offer {@code tools}) get
 * them in order; side requests (OpenCode's session title) get {@link AnthropicStandIn#DEFAULT_TEXT}, or, when
 * they ask for a summary of the conversation, what {@link #summaries} sets.
 */
public final class OpenAiStandIn extends StandInServer {
    public static final String MODEL = "stand-in";

    private final List<Turn> turns;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();

    private OpenAiStandIn(List<Turn> turns) throws IOException {
        this.turns = turns;
    }

    /** The conversation requests get {@code turns} in order, then {@link AnthropicStandIn#DEFAULT_TEXT}. */
    public static OpenAiStandIn inOrder(Turn... turns) throws IOException {
        return new OpenAiStandIn(List.of(turns));
    }

    /** {@code http://127.0.0.1:<port>/v1}: what a provider's base URL is set to. */
    public String v1() {
        return baseUrl() + "/v1";
    }

    private volatile String summary = AnthropicStandIn.DEFAULT_TEXT;

    /** What a side request that asks for a summary of the conversation (a compaction) gets from now on. */
    public OpenAiStandIn summaries(String text) {
        this.summary = text;
        return this;
    }

    /** Whether a side request's instructions ask for a summary (OpenCode's compaction agent). */
    static boolean summarizing(Request r) {
        if (!(r.object().get("messages") instanceof List<?> messages) || messages.isEmpty()) {
            return false;
        }
        java.util.Map<String, Object> first = io.github.termsprawl.jsonl.Json.asObject(messages.get(0));
        return first != null && first.get("content") instanceof String text && text.contains("summariz");
    }

    /** Whether the request is one of the agent's conversation turns: it offers the model tools. */
    public static boolean conversation(Request r) {
        return r.path().endsWith("/chat/completions")
                && r.object().get("tools") instanceof List<?> tools
                && !tools.isEmpty();
    }

    /** The conversation requests received, in order. */
    public List<Request> conversationRequests() {
        return requests().stream().filter(OpenAiStandIn::conversation).toList();
    }

    @Override
    protected Reply reply(Request r) {
        if ("GET".equals(r.method()) && r.path().endsWith("/models")) {
            return Reply.json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"" + MODEL + "\",\"object\":\"model\"}]}");
        }
        if (!"POST".equals(r.method()) || !r.path().endsWith("/chat/completions")) {
            return Reply.json(
                    404,
                    "{\"error\":{\"message\":"
                            + str("the stand-in serves POST /v1/chat/completions only, not " + r.method() + " "
                                    + r.path())
                            + ",\"type\":\"invalid_request_error\"}}");
        }
        Turn turn;
        if (conversation(r)) {
            int i = next.getAndIncrement();
            turn = i < turns.size() ? turns.get(i) : AnthropicStandIn.text(AnthropicStandIn.DEFAULT_TEXT);
        } else {
            turn = AnthropicStandIn.text(summarizing(r) ? summary : AnthropicStandIn.DEFAULT_TEXT);
        }
        String id = "chatcmpl-standin-" + ids.incrementAndGet();
        return Boolean.TRUE.equals(r.object().get("stream"))
                ? Reply.events(events(id, turn))
                : Reply.json(200, completion(id, turn));
    }

    private static String finish(Turn turn) {
        return turn.blocks().stream().anyMatch(b -> b instanceof ToolUse) ? "tool_calls" : "stop";
    }

    private static final String USAGE = "{\"prompt_tokens\":120,\"completion_tokens\":20,\"total_tokens\":140}";

    private static String text(Turn turn) {
        StringBuilder text = new StringBuilder();
        for (AnthropicStandIn.Block b : turn.blocks()) {
            if (b instanceof Text t) {
                text.append(t.text());
            }
        }
        return text.toString();
    }

    private static String call(ToolUse u, int index, boolean withIndex) {
        return "{" + (withIndex ? "\"index\":" + index + "," : "") + "\"id\":" + str(u.id())
                + ",\"type\":\"function\",\"function\":{\"name\":" + str(u.name()) + ",\"arguments\":"
                + str(u.inputJson()) + "}}";
    }

    /** The turn as one {@code chat.completion}. */
    static String completion(String id, Turn turn) {
        StringBuilder calls = new StringBuilder();
        int i = 0;
        for (AnthropicStandIn.Block b : turn.blocks()) {
            if (b instanceof ToolUse u) {
                calls.append(calls.length() == 0 ? "" : ",").append(call(u, i++, false));
            }
        }
        String text = text(turn);
        return "{\"id\":\"" + id + "\",\"object\":\"chat.completion\",\"created\":1700000000,\"model\":\"" + MODEL
                + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + (text.isEmpty() ? "null" : str(text)) + (calls.length() > 0 ? ",\"tool_calls\":[" + calls + "]" : "")
                + "},\"finish_reason\":\"" + finish(turn) + "\"}],\"usage\":" + USAGE + "}";
    }

    private static String chunk(String id, String choices) {
        return "data: {\"id\":\"" + id + "\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
                + "\"model\":\"" + MODEL + "\",\"choices\":" + choices + "}\n\n";
    }

    private static String delta(String id, String delta, String finish) {
        return chunk(
                id,
                "[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":"
                        + (finish == null ? "null" : "\"" + finish + "\"") + "}]");
    }

    /** The turn as the event stream of a streamed request. */
    static List<String> events(String id, Turn turn) {
        List<String> events = new ArrayList<>();
        events.add(delta(id, "{\"role\":\"assistant\",\"content\":\"\"}", null));
        int index = 0;
        for (AnthropicStandIn.Block b : turn.blocks()) {
            if (b instanceof Text t) {
                int mid = t.text().length() / 2;
                if (mid > 0 && Character.isHighSurrogate(t.text().charAt(mid - 1))) {
                    mid++;
                }
                for (String piece : List.of(t.text().substring(0, mid), t.text().substring(mid))) {
                    if (!piece.isEmpty()) {
                        events.add(delta(id, "{\"content\":" + str(piece) + "}", null));
                    }
                }
            } else {
                events.add(delta(id, "{\"tool_calls\":[" + call((ToolUse) b, index++, true) + "]}", null));
            }
        }
        events.add(delta(id, "{}", finish(turn)));
        events.add(chunk(id, "[],\"usage\":" + USAGE));
        events.add("data: [DONE]\n\n");
        return events;
    }
}
