package io.github.termsprawl.redact;

/**
 * An AWS secret access key found by its pair (docs/redaction.md, "Secrets in pairs and commands"): 40 random
 * base64 characters within a few lines of an access key id, before or after it ({@code my keys: AKIA… / wJalr…},
 * {@code the secret is wJalr… for AKIA…}). The scanners find the id and miss the secret beside it; alone, 40
 * base64 characters are too common a shape to redact.
 */
final class AwsPair {
    private AwsPair() {}

    /** How many lines before and after the id's line the secret may stand on. */
    static final int LINES = 3;

    /** How far, in characters, the search goes either way, however short the lines. */
    private static final int REACH = 600;

    private static final int ID = 20;

    private static final int SECRET = 40;

    static int detect(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int end = idEnd(text, at);
        if (end < 0) {
            return -1;
        }
        String id = text.substring(at, end);
        if (Entropy.bits(id) < 3 || Placeholders.maskedToken(id)) {
            return end; // AWS's documented sample id, or a masked one: no pair
        }
        int from = linesBefore(text, at);
        int to = linesAfter(text, end);
        int i = from;
        if (i > 0 && secretChar(text.charAt(i - 1))) {
            while (i < to && secretChar(text.charAt(i))) {
                i++; // a run cut by the window's start: not one to judge
            }
        }
        while (i < to) {
            if (!secretChar(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            int stop = Math.min(text.length(), start + SECRET + 2);
            while (i < stop && secretChar(text.charAt(i))) {
                i++;
            }
            if (i < text.length() && secretChar(text.charAt(i))) {
                while (i < to && secretChar(text.charAt(i))) {
                    i++; // longer than a secret: base64 data, a hash, a path; never read past the window
                }
                continue;
            }
            if (i - start == SECRET + 1 && escapedLineEnd(text, start)) {
                start++; // "\nwJalr…" in JSON text: the n belongs to the escape
            }
            if (i - start == SECRET && (i >= text.length() || text.charAt(i) != '=') && secretLike(text, start, i)) {
                scan.add(start, i, rule.kind, rule.index);
            }
        }
        return end;
    }

    /** The end of an access key id at {@code at} ({@code AKIA} and 16 base-32 characters), or -1. */
    private static int idEnd(String text, int at) {
        int end = at + ID;
        if (end > text.length() || !(KeywordScan.wordStart(text, at) || KeywordScan.inPathSegment(text, at))) {
            return -1;
        }
        boolean a3t = text.startsWith("A3T", at);
        if (a3t && !upperOrDigit(text.charAt(at + 3))) {
            return -1;
        }
        for (int i = at + 4; i < end; i++) {
            char c = text.charAt(i);
            if (!((c >= 'A' && c <= 'Z') || (c >= '2' && c <= '7'))) {
                return -1;
            }
        }
        return end < text.length() && KeywordScan.wordChar(text.charAt(end)) ? -1 : end;
    }

    private static boolean upperOrDigit(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /**
     * Random base64 of the secret's length: upper and lower case and digits, varied, not a path (a leading
     * {@code /}, or more slashes than chance gives), not a sample or masked value.
     */
    private static boolean secretLike(String text, int start, int end) {
        String run = text.substring(start, end);
        if ((Entropy.mask(run) & 7) != 7 || run.charAt(0) == '/' || Entropy.bits(run) < 4) {
            return false;
        }
        int slashes = 0;
        for (int i = 0; i < run.length(); i++) {
            slashes += run.charAt(i) == '/' ? 1 : 0;
        }
        return slashes <= 4 && !Placeholders.maskedToken(run);
    }

    private static boolean secretChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '+';
    }

    private static boolean escapedLineEnd(String text, int at) {
        return at > 0 && text.charAt(at - 1) == '\\' && "nrt".indexOf(text.charAt(at)) >= 0;
    }

    /** The start of the line {@link #LINES} lines before the one of {@code at}, plain or JSON-escaped. */
    private static int linesBefore(String text, int at) {
        int floor = Math.max(0, at - REACH);
        int lines = 0;
        for (int i = at - 1; i >= floor; i--) {
            if (lineEnd(text, i) && ++lines > LINES) {
                return i + 1;
            }
        }
        return floor;
    }

    /** The end of the line {@link #LINES} lines after the one that {@code end} is on. */
    private static int linesAfter(String text, int end) {
        int ceiling = Math.min(text.length(), end + REACH);
        int lines = 0;
        for (int i = end; i < ceiling; i++) {
            if (lineEnd(text, i) && ++lines > LINES) {
                return i;
            }
        }
        return ceiling;
    }

    /** A line end at {@code i}: {@code \n}, or the {@code n} of an escaped {@code \n} of JSON text. */
    private static boolean lineEnd(String text, int i) {
        char c = text.charAt(i);
        return c == '\n' || (c == 'n' && i > 0 && text.charAt(i - 1) == '\\');
    }
}
