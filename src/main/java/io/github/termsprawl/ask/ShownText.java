package io.github.termsprawl.ask;

import io.github.termsprawl.core.ControlChars;

/**
 * A model's or a server's words as the text report prints them (docs/ask.md, "Output"): without control
 * characters other than newline and tab ({@link ControlChars}), so an answer cannot move a terminal's cursor or
 * colour what follows; and a line that would read as one of the report's own ({@code ## …},
 * {@code citations: …}) escaped with a backslash, as Markdown escapes it.
 */
final class ShownText {
    /** How the report's own lines start, after the target's {@code ## } heading. */
    private static final String[] OWN_LINES =
            ("## ,citations:,note:,usage:,total:,error:,no context:,failed:,cut:,would send "
                            + ",with a key it would send ,no way to ask:,would ask through ")
                    .split(",");

    private ShownText() {}

    static String of(String raw) {
        String text = ControlChars.strip(raw);
        StringBuilder out = new StringBuilder(text.length() + 16);
        int lineStart = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                line(out, text, lineStart, i);
                if (i < text.length()) {
                    out.append('\n');
                }
                lineStart = i + 1;
            }
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String text, int from, int to) {
        for (String own : OWN_LINES) {
            if (text.startsWith(own, from)) {
                out.append('\\');
                break;
            }
        }
        out.append(text, from, to);
    }
}
