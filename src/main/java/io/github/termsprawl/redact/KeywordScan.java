package io.github.termsprawl.redact;

import java.util.Arrays;

/**
 * The one pass over the text that finds the rules' keywords (docs/redaction.md, "Cost"). A table indexed by
 * two ASCII characters says whether any keyword starts with them, a bit set whether one has the third
 * character too; only then are the keywords of that pair compared. Text without a keyword costs this pass
 * and nothing else, however many rules there are.
 */
final class KeywordScan {
    private KeywordScan() {}

    private record Trigger(Rule rule, String keyword, boolean ignoreCase, boolean wordStart) {}

    /** Per pair of ASCII characters ({@code first << 7 | second}), the keywords that start with them. */
    private static final Trigger[][] TRIGGERS = new Trigger[128 * 128][];

    /** Non-zero where TRIGGERS has an entry: 16 KB, so the scan stays in cache. */
    private static final byte[] PAIRS = new byte[128 * 128];

    /** Per pair, the third characters its keywords have (two longs of bits): most pairs fail there. */
    private static final long[] THIRDS = new long[128 * 128 * 2];

    static {
        // in the planted commands this runs interpreted at every start: work in proportion to the keywords,
        // never a loop over the 16,384 pairs (docs/redaction.md, "Cost")
        for (Rule rule : RuleTable.RULES) {
            for (String keyword : rule.keywords) {
                add(new Trigger(rule, keyword, rule.ignoreCase, rule.wordStart));
            }
        }
    }

    private static final int CHUNK = 1 << 13;

    /** Calls {@code scan.at} for every keyword occurrence, in text order; the Scan is made on the first one. */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the low byte of each char is all the scan needs
    static Scan scan(String text, int depth) {
        Scan scan = null;
        int n = text.length();
        byte[] buf = new byte[Math.min(n, CHUNK) + 2];
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            int end = Math.min(n, to + 2);
            // a copy of bytes, not chars: for a Latin-1 string one arraycopy; a char past ASCII folds onto an
            // ASCII one, a false lead the comparison with the string itself rejects
            text.getBytes(from, end, buf, 0);
            int length = to - from;
            for (int k = end - from; k < length + 2; k++) {
                buf[k] = 0;
            }
            int j = 0;
            while (j < length) {
                int stop = Math.min(length, j + WINDOW);
                j = nextPair(buf, j, stop);
                if (j == stop) {
                    continue;
                }
                int i = from + j++;
                Trigger[] triggers = TRIGGERS[(buf[j - 1] & 127) << 7 | (buf[j] & 127)];
                for (Trigger t : triggers) {
                    if (t.wordStart
                            && (!wordStart(text, i)
                                    || (i > 0 && (text.charAt(i - 1) == '.' || text.charAt(i - 1) == '-')))) {
                        continue;
                    }
                    if (text.regionMatches(t.ignoreCase, i, t.keyword, 0, t.keyword.length())) {
                        if (scan == null) {
                            scan = new Scan(text, depth);
                        }
                        scan.at(t.rule, i);
                    }
                }
            }
        }
        return scan;
    }

    /**
     * The first place from {@code j} (and before {@code stop}) where a keyword's first three characters may be, or
     * {@code stop}. Most of a scan's time is here; the planted commands start interpreted, and the JIT compiles
     * a method after about a hundred calls: over windows of {@link #WINDOW} characters that is a few KB of
     * text, where one call over the whole text would run interpreted to its end (docs/redaction.md, "Cost").
     */
    private static int nextPair(byte[] buf, int j, int stop) {
        byte[] pairs = PAIRS;
        for (; j < stop; j++) {
            int pair = (buf[j] & 127) << 7 | (buf[j + 1] & 127);
            if (pairs[pair] != 0) {
                int third = buf[j + 2] & 127;
                if ((THIRDS[pair << 1 | third >>> 6] >>> third & 1) != 0) {
                    return j;
                }
            }
        }
        return stop;
    }

    private static final int WINDOW = 256;

    /** Whether a word starts at {@code i}: after a non-word character, or after an escaped line end of JSON text. */
    static boolean wordStart(String text, int i) {
        return i == 0
                || !wordChar(text.charAt(i - 1))
                || (i >= 2 && text.charAt(i - 2) == '\\' && "nrt".indexOf(text.charAt(i - 1)) >= 0);
    }

    static boolean wordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static void add(Trigger t) {
        String keyword = t.keyword;
        for (char a : cases(keyword.charAt(0), t.ignoreCase)) {
            for (char b : cases(keyword.charAt(1), t.ignoreCase)) {
                int key = a << 7 | b;
                Trigger[] before = TRIGGERS[key];
                if (before == null) {
                    TRIGGERS[key] = new Trigger[] {t};
                    PAIRS[key] = 1;
                } else {
                    Trigger[] more = Arrays.copyOf(before, before.length + 1);
                    more[before.length] = t;
                    TRIGGERS[key] = more;
                }
                if (keyword.length() < 3) {
                    THIRDS[key << 1] = -1L;
                    THIRDS[key << 1 | 1] = -1L;
                } else {
                    for (char c : cases(keyword.charAt(2), t.ignoreCase)) {
                        THIRDS[key << 1 | c >>> 6] |= 1L << c;
                    }
                }
            }
        }
    }

    private static char[] cases(char c, boolean ignoreCase) {
        char lower = Character.toLowerCase(c);
        char upper = Character.toUpperCase(c);
        return ignoreCase && lower != upper ? new char[] {lower, upper} : new char[] {c};
    }
}
