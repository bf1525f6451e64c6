package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets in text with {@code [redacted:<kind>]} before the text leaves the session model (turn
 * files, ask). The patterns are hand ports of gitleaks' rules (MIT, config/gitleaks.toml; each rule names
 * the gitleaks rule id it comes from) rather than a dependency. As in gitleaks, a rule's regex runs only
 * where its keyword occurs: one pass over the text finds the keywords, and each regex is matched (anchored)
 * at a keyword, so text without any keyword costs that one pass and compiles no regex.
 */
public final class Redactor {
    /** One secret found: {@code text.substring(start, end)} is replaced by {@code [redacted:kind]}. */
    public record Finding(int start, int end, String kind) {}

    private static final String MARKER = "[redacted:";

    /** Rules in priority order: where two findings overlap, the earlier rule's wins. */
    private static final Rule[] RULES = {
        // gitleaks private-key; case-sensitive, and a block cut off before its END line (a truncated
        // tool output) is redacted up to the end of its base64 body.
        new Rule(
                "private-key",
                "-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----"
                        + "(?:[^-]*+(?:-(?!----)[^-]*+)*+-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----"
                        + "|[A-Za-z0-9+/=\\r\\n\\\\]*+)",
                1 << 16,
                0,
                false,
                "-----BEGIN"),
        // gitleaks anthropic-api-key / anthropic-admin-api-key, widened to every sk-ant-<kind>NN- prefix
        // (the OAuth tokens sk-ant-oat01, sk-ant-ort01) and to any length from 20: part of a key is a secret.
        new Rule(
                "anthropic-api-key",
                "\\bsk-ant-(?:[a-z]{2,10}\\d{2}-)?[A-Za-z0-9_-]{20,300}+",
                330,
                0,
                false,
                "sk-ant-"),
        // gitleaks openai-api-key asks for the T3BlbkFJ infix; widened to sk-, sk-proj-, sk-svcacct-,
        // sk-admin- keys without it, kept apart from words by accept() (mixed case and digits, or hex).
        new Rule(
                "openai-api-key",
                "\\bsk-(?!ant-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,400}+",
                420,
                3,
                false,
                "sk-"),
        // gitleaks aws-access-token (its allowlist: keys ending in EXAMPLE, as in AWS's docs)
        new Rule(
                "aws-access-key",
                "\\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\\b",
                20,
                3,
                false,
                "AKIA",
                "ASIA",
                "ABIA",
                "ACCA",
                "A3T"),
        // No gitleaks rule (it dropped its AWS secret rule); the shape of its generic-api-key assignment,
        // tied to the aws_secret_access_key / SecretAccessKey name. The name and separator stay.
        new Rule(
                "aws-secret-key",
                "(?i:secret_?access_?key)[\\\\\"']{0,3}[ \\t]*[:=][ \\t]*[\\\\\"']{0,3}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
                120,
                3,
                true,
                "secret_access_key",
                "secretaccesskey"),
        // gitleaks github-pat, github-oauth, github-app-token, github-refresh-token, github-fine-grained-pat
        new Rule(
                "github-token",
                "\\b(?:(?:ghp|gho|ghu|ghs|ghr)_[0-9a-zA-Z]{36,255}+|github_pat_\\w{82,255}+)",
                300,
                3,
                false,
                "ghp_",
                "gho_",
                "ghu_",
                "ghs_",
                "ghr_",
                "github_pat_"),
        // gitleaks slack-bot-token, slack-legacy-bot-token, slack-user-token, slack-legacy-token,
        // slack-legacy-workspace-token, slack-config-access-token, slack-config-refresh-token, slack-app-token
        new Rule(
                "slack-token",
                "\\b(?:xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*+"
                        + "|xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}"
                        + "|xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}"
                        + "|xox[os]-\\d+-\\d+-\\d+-[a-fA-F\\d]+"
                        + "|xox[ar]-(?:\\d-)?[0-9a-zA-Z]{8,48}"
                        + "|(?i:xoxe.xox[bp]-\\d-[A-Z0-9]{163,166})"
                        + "|(?i:xoxe-\\d-[A-Z0-9]{146})"
                        + "|(?i:xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+))",
                400,
                2,
                false,
                "xox",
                "xapp-"),
        // gitleaks slack-webhook-url; the whole URL goes.
        new Rule(
                "slack-webhook-url",
                "(?:https?://)?hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}",
                100,
                0,
                false,
                "hooks.slack.com"),
        // gitleaks gcp-api-key
        new Rule("google-api-key", "\\bAIza[\\w-]{35}(?![\\w-])", 40, 4, false, "AIza"),
        // Not a gitleaks rule (it has only twitter-bearer-token); keeps "Authorization: Bearer ".
        new Rule(
                "bearer-token",
                "(?i:authorization)[\\\\\"']{0,3}[ \\t]*[:=][ \\t]*[\\\\\"']{0,3}(?i:bearer)[ \\t]++([A-Za-z0-9._~+/=-]{8,4096}+)",
                4200,
                3,
                true,
                "authorization"),
        // The value of NAME=value where NAME ends in a secret word (env files, -e NAME=v, --password=v,
        // ?token=v), in the spirit of gitleaks generic-api-key but keyed on '=' and much narrower: no
        // spaces around '=' (so not code, where such values are mostly expressions), and never a
        // placeholder (see placeholder()). The name and '=' (and quotes) stay.
        new Rule(
                "secret-assignment",
                "-{0,2}+[A-Za-z0-9_.-]{0,100}?(?i:password|passwd|passphrase|secret|token|api[_.-]?key|apikey"
                        + "|access[_.-]?key|private[_.-]?key)"
                        + "=(?:\\\\?\"([^\"\\\\\\r\\n]{1,200}+)\\\\?\"|'([^'\\\\\\r\\n]{1,200}+)'"
                        + "|([^\\s\"'`;&|<>(){}\\[\\],\\\\]{1,200}+)(?![(\\[{]))",
                320,
                0,
                false,
                "="),
    };

