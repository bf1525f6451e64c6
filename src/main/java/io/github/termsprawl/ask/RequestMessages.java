package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A session's messages as a request's (docs/ask.md, "What is sent"): each message's blocks as API content blocks
 * (tool calls as {@code tool_use}, results as {@code tool_result}, reasoning, images and attachments as text),
 * redacted and marked with its turn number; then the whole made what the API requires, whatever the transcript
 * holds: roles alternate (neighbours of one role are merged), the first message is the user's, every
 * {@code tool_use} is answered by a {@code tool_result} at the start of the next message (a missing one is
 * supplied, one whose call is not there becomes text), ids and tool names are of the allowed characters and unique.
 *
 * <p>Apart from {@link RequestBuilder}, which fits what this makes to a budget, so that each reads alone; a
 * conversation read as it streams ({@link PreparedConversation}) converts its messages here too.
 */
final class RequestMessages {
    /**
     * Deeper tool arguments are sent as text, as when Jackson wrote the request (no deeper than 1000 levels): a
     * request keeps its bytes.
     */
    static final int MAX_INPUT_DEPTH = 200;

    static final String MISSING_RESULT = "[no result of this call was recorded]";

    private final boolean redact;
    private final boolean attachments;

    /** {@code attachments}: send the harness's attachments too ({@link Block.Attachment#harness}). */
    RequestMessages(boolean redact, boolean attachments) {
        this.redact = redact;
        this.attachments = attachments;
    }

    /** What a conversion carries from one message to the next: the ids given to calls, so a result finds its call's. */
    static final class Converted {
        final List<ApiMessage> items = new ArrayList<>();
        final Map<String, String> callIds = new HashMap<>();
        final Set<String> usedIds = new HashSet<>();
    }

    Converted convert(Conversation c) {
        Converted out = new Converted();
        List<Message> messages = c.messages();
        for (int i = 0; i < messages.size(); i++) {
            ApiMessage item = convert(messages.get(i), c.firstTurn() + i, out);
            if (item != null) {
                out.items.add(item);
            }
        }
        return out;
    }

