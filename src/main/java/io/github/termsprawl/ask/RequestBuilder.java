package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the Messages API request for one target: the conversation with its tool calls and results (each
 * message marked with its turn number), made to fit the model's window, then the question.
 *
 * <p>What the API requires is enforced here, whatever the transcript holds: roles alternate (neighbours of
 * one role are merged), the first message is the user's, every {@code tool_use} is answered by a
 * {@code tool_result} at the start of the next message (a missing one is supplied, one whose call is not
 * there becomes text), ids and tool names are of the allowed characters and unique.
 *
 * <p>To fit, in this order: a single block larger than a quarter of the budget is cut to its head; old tool
 * results are cleared, oldest first, the last {@link #KEEP_RECENT_RESULTS} kept (as Claude Code's
 * microcompaction does); then the conversation is cut from the front at a message boundary, so that it
 * resumes with something the user said. Each step leaves a note in the request and in the answer.
 */
final class RequestBuilder {
    static final int MAX_OUTPUT_TOKENS = 8192;
    /** The system prompt, the schema, the tool list and the framing of the question. */
    static final int RESERVE_TOKENS = 2048;

    static final int KEEP_RECENT_RESULTS = 8;
    /** Deeper tool arguments are sent as text: Jackson writes no deeper than 1000 levels. */
    static final int MAX_INPUT_DEPTH = 200;

    static final String MISSING_RESULT = "[no result of this call was recorded]";

    /**
     * A built request, and what was done to fit it.
     *
     * @param budgetTokens the conversation's budget
     * @param requestBudgetTokens the whole request's: the conversation's, the question's and the reserve's;
     *     {@code estimatedTokens} is within it
     */
    record Built(
            byte[] body,
            int messages,
            int firstTurn,
            int lastTurn,
            int cutTo,
            int cleared,
            int truncated,
            long estimatedTokens,
            long budgetTokens,
            long requestBudgetTokens,
            List<String> notes) {
        Built {
            notes = List.copyOf(notes);
        }
    }

    private final boolean redact;
    private final boolean attachments;

    RequestBuilder(boolean redact) {
        this(redact, false);
    }

    /** {@code attachments}: send the harness's attachments too ({@link Block.Attachment#harness}). */
    RequestBuilder(boolean redact, boolean attachments) {
        this.redact = redact;
        this.attachments = attachments;
    }

    /** The tokens the conversation may take: the window, less the answer, the framing and the question. */
    static long defaultBudget(AskSettings settings) {
        return settings.windowTokens()
                - MAX_OUTPUT_TOKENS
                - RESERVE_TOKENS
                - Sizes.tokens(Sizes.utf8(settings.question()));
    }

    Built build(Conversation conversation, String label, String question, String model, long budgetTokens) {
        // the budget is the conversation's; the request adds the question and the reserve, and a cut its note:
        // the estimate is compared with all of them, and a request over it is fitted again, each time by the
        // tokens it was over, so that what a dry run reports is within what it names (docs/ask.md, "Too large")
        long requestBudget = budgetTokens + RESERVE_TOKENS + Sizes.tokens(Sizes.utf8(question));
        Built built = build(conversation, label, question, model, budgetTokens, budgetTokens, requestBudget);
        long fit = budgetTokens;
        for (int i = 0; i < 4 && built.estimatedTokens() > requestBudget && fit > 1; i++) {
            fit = Math.max(1, fit - (built.estimatedTokens() - requestBudget));
            built = build(conversation, label, question, model, fit, budgetTokens, requestBudget);
        }
        return built;
    }

