package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.List;

/**
 * Zero-width characters inside a secret (a U+200B between two halves of a {@code ghp_…} token): invisible on a
 * terminal, they split a token so that no rule sees it whole (docs/redaction.md, "Secrets in pairs and
 * commands"). When a text holds one (U+200B, U+200C, U+200D, U+2060, U+FEFF, as itself or as a JSON escape
 * {@code \\u200b}; KeywordScan stops its pass at the first), the rules run on the text without them, and each
 * finding takes back the characters it spanned, the zero-width ones with it.
 */
final class ZeroWidth {
    private ZeroWidth() {}

    static final char[] CHARS = {'\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'};

    private static final String[] ESCAPES = {"200b", "200c", "200d", "2060", "feff"};

    /** Whether a zero-width character, or its JSON escape, stands at {@code i}. */
    static boolean at(String text, int i) {
        char c = text.charAt(i);
        return zeroWidth(c) || (c == '\\' && escape(text, i));
    }

    /** The findings of the text without its zero-width characters, in the text's own places. */
    static List<Redactor.Finding> find(String text) {
        int n = text.length();
        StringBuilder kept = new StringBuilder(n);
        int[] place = new int[n + 1];
        for (int i = 0; i < n; ) {
            char c = text.charAt(i);
            if (zeroWidth(c)) {
                i++;
            } else if (c == '\\' && escape(text, i)) {
                i += 6;
            } else {
                place[kept.length()] = i;
                kept.append(c);
                i++;
            }
        }
        List<Redactor.Finding> found = Redactor.withoutZeroWidth(kept.toString());
        List<Redactor.Finding> out = new ArrayList<>(found.size());
        for (Redactor.Finding f : found) {
            out.add(new Redactor.Finding(place[f.start()], place[f.end() - 1] + 1, f.kind()));
        }
        return out;
    }

    private static boolean zeroWidth(char c) {
        for (char z : CHARS) {
            if (c == z) {
                return true;
            }
        }
        return false;
    }

    /** A JSON escape of a zero-width character at {@code i} ({@code \\u200b}, any case), its backslash not escaped. */
    private static boolean escape(String text, int i) {
        if (i + 6 > text.length() || text.charAt(i + 1) != 'u') {
            return false;
        }
        int slashes = 0;
        while (i - slashes > 0 && text.charAt(i - slashes - 1) == '\\') {
            slashes++;
        }
        if (slashes % 2 != 0) {
            return false;
        }
        for (String e : ESCAPES) {
            if (text.regionMatches(true, i + 2, e, 0, 4)) {
                return true;
            }
        }
        return false;
    }
}