    /** One message as the request's, marked with its turn; null when nothing of it is sent. */
    ApiMessage convert(Message m, int turn, Converted out) {
        boolean assistant = m.role() == Role.ASSISTANT;
        if (assistant && m.has(Message.Flag.API_ERROR)) {
            return null; // a failed request, not something the model said
        }
        List<ApiMessage.Part> parts = new ArrayList<>();
        int calls = 0;
        for (Block b : m.blocks()) {
            ApiMessage.Part part = part(b, assistant, turn, calls, out);
            if (part instanceof ApiMessage.ToolUse) {
                calls++;
            }
            if (part != null) {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        mark(parts, marker(turn, m));
        return new ApiMessage(assistant ? ApiMessage.ASSISTANT : ApiMessage.USER, parts, turn);
    }

    private ApiMessage.Part part(Block b, boolean assistant, int turn, int calls, Converted state) {
        if (b instanceof Block.Text t) {
            return t.text().isBlank() ? null : new ApiMessage.Text(send(t.text()));
        }
        if (b instanceof Block.Thinking th) {
            return !assistant || th.redacted() || th.text().isBlank()
                    ? null
                    : new ApiMessage.Text("[thinking] " + send(th.text()));
        }
        if (b instanceof Block.ToolCall call) {
            if (!assistant) {
                return new ApiMessage.Text("[tool call " + call.name() + "] " + send(call.arguments()));
            }
            String args = send(call.arguments());
            return new ApiMessage.ToolUse(
                    callId(call.id(), turn, calls, state),
                    toolName(call.name()),
                    input(args),
                    args == null ? 2 : Sizes.utf8(args));
        }
        if (b instanceof Block.ToolResult r) {
            String content = r.content() == null || r.content().isBlank() ? "(no output)" : send(r.content());
            return new ApiMessage.ToolResult(resultId(r.callId(), turn, state), content, r.error());
        }
        if (b instanceof Block.Image image) {
            return new ApiMessage.Text(image.describe());
        }
        if (b instanceof Block.Attachment a) {
            if (a.harness() && !attachments) {
                return null; // the harness restating itself: it drowns the conversation (docs/ask.md)
            }
            String text = a.text() == null || a.text().isBlank() ? "" : " " + send(a.text());
            return new ApiMessage.Text("[" + (a.kind() == null ? "attachment" : a.kind()) + "]" + text);
        }
        return null;
    }

    private String send(String text) {
        return Redactor.redact(text, redact);
    }

    private static String marker(int turn, Message m) {
        String kind = m.role() == Role.SYSTEM
                ? ", system"
                : m.has(Message.Flag.COMPACT_SUMMARY) ? ", summary of the earlier conversation" : "";
        return "[turn " + turn + kind + "]";
    }

    /** The turn marker goes first: into the first text or result, or as a text of its own before a call. */
    private static void mark(List<ApiMessage.Part> parts, String marker) {
        ApiMessage.Part first = parts.get(0);
        if (first instanceof ApiMessage.Text t) {
            parts.set(0, new ApiMessage.Text(marker + " " + t.text()));
        } else if (first instanceof ApiMessage.ToolResult r) {
            parts.set(0, new ApiMessage.ToolResult(r.id(), marker + " " + r.content(), r.error()));
        } else {
            parts.add(0, new ApiMessage.Text(marker));
        }
    }

    /** A unique id of the allowed characters; the original's results are matched to it. */
    private static String callId(String original, int turn, int k, Converted state) {
        String base = safe(original, 200);
        if (base == null) {
            base = "call_t" + turn + "_" + k;
        }
        String id = base;
        for (int n = 2; !state.usedIds.add(id); n++) {
            id = base + "_" + n;
        }
        if (original != null) {
            state.callIds.put(original, id);
        }
        return id;
    }

    private static String resultId(String original, int turn, Converted state) {
        String id = original == null ? null : state.callIds.get(original);
        if (id != null) {
            return id;
        }
        String safe = safe(original, 200);
        return safe != null ? safe : "result_t" + turn; // no call of that id: it will be sent as text
    }

    private static String toolName(String name) {
        String safe = safe(name, 64);
        return safe != null ? safe : "tool";
    }

    /** {@code value} with every character outside {@code [A-Za-z0-9_-]} made {@code _}, cut to {@code max}; null for none. */
    static String safe(String value, int max) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(value.length(), max));
        for (int i = 0; i < value.length() && out.length() < max; i++) {
            char c = value.charAt(i);
            boolean ok =
                    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
            out.append(ok ? c : '_');
        }
        return out.toString();
    }

