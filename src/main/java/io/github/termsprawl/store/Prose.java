package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.Json;
import java.util.List;
import java.util.Map;

/** The prose of a message's content, as Claude, pi and Gemini write it: a string, or parts with text. */
public final class Prose {
    private Prose() {}

    /**
     * A string as it is; else the {@code text} of each qualifying part joined with {@code \n}; else
     * null (not a string or array, or no part qualifies).
     *
     * @param typedText whether a part must also say {@code "type": "text"} (Claude, pi) or any part with
     *                  a string {@code text} counts (Gemini)
     */
    public static String join(Object content, boolean typedText) {
        if (content instanceof String s) {
            return s;
        }
        if (!(content instanceof List<?> parts)) {
            return null;
        }
        StringBuilder text = null;
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p != null && (!typedText || "text".equals(p.get("type"))) && p.get("text") instanceof String t) {
                text = text == null ? new StringBuilder(t) : text.append('\n').append(t);
            }
        }
        return text == null ? null : text.toString();
    }
}
