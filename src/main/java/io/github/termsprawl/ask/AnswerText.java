package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads the structured answer ({@code has_context}, {@code answer}, {@code citations}) out of the model's text. */
final class AnswerText {
    static final String NOT_STRUCTURED = "the answer was not the JSON object asked for: shown as written";

    /** The fields, and a note when the text was not the structure asked for (null otherwise). */
    record Parsed(boolean hasContext, String answer, List<Integer> citations, String note) {}

    private AnswerText() {}

    static Parsed parse(String text) {
        String t = text == null ? "" : text.strip();
        Map<String, Object> o = object(t);
        if (o == null) {
            int open = t.indexOf('{');
            int close = t.lastIndexOf('}');
            o = open >= 0 && close > open ? object(t.substring(open, close + 1)) : null; // a fenced or framed object
        }
        if (o == null || !(o.get("answer") instanceof String answer)) {
            return new Parsed(!t.isEmpty(), t, List.of(), NOT_STRUCTURED);
        }
        List<Integer> citations = new ArrayList<>();
        if (o.get("citations") instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Json.JsonNumber n) {
                    double v = n.value();
                    if (v == Math.rint(v) && v >= 0 && v <= Integer.MAX_VALUE && !citations.contains((int) v)) {
                        citations.add((int) v);
                    }
                }
            }
        }
        boolean hasContext = !(o.get("has_context") instanceof Boolean b) || b;
        return new Parsed(hasContext, answer, citations, null);
    }

    private static Map<String, Object> object(String text) {
        try {
            return Json.asObject(Json.parse(text));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
