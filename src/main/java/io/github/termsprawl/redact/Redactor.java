package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Replaces secrets in text with {@code [redacted:<kind>]} before the text leaves the session model (turn
 * files, ask, the context command). The rules (RuleTable, in priority order) record the token formats that
 * vendors document and that gitleaks' and detect-secrets' rules know, written as our own regexes, plus
 * detectors in code for what a regex does badly: private keys, JWTs, credentials in URLs and headers,
 * named assignments, encoded secrets. As in gitleaks, a rule runs only where one of its keywords occurs
 * (KeywordScan), so text without any keyword costs one pass. Every rule works on plain text and on the
 * JSON-escaped text of a tool call's arguments. docs/redaction.md lists every kind.
 */
public final class Redactor {
    /** One secret found: {@code text.substring(start, end)} is replaced by {@code [redacted:kind]}. */
    public record Finding(int start, int end, String kind) {}

    private Redactor() {}

    /**
     * {@link #redact(String)} when {@code on} (the user may turn redaction off: {@code termsprawl.redact},
     * {@code --no-redact}); else the text as it is. Null stays null.
     */
    public static String redact(String text, boolean on) {
        return on && text != null ? redact(text) : text;
    }

    /** The text with every secret replaced by {@code [redacted:<kind>]}; the same instance when none is found. */
    public static String redact(String text) {
        String out = once(text);
        // a finding that lost to an overlapping one of an earlier rule may appear once that one is a marker;
        // redacting until nothing changes keeps redact(redact(x)) == redact(x) (docs/redaction.md)
        for (int pass = 0; pass < 4 && out != text; pass++) {
            String again = once(out);
            if (again == out) {
                break;
            }
            out = again;
        }
        return out;
    }

    private static String once(String text) {
        List<Finding> found = find(text);
        if (found.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (Finding f : found) {
            out.append(text, at, f.start())
                    .append(Placeholders.MARKER)
                    .append(f.kind())
                    .append(']');
            at = f.end();
        }
        return out.append(text, at, text.length()).toString();
    }

    /**
     * Runs every rule once on a made-up text: what the class-data archive's training calls, so that the archive
     * holds every class a redaction loads (regex nodes, detectors) and a planted command that redacts loads none
     * of them from the jar at its start (docs/redaction.md, "Cost").
     */
    public static void exerciseEveryRule() {
        StringBuilder text = new StringBuilder();
        for (Rule rule : RuleTable.RULES) {
            if (!rule.regex().equals("-")) {
                rule.pattern();
            }
            for (String keyword : rule.keywords) {
                text.append(keyword).append(" = \"Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0LzXc\"\n");
            }
        }
        text.append("MERAKI_API_KEY = \"Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0LzXc\"\n"); // a vendor's one shape
        redact(text.toString());
    }

    /** The secrets in the text, in order, none overlapping. */
    public static List<Finding> find(String text) {
        return find(text, 0);
    }

    static List<Finding> find(String text, int depth) {
        Scan scan = KeywordScan.scan(text, depth, depth == 0);
        if (scan != null && scan.zeroWidth) {
            return ZeroWidth.find(text);
        }
        return found(scan);
    }

    /** The findings of every rule in a text that ZeroWidth has taken its zero-width characters out of. */
    static List<Finding> withoutZeroWidth(String text) {
        return found(KeywordScan.scan(text, 0, false));
    }

    private static List<Finding> found(Scan scan) {
        return scan == null || scan.candidates.isEmpty() ? List.of() : resolve(scan.candidates);
    }

    /** Keeps, of overlapping findings, the one of the earlier rule; the rest in text order. */
    private static List<Finding> resolve(List<Scan.Candidate> candidates) {
        List<Scan.Candidate> ordered = new ArrayList<>(candidates);
        ordered.sort(Comparator.comparingInt(Scan.Candidate::rule).thenComparingInt(Scan.Candidate::start));
        TreeMap<Integer, Finding> kept = new TreeMap<>();
        for (Scan.Candidate c : ordered) {
            Finding f = new Finding(c.start(), c.end(), c.kind());
            Map.Entry<Integer, Finding> before = kept.floorEntry(f.start());
            Map.Entry<Integer, Finding> after = kept.ceilingEntry(f.start());
            if ((before == null || before.getValue().end() <= f.start())
                    && (after == null || after.getKey() >= f.end())) {
                kept.put(f.start(), f);
            }
        }
        return List.copyOf(kept.values());
    }
}
