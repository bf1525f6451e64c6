package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the Messages API requires of a request body, checked on the bytes sent. */
final class RequestChecks {
    private RequestChecks() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> check(byte[] body) throws Exception {
        Map<String, Object> request = Json.asObject(Json.parse(new String(body, StandardCharsets.UTF_8)));
        List<Object> system = (List<Object>) request.get("system");
        assertEquals(1, system.size());
        assertNotNull(Json.asObject(system.get(0)).get("cache_control"), "a breakpoint on the system block");
        List<Object> messages = (List<Object>) request.get("messages");
        assertFalse(messages.isEmpty());
        Set<String> toolNames = new HashSet<>();
        if (request.get("tools") instanceof List<?> tools) {
            for (Object t : tools) {
                toolNames.add((String) Json.asObject(t).get("name"));
            }
            assertEquals(Map.of("type", "none"), request.get("tool_choice"), "the session's tools are never called");
        }
        Set<String> ids = new HashSet<>();
        List<String> open = List.of();
        int breakpoints = 0;
        int[] breakpointAt = null;
        String role = null;
        for (int i = 0; i < messages.size(); i++) {
            Map<String, Object> m = Json.asObject(messages.get(i));
            String r = (String) m.get("role");
            assertEquals(i % 2 == 0 ? "user" : "assistant", r, "roles alternate from the user's, at " + i);
            assertFalse(r.equals(role));
            role = r;
            List<Object> content = (List<Object>) m.get("content");
            assertFalse(content.isEmpty(), "message " + i + " has content");
            List<String> calls = new ArrayList<>();
            for (int j = 0; j < content.size(); j++) {
                Map<String, Object> b = Json.asObject(content.get(j));
                if (b.get("cache_control") != null) {
                    breakpoints++;
                    breakpointAt = new int[] {i, j};
                }
                String type = (String) b.get("type");
                switch (type) {
                    case "text" -> assertFalse(((String) b.get("text")).isBlank(), "no blank text at " + i);
                    case "tool_use" -> {
                        assertEquals("assistant", r);
                        String id = (String) b.get("id");
                        assertTrue(id.matches("[A-Za-z0-9_-]+"), id);
                        assertTrue(ids.add(id), "unique id " + id);
                        assertTrue(((String) b.get("name")).matches("[A-Za-z0-9_-]{1,64}"));
                        assertTrue(toolNames.contains(b.get("name")), "tool defined: " + b.get("name"));
                        assertNotNull(Json.asObject(b.get("input")), "input is an object");
                        calls.add(id);
                    }
                    case "tool_result" -> {
                        assertEquals("user", r);
                        assertTrue(j < open.size(), "results come first, one per call, at " + i);
                        assertEquals(open.get(j), b.get("tool_use_id"), "in the calls' order, at " + i);
                    }
                    default -> throw new AssertionError("block type " + type);
                }
            }
            if (r.equals("user")) {
                int results = 0;
                while (results < content.size()
                        && "tool_result"
                                .equals(Json.asObject(content.get(results)).get("type"))) {
                    results++;
                }
                assertEquals(open.size(), results, "every call of message " + (i - 1) + " answered in " + i);
            }
            open = calls;
        }
        assertTrue(open.isEmpty(), "the last message is the user's");
        List<Object> last =
                (List<Object>) Json.asObject(messages.get(messages.size() - 1)).get("content");
        Map<String, Object> question = Json.asObject(last.get(last.size() - 1));
        assertTrue(((String) question.get("text")).startsWith("Question: "), "the question is last");
        assertTrue(breakpoints <= 1);
        if (messages.size() > 1 || last.size() > 1) {
            assertEquals(1, breakpoints, "a breakpoint before the question");
            int[] before = last.size() > 1
                    ? new int[] {messages.size() - 1, last.size() - 2}
                    : new int[] {messages.size() - 2, lastIndex(messages, messages.size() - 2)};
            assertEquals(before[0], breakpointAt[0]);
            assertEquals(before[1], breakpointAt[1]);
        }
        return request;
    }

    @SuppressWarnings("unchecked")
    private static int lastIndex(List<Object> messages, int i) {
        return ((List<Object>) Json.asObject(messages.get(i)).get("content")).size() - 1;
    }

    /** {@link AskSettings#of} for settings a test knows to be valid. */
    static AskSettings settings(
            AskEnvironment env,
            String question,
            String model,
            Integer timeoutSeconds,
            Integer parallel,
            boolean redact,
            boolean dryRun,
            Integer contextTokens,
            AskSettings.Names names) {
        try {
            return AskSettings.of(
                    env, question, model, timeoutSeconds, parallel, redact, dryRun, contextTokens, names, false);
        } catch (io.github.termsprawl.core.UserErrorException e) {
            throw new AssertionError(e);
        }
    }
}
