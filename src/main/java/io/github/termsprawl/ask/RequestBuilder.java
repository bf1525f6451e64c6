package io.github.termsprawl.ask;

import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.Block;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the Messages API request for one target: the conversation with its tool calls and results (each
 * message marked with its turn number), made to fit the model's window, then the question.
 *
 * <p>The messages are made the request's, and what the API requires, by {@link RequestMessages}; a conversation
 * read as it streams comes already converted and kept within its budget ({@link PreparedConversation}).
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
    private final RequestMessages converter;

    /** {@code attachments}: send the harness's attachments too ({@link Block.Attachment#harness}). */
    RequestBuilder(boolean redact, boolean attachments) {
        this.redact = redact;
        this.converter = new RequestMessages(redact, attachments);
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
        PreparedConversation prepared = conversation.prepared();
        if (prepared != null && fitTokens > prepared.maxTokens) {
            throw new IllegalArgumentException(
                    "a conversation read for " + prepared.maxTokens + " tokens asked to fit " + fitTokens);
        }
        PreparedConversation.Parts parts = prepared != null ? prepared.parts : new PreparedConversation.Parts();
        List<ApiMessage> items = prepared != null ? prepared.items() : converter.convert(conversation).items;
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
        List<ApiMessage> messages = RequestMessages.normalize(items, cutNote);
        int firstTurn = items.isEmpty() ? conversation.firstTurn() : items.get(0).turn;
        int[] breakpoint = RequestMessages.appendQuestion(messages, questionText(question));
        byte[] body =
                RequestWriter.write(model, MAX_OUTPUT_TOKENS, systemPrompt(label, conversation), messages, breakpoint);
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

    // ---- fitting ----

    /** Cuts every part larger than {@code cap} bytes to its head; returns how many. */
    private static int truncateLarge(List<ApiMessage> items, long cap, PreparedConversation.Parts parts) {
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
    private static int clearOldResults(
            List<ApiMessage> items, long budget, long[] total, PreparedConversation.Parts parts) {
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
                n++; // cleared as it was read (PreparedConversation): any fit clears it, the oldest first
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
        int marker = PreparedConversation.Parts.markerLength(r.content());
        long n = chars >= 0 ? chars : r.content().length() - marker;
        return new ApiMessage.ToolResult(
                r.id(),
                r.content().substring(0, marker) + "[old tool result cleared to fit the context window: " + n
                        + " characters]",
                r.error());
    }
}
