package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.List;

/**
 * What a rule's regex needs right after its keyword, read from the regex itself: a few ways its match can
 * start, each a row of character classes with least counts ({@code pat} then 14 of {@code [A-Za-z0-9]} for
 * {@code \bpat[A-Za-z0-9]{14}\.…}; {@code [MNO]} then 23 of {@code [A-Za-z0-9_-]} for a Discord token). Checked
 * before the regex is compiled or run, it turns away the common words that share a keyword ({@code path},
 * {@code SKILL}, {@code NOTE}) with a few character tests: most keyword hits in a transcript are such words, and
 * a regex compiled at a command's start costs more than its whole scan (docs/redaction.md, "Cost"). What it
 * cannot read it does not guess: the row ends there, and the rest is the regex's to say.
 */
final class Lead {
    /** One step of a row: {@code min} characters of a class; {@code fixed} when exactly that many. */
    private record Step(boolean[] chars, int min, boolean fixed) {}

    /**
     * A way the match can start; {@code open} when the regex goes on in a way the row does not know;
     * {@code wordStart} when this way starts with {@code \b} (a first class of word characters only then
     * starts a word).
     */
    private record Row(List<Step> steps, boolean open, boolean wordStart) {
        boolean complete() {
            for (Step step : steps) {
                if (!step.fixed()) {
                    return false;
                }
            }
            return !open;
        }
    }

    private final List<Row> rows;

    private Lead(List<Row> rows) {
        this.rows = rows;
    }

    /** Whether no match of the regex can start at {@code at} (where a keyword was found). */
    boolean rejects(String text, int at) {
        for (Row row : rows) {
            if (!rejects(row, text, at)) {
                return false;
            }
        }
        return true;
    }

    private boolean rejects(Row row, String text, int at) {
        if (row.wordStart()
                && !row.steps().isEmpty()
                && wordsOnly(row.steps().get(0).chars())) {
            if (!KeywordScan.wordStart(text, at) && !KeywordScan.inPathSegment(text, at)) {
                return true; // inside a word (after an escaped line end of JSON text counts as a start)
            }
        }
        int i = at;
        for (Step step : row.steps()) {
            for (int k = 0; k < step.min(); k++, i++) {
                if (i >= text.length()) {
                    return true;
                }
                char c = text.charAt(i);
                if (c >= 128 || !step.chars()[c]) {
                    return true;
                }
            }
            if (!step.fixed()) {
                return false; // a run of some length: what follows it is not known here
            }
        }
        return false;
    }

    private static boolean wordsOnly(boolean[] chars) {
        for (char c = 0; c < 128; c++) {
            if (chars[c] && !KeywordScan.wordChar(c)) {
                return false;
            }
        }
        return true;
    }

    /** The lead of a regex, or null when it knows nothing about where a match starts. */
    static Lead of(String regex) {
        List<Row> rows = Parser.alternatives(regex, 0, regex.length());
        if (rows == null) {
            return null;
        }
        for (Row row : rows) {
            if (row.steps().isEmpty()) {
                return null; // some way in is unknown: no lead at all
            }
        }
        return new Lead(rows);
    }

    /** Reads the shapes it knows: literals, classes, counts, groups of alternatives, lookaheads to skip. */
    private static final class Parser {
        private final String regex;
        private int i;

        Parser(String regex, int from) {
            this.regex = regex;
            this.i = from;
        }

        /** The rows of {@code regex} from {@code from} to {@code to}, one alternative ({@code |}) after another. */
        static List<Row> alternatives(String regex, int from, int to) {
            List<Row> rows = new ArrayList<>();
            int depth = 0;
            boolean inClass = false;
            int start = from;
            for (int k = from; k <= to; k++) {
                char c = k < to ? regex.charAt(k) : '|';
                if (k < to && c == '\\') {
                    k++;
                } else if (inClass) {
                    inClass = c != ']';
                } else if (c == '[') {
                    inClass = true;
                } else if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth--;
                } else if (c == '|' && depth == 0) {
                    // a \b that starts this alternative is its own, not its neighbours'
                    boolean wordStart = regex.startsWith("\\b", start) && start + 2 <= k;
                    for (Row row : new Parser(regex, wordStart ? start + 2 : start).sequence(k)) {
                        rows.add(new Row(row.steps(), row.open(), wordStart || row.wordStart()));
                    }
                    start = k + 1;
                }
            }
            return rows.size() > 64 ? null : rows;
        }