    /**
     * The request with its conversation cut to fit {@code fitTokens}; notes name {@code budgetTokens}, and the
     * request is reported against {@code requestBudget}.
     */
    private Built build(
            Conversation conversation,
            String label,
            String question,
            String model,
            long fitTokens,
            long budgetTokens,
            long requestBudget) {
        Prepared prepared = conversation.prepared();
        if (prepared != null && fitTokens > prepared.maxTokens) {
            throw new IllegalArgumentException(
                    "a conversation read for " + prepared.maxTokens + " tokens asked to fit " + fitTokens);
        }
        Parts parts = prepared != null ? prepared.parts : new Parts();
        List<ApiMessage> items = prepared != null ? prepared.items() : convert(conversation).items;
        List<String> notes = new ArrayList<>();
        long budget = Math.max(1, fitTokens) * Sizes.BYTES_PER_TOKEN;
        long total = 0;
        for (ApiMessage m : items) {
            total += parts.size(m);
        }
        int truncated = 0;
        int cleared = 0;
        // turns let go: the whole conversation was over the budget, and is after each step
        boolean over = prepared != null && prepared.over();
        if (over || total > budget) {
            long cap = Math.max(4000, budget / 4);
            truncated = truncateLarge(items, cap, parts) + (prepared == null ? 0 : prepared.omittedOver(cap));
            total = sizeOf(items);
        }
        if (over || total > budget) {
            long[] left = {total};
            cleared = clearOldResults(items, budget, left, parts)
                    + (prepared == null ? 0 : prepared.omittedCleared(items));
            total = left[0];
        }
        int cutTo = -1;
        if (over || total > budget) {
            int drop = 0;
            while (drop < items.size() - 1 && total > budget) {
                total -= items.get(drop++).size();
            }
            while (drop < items.size() - 1
                    && (items.get(drop).role.equals(ApiMessage.ASSISTANT)
                            || items.get(drop).onlyToolResults())) {
                total -= items.get(drop++).size(); // resume with something the user said
            }
            cutTo = items.get(drop).turn - 1;
            items = new ArrayList<>(items.subList(drop, items.size()));
        }
        if (truncated > 0) {
            notes.add(truncated + " oversized block"
                    + (truncated == 1 ? " was cut to its head" : "s were cut to their heads"));
        }
        if (cleared > 0) {
            notes.add(cleared + " old tool result" + (cleared == 1 ? " was" : "s were") + " cleared to fit (the last "
                    + KEEP_RECENT_RESULTS + " kept)");
        }
        String cutNote = null;
        if (cutTo >= 0) {
            notes.add("turns " + conversation.firstTurn() + "-" + cutTo + " were left out (the front of the"
                    + " conversation) to fit ~" + budgetTokens + " tokens");
            cutNote = "[Turns " + conversation.firstTurn() + "-" + cutTo
                    + " of this conversation were left out to fit the context window; it resumes at turn "
                    + (cutTo + 1) + ".]";
        }
        List<ApiMessage> messages = normalize(items, cutNote);
        int firstTurn = items.isEmpty() ? conversation.firstTurn() : items.get(0).turn;
        int[] breakpoint = appendQuestion(messages, questionText(question));
        RequestWriter writer = new RequestWriter(model, MAX_OUTPUT_TOKENS, systemPrompt(label, conversation));
        byte[] body = writer.write(messages, breakpoint);
        long estimate = Sizes.tokens(sizeOf(messages)) + RESERVE_TOKENS;
        return new Built(
                body,
                messages.size(),
                firstTurn,
                conversation.lastTurn(),
                cutTo,
                cleared,
                truncated,
                estimate,
                budgetTokens,
                requestBudget,
                notes);
    }

    static String systemPrompt(String label, Conversation c) {
        return "You answer questions about one recorded session of a coding agent: the conversation in the"
                + " messages, read from its transcript (" + label + ", " + c.describe() + "). Each message starts"
                + " with its turn number, [turn N]. The tools listed are the session's own, there only so that"
                + " its calls can be read: call none.\n"
                + "Answer only from that conversation, not from general knowledge or guesses. When it does not"
                + " hold the answer, set has_context to false and say in one sentence what it does cover. Put"
                + " in citations the turn numbers your answer rests on.";
    }