    /** The call's arguments as the JSON object {@code input} must be; anything else wrapped as {@code {"input": text}}. */
    static Object input(String arguments) {
        if (arguments != null) {
            try {
                Object value = Json.parse(arguments);
                if (value instanceof Map && depth(value) <= MAX_INPUT_DEPTH) {
                    return value;
                }
            } catch (IOException | RuntimeException e) {
                // not JSON: sent as text
            }
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("input", arguments == null ? "" : arguments);
        return wrapped;
    }

    private static int depth(Object root) {
        int deepest = 0;
        ArrayDeque<Object[]> open = new ArrayDeque<>();
        open.push(new Object[] {root, 1});
        while (!open.isEmpty()) {
            Object[] top = open.pop();
            int d = (Integer) top[1];
            deepest = Math.max(deepest, d);
            if (d > MAX_INPUT_DEPTH) {
                return d;
            }
            Iterable<?> children =
                    top[0] instanceof Map<?, ?> map ? map.values() : top[0] instanceof List<?> list ? list : List.of();
            for (Object child : children) {
                if (child instanceof Map || child instanceof List) {
                    open.push(new Object[] {child, d + 1});
                }
            }
        }
        return deepest;
    }

    // ---- what the API requires ----

    /** Merged, starting with the user, every call answered first thing in the next message. */
    static List<ApiMessage> normalize(List<ApiMessage> items, String leadingNote) {
        List<ApiMessage> out = new ArrayList<>();
        for (ApiMessage item : items) {
            ApiMessage last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.role.equals(item.role)) {
                last.parts.addAll(item.parts);
            } else {
                out.add(new ApiMessage(item.role, item.parts, item.turn));
            }
        }
        if (leadingNote != null || (!out.isEmpty() && out.get(0).role.equals(ApiMessage.ASSISTANT))) {
            ApiMessage.Text note = new ApiMessage.Text(
                    leadingNote != null ? leadingNote : "[The recorded conversation starts with the agent's message.]");
            if (out.isEmpty() || out.get(0).role.equals(ApiMessage.ASSISTANT)) {
                out.add(0, new ApiMessage(ApiMessage.USER, List.of(note), -1));
            } else {
                out.get(0).parts.add(0, note);
            }
        }
        for (int i = 0; i < out.size(); i++) {
            ApiMessage m = out.get(i);
            if (m.role.equals(ApiMessage.USER)) {
                List<String> calls = i > 0 ? callsOf(out.get(i - 1)) : List.of();
                List<ApiMessage.Part> paired = paired(calls, m.parts);
                m.parts.clear();
                m.parts.addAll(paired);
            } else if (i == out.size() - 1 && !callsOf(m).isEmpty()) {
                out.add(new ApiMessage(ApiMessage.USER, List.of(), m.turn)); // answered on the next pass
            }
        }
        return out;
    }

    private static List<String> callsOf(ApiMessage m) {
        List<String> ids = new ArrayList<>();
        if (m.role.equals(ApiMessage.ASSISTANT)) {
            for (ApiMessage.Part p : m.parts) {
                if (p instanceof ApiMessage.ToolUse u) {
                    ids.add(u.id());
                }
            }
        }
        return ids;
    }

    private static List<ApiMessage.Part> paired(List<String> calls, List<ApiMessage.Part> parts) {
        Map<String, ApiMessage.ToolResult> found = new HashMap<>();
        List<ApiMessage.Part> rest = new ArrayList<>();
        for (ApiMessage.Part p : parts) {
            if (p instanceof ApiMessage.ToolResult r) {
                if (calls.contains(r.id()) && !found.containsKey(r.id())) {
                    found.put(r.id(), r);
                } else {
                    rest.add(new ApiMessage.Text("[a tool result whose call is not in this conversation"
                            + (r.error() ? ", an error" : "") + "] " + r.content()));
                }
            } else {
                rest.add(p);
            }
        }
        List<ApiMessage.Part> out = new ArrayList<>();
        for (String id : calls) {
            ApiMessage.ToolResult r = found.get(id);
            out.add(r != null ? r : new ApiMessage.ToolResult(id, MISSING_RESULT, true));
        }
        out.addAll(rest);
        return out;
    }

    /**
     * Adds the question as the last user block; returns the block before it ({message, part}), where the
     * cache breakpoint goes, or null when the conversation is empty.
     */
    static int[] appendQuestion(List<ApiMessage> messages, String question) {
        ApiMessage.Text q = new ApiMessage.Text(question);
        if (messages.isEmpty()) {
            messages.add(new ApiMessage(ApiMessage.USER, List.of(q), -1));
            return null;
        }
        int lastIndex = messages.size() - 1;
        ApiMessage last = messages.get(lastIndex);
        int[] breakpoint = {lastIndex, last.parts.size() - 1};
        if (last.role.equals(ApiMessage.USER)) {
            last.parts.add(q);
        } else {
            messages.add(new ApiMessage(ApiMessage.USER, List.of(q), -1));
        }
        return breakpoint;
    }
}
