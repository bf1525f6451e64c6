package io.github.termsprawl.redact;

/**
 * What a rule's regex needs right after its keyword: at least {@code min} characters of one class (the
 * {@code [A-Za-z0-9]{14}} of {@code \bpat[A-Za-z0-9]{14}\.…}). Checked before the regex is compiled or run,
 * it turns away the common words that share a keyword ({@code path}, {@code SKILL}) with a few character
 * tests: most keyword hits in a transcript are such words (docs/redaction.md, "Cost"). Read from the regex
 * itself, so it can never disagree with it; a regex of any other shape has no lead.
 */
final class Lead {
    private final String literal;
    private final boolean[] chars;
    private final int min;

    private Lead(String literal, boolean[] chars, int min) {
        this.literal = literal;
        this.chars = chars;
        this.min = min;
    }

    /**
     * Whether the text at {@code at} (where a keyword was found) cannot start a match: the keyword is the
     * regex's literal and fewer than {@code min} characters of the class follow it.
     */
    boolean rejects(String text, int at) {
        if (!text.startsWith(literal, at)) {
            return false; // another keyword of the rule: its shape is not this one
        }
        int i = at + literal.length();
        int end = Math.min(text.length(), i + min);
        for (; i < end; i++) {
            char c = text.charAt(i);
            if (c >= 128 || !chars[c]) {
                return true;
            }
        }
        return i < at + literal.length() + min;
    }

    /**
     * The lead of a regex of the shape {@code [\b]literal[class]{n…}} (or {@code +}), or null. Nothing else
     * is guessed: a top-level alternation, a negated or Unicode class, or an unknown escape gives none.
     */
    static Lead of(String regex) {
        if (topLevelAlternation(regex)) {
            return null;
        }
        int i = regex.startsWith("\\b") ? 2 : 0;
        StringBuilder literal = new StringBuilder();
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length() && ".-/_=+".indexOf(regex.charAt(i + 1)) >= 0) {
                literal.append(regex.charAt(i + 1));
                i += 2;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '=' || c == '~' || c == ':') {
                literal.append(c);
                i++;
            } else {
                break;
            }
        }
        if (literal.length() == 0 || i >= regex.length() || regex.charAt(i) != '[') {
            return null;
        }
        int close = classEnd(regex, i + 1);
        if (close < 0) {
            return null;
        }
        boolean[] chars = parseClass(regex.substring(i + 1, close));
        if (chars == null) {
            return null;
        }
        int min = minimum(regex, close + 1);
        return min <= 0 ? null : new Lead(literal.toString(), chars, min);
    }

    private static boolean topLevelAlternation(String regex) {
        int depth = 0;
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                return true;
            }
        }
        return false;
    }

    private static int classEnd(String regex, int from) {
        for (int i = from; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                return -1; // a nested class: not this shape
            } else if (c == ']') {
                return i;
            }
        }
        return -1;
    }

    /** The ASCII characters of a class body such as {@code A-Za-z0-9_\-}, or null when it is of another kind. */
    private static boolean[] parseClass(String body) {
        if (body.isEmpty() || body.charAt(0) == '^') {
            return null;
        }
        boolean[] chars = new boolean[128];
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                if (i + 1 >= body.length()) {
                    return null;
                }
                char e = body.charAt(++i);
                if (e == 'w') {
                    set(chars, 'a', 'z');
                    set(chars, 'A', 'Z');
                    set(chars, '0', '9');
                    chars['_'] = true;
                } else if (e == 'd') {
                    set(chars, '0', '9');
                } else if (".-/_=+~".indexOf(e) >= 0) {
                    chars[e] = true;
                } else {
                    return null;
                }
            } else if (c >= 128 || c == '&' || c == '[') {
                return null;
            } else if (i + 2 < body.length() && body.charAt(i + 1) == '-' && body.charAt(i + 2) != '\\') {
                char to = body.charAt(i + 2);
                if (to >= 128 || to < c) {
                    return null;
                }
                set(chars, c, to);
                i += 2;
            } else {
                chars[c] = true;
            }
        }
        return chars;
    }

    private static void set(boolean[] chars, char from, char to) {
        for (char c = from; c <= to; c++) {
            chars[c] = true;
        }
    }

    /** The least count of the quantifier at {@code i}: {@code {n}}, {@code {n,}}, {@code {n,m}}, {@code +}. */
    private static int minimum(String regex, int i) {
        if (i >= regex.length()) {
            return 1;
        }
        char c = regex.charAt(i);
        if (c == '+') {
            return 1;
        }
        if (c == '*' || c == '?') {
            return 0;
        }
        if (c != '{') {
            return 1;
        }
        int n = 0;
        int j = i + 1;
        while (j < regex.length() && Character.isDigit(regex.charAt(j))) {
            n = n * 10 + (regex.charAt(j) - '0');
            j++;
        }
        return j > i + 1 && j < regex.length() && (regex.charAt(j) == ',' || regex.charAt(j) == '}') ? n : 0;
    }
}
