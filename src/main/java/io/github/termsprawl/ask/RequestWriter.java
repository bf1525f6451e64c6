package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.CompactJsonBytes;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Writes a Messages API request body as it goes ({@link CompactJsonBytes#forRequest()}): compact, fields in a
 * fixed order, so the same conversation and question give the same bytes (and the same cached prefix).
 */
final class RequestWriter {
    /** The structure of every answer (a structured output, {@code output_config.format}). */
    static final String[] ANSWER_FIELDS = {"has_context", "answer", "citations"};

    private RequestWriter() {}

    /** @param breakpoint {message, part} that gets the second cache breakpoint, or null */
    static byte[] write(String model, int maxTokens, String system, List<ApiMessage> messages, int[] breakpoint) {
        CompactJsonBytes g = CompactJsonBytes.forRequest();
        g.ascii("{\"model\":");
        g.string(model);
        g.ascii(",\"max_tokens\":" + maxTokens + ",\"system\":[{\"type\":\"text\",\"text\":");
        g.string(system);
        cacheControl(g);
        g.ascii("}]");
        TreeSet<String> tools = new TreeSet<>();
        for (ApiMessage m : messages) {
            for (ApiMessage.Part p : m.parts) {
                if (p instanceof ApiMessage.ToolUse u) {
                    tools.add(u.name());
                }
            }
        }
        if (!tools.isEmpty()) {
            // the API takes tool_use blocks only with their tools defined; "none" keeps the model from calling them
            String open = ",\"tools\":[{\"name\":";
            for (String name : tools) {
                g.ascii(open);
                open = ",{\"name\":";
                g.string(name);
                g.ascii(",\"description\":\"A tool of the recorded session. Do not call it.\","
                        + "\"input_schema\":{\"type\":\"object\"}}");
            }
            g.ascii("],\"tool_choice\":{\"type\":\"none\"}");
        }
        g.ascii(OUTPUT_CONFIG);
        g.ascii(",\"messages\":[");
        for (int i = 0; i < messages.size(); i++) {
            ApiMessage m = messages.get(i);
            g.ascii(i == 0 ? "{\"role\":" : ",{\"role\":");
            g.string(m.role);
            g.ascii(",\"content\":[");
            for (int j = 0; j < m.parts.size(); j++) {
                if (j > 0) {
                    g.ascii(",");
                }
                part(g, m.parts.get(j), breakpoint != null && breakpoint[0] == i && breakpoint[1] == j);
            }
            g.ascii("]}");
        }
        g.ascii("]}");
        return Arrays.copyOf(g.bytes(), g.size());
    }

    /** The structure of every answer, as its JSON schema (the ASCII of {@link #ANSWER_FIELDS}: no escape). */
    private static final String OUTPUT_CONFIG = ",\"output_config\":{\"format\":{\"type\":\"json_schema\","
            + "\"schema\":{\"type\":\"object\",\"properties\":{"
            + "\"has_context\":{\"type\":\"boolean\",\"description\":\"whether the conversation holds the answer\"},"
            + "\"answer\":{\"type\":\"string\"},"
            + "\"citations\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"},"
            + "\"description\":\"the turn numbers the answer rests on\"}},"
            + "\"required\":[\"" + String.join("\",\"", ANSWER_FIELDS) + "\"],"
            + "\"additionalProperties\":false}}}";

    private static void part(CompactJsonBytes g, ApiMessage.Part p, boolean breakpoint) {
        if (p instanceof ApiMessage.Text t) {
            g.ascii("{\"type\":\"text\",\"text\":");
            g.string(t.text());
        } else if (p instanceof ApiMessage.ToolUse u) {
            g.ascii("{\"type\":\"tool_use\",\"id\":");
            g.string(u.id());
            g.ascii(",\"name\":");
            g.string(u.name());
            g.ascii(",\"input\":");
            g.value(u.input());
        } else if (p instanceof ApiMessage.ToolResult r) { // the parts are sealed: one of these three
            g.ascii("{\"type\":\"tool_result\",\"tool_use_id\":");
            g.string(r.id());
            g.ascii(",\"content\":");
            g.string(r.content());
            if (r.error()) {
                g.ascii(",\"is_error\":true");
            }
        }
        if (breakpoint) {
            cacheControl(g);
        }
        g.ascii("}");
    }

    private static void cacheControl(CompactJsonBytes g) {
        g.ascii(",\"cache_control\":{\"type\":\"ephemeral\"}");
    }
}