        /** The rows of what stands from here to {@code end}, one alternative. */
        List<Row> sequence(int end) {
            List<Row> rows = new ArrayList<>();
            rows.add(new Row(new ArrayList<>(), false, false));
            while (i < end) {
                if (regex.startsWith("(?!", i)) {
                    // a negative lookahead only narrows what matches
                    int close = groupEnd(i);
                    if (close < 0) {
                        return open(rows);
                    }
                    i = close + 1;
                    continue;
                }
                if (regex.startsWith("(?:", i)) {
                    int close = groupEnd(i);
                    if (close < 0) {
                        return open(rows);
                    }
                    if (close + 1 < regex.length() && regex.charAt(close + 1) == '?') {
                        // an optional group of characters the next class takes anyway (OpenAI's
                        // (?:(?:proj|svcacct|admin)-)?) only lengthens that run: skipped when it is so
                        String inside = regex.substring(i + 3, close);
                        i = close + 2;
                        boolean[] next = nextClass();
                        if (next == null || !within(inside, next)) {
                            return open(rows);
                        }
                        continue;
                    }
                    List<Row> alternatives = alternatives(regex, i + 3, close);
                    if (alternatives == null) {
                        return open(rows);
                    }
                    i = close + 1;
                    if (i < regex.length() && "?*{+".indexOf(regex.charAt(i)) >= 0) {
                        return open(rows); // a counted group: not read
                    }
                    List<Row> product = new ArrayList<>();
                    boolean complete = true;
                    for (Row alternative : alternatives) {
                        complete &= alternative.complete();
                    }
                    for (Row row : rows) {
                        for (Row alternative : alternatives) {
                            List<Step> steps = new ArrayList<>(row.steps());
                            steps.addAll(alternative.steps());
                            // an alternative's \b counts only where nothing stands before it in the row
                            boolean wordStart = row.steps().isEmpty()
                                    ? row.wordStart() || alternative.wordStart()
                                    : row.wordStart();
                            product.add(new Row(steps, !complete || alternative.open(), wordStart));
                        }
                    }
                    if (product.size() > 64) {
                        return open(rows);
                    }
                    rows = product;
                    if (!complete) {
                        return rows; // alternatives of different lengths: where the rest starts is not known
                    }
                    continue;
                }
                boolean[] chars = atom();
                if (chars == null) {
                    return open(rows);
                }
                int[] count = count();
                if (count[0] == 0) {
                    return open(rows);
                }
                Step step = new Step(chars, count[0], count[0] == count[1]);
                for (Row row : rows) {
                    row.steps().add(step);
                }
                if (!step.fixed()) {
                    return open(rows);
                }
            }
            return rows;
        }

        private static List<Row> open(List<Row> rows) {
            List<Row> out = new ArrayList<>(rows.size());
            for (Row row : rows) {
                out.add(new Row(row.steps(), true, row.wordStart()));
            }
            return out;
        }

        /** The class of the next atom without moving on, or null. */
        private boolean[] nextClass() {
            int at = i;
            boolean[] chars = atom();
            i = at;
            return chars;
        }

        /** One literal character, {@code \w}, {@code \d} or class, as the characters it takes; null if unknown. */
        private boolean[] atom() {
            if (i >= regex.length()) {
                return null;
            }
            char c = regex.charAt(i);
            if (c == '[') {
                int close = classEnd(i + 1);
                if (close < 0) {
                    return null;
                }
                boolean[] chars = parseClass(regex.substring(i + 1, close));
                i = close + 1;
                return chars;
            }
            boolean[] chars = new boolean[128];
            if (c == '\\' && i + 1 < regex.length()) {
                if (!escape(regex.charAt(i + 1), chars)) {
                    return null;
                }
                i += 2;
                return chars;
            }
            if (c < 128 && (Character.isLetterOrDigit(c) || "_-=~:/%@".indexOf(c) >= 0)) {
                chars[c] = true;
                i++;
                return chars;
            }
            return null;
        }