    private String questionText(String question) {
        return "Question: " + Redactor.redact(question, redact);
    }

    private static long sizeOf(List<ApiMessage> messages) {
        long size = 0;
        for (ApiMessage m : messages) {
            size += m.size();
        }
        return size;
    }

    // ---- conversion ----

    private static final class Converted {
        final List<ApiMessage> items = new ArrayList<>();
        final Map<String, String> callIds = new HashMap<>();
        final Set<String> usedIds = new HashSet<>();
    }

    private Converted convert(Conversation c) {
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
    private ApiMessage convert(Message m, int turn, Converted out) {
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

    // ---- fitting ----

    /** Cuts every part larger than {@code cap} bytes to its head; returns how many. */
    private static int truncateLarge(List<ApiMessage> items, long cap, Parts parts) {
        int n = 0;
        for (ApiMessage m : items) {
            for (int i = 0; i < m.parts.size(); i++) {
                ApiMessage.Part p = m.parts.get(i);
                if (parts.clearedSize(p) >= 0) {
                    n += parts.clearedSize(p) > cap ? 1 : 0; // cleared before it was cut: it was cut too
                    continue;
                }
                if (parts.size(p) <= cap) {
                    continue;
                }
                n++;
                long chars = parts.chars(p);
                ApiMessage.Part cut;
                if (p instanceof ApiMessage.Text t) {
                    cut = new ApiMessage.Text(head(t.text(), chars, cap));
                } else if (p instanceof ApiMessage.ToolResult r) {
                    cut = new ApiMessage.ToolResult(r.id(), head(r.content(), chars, cap), r.error());
                } else if (p instanceof ApiMessage.ToolUse u) {
                    Map<String, Object> input = new LinkedHashMap<>();
                    String text = head(parts.json(u), chars, cap);
                    input.put("input", text);
                    cut = new ApiMessage.ToolUse(u.id(), u.name(), input, Sizes.utf8(text));
                } else {
                    continue;
                }
                parts.cut(cut, chars);
                m.parts.set(i, cut);
            }
        }
        return n;
    }

    /**
     * The head of a text of {@code chars} characters ({@code text} holds at least what is kept of it), with a note of
     * what was cut.
     */
    private static String head(String text, long chars, long cap) {
        int keep = (int) Math.min(Math.min(text.length(), chars), Math.max(0, cap - 200));
        if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return text.substring(0, keep) + "\n[... " + (chars - keep)
                + " more characters were cut to fit the context window]";
    }

    /** Clears results oldest first until {@code total[0]} fits, keeping the last few; returns how many. */
    private static int clearOldResults(List<ApiMessage> items, long budget, long[] total, Parts parts) {
        List<int[]> results = new ArrayList<>();
        for (int m = 0; m < items.size(); m++) {
            List<ApiMessage.Part> ps = items.get(m).parts;
            for (int p = 0; p < ps.size(); p++) {
                if (ps.get(p) instanceof ApiMessage.ToolResult) {
                    results.add(new int[] {m, p});
                }
            }
        }
        int n = 0;
        for (int i = 0; i < results.size() - KEEP_RECENT_RESULTS; i++) {
            List<ApiMessage.Part> ps = items.get(results.get(i)[0]).parts;
            ApiMessage.ToolResult r = (ApiMessage.ToolResult) ps.get(results.get(i)[1]);
            if (parts.clearedSize(r) >= 0) {
                n++; // cleared as it was read (Prepared): any fit clears it, the oldest first
                continue;
            }
            if (total[0] <= budget) {
                break;
            }
            n++;
            ApiMessage.ToolResult shorter = cleared(r, parts.originalChars(r));
            total[0] -= r.size() - shorter.size();
            ps.set(results.get(i)[1], shorter);
        }
        return n;
    }

    /**
     * A result cleared: its turn marker, then how many characters it had ({@code chars}: before any cut, without the
     * marker; -1: those of its content).
     */
    static ApiMessage.ToolResult cleared(ApiMessage.ToolResult r, long chars) {
        String content = r.content();
        String marker = "";
        if (content.startsWith("[turn ")) {
            int end = content.indexOf("] ");
            if (end > 0) {
                marker = content.substring(0, end + 2);
                content = content.substring(end + 2);
            }
        }
        long n = chars >= 0 ? chars : content.length();
        return new ApiMessage.ToolResult(
                r.id(),
                marker + "[old tool result cleared to fit the context window: " + n + " characters]",
                r.error());
    }

    /**
     * What the parts of a conversation read as it streams ({@link Prepared}) were before it was made to fit: a part
     * kept only as the head any budget would cut it to (its characters and size then), a result cleared as it was
     * read (its size before), a part cut here (its characters before). By identity: the parts are the ones made.
     */
    static final class Parts {
        private final Map<ApiMessage.Part, long[]> shortened = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, Long> cleared = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, Long> cut = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, String> json = new IdentityHashMap<>();

        /** A part's size before any fit: as read, before it was kept short or cleared. */
        long size(ApiMessage.Part p) {
            long[] s = shortened.get(p);
            if (s != null) {
                return s[1];
            }
            Long c = cleared.get(p);
            return c != null ? c : p.size();
        }

        /** Lets go of what is known of a turn's parts (the turn was let go). */
        void forget(ApiMessage item) {
            for (ApiMessage.Part p : item.parts) {
                shortened.remove(p);
                cleared.remove(p);
                json.remove(p);
            }
        }

        long size(ApiMessage m) {
            long size = 32;
            for (ApiMessage.Part p : m.parts) {
                size += size(p);
            }
            return size;
        }

        /** The characters of a text, result or call's JSON, before it was kept short. */
        long chars(ApiMessage.Part p) {
            long[] s = shortened.get(p);
            if (s != null) {
                return s[0];
            }
            if (p instanceof ApiMessage.Text t) {
                return t.text().length();
            }
            if (p instanceof ApiMessage.ToolResult r) {
                return r.content().length();
            }
            return json((ApiMessage.ToolUse) p).length();
        }

        /** A call's arguments as the text a cut keeps the head of. */
        String json(ApiMessage.ToolUse u) {
            String kept = json.get(u);
            return kept != null ? kept : JsonWriter.compact(u.input());
        }

        /** A result's characters without its marker before a cut or as read; -1: those it has. */
        long originalChars(ApiMessage.ToolResult r) {
            Long before = cut.get(r);
            return before != null ? before - markerLength(r.content()) : -1;
        }

        /** The size a result had before it was cleared as it was read; -1 for any other part. */
        long clearedSize(ApiMessage.Part p) {
            Long s = cleared.get(p);
            return s == null ? -1 : s;
        }

        void cut(ApiMessage.Part p, long chars) {
            cut.put(p, chars);
        }

        static int markerLength(String content) {
            if (content.startsWith("[turn ")) {
                int end = content.indexOf("] ");
                if (end > 0) {
                    return end + 2;
                }
            }
            return 0;
        }
    }

    /**
     * A conversation converted as it is read, holding no more of it than a request of at most {@code maxTokens}
     * could take (docs/ask.md, "Too large"). Once the whole is over that budget (every fit then cuts and clears),
     * a part longer than any fit lets one be is kept as the head a cut keeps; a result any fit clears (eight newer
     * ones follow it, and the conversation is over the budget before it is cleared, every part as small as a fit
     * leaves it) is kept cleared; and a turn that the newer ones alone, as small as any fit leaves them, push out of
     * the budget is let go, only counted. A request built from it is the one built from the whole conversation, for
     * any fit down to a quarter of {@code maxTokens} (a fit shrinks by what the last estimate was over; a retry after
     * the API's count by a tenth or three).
     */
    final class Prepared {
        final long maxTokens;
        final Parts parts = new Parts();
        private final Converted state = new Converted();
        private final java.util.ArrayDeque<Slot> slots = new java.util.ArrayDeque<>();
        /** The uncleared results, oldest first: {slot, item, index of the part}. */
        private final java.util.ArrayDeque<Object[]> pending = new java.util.ArrayDeque<>();

        private final long budget;
        private final long cap;
        /** What a cut leaves of a part at the least, for any fit down to a quarter of the budget. */
        private final long least;

        private long total;
        private boolean over;
        /** The whole conversation as small as a fit can make it before a result is cleared: parts, results cleared. */
        private long leastParts;

        private long clearedResults;
        private long pendingResults;
        /** The kept turns as small as any fit leaves them (every result as cleared). */
        private long floor;

        private int omitted;
        private int omittedResults;
        private final List<Long> omittedBig = new ArrayList<>();

        private Prepared(long maxTokens) {
            this.maxTokens = maxTokens;
            this.budget = Math.max(1, maxTokens) * Sizes.BYTES_PER_TOKEN;
            this.cap = Math.max(4000, budget / 4);
            this.least = Math.max(4000, budget / 16) - 200;
        }

        /** The next message of the conversation, turn {@code turn}. */
        void add(Message m, int turn) {
            ApiMessage item = convert(m, turn, state);
            Slot slot = new Slot(light(m), item);
            slots.addLast(slot);
            if (item != null) {
                total += item.size();
                for (int i = 0; i < item.parts.size(); i++) {
                    ApiMessage.Part p = item.parts.get(i);
                    if (p instanceof ApiMessage.ToolResult r) {
                        slot.floor += cleared(r, -1).size();
                        pendingResults += Math.min(p.size(), least);
                        pending.addLast(new Object[] {slot, item, i});
                    } else {
                        slot.floor += Math.min(p.size(), least);
                        leastParts += Math.min(p.size(), least);
                    }
                }
                floor += slot.floor;
            }
            if (!over && total > budget) {
                over = true;
                for (Slot s : slots) {
                    shorten(s.item);
                }
            } else if (over) {
                shorten(item);
            }
            clear();
            while (slots.size() > 1 && floor - slots.peekFirst().floor > budget) {
                drop(slots.pollFirst());
            }
        }

        /** Keeps each part longer than any fit lets one be as the head a cut keeps, and what it was. */
        private void shorten(ApiMessage item) {
            if (item == null) {
                return;
            }
            for (int i = 0; i < item.parts.size(); i++) {
                ApiMessage.Part p = item.parts.get(i);
                if (p.size() <= cap || parts.shortened.containsKey(p) || parts.cleared.containsKey(p)) {
                    continue;
                }
                long chars = parts.chars(p);
                int keep = (int) Math.min(chars, cap);
                ApiMessage.Part head;
                if (p instanceof ApiMessage.Text t) {
                    head = new ApiMessage.Text(t.text().substring(0, keep));
                } else if (p instanceof ApiMessage.ToolResult r) {
                    head = new ApiMessage.ToolResult(r.id(), r.content().substring(0, keep), r.error());
                } else {
                    ApiMessage.ToolUse u = (ApiMessage.ToolUse) p;
                    head = new ApiMessage.ToolUse(u.id(), u.name(), Map.of(), 0);
                    parts.json.put(head, parts.json(u).substring(0, keep));
                }
                parts.shortened.put(head, new long[] {chars, p.size()});
                item.parts.set(i, head);
            }
        }

        /** Clears the oldest results any fit clears (see the class comment), as the fit would. */
        private void clear() {
            while (over && pending.size() > KEEP_RECENT_RESULTS) {
                Object[] q = pending.peekFirst();
                ApiMessage item = (ApiMessage) q[1];
                int i = (Integer) q[2];
                ApiMessage.ToolResult r = (ApiMessage.ToolResult) item.parts.get(i);
                if (leastParts + clearedResults + pendingResults <= budget) {
                    return; // a fit may stop clearing before this one
                }
                pending.pollFirst();
                clearAt(item, i, r);
            }
        }

        private void clearAt(ApiMessage item, int i, ApiMessage.ToolResult r) {
            pendingResults -= Math.min(parts.size(r), least);
            ApiMessage.ToolResult done = cleared(r, parts.chars(r) - Parts.markerLength(r.content()));
            clearedResults += done.size();
            parts.cleared.put(done, parts.size(r));
            parts.shortened.remove(r);
            item.parts.set(i, done);
        }

        private void drop(Slot s) {
            floor -= s.floor;
            omitted++;
            if (s.item == null) {
                return;
            }
            for (int i = 0; i < s.item.parts.size(); i++) {
                ApiMessage.Part p = s.item.parts.get(i);
                if (parts.size(p) > 4000) {
                    omittedBig.add(parts.size(p));
                }
                if (p instanceof ApiMessage.ToolResult r) {
                    omittedResults++;
                    if (!parts.cleared.containsKey(r)) {
                        clearAt(s.item, i, r); // older than what is kept: every fit clears it
                    }
                }
            }
            for (java.util.Iterator<Object[]> it = pending.iterator(); it.hasNext(); ) {
                if (it.next()[0] == s) {
                    it.remove();
                }
            }
            parts.forget(s.item);
        }

        /** The bytes of the kept turns' parts: what the conversation holds of the session's text. */
        long held() {
            long n = 0;
            for (Slot s : slots) {
                if (s.item != null) {
                    for (ApiMessage.Part p : s.item.parts) {
                        n += p.size();
                    }
                }
            }
            return n;
        }

        /** How many turns were let go. */
        int omitted() {
            return omitted;
        }

        /** Whether turns were let go: then every fit cuts, clears and drops from the front. */
        boolean over() {
            return omitted > 0;
        }

        /** How many parts of the turns let go a cut at {@code cap} would have cut. */
        int omittedOver(long cap) {
            int n = 0;
            for (long size : omittedBig) {
                n += size > cap ? 1 : 0;
            }
            return n;
        }

        /** How many results of the turns let go any fit clears: all but those among the last eight. */
        int omittedCleared(List<ApiMessage> items) {
            int keptResults = 0;
            for (ApiMessage m : items) {
                for (ApiMessage.Part p : m.parts) {
                    keptResults += p instanceof ApiMessage.ToolResult ? 1 : 0;
                }
            }
            return Math.max(0, omittedResults - Math.max(0, KEEP_RECENT_RESULTS - keptResults));
        }

        /** The kept turns' request messages, each a copy a fit may change. */
        List<ApiMessage> items() {
            List<ApiMessage> out = new ArrayList<>();
            for (Slot s : slots) {
                if (s.item != null) {
                    out.add(new ApiMessage(s.item.role, s.item.parts, s.item.turn));
                }
            }
            return out;
        }

        /** The conversation: the turns kept (their messages without blocks, for citations), after those let go. */
        Conversation conversation(Conversation whole) {
            List<Message> messages = new ArrayList<>();
            for (Slot s : slots) {
                messages.add(s.message);
            }
            return new Conversation(
                    messages,
                    whole.firstTurn(),
                    omitted,
                    whole.window(),
                    whole.windows(),
                    whole.store(),
                    whole.file(),
                    whole.sessionId(),
                    this);
        }
    }

    /** A turn kept: its message without its blocks (they are in {@code item}), and its request message or null. */
    private static final class Slot {
        final Message message;
        final ApiMessage item;
        long floor;

        Slot(Message message, ApiMessage item) {
            this.message = message;
            this.item = item;
        }
    }

    private static Message light(Message m) {
        return new Message(m.role(), List.of(), m.timestamp(), m.id(), m.parentId(), m.source(), m.flags());
    }

    /** A conversation to be read as it streams, for requests of at most {@code maxTokens} of conversation. */
    Prepared prepare(long maxTokens) {
        return new Prepared(maxTokens);
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
