package io.github.termsprawl.agents;

import io.github.termsprawl.agents.AnthropicStandIn.Text;
import io.github.termsprawl.agents.AnthropicStandIn.ToolUse;
import io.github.termsprawl.agents.AnthropicStandIn.Turn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Gemini API as Gemini CLI calls it ({@code GOOGLE_GEMINI_BASE_URL}): {@code POST
 * /v1beta/models/<model>:streamGenerateContent?alt=sse} answered with a scripted model turn as server-sent
 * events ({@code data: <GenerateContentResponse>}, the text in two chunks, a {@code functionCall} part per tool
 * call, the last chunk with {@code finishReason} and {@code usageMetadata}), {@code :generateContent} with the
 * same turn as one JSON response, {@code :countTokens} with a count. Every request is recorded.
 *
 * <p>The turns are {@link AnthropicStandIn}'s ({@link Text}, {@link ToolUse} whose input is the call's
 * {@code args}), so one script reads the same for every agent. The agent's conversation requests (those that
 * offer {@code tools}) get them in order; its side requests (the model router's classifier, the next-speaker
 * check: no tools, a JSON answer asked for) get a JSON object naming the simplest choice.
 */
public final class GeminiStandIn extends StandInServer {
    public static final String MODEL = "gemini-2.5-pro";
    /** What a side request asking for JSON gets: the router's and the next-speaker check's fields. */
    static final String SIDE_JSON = "{\"complexity_reasoning\":\"stand-in\",\"complexity_score\":1,"
            + "\"reasoning\":\"stand-in\",\"model_choice\":\"flash\",\"next_speaker\":\"user\"}";

    private final List<Turn> turns;
    private final AtomicInteger next = new AtomicInteger();

    private GeminiStandIn(List<Turn> turns) throws IOException {
        this.turns = turns;
    }

    /** The conversation requests get {@code turns} in order, then {@link AnthropicStandIn#DEFAULT_TEXT}. */
    public static GeminiStandIn inOrder(Turn... turns) throws IOException {
        return new GeminiStandIn(List.of(turns));
    }

    /** Whether the request is one of the agent's conversation turns: it offers the model tools. */
    public static boolean conversation(Request r) {
        return (r.path().contains(":streamGenerateContent") || r.path().contains(":generateContent"))
                && r.object().get("tools") instanceof List<?> tools
                && !tools.isEmpty();
    }

    /** The conversation requests received, in order. */
    public List<Request> conversationRequests() {
        return requests().stream().filter(GeminiStandIn::conversation).toList();
    }

    @Override
    protected Reply reply(Request r) {
        if (!"POST".equals(r.method())) {
            return Reply.json(404, error(404, "the stand-in serves POST /v1beta/models/<model>:<method> only"));
        }
        String path = r.path();
        if (path.contains(":countTokens")) {
            return Reply.json(200, "{\"totalTokens\":" + Math.max(1, r.body().length / 4) + "}");
        }
        boolean stream = path.contains(":streamGenerateContent");
        if (!stream && !path.contains(":generateContent")) {
            return Reply.json(404, error(404, "no " + path + " here"));
        }
        Turn turn;
        if (conversation(r)) {
            int i = next.getAndIncrement();
            turn = i < turns.size() ? turns.get(i) : AnthropicStandIn.text(AnthropicStandIn.DEFAULT_TEXT);
        } else {
            Map<String, Object> config =
                    io.github.termsprawl.jsonl.Json.asObject(r.object().get("generationConfig"));
            boolean json = config != null && "application/json".equals(config.get("responseMimeType"));
            turn = AnthropicStandIn.text(json ? SIDE_JSON : AnthropicStandIn.DEFAULT_TEXT);
        }
        List<String> chunks = chunks(turn);
        if (stream) {
            List<String> events = new ArrayList<>();
            for (String c : chunks) {
                events.add("data: " + c + "\r\n\r\n");
            }
            return Reply.events(events);
        }
        return Reply.json(200, whole(turn));
    }

    private static String error(int code, String message) {
        return "{\"error\":{\"code\":" + code + ",\"message\":" + str(message) + ",\"status\":\"NOT_FOUND\"}}";
    }

    private static final String USAGE =
            "\"usageMetadata\":{\"promptTokenCount\":120,\"candidatesTokenCount\":20,\"totalTokenCount\":140}";

    private static String response(String parts, boolean last) {
        return "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[" + parts + "]},\"index\":0"
                + (last ? ",\"finishReason\":\"STOP\"" : "") + "}]," + USAGE + ",\"modelVersion\":\"" + MODEL
                + "\"}";
    }

    private static String part(AnthropicStandIn.Block b, String text) {
        if (b instanceof Text) {
            return "{\"text\":" + str(text) + "}";
        }
        ToolUse u = (ToolUse) b;
        return "{\"functionCall\":{\"name\":" + str(u.name()) + ",\"args\":" + u.inputJson() + "}}";
    }

    /** The turn as stream chunks: each text in two halves, each call whole; the last chunk ends the turn. */
    static List<String> chunks(Turn turn) {
        List<String> parts = new ArrayList<>();
        for (AnthropicStandIn.Block b : turn.blocks()) {
            if (b instanceof Text t && t.text().length() > 1) {
                int mid = t.text().length() / 2;
                if (Character.isHighSurrogate(t.text().charAt(mid - 1))) {
                    mid++;
                }
                parts.add(part(b, t.text().substring(0, mid)));
                parts.add(part(b, t.text().substring(mid)));
            } else {
                parts.add(part(b, b instanceof Text t ? t.text() : null));
            }
        }
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            chunks.add(response(parts.get(i), i == parts.size() - 1));
        }
        return chunks;
    }

    /** The turn as one response (a request without a stream). */
    static String whole(Turn turn) {
        StringBuilder parts = new StringBuilder();
        for (AnthropicStandIn.Block b : turn.blocks()) {
            parts.append(parts.length() == 0 ? "" : ",").append(part(b, b instanceof Text t ? t.text() : null));
        }
        return response(parts.toString(), true);
    }
}