        /** The least and most count of the quantifier here ({@code {n}}, {@code {n,}}, {@code {n,m}}, {@code +}). */
        private int[] count() {
            if (i >= regex.length()) {
                return new int[] {1, 1};
            }
            char c = regex.charAt(i);
            if (c == '?' || c == '*') {
                return new int[] {0, 0};
            }
            if (c == '+') {
                i++;
                return new int[] {1, Integer.MAX_VALUE};
            }
            if (c != '{') {
                return new int[] {1, 1};
            }
            int close = regex.indexOf('}', i);
            int comma = close < 0 ? -1 : regex.indexOf(',', i);
            boolean range = comma > 0 && comma < close;
            int min = close < 0 ? -1 : number(i + 1, range ? comma : close);
            int max = !range ? min : comma + 1 == close ? Integer.MAX_VALUE : number(comma + 1, close);
            if (min < 0 || max < 0) {
                return new int[] {0, 0};
            }
            i = close + 1;
            if (i < regex.length() && (regex.charAt(i) == '+' || regex.charAt(i) == '?')) {
                i++; // possessive or lazy: the counts are the same
            }
            return new int[] {min, max};
        }

        /** The decimal number in {@code [from, to)}, or -1 when it is not one (or too long to be a count). */
        private int number(int from, int to) {
            if (from >= to || to - from > 6) {
                return -1;
            }
            int n = 0;
            for (int k = from; k < to; k++) {
                char c = regex.charAt(k);
                if (c < '0' || c > '9') {
                    return -1;
                }
                n = n * 10 + (c - '0');
            }
            return n;
        }

        /** The parenthesis that closes the group opened at {@code open}, or -1. */
        private int groupEnd(int open) {
            int depth = 0;
            boolean inClass = false;
            for (int k = open; k < regex.length(); k++) {
                char c = regex.charAt(k);
                if (c == '\\') {
                    k++;
                } else if (inClass) {
                    inClass = c != ']';
                } else if (c == '[') {
                    inClass = true;
                } else if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    return k;
                }
            }
            return -1;
        }

        private int classEnd(int from) {
            for (int k = from; k < regex.length(); k++) {
                char c = regex.charAt(k);
                if (c == '\\') {
                    k++;
                } else if (c == '[') {
                    return -1; // a nested class: not this shape
                } else if (c == ']') {
                    return k;
                }
            }
            return -1;
        }

        private static boolean within(String group, boolean[] chars) {
            for (int k = 0; k < group.length(); k++) {
                char c = group.charAt(k);
                if ("(?:|)".indexOf(c) >= 0) {
                    continue;
                }
                if (c >= 128 || !(Character.isLetterOrDigit(c) || c == '_' || c == '-') || !chars[c]) {
                    return false;
                }
            }
            return true;
        }
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
                if (!escape(body.charAt(++i), chars)) {
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

    /**
     * Adds what the escape {@code \e} stands for, in a class or out of one: {@code \w}, {@code \d}, or an escaped
     * literal; false for any other escape (not read).
     */
    private static boolean escape(char e, boolean[] chars) {
        if (e == 'w') {
            word(chars);
        } else if (e == 'd') {
            set(chars, '0', '9');
        } else if (".-/_=+~\\\"'".indexOf(e) >= 0) {
            chars[e] = true;
        } else {
            return false;
        }
        return true;
    }

    private static void word(boolean[] chars) {
        set(chars, 'a', 'z');
        set(chars, 'A', 'Z');
        set(chars, '0', '9');
        chars['_'] = true;
    }

    private static void set(boolean[] chars, char from, char to) {
        for (char c = from; c <= to; c++) {
            chars[c] = true;
        }
    }
}
