package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.List;

/** The rules of RuleLines, in priority order (docs/redaction.md lists them). */
final class RuleTable {
    private RuleTable() {}

    /** Compiled once (and before the table, which uses it): the planted commands read the table at start. */
    private static final java.util.regex.Pattern LOOKBEHIND =
            java.util.regex.Pattern.compile("\\(\\?<!\\[([^\\]]*)\\]\\)");

    static final Rule[] RULES = load();

    private static Rule[] load() {
        List<Rule> rules = new ArrayList<>();
        for (String line : RuleLines.LINES) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            rules.add(parse(rules.size(), line));
        }
        return rules.toArray(new Rule[0]);
    }

    /**
     * A token right after an escaped line end of JSON text ({@code \nAKIA…}) starts a word although an
     * {@code n} precedes it: a leading {@code \b} and every {@code (?<![…])} also accept that place, and
     * refuse to start at the {@code n} itself.
     */
    static String escapeAware(String regex) {
        String r = regex;
        if (r.startsWith("\\b")) {
            r = "(?:(?<=\\\\[nrt])|\\b)" + r.substring(2);
        }
        return LOOKBEHIND.matcher(r).replaceAll("(?:(?<=\\\\\\\\[nrt])|(?<![\\\\\\\\$1]))");
    }

    private static Rule parse(int index, String line) {
        String[] f = line.split("\t", 4);
        if (f.length != 4) {
            throw new IllegalStateException("RuleLines: a rule needs 4 TAB-separated fields: " + line);
        }
        String[] keywords = f[1].equals("-") ? new String[0] : f[1].split(" ");
        boolean ignoreCase = false;
        boolean wordStart = false;
        boolean mixed = false;
        double entropy = 0;
        int back = 0;
        int span = 1024;
        String detector = null;
        for (String o : f[2].split(" ")) {
            if (o.isEmpty() || o.equals("-")) {
                continue;
            }
            switch (o.charAt(0)) {
                case 'i' -> ignoreCase = true;
                case 'w' -> wordStart = true;
                case 'm' -> mixed = true;
                case 'e' -> entropy = Double.parseDouble(o.substring(1));
                case 'b' -> back = Integer.parseInt(o.substring(1));
                case 's' -> span = Integer.parseInt(o.substring(1));
                case '@' -> detector = o.substring(1);
                default -> throw new IllegalStateException("RuleLines: unknown option " + o + " in " + line);
            }
        }
        String regex = f[3]; // made escape-aware when it is compiled (Rule.pattern): most runs compile none
        if ("base64".equals(detector)) {
            keywords = Encoded.base64Keywords();
        }
        return new Rule(index, f[0], keywords, ignoreCase, wordStart, mixed, entropy, back, span, detector, regex);
    }
}
