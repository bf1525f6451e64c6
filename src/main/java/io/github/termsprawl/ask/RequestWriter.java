package io.github.termsprawl.ask;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.Utf8Output;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.TreeSet;

/**
 * Writes a Messages API request body with jackson-core's streaming generator: compact, fields in a fixed
 * order, so the same conversation and question give the same bytes (and the same cached prefix).
 */
final class RequestWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** The structure of every answer (a structured output, {@code output_config.format}). */
    static final String[] ANSWER_FIELDS = {"has_context", "answer", "citations"};

    private final String model;
    private final int maxTokens;
    private final String system;

    RequestWriter(String model, int maxTokens, String system) {
        this.model = model;
        this.maxTokens = maxTokens;
        this.system = system;
    }

    /** @param breakpoint {message, part} that gets the second cache breakpoint, or null */
    byte[] write(List<ApiMessage> messages, int[] breakpoint) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
        try (JsonGenerator g = FACTORY.createGenerator(bytes, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("model", model);
            g.writeNumberField("max_tokens", maxTokens);
            g.writeArrayFieldStart("system");
            g.writeStartObject();
            g.writeStringField("type", "text");
            string(g, "text", system);
            cacheControl(g);
            g.writeEndObject();
            g.writeEndArray();
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
                g.writeArrayFieldStart("tools");
                for (String name : tools) {
                    g.writeStartObject();
                    g.writeStringField("name", name);
                    g.writeStringField("description", "A tool of the recorded session. Do not call it.");
                    g.writeObjectFieldStart("input_schema");
                    g.writeStringField("type", "object");
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeObjectFieldStart("tool_choice");
                g.writeStringField("type", "none");
                g.writeEndObject();
            }
            outputConfig(g);
            g.writeArrayFieldStart("messages");
            for (int i = 0; i < messages.size(); i++) {
                ApiMessage m = messages.get(i);
                g.writeStartObject();
                g.writeStringField("role", m.role);
                g.writeArrayFieldStart("content");
                for (int j = 0; j < m.parts.size(); j++) {
                    part(g, m.parts.get(j), breakpoint != null && breakpoint[0] == i && breakpoint[1] == j);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    private static void outputConfig(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("output_config");
        g.writeObjectFieldStart("format");
        g.writeStringField("type", "json_schema");
        g.writeObjectFieldStart("schema");
        g.writeStringField("type", "object");
        g.writeObjectFieldStart("properties");
        g.writeObjectFieldStart("has_context");
        g.writeStringField("type", "boolean");
        g.writeStringField("description", "whether the conversation holds the answer");
        g.writeEndObject();
        g.writeObjectFieldStart("answer");
        g.writeStringField("type", "string");
        g.writeEndObject();
        g.writeObjectFieldStart("citations");
        g.writeStringField("type", "array");
        g.writeObjectFieldStart("items");
        g.writeStringField("type", "integer");
        g.writeEndObject();
        g.writeStringField("description", "the turn numbers the answer rests on");
        g.writeEndObject();
        g.writeEndObject();
        g.writeArrayFieldStart("required");
        for (String field : ANSWER_FIELDS) {
            g.writeString(field);
        }
        g.writeEndArray();
        g.writeBooleanField("additionalProperties", false);
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void part(JsonGenerator g, ApiMessage.Part p, boolean breakpoint) throws IOException {
        g.writeStartObject();
        if (p instanceof ApiMessage.Text t) {
            g.writeStringField("type", "text");
            string(g, "text", t.text());
        } else if (p instanceof ApiMessage.ToolUse u) {
            g.writeStringField("type", "tool_use");
            g.writeStringField("id", u.id());
            g.writeStringField("name", u.name());
            g.writeFieldName("input");
            JsonWriter.write(u.input(), g, true);
        } else if (p instanceof ApiMessage.ToolResult r) {
            g.writeStringField("type", "tool_result");
            g.writeStringField("tool_use_id", r.id());
            string(g, "content", r.content());
            if (r.error()) {
                g.writeBooleanField("is_error", true);
            }
        }
        if (breakpoint) {
            cacheControl(g);
        }
        g.writeEndObject();
    }

    private static void cacheControl(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("cache_control");
        g.writeStringField("type", "ephemeral");
        g.writeEndObject();
    }

    private static void string(JsonGenerator g, String field, String value) throws IOException {
        g.writeStringField(field, Utf8Output.wellFormed(value));
    }
}
