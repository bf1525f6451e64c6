package io.github.termsprawl.agents;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The Anthropic Messages API, scripted: {@code POST /v1/messages} answered with a scripted assistant turn,
 * streamed as server-sent events when the request asks for a stream ({@code message_start},
 * {@code content_block_start}/{@code _delta}/{@code _stop} per text or {@code tool_use} block,
 * {@code message_delta} with the stop reason, {@code message_stop}) and as one JSON message otherwise;
 * {@code /v1/messages/count_tokens} answered with a count. Every request is recorded
 * ({@link StandInServer#requests()}).
 *
 * <p>The script decides per request: {@link #inOrder} hands the agent's conversation requests (those that
 * offer tools) the given turns one after another, and answers side requests (a title, a topic check) with a
 * short text.
 */
public final class AnthropicStandIn extends StandInServer {
    /** One block of an assistant turn. */
    public sealed interface Block permits Text, ToolUse {}

    public record Text(String text) implements Block {}

    /** A tool call; {@code inputJson} is the input object as JSON text. */
    public record ToolUse(String id, String name, String inputJson) implements Block {}

    /** One assistant turn: its blocks; its stop reason follows from them (a tool call stops for the tool). */
    public record Turn(List<Block> blocks) {
        public String stopReason() {
            return blocks.stream().anyMatch(b -> b instanceof ToolUse) ? "tool_use" : "end_turn";
        }
    }

    public static Turn text(String text) {
        return new Turn(List.of(new Text(text)));
    }

    public static Turn tool(String id, String name, String inputJson) {
        return new Turn(List.of(new ToolUse(id, name, inputJson)));
    }

    public static Turn turn(Block... blocks) {
        return new Turn(List.of(blocks));
    }

    public static final String MODEL = "claude-stand-in";
    /** What the side requests (those offering no tools) and every request past the script are answered. */
    public static final String DEFAULT_TEXT = "Done.";

    private final Function<Request, Turn> script;
    private final AtomicInteger messages = new AtomicInteger();
    private final java.util.Queue<Turn> queued = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final List<Rule> rules = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** A turn for the first conversation request that {@code when} matches, once. */
    private record Rule(
            java.util.function.Predicate<Request> when, Turn turn, java.util.concurrent.atomic.AtomicBoolean used) {}

    private volatile String defaultText = DEFAULT_TEXT;

    /** Answers every request to {@code /v1/messages} with what {@code script} returns for it. */
    public AnthropicStandIn(Function<Request, Turn> script) throws IOException {
        this.script = script;
    }

    /**
     * A stand-in that hands the agent's conversation requests (a body with a non-empty {@code tools}) the
     * {@link #queue queued} turns in order, then the default text; every other request gets the default text.
     */
    public static AnthropicStandIn scripted() throws IOException {
        AnthropicStandIn[] self = new AnthropicStandIn[1];
        self[0] = new AnthropicStandIn(r -> {
            if (conversation(r)) {
                for (Rule rule : self[0].rules) {
                    if (rule.when().test(r) && rule.used().compareAndSet(false, true)) {
                        return rule.turn();
                    }
                }
            }
            Turn next = conversation(r) ? self[0].queued.poll() : null;
            return next != null ? next : text(self[0].defaultText);
        });
        return self[0];
    }

    /** {@link #scripted()} with {@code turns} queued. */
    public static AnthropicStandIn inOrder(Turn... turns) throws IOException {
        return scripted().queue(turns);
    }

    /** Adds turns for the next conversation requests (a {@link #scripted()} stand-in). */
    public AnthropicStandIn queue(Turn... turns) {
        queued.addAll(List.of(turns));
        return this;
    }

    /**
     * Answers the first conversation request whose last user message holds {@code text} with {@code turn}, before
     * the queue: for agents that run side by side (background subagents, workflows), whose requests come in no
     * fixed order.
     */
    public AnthropicStandIn whenLastUserSays(String text, Turn turn) {
        rules.add(new Rule(r -> lastUserText(r).contains(text), turn, new java.util.concurrent.atomic.AtomicBoolean()));
        return this;
    }

    /** The text blocks (and string content) of the request's last {@code user} message, joined. */
    public static String lastUserText(Request r) {
        if (!(r.object().get("messages") instanceof List<?> messages)) {
            return "";
        }
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof Map<?, ?> m && "user".equals(m.get("role"))) {
                Object content = m.get("content");
                if (content instanceof String s) {
                    return s;
                }
                StringBuilder text = new StringBuilder();
                texts(content, text);
                return text.toString();
            }
        }
        return "";
    }

    /** The texts of content blocks, those inside tool results too. */
    private static void texts(Object content, StringBuilder into) {
        if (content instanceof String s) {
            into.append(s).append('\n');
        } else if (content instanceof List<?> blocks) {
            for (Object b : blocks) {
                if (b instanceof Map<?, ?> block) {
                    if (block.get("text") instanceof String t) {
                        into.append(t).append('\n');
                    }
                    texts(block.get("content"), into);
                }
            }
        }
    }

    /** How many queued turns no request has taken yet. */
    public int queued() {
        return queued.size();
    }

    /** What a side request, and a conversation request past the queue, is answered. */
    public AnthropicStandIn defaultText(String text) {
        this.defaultText = text;
        return this;
    }

    /** Whether the request is one of the agent's conversation turns: it offers the model tools. */
    public static boolean conversation(Request r) {
        return r.path().startsWith("/v1/messages")
                && !r.path().startsWith("/v1/messages/count_tokens")
                && r.object().get("tools") instanceof List<?> tools
                && !tools.isEmpty();
    }

    /** The {@code POST /v1/messages} requests received, in order. */
    public List<Request> messageRequests() {
        return requests().stream()
                .filter(r -> "POST".equals(r.method())
                        && r.path().startsWith("/v1/messages")
                        && !r.path().startsWith("/v1/messages/count_tokens"))
                .toList();
    }

    /** The conversation requests received ({@link #conversation}), in order. */
    public List<Request> conversationRequests() {
        return requests().stream().filter(AnthropicStandIn::conversation).toList();
    }

    @Override
    protected Reply reply(Request r) throws IOException {
        if (!"POST".equals(r.method())) {
            return Reply.json(404, error("not_found_error", "the stand-in serves POST /v1/messages only"));
        }
        if (r.path().startsWith("/v1/messages/count_tokens")) {
            return Reply.json(200, "{\"input_tokens\":" + Math.max(1, r.body().length / 4) + "}");
        }
        if (!r.path().startsWith("/v1/messages")) {
            return Reply.json(404, error("not_found_error", "no " + r.path() + " here"));
        }
        Turn turn = script.apply(r);
        String id = "msg_standin_" + messages.incrementAndGet();
        return Boolean.TRUE.equals(r.object().get("stream"))
                ? Reply.events(events(id, turn))
                : Reply.json(200, message(id, turn));
    }

    static String error(String type, String message) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":" + str(message) + "}}";
    }

    private static final String USAGE =
            "{\"input_tokens\":120,\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":0,\"output_tokens\":";

    /** The turn as one message (a request without {@code stream}). */
    static String message(String id, Turn turn) {
        StringBuilder content = new StringBuilder();
        for (Block b : turn.blocks()) {
            content.append(content.length() == 0 ? "" : ",").append(startBlock(b, true));
        }
        return "{\"id\":\"" + id + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"" + MODEL
                + "\",\"content\":[" + content + "],\"stop_reason\":\"" + turn.stopReason()
                + "\",\"stop_sequence\":null,\"usage\":" + USAGE + "20}}";
    }

    /** The block as {@code content_block_start} carries it (empty), or whole. */
    private static String startBlock(Block b, boolean whole) {
        if (b instanceof Text t) {
            return "{\"type\":\"text\",\"text\":" + str(whole ? t.text() : "") + "}";
        }
        ToolUse u = (ToolUse) b;
        return "{\"type\":\"tool_use\",\"id\":" + str(u.id()) + ",\"name\":" + str(u.name()) + ",\"input\":"
                + (whole ? u.inputJson() : "{}") + "}";
    }

    /** The turn as the event stream of a streamed request. */
    static List<String> events(String id, Turn turn) {
        List<String> events = new ArrayList<>();
        events.add(event(
                "message_start",
                "{\"type\":\"message_start\",\"message\":{\"id\":\"" + id + "\",\"type\":\"message\",\"role\":"
                        + "\"assistant\",\"model\":\"" + MODEL + "\",\"content\":[],\"stop_reason\":null,"
                        + "\"stop_sequence\":null,\"usage\":" + USAGE + "1}}}"));
        int index = 0;
        for (Block b : turn.blocks()) {
            events.add(event(
                    "content_block_start",
                    "{\"type\":\"content_block_start\",\"index\":" + index + ",\"content_block\":"
                            + startBlock(b, false) + "}"));
            for (String piece : halves(b instanceof Text t ? t.text() : ((ToolUse) b).inputJson())) {
                String delta = b instanceof Text
                        ? "{\"type\":\"text_delta\",\"text\":" + str(piece) + "}"
                        : "{\"type\":\"input_json_delta\",\"partial_json\":" + str(piece) + "}";
                events.add(event(
                        "content_block_delta",
                        "{\"type\":\"content_block_delta\",\"index\":" + index + ",\"delta\":" + delta + "}"));
            }
            events.add(event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + index + "}"));
            index++;
        }
        events.add(event(
                "message_delta",
                "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"" + turn.stopReason()
                        + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":20}}"));
        events.add(event("message_stop", "{\"type\":\"message_stop\"}"));
        return events;
    }

    /** The text in two deltas, as a real stream splits it (a client must join them). */
    private static List<String> halves(String text) {
        if (text.length() < 2) {
            return List.of(text);
        }
        int mid = text.length() / 2;
        if (Character.isHighSurrogate(text.charAt(mid - 1))) {
            mid++;
        }
        return List.of(text.substring(0, mid), text.substring(mid));
    }

    private static String event(String name, String data) {
        return "event: " + name + "\ndata: " + data + "\n\n";
    }

    /** A map's value at a path of keys, or null. */
    @SuppressWarnings("unchecked")
    public static Object at(Object json, String... keys) {
        Object v = json;
        for (String k : keys) {
            if (!(v instanceof Map<?, ?> m)) {
                return null;
            }
            v = ((Map<String, Object>) m).get(k);
        }
        return v;
    }
}
