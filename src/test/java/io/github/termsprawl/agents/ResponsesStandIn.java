package io.github.termsprawl.agents;

import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenAI Responses API as Codex CLI speaks it ({@code wire_api = "responses"}), scripted: every
 * {@code POST /v1/responses} is answered with a server-sent event stream — {@code response.created}, per output
 * item {@code response.output_item.added}, {@code response.output_text.delta} (messages), and
 * {@code response.output_item.done}, then {@code response.completed} with the usage — and recorded
 * ({@link StandInServer#requests()}).
 *
 * <p>Codex sends three kinds of request, each answered from a script of its own ({@link Lane}): the session's
 * turns, a subagent's turns (the request carries {@code x-openai-subagent}), and the summary a local compaction
 * asks for ({@code request_kind} {@code compaction} in {@code x-codex-turn-metadata}). A lane past its script
 * answers {@link #DEFAULT_TEXT}.
 */
public final class ResponsesStandIn extends StandInServer {
    public static final String DEFAULT_TEXT = "Done.";

    /** Which script answers a request. */
    public enum Lane {
        ROOT,
        SUBAGENT,
        COMPACTION
    }

    /** One response: its output items (JSON objects) and the input tokens its usage reports. */
    public record Response(List<String> items, long inputTokens) {
        /** The same response reporting {@code tokens} input tokens (past the compaction limit, it compacts). */
        public Response reporting(long tokens) {
            return new Response(items, tokens);
        }
    }

    /** A response made when the request comes (a {@code wait_agent} names the agent the spawn returned). */
    public interface Step extends Function<Request, Response> {}

    private final Map<Lane, List<Step>> script;
    private final Map<Lane, AtomicInteger> next = new EnumMap<>(Lane.class);
    private final AtomicInteger ids = new AtomicInteger();

    private ResponsesStandIn(Map<Lane, List<Step>> script) throws IOException {
        this.script = script;
        for (Lane lane : Lane.values()) {
            next.put(lane, new AtomicInteger());
        }
    }

    /** The session's turns get {@code steps} in order. */
    public static ResponsesStandIn of(Step... steps) throws IOException {
        return lanes(Map.of(Lane.ROOT, List.of(steps)));
    }

    public static ResponsesStandIn lanes(Map<Lane, List<Step>> script) throws IOException {
        return new ResponsesStandIn(new EnumMap<>(script));
    }

    /** Which lane answers {@code r}. */
    public static Lane lane(Request r) {
        if (r.header("x-openai-subagent") != null) {
            return Lane.SUBAGENT;
        }
        Map<String, Object> meta = turnMetadata(r);
        return meta != null && "compaction".equals(meta.get("request_kind")) ? Lane.COMPACTION : Lane.ROOT;
    }

    /** Codex's {@code x-codex-turn-metadata} header as JSON, or null. */
    public static Map<String, Object> turnMetadata(Request r) {
        String header = r.header("x-codex-turn-metadata");
        try {
            return header == null ? null : Json.asObject(Json.parse(header));
        } catch (IOException e) {
            return null;
        }
    }

    /** The requests one lane answered, in order. */
    public List<Request> requests(Lane lane) {
        return requests().stream()
                .filter(r -> r.path().startsWith("/v1/responses") && lane(r) == lane)
                .toList();
    }

    // ---- scripted steps

    public static Step text(String text) {
        return r -> response(message(text));
    }

    /** An {@code apply_patch} call (Codex's freeform tool): {@code patch} is the whole envelope. */
    public static Step patch(String callId, String patch) {
        return r -> response("{\"type\":\"custom_tool_call\",\"call_id\":" + str(callId)
                + ",\"name\":\"apply_patch\",\"input\":" + str(patch) + "}");
    }

    /** A shell command through Codex's {@code exec_command} tool. */
    public static Step shell(String callId, String command) {
        return call(callId, "exec_command", "{\"cmd\":" + str(command) + "}");
    }

    /** A function call; {@code argumentsJson} is the arguments object as JSON text. */
    public static Step call(String callId, String name, String argumentsJson) {
        return r -> response(functionCall(callId, null, name, argumentsJson));
    }

    /** {@code spawn_agent}: a subagent given {@code message}, with the session's history when {@code fork}. */
    public static Step spawn(String callId, String message, boolean fork) {
        return r -> response(functionCall(
                callId,
                "multi_agent_v1",
                "spawn_agent",
                "{\"message\":" + str(message) + ",\"fork_context\":" + fork + "}"));
    }

    private static final Pattern AGENT_ID = Pattern.compile("\\\\?\"agent_id\\\\?\"\\s*:\\s*\\\\?\"([^\"\\\\]+)");

    /** {@code wait_agent} on the agent the last {@code spawn_agent} of the request's history returned. */
    public static Step waitForSpawned(String callId) {
        return r -> {
            String agent = null;
            Matcher m = AGENT_ID.matcher(r.text());
            while (m.find()) {
                agent = m.group(1);
            }
            return response(functionCall(
                    callId,
                    "multi_agent_v1",
                    "wait_agent",
                    "{\"targets\":[" + str(agent == null ? "none" : agent) + "],\"timeout_ms\":60000}"));
        };
    }

    /** A step whose response reports {@code tokens} input tokens. */
    public static Step reporting(Step step, long tokens) {
        return r -> step.apply(r).reporting(tokens);
    }

    private static Response response(String... items) {
        return new Response(List.of(items), 100);
    }

    private static String message(String text) {
        return "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":"
                + str(text) + ",\"annotations\":[]}]}";
    }

    private static String functionCall(String callId, String namespace, String name, String argumentsJson) {
        return "{\"type\":\"function_call\",\"call_id\":" + str(callId)
                + (namespace == null ? "" : ",\"namespace\":" + str(namespace)) + ",\"name\":" + str(name)
                + ",\"arguments\":" + str(argumentsJson) + "}";
    }

    // ---- the stream

    @Override
    protected Reply reply(Request r) {
        if (!"POST".equals(r.method()) || !r.path().startsWith("/v1/responses")) {
            return Reply.json(200, "{\"object\":\"list\",\"data\":[],\"models\":[]}");
        }
        Lane lane = lane(r);
        List<Step> steps = script.getOrDefault(lane, List.of());
        int i = next.get(lane).getAndIncrement();
        Response response =
                i < steps.size() ? steps.get(i).apply(r) : text(DEFAULT_TEXT).apply(r);
        return Reply.events(events(response));
    }

    private List<String> events(Response response) {
        String id = "resp_" + ids.incrementAndGet();
        List<String> events = new ArrayList<>();
        events.add(event("response.created", "{\"type\":\"response.created\",\"response\":{\"id\":\"" + id + "\"}}"));
        for (int k = 0; k < response.items().size(); k++) {
            String item = withId(response.items().get(k));
            Map<String, Object> parsed = parse(item);
            events.add(event(
                    "response.output_item.added",
                    "{\"type\":\"response.output_item.added\",\"output_index\":" + k + ",\"item\":" + item + "}"));
            if ("message".equals(parsed.get("type"))) {
                String text = (String)
                        Json.asObject(((List<?>) parsed.get("content")).get(0)).get("text");
                events.add(event(
                        "response.output_text.delta",
                        "{\"type\":\"response.output_text.delta\",\"item_id\":" + str((String) parsed.get("id"))
                                + ",\"output_index\":" + k + ",\"content_index\":0,\"delta\":" + str(text) + "}"));
            }
            events.add(event(
                    "response.output_item.done",
                    "{\"type\":\"response.output_item.done\",\"output_index\":" + k + ",\"item\":" + item + "}"));
        }
        long in = response.inputTokens();
        events.add(event(
                "response.completed",
                "{\"type\":\"response.completed\",\"response\":{\"id\":\"" + id + "\",\"usage\":{\"input_tokens\":" + in
                        + ",\"input_tokens_details\":{\"cached_tokens\":0},\"output_tokens\":10,"
                        + "\"output_tokens_details\":{\"reasoning_tokens\":0},\"total_tokens\":" + (in + 10)
                        + "}}}"));
        return events;
    }

    /** The item with an id of its own (Codex keys its stream on them). */
    private String withId(String item) {
        Map<String, Object> parsed = parse(item);
        String prefix = "message".equals(parsed.get("type")) ? "msg" : "fc";
        return "{\"id\":\"" + prefix + "_standin_" + ids.incrementAndGet() + "\"," + item.substring(1);
    }

    private static Map<String, Object> parse(String json) {
        try {
            return Json.asObject(Json.parse(json));
        } catch (IOException e) {
            throw new IllegalArgumentException("stand-in item is no JSON object: " + json, e);
        }
    }

    private static String event(String type, String data) {
        return "event: " + type + "\ndata: " + data + "\n\n";
    }
}
