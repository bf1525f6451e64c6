package io.github.termsprawl.core;

/**
 * Text from a transcript or a model as it may be printed to a terminal: every control character but newline and
 * tab left out (C0, DEL and C1, so an ANSI escape sequence is inert: its ESC or CSI is gone), docs/context.md and
 * docs/ask.md.
 */
public final class ControlChars {
    private ControlChars() {}

    /** {@code text} without control characters other than {@code \n} and {@code \t}; the same string when it has none. */
    public static String strip(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !isStripped(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length()).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isStripped(c)) {
                out.append(c);
            }
        }
        return out.toString();
    }

    static boolean isStripped(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }
}