    private static final int ASSIGNMENT = RULES.length - 1;

    /** The last letters of the secret-assignment rule's words, a cheap test before its regex. */
    private static final String ASSIGNMENT_ENDS = "dDeEnNtTyY";

    /**
     * Per pair of ASCII characters ({@code first << 7 | second}), the (rule, keyword) pairs whose keyword
     * starts with them: looking at two characters keeps common letters from trying keywords all the time.
     */
    private static final Trigger[][] TRIGGERS = triggers();

    /** Non-zero where TRIGGERS has an entry or the pair starts with '=': 16 KB, so the scan stays in cache. */
    private static final byte[] PAIRS = pairs();

    /** {@link #thirds()}: of the pairs PAIRS lets through, most fail on the third character. */
    private static final long[] THIRDS = thirds();

    private static final int CHUNK = 1 << 13;

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
        List<Finding> found = find(text);
        if (found.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (Finding f : found) {
            out.append(text, at, f.start()).append(MARKER).append(f.kind()).append(']');
            at = f.end();
        }
        return out.append(text, at, text.length()).toString();
    }

    /** The secrets in the text, in order, none overlapping. */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the low byte of each char is all the scan needs
    public static List<Finding> find(String text) {
        Scan scan = null;
        int n = text.length();
        // two bytes more than the chunk, so its last characters have the two that follow them (0 past the end)
        byte[] buf = new byte[Math.min(n, CHUNK) + 2];
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            int end = Math.min(n, to + 2);
            // a copy of bytes, not chars: for a Latin-1 string one arraycopy, which is what makes the scan cheap
            // before the JIT; a char past ASCII folds onto an ASCII one, a false lead the string itself rejects
            text.getBytes(from, end, buf, 0);
            int length = to - from;
            for (int k = end - from; k < length + 2; k++) {
                buf[k] = 0;
            }
            for (int j = 0; j < length; j++) {
                int pair = (buf[j] & 127) << 7 | (buf[j + 1] & 127);
                if (PAIRS[pair] == 0) {
                    continue;
                }
                int third = buf[j + 2] & 127;
                if ((THIRDS[pair << 1 | third >>> 6] >>> third & 1) == 0) {
                    continue;
                }
                int i = from + j;
                char c = text.charAt(i);
                if (c == '=') {
                    if (i > 0 && ASSIGNMENT_ENDS.indexOf(text.charAt(i - 1)) >= 0) {
                        scan = scan == null ? new Scan(text) : scan;
                        scan.at(ASSIGNMENT, i);
                    }
                    continue;
                }
                Trigger[] triggers = TRIGGERS[pair];
                for (int t = 0; triggers != null && t < triggers.length; t++) {
                    Trigger trigger = triggers[t];
                    if (text.regionMatches(trigger.ignoreCase, i, trigger.keyword, 0, trigger.keyword.length())) {
                        scan = scan == null ? new Scan(text) : scan;
                        scan.at(trigger.rule, i);
                    }
                }
            }
        }
        return scan == null || scan.candidates.isEmpty() ? List.of() : resolve(scan.candidates);
    }

    /** The state of one find() once a keyword occurred: a matcher per rule, and how far each rule has matched. */
    private static final class Scan {
        final String text;
        final Matcher[] matchers = new Matcher[RULES.length];
        final int[] covered = new int[RULES.length];
        final List<Candidate> candidates = new ArrayList<>();

        Scan(String text) {
            this.text = text;
        }

        void at(int rule, int keyword) {
            if (keyword >= covered[rule]) {
                int end = match(text, keyword, rule, matchers, candidates);
                if (end > 0) {
                    covered[rule] = end;
                }
            }
        }
    }

    /** Tries the rule at a keyword found at {@code at}; the end of its match, or -1. */
    private static int match(String text, int at, int ruleIndex, Matcher[] matchers, List<Candidate> out) {
        Rule rule = RULES[ruleIndex];
        int start = ruleIndex == ASSIGNMENT ? assignmentStart(text, at) : anchor(text, at, rule);
        if (start < 0) {
            return -1;
        }
        Matcher m = matchers[ruleIndex];
        if (m == null) {
            m = rule.pattern().matcher(text);
            m.useTransparentBounds(true);
            m.useAnchoringBounds(false);
            matchers[ruleIndex] = m;
        }
        m.region(start, Math.min(text.length(), start + rule.span));
        if (!m.lookingAt()) {
            return -1;
        }
        int group = 0;
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.start(g) >= 0) {
                group = g;
                break;
            }
        }
        String secret = m.group(group);
        if (!accept(rule, secret)) {
            return -1;
        }
        out.add(new Candidate(new Finding(m.start(group), m.end(group), rule.kind), ruleIndex));
        return m.end();
    }

    /** Where a rule's match starts, given its keyword at {@code at}: the keyword, or the URL scheme before it. */
    private static int anchor(String text, int at, Rule rule) {
        if (rule.kind.equals("slack-webhook-url")) {
            if (text.startsWith("https://", at - 8)) {
                return at - 8;
            }
            if (text.startsWith("http://", at - 7)) {
                return at - 7;
            }
        }
        return at;
    }

    /**
     * Where the name before the '=' at {@code eq} starts, or -1 when there is no name or it is glued to
     * what comes before ({@code a.token=}, {@code $TOKEN=}): a name starts a line (also after an escaped
     * {@code \n} of JSON text) or follows a space, a quote, a bracket or a separator of shell and URLs.
     */
    private static int assignmentStart(String text, int eq) {
        int i = eq - 1;
        int nameEnd = eq;
        while (i >= 0 && nameEnd - i <= 100 && nameChar(text.charAt(i))) {
            i--;
        }
        int start = i + 1;
        if (start >= nameEnd) {
            return -1;
        }
        if (i >= 0 && text.charAt(i) == '\\' && "ntr".indexOf(text.charAt(start)) >= 0) {
            return start + 1 < nameEnd ? start + 1 : -1;
        }
        if (i < 0) {
            return start;
        }
        char before = text.charAt(i);
        return Character.isWhitespace(before) || "\"'`(;&?,|{[".indexOf(before) >= 0 ? start : -1;
    }

    private static boolean nameChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || c == '.'
                || c == '-';
    }

    private static boolean accept(Rule rule, String secret) {
        if (rule.minEntropy > 0 && entropy(secret) < rule.minEntropy) {
            return false;
        }
        switch (rule.kind) {
            case "aws-access-key":
                return !secret.endsWith("EXAMPLE");
            case "openai-api-key":
                return keyLike(secret.substring(3));
            case "bearer-token":
            case "secret-assignment":
                return !placeholder(secret);
            default:
                return true;
        }
    }

    /** A key's body, not a word: upper and lower case letters and digits, or at least 32 hex digits. */
    private static boolean keyLike(String body) {
        boolean upper = false;
        boolean lower = false;
        boolean digit = false;
        boolean hex = true;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            upper |= c >= 'A' && c <= 'Z';
            lower |= c >= 'a' && c <= 'z';
            digit |= c >= '0' && c <= '9';
            hex &= (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        }
        return (upper && lower && digit) || (hex && body.length() >= 32);
    }

    /**
     * A value that is not a secret but stands for one: a variable reference ({@code $X}, {@code ${X}},
     * {@code %X%}), a template ({@code <...>}, <code>{{...}}</code>), something elided ({@code sk-...}),
     * one character repeated ({@code xxx}, {@code ***}), a word such as {@code changeme}, a
     * {@code your-...} phrase, or an earlier redaction.
     */
    static boolean placeholder(String value) {
        if (value.isEmpty()) {
            return true;
        }
        char first = value.charAt(0);
        if ("$<%{".indexOf(first) >= 0 || value.startsWith(MARKER) || value.contains("...") || value.contains("…")) {
            return true;
        }
        boolean same = true;
        for (int i = 1; i < value.length() && same; i++) {
            same = value.charAt(i) == first;
        }
        if (same || constantName(value)) {
            return true;
        }
        String v = value.toLowerCase(Locale.ROOT);
        return PLACEHOLDER_WORDS.contains(v)
                || v.startsWith("your")
                || v.startsWith("replace")
                || v.endsWith("_here")
                || v.endsWith("-here")
                || v.contains("example")
                || v.contains("placeholder")
                || v.contains("redacted")
                || v.contains("changeme");
    }

    /** Upper case letters and underscores only, such as {@code YOUR_TOKEN}: a name, not a value. */
    private static boolean constantName(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= 'A' && c <= 'Z') && c != '_') {
                return false;
            }
        }
        return true;
    }

    private static final Set<String> PLACEHOLDER_WORDS = Set.of(
            "change_me",
            "change-me",
            "changeit",
            "dummy",
            "fake",
            "none",
            "null",
            "nil",
            "undefined",
            "true",
            "false",
            "todo",
            "tbd",
            "redacted",
            "secret",
            "password",
            "token",
            "api_key",
            "apikey",
            "test");

    /** Shannon entropy in bits per character, as gitleaks computes it for its entropy thresholds. */
    static double entropy(String s) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double bits = 0;
        for (int count : counts) {
            bits -= share(count, s.length());
        }
        return bits - share(other, s.length());
    }

    private static double share(int count, int length) {
        if (count == 0) {
            return 0;
        }
        double p = (double) count / length;
        return p * Math.log(p) / Math.log(2);
    }

    /** Keeps, of overlapping findings, the one of the earlier rule; the rest in text order. */
    private static List<Finding> resolve(List<Candidate> candidates) {
        TreeMap<Integer, Finding> kept = new TreeMap<>();
        for (int rule = 0; rule < RULES.length; rule++) {
            for (Candidate c : candidates) {
                if (c.rule() == rule) {
                    keep(kept, c.finding());
                }
            }
        }
        return List.copyOf(kept.values());
    }

    private static void keep(TreeMap<Integer, Finding> kept, Finding f) {
        Map.Entry<Integer, Finding> before = kept.floorEntry(f.start());
        Map.Entry<Integer, Finding> after = kept.ceilingEntry(f.start());
        if ((before == null || before.getValue().end() <= f.start()) && (after == null || after.getKey() >= f.end())) {
            kept.put(f.start(), f);
        }
    }

    private static Trigger[][] triggers() {
        // arrays, not lists of 16K entries: this runs once per process, before the JIT
        Trigger[][] out = new Trigger[128 * 128][];
        for (int r = 0; r < ASSIGNMENT; r++) {
            Rule rule = RULES[r];
            for (String keyword : rule.keywords) {
                Trigger t = new Trigger(r, keyword, rule.ignoreCaseKeywords);
                for (char a : cases(keyword.charAt(0), rule.ignoreCaseKeywords)) {
                    for (char b : cases(keyword.charAt(1), rule.ignoreCaseKeywords)) {
                        int key = a << 7 | b;
                        Trigger[] before = out[key] == null ? new Trigger[0] : out[key];
                        Trigger[] more = Arrays.copyOf(before, before.length + 1);
                        more[before.length] = t;
                        out[key] = more;
                    }
                }
            }
        }
        return out;
    }

    private static byte[] pairs() {
        byte[] pairs = new byte[128 * 128];
        for (int key = 0; key < pairs.length; key++) {
            pairs[key] = (byte) (TRIGGERS[key] != null || key >> 7 == '=' ? 1 : 0);
        }
        return pairs;
    }

    /** Per pair, the third characters a keyword starting with it has (two longs of bits); any after an '='. */
    private static long[] thirds() {
        long[] thirds = new long[128 * 128 * 2];
        for (int key = '=' << 7; key < ('=' + 1) << 7; key++) {
            thirds[key << 1] = -1L;
            thirds[key << 1 | 1] = -1L;
        }
        for (int key = 0; key < TRIGGERS.length; key++) {
            if (TRIGGERS[key] == null) {
                continue;
            }
            for (Trigger t : TRIGGERS[key]) {
                if (t.keyword.length() < 3) {
                    thirds[key << 1] = -1L;
                    thirds[key << 1 | 1] = -1L;
                    continue;
                }
                for (char c : cases(t.keyword.charAt(2), t.ignoreCase)) {
                    thirds[key << 1 | c >>> 6] |= 1L << c;
                }
            }
        }
        return thirds;
    }

    private static char[] cases(char c, boolean ignoreCase) {
        char lower = Character.toLowerCase(c);
        char upper = Character.toUpperCase(c);
        return ignoreCase && lower != upper ? new char[] {lower, upper} : new char[] {c};
    }

    private record Trigger(int rule, String keyword, boolean ignoreCase) {}

    private record Candidate(Finding finding, int rule) {}

    private static final class Rule {
        final String kind;
        final String regex;
        final int span;
        final double minEntropy;
        final String[] keywords;
        final boolean ignoreCaseKeywords;
        private volatile Pattern pattern;

        Rule(String kind, String regex, int span, double minEntropy, boolean ignoreCase, String... keywords) {
            this.kind = kind;
            this.regex = regex;
            this.span = span;
            this.minEntropy = minEntropy;
            this.ignoreCaseKeywords = ignoreCase;
            this.keywords = keywords;
        }

        /** Compiled on first use, so text without a keyword compiles nothing. */
        Pattern pattern() {
            Pattern p = pattern;
            if (p == null) {
                p = Pattern.compile(regex);
                pattern = p;
            }
            return p;
        }
    }
}
