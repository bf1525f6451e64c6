package io.github.termsprawl.redact;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One rule of RuleTable: a kind, the keywords that wake it, and either a regex (group 1, if any, is the
 * secret) or a detector in code. The regex is compiled on first use, so text without a keyword compiles
 * nothing.
 */
final class Rule {
    final int index;
    final String kind;
    final String[] keywords;
    final boolean ignoreCase;
    final boolean wordStart;
    final boolean mixed;
    /** Its keywords are prefixes no other vendor's token or a chosen word starts with (option p of RuleTable). */
    final boolean ownPrefix;

    final double minEntropy;
    final int back;
    final int span;
    final String detector;
    private final String regex;
    private volatile Pattern pattern;
    /** Read from the regex at the rule's first hit; a race only reads it twice, and no lead only costs time. */
    private Lead lead;

    private boolean leadRead;

    Rule(
            int index,
            String kind,
            String[] keywords,
            boolean ignoreCase,
            boolean wordStart,
            boolean mixed,
            boolean ownPrefix,
            double minEntropy,
            int back,
            int span,
            String detector,
            String regex) {
        this.index = index;
        this.kind = kind;
        this.keywords = keywords;
        this.ignoreCase = ignoreCase;
        this.wordStart = wordStart;
        this.mixed = mixed;
        this.ownPrefix = ownPrefix;
        this.minEntropy = minEntropy;
        this.back = back;
        this.span = span;
        this.detector = detector;
        this.regex = regex;
    }

    /** The regex as RuleTable writes it (before it is made escape-aware), or {@code -} for a detector. */
    String regex() {
        return regex;
    }

    Pattern pattern() {
        Pattern p = pattern;
        if (p == null) {
            p = Pattern.compile(RuleTable.escapeAware(regex));
            pattern = p;
        }
        return p;
    }

    /** Tries the rule at a keyword found at {@code at}; how far the text is done for this rule, or -1. */
    int detect(Scan scan, int at) {
        if (detector != null && !detector.equals("openai")) {
            return switch (detector) {
                case "pem" -> Pem.detect(scan, at, this);
                case "jwt" -> Jwt.detect(scan, at, this);
                case "url" -> Credentials.url(scan, at, this);
                case "authorization" -> Credentials.authorization(scan, at, this);
                case "bearer" -> Credentials.bearer(scan, at, this);
                case "curl" -> Credentials.curl(scan, at, this);
                case "mysql" -> Credentials.mysql(scan, at, this);
                case "urlencoded" -> Encoded.run(scan, at, this, false);
                case "base64" -> Encoded.run(scan, at, this, true);
                case "assignment" -> Assignment.detect(scan, at, this);
                case "awspair" -> AwsPair.detect(scan, at, this);
                default -> throw new IllegalStateException("RuleTable: no detector " + detector);
            };
        }
        String text = scan.text;
        if (back == 0) {
            if (!leadRead) {
                lead = Lead.of(regex);
                leadRead = true;
            }
            if (lead != null && lead.rejects(text, at)) {
                return -1;
            }
            Matcher m = scan.matcher(this);
            m.region(at, Math.min(text.length(), at + span));
            return m.lookingAt() ? found(scan, m) : -1;
        }
        Matcher m = scan.matcher(this);
        m.region(Math.max(0, at - back), Math.min(text.length(), at + span));
        while (m.find()) {
            if (m.start() <= at && m.end() > at) {
                return found(scan, m);
            }
            if (m.start() > at) {
                break;
            }
        }
        return -1;
    }

    private int found(Scan scan, Matcher m) {
        int group = m.groupCount() >= 1 && m.start(1) >= 0 ? 1 : 0;
        String secret = m.group(group);
        if (!accept(secret)) {
            return m.end(); // a placeholder of this shape: nothing of this rule starts inside it
        }
        scan.add(m.start(group), m.end(group), kind, index);
        return m.end();
    }

    boolean accept(String secret) {
        if (minEntropy > 0 && Entropy.bits(secret) < minEntropy) {
            return false;
        }
        if (mixed && (Entropy.mask(secret) & 7) != 7) {
            return false;
        }
        if (Placeholders.maskedToken(kind.equals("twitter-bearer-token") ? secret.substring(22) : secret)) {
            return false;
        }
        return !"openai".equals(detector) || (keyLike(secret.substring(3)) && openaiInfix(secret));
    }

    /**
     * OpenAI's project, service account and admin keys carry {@code T3BlbkFJ} (base64 of "OpenAI") between two
     * random parts, as gitleaks' rule and detect-secrets' record: a key of that prefix without it is not OpenAI's
     * (docs/redaction.md, "Tokens with a shape of their own").
     */
    private static boolean openaiInfix(String secret) {
        boolean named =
                secret.startsWith("sk-proj-") || secret.startsWith("sk-svcacct-") || secret.startsWith("sk-admin-");
        return !named || secret.contains("T3BlbkFJ");
    }

    /** A key's body, not a word: upper and lower case letters and digits, or at least 32 hex digits. */
    private static boolean keyLike(String body) {
        int mask = Entropy.mask(body);
        boolean hex = body.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
        return (mask & 7) == 7 || (hex && body.length() >= 32);
    }
}
