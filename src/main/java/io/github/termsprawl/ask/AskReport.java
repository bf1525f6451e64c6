package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.store.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The answers as printed: readable text per target and a summary, or one JSON document. */
public final class AskReport {
    private AskReport() {}

    /**
     * One block per target ({@code ## <target> (<window, turns>)}, the answer, its citations with their
     * source lines, notes, usage), then the total usage, the targets without context and those that failed.
     */
    public static String text(List<Ask.Result> results, AskSettings settings) {
        StringBuilder out = new StringBuilder();
        Usage total = Usage.NONE;
        int answers = 0;
        List<String> noContext = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Ask.Result r : results) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append("## ").append(title(r)).append('\n');
            if (r.failed()) {
                out.append("error: ").append(ShownText.of(r.error())).append('\n');
                failed.add(r.target().label());
                continue;
            }
            if (r.answer() == null) {
                if (r.dryRunWay() != null) {
                    // our own line (a path in it may hold a line break: one line still)
                    out.append(r.dryRunWay().replaceAll("[\\r\\n\\u2028\\u2029]", " "))
                            .append('\n');
                }
                dryRun(out, r.request(), settings, r.dryRunWay() != null);
                continue;
            }
            Answer a = r.answer();
            out.append(a.answer().isEmpty() ? "(no answer)" : ShownText.of(a.answer()))
                    .append('\n');
            if (!a.citations().isEmpty()) {
                out.append("citations: ");
                for (int i = 0; i < a.citations().size(); i++) {
                    int turn = a.citations().get(i);
                    String source = source(r.conversation(), turn);
                    out.append((i == 0 ? "" : ", ") + "turn " + turn
                            + (!exists(r.conversation(), turn)
                                    ? " (no such turn)"
                                    : source == null ? "" : " (" + source + ")"));
                }
                out.append('\n');
            }
            for (String note : a.notes()) {
                out.append("note: ").append(ShownText.of(note)).append('\n');
            }
            if (!a.backend().equals("none")) {
                out.append("usage: " + a.usage().describe() + " (" + a.backend() + ")\n");
                total = total.plus(a.usage());
                answers++;
            }
            if (!a.hasContext()) {
                noContext.add(title(r));
            }
        }
        if (!settings.dryRun()) {
            out.append(
                    "\ntotal: " + total.describe() + " over " + answers + (answers == 1 ? " answer\n" : " answers\n"));
        }
        if (!noContext.isEmpty()) {
            out.append("no context: ").append(String.join(", ", noContext)).append('\n');
        }
        if (!failed.isEmpty()) {
            out.append("failed: ").append(String.join(", ", failed)).append('\n');
        }
        return out.toString();
    }

    private static String title(Ask.Result r) {
        return r.conversation() == null
                ? r.target().label()
                : r.target().label() + " (" + r.conversation().describe() + ")";
    }

    /** @param noKey no key was given: the request is what a run with one would send */
    private static void dryRun(StringBuilder out, RequestBuilder.Built b, AskSettings settings, boolean noKey) {
        out.append((noKey ? "with a key it would send " : "would send ") + b.messages() + " messages (turns "
                + b.firstTurn() + "-" + b.lastTurn() + "), " + Sizes.describe(b.body().length) + ", ~"
                + b.estimatedTokens() + " tokens (budget ~" + b.requestBudgetTokens() + ") to " + settings.model()
                + " at " + AnthropicClient.endpoint(settings.baseUrl()) + "\n");
        for (String note : b.notes()) {
            out.append("cut: ").append(note).append('\n');
        }
    }

    /** Whether the conversation sent holds that turn: a model may cite one it made up. */
    static boolean exists(Conversation c, int turn) {
        int i = turn - c.firstTurn() - c.omitted();
        return i >= 0 && i < c.messages().size();
    }

    /** Where a cited turn was read ({@code /p/s.jsonl:12}), or null when it is not one of the conversation's. */
    static String source(Conversation c, int turn) {
        if (!exists(c, turn)) {
            return null;
        }
        Message m = c.messages().get(turn - c.firstTurn() - c.omitted());
        return m.source() == null ? null : m.source().cite();
    }

    /** The same as one JSON document (two-space indent, as the project's files). */
    public static String json(List<Ask.Result> results, AskSettings settings) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("question", settings.question());
        doc.put("model", settings.model());
        if (settings.dryRun()) {
            doc.put("dry_run", Boolean.TRUE);
        }
        List<Object> answers = new ArrayList<>();
        Usage total = Usage.NONE;
        List<Object> noContext = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (Ask.Result r : results) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("target", r.target().label());
            o.put("node", r.target().node() == null ? Json.NULL : r.target().node());
            Conversation c = r.conversation();
            if (c != null) {
                o.put("transcript", c.file().toString());
                o.put("store", c.store().id());
                if (c.windows() > 0) {
                    o.put("window", number(c.window()));
                    o.put("windows", number(c.windows()));
                }
                o.put("first_turn", number(c.firstTurn()));
                o.put("last_turn", number(c.lastTurn()));
            }
            if (r.failed()) {
                o.put("error", r.error());
                failed.add(r.target().label());
            } else if (r.answer() != null) {
                Answer a = r.answer();
                o.put("has_context", a.hasContext());
                o.put("answer", a.answer());
                List<Object> citations = new ArrayList<>();
                for (int turn : a.citations()) {
                    Map<String, Object> cite = new LinkedHashMap<>();
                    cite.put("turn", number(turn));
                    cite.put("exists", exists(c, turn));
                    String source = source(c, turn);
                    cite.put("source", source == null ? Json.NULL : source);
                    citations.add(cite);
                }
                o.put("citations", citations);
                o.put("notes", new ArrayList<Object>(a.notes()));
                o.put("backend", a.backend());
                o.put("usage", usage(a.usage()));
                total = total.plus(a.usage());
                if (!a.hasContext()) {
                    noContext.add(r.target().label());
                }
            } else {
                RequestBuilder.Built b = r.request();
                Map<String, Object> would = new LinkedHashMap<>();
                would.put("messages", number(b.messages()));
                would.put("first_turn", number(b.firstTurn()));
                would.put("bytes", number(b.body().length));
                would.put("estimated_tokens", number(b.estimatedTokens()));
                would.put("budget_tokens", number(b.requestBudgetTokens()));
                would.put("notes", new ArrayList<Object>(b.notes()));
                o.put("request", would);
                if (r.dryRunWay() != null) {
                    o.put("without_key", r.dryRunWay());
                }
            }
            answers.add(o);
        }
        doc.put("answers", answers);
        doc.put("total", usage(total));
        doc.put("no_context", noContext);
        doc.put("failed", failed);
        return JsonWriter.write(doc);
    }

    private static Map<String, Object> usage(Usage u) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("input_tokens", number(u.input()));
        o.put("cache_read_input_tokens", number(u.cacheRead()));
        o.put("cache_creation_input_tokens", number(u.cacheWrite()));
        o.put("output_tokens", number(u.output()));
        return o;
    }

    private static Json.JsonNumber number(java.math.BigDecimal n) {
        return new Json.JsonNumber(Usage.text(n));
    }

    private static Json.JsonNumber number(long n) {
        return new Json.JsonNumber(Long.toString(n));
    }
}
