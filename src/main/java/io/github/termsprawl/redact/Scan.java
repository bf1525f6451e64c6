package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/** The state of one find() once a keyword occurred: a matcher per rule, how far each rule is done, the findings. */
final class Scan {
    final String text;
    /** 0 for the text itself, 1 inside a decoded base64 or URL-encoded part (which is not decoded again). */
    final int depth;

    private final Matcher[] matchers = new Matcher[RuleTable.RULES.length];
    private final int[] covered = new int[RuleTable.RULES.length];
    final List<Candidate> candidates = new ArrayList<>();

    /** The pass stopped at a zero-width character: ZeroWidth runs the rules again on the text without them. */
    boolean zeroWidth;

    record Candidate(int start, int end, String kind, int rule) {}

    Scan(String text, int depth) {
        this.text = text;
        this.depth = depth;
    }

    void at(Rule rule, int keyword) {
        if (keyword < covered[rule.index]) {
            return;
        }
        int done = rule.detect(this, keyword);
        if (done > keyword) {
            covered[rule.index] = done;
        }
    }

    void add(int start, int end, String kind, int rule) {
        if (end > start) {
            candidates.add(new Candidate(start, end, kind, rule));
        }
    }

    Matcher matcher(Rule rule) {
        Matcher m = matchers[rule.index];
        if (m == null) {
            m = rule.pattern().matcher(text);
            m.useTransparentBounds(true);
            m.useAnchoringBounds(false);
            matchers[rule.index] = m;
        }
        return m;
    }
}
