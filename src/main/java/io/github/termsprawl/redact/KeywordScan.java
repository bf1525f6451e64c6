package io.github.termsprawl.redact;

import java.util.Arrays;

/**
 * The one pass over the text that finds the rules' keywords (docs/redaction.md, "Cost"). A table indexed by
 * two ASCII characters says whether any keyword starts with them, bit sets whether one has the third and
 * the fourth character too; only then are the keywords of that pair compared. Text without a keyword costs this pass
 * and nothing else, however many rules there are.
 */
final class KeywordScan {
    private KeywordScan() {}

    private record Trigger(Rule rule, String keyword, boolean ignoreCase, boolean wordStart) {}

    /** Per pair of ASCII characters ({@code first << 7 | second}), the keywords that start with them. */
    private static final Trigger[][] TRIGGERS = new Trigger[128 * 128][];

    /**
     * Non-zero where TRIGGERS has an entry ({@link #SHORT} where a keyword of two characters is among them):
     * 16 KB, so the scan stays in cache.
     */
    private static final byte[] PAIRS = new byte[128 * 128];

    private static final byte SHORT = 2;

    /** Per pair, the third characters its keywords have (two longs of bits): most pairs fail there. */
    private static final long[] THIRDS = new long[128 * 128 * 2];

    /** How many buckets {@link #FOURTHS} has (a power of two). */
    private static final int BUCKETS = 1 << 12;

    /**
     * Per hash of the first three characters ({@link #bucket}), the fourth characters of their keywords (all
     * bits for a keyword of three): English words share three letters with keywords often ({@code lin} of
     * {@code lin_api_}, {@code ---} of {@code -----BEGIN}), four much less. Buckets shared by two triples only
     * let more through.
     */
    private static final long[] FOURTHS = new long[BUCKETS * 2];

    static {
        // in the planted commands this runs interpreted at every start: work in proportion to the keywords,
        // never a loop over the 16,384 pairs (docs/redaction.md, "Cost")
        for (Rule rule : RuleTable.RULES) {
            for (String keyword : rule.keywords) {
                add(new Trigger(rule, keyword, rule.ignoreCase, rule.wordStart));
            }
        }
        // a zero-width character (its low byte, as the scan reads it) or a backslash-u stops the pass at once:
        // ZeroWidth then runs the rules on the text without them, so a text with none pays nothing more
        for (char z : ZeroWidth.CHARS) {
            for (int second = 0; second < 128; second++) {
                stopAt(z & 127, second);
            }
        }
        stopAt('\\', 'u');
    }

    private static void stopAt(int first, int second) {
        int key = first << 7 | second;
        PAIRS[key] = SHORT;
        if (TRIGGERS[key] == null) {
            TRIGGERS[key] = new Trigger[0];
        }
    }

    private static final int CHUNK = 1 << 13;

    /**
     * Calls {@code scan.at} for every keyword occurrence, in text order; the Scan is made on the first one. With
     * {@code zeroWidthStops}, a zero-width character ends the pass with a Scan that says so
     * ({@link Scan#zeroWidth}), whose findings are not complete.
     */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the low byte of each char is all the scan needs
    static Scan scan(String text, int depth, boolean zeroWidthStops) {
        Scan scan = null;
        int n = text.length();
        byte[] buf = new byte[Math.min(n, CHUNK) + 3];
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            int end = Math.min(n, to + 3);
            // a copy of bytes, not chars: for a Latin-1 string one arraycopy; a char past ASCII folds onto an
            // ASCII one, a false lead the comparison with the string itself rejects
            text.getBytes(from, end, buf, 0);
            int length = to - from;
            for (int k = end - from; k < length + 3; k++) {
                buf[k] = 0;
            }
            for (int j = nextPair(buf, 0, length); j < length; j = nextPair(buf, j + 1, length)) {
                int i = from + j;
                if (zeroWidthStops && ZeroWidth.at(text, i)) {
                    Scan stopped = scan != null ? scan : new Scan(text, depth);
                    stopped.zeroWidth = true;
                    return stopped;
                }
                Trigger[] triggers = TRIGGERS[(buf[j] & 127) << 7 | (buf[j + 1] & 127)];
                for (Trigger t : triggers) {
                    if (t.wordStart && !keywordStart(text, i)) {
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
     * The first place from {@code j} (and before {@code stop}) where a keyword's first four characters may be, or
     * {@code stop}: most of a scan's time is this loop, so it leaves it only for the few places worth comparing
     * (docs/redaction.md, "Cost").
     */
    private static int nextPair(byte[] buf, int j, int stop) {
        byte[] pairs = PAIRS;
        // each byte loaded once: the second of one pair is the first of the next
        int next = buf[j] & 127;
        for (; j < stop; j++) {
            int pair = next << 7;
            next = buf[j + 1] & 127;
            pair |= next;
            int kind = pairs[pair];
            if (kind == SHORT) {
                return j;
            }
            if (kind != 0) {
                int third = buf[j + 2] & 127;
                if ((THIRDS[pair << 1 | third >>> 6] >>> third & 1) != 0) {
                    int fourth = buf[j + 3] & 127;
                    if ((FOURTHS[bucket(pair << 7 | third) << 1 | fourth >>> 6] >>> fourth & 1) != 0) {
                        return j;
                    }
                }
            }
        }
        return stop;
    }

    /** Whether a word starts at {@code i}: after a non-word character, or after an escaped line end of JSON text. */
    static boolean wordStart(String text, int i) {
        return i == 0
                || !wordChar(text.charAt(i - 1))
                || (i >= 2 && text.charAt(i - 2) == '\\' && "nrt".indexOf(text.charAt(i - 1)) >= 0);
    }

    /**
     * Where a keyword of a rule that wants a word start may stand: at a word's start but not after {@code .} or
     * {@code -}, or glued to a word inside a path segment.
     */
    static boolean keywordStart(String text, int i) {
        return (wordStart(text, i) && !(i > 0 && (text.charAt(i - 1) == '.' || text.charAt(i - 1) == '-')))
                || inPathSegment(text, i);
    }

    /** How far back {@link #inPathSegment} looks for the segment's start: a path segment's usual length. */
    static final int SEGMENT = 64;

    /**
     * Whether {@code i} follows {@code _} or {@code -} inside a path segment ({@code /tmp/token_ghp_…},
     * {@code C:\keys\my_AKIA…}): a token written into a file's name is found although a word is glued to it
     * (docs/redaction.md, "Secrets in pairs and commands"). The segment starts at a {@code /} or {@code \} at most
     * {@link #SEGMENT} word characters, dots, dashes or tildes before (not after a dot: {@code box.ico-…png} is a
     * file's extension and a hash); RuleTable.escapeAware says the same as a lookbehind.
     */
    static boolean inPathSegment(String text, int i) {
        if (i < 2) {
            return false;
        }
        char glue = text.charAt(i - 1);
        if (glue != '_' && glue != '-') {
            return false;
        }
        for (int j = i - 2, stop = Math.max(0, i - 2 - SEGMENT); j >= stop; j--) {
            char c = text.charAt(j);
            if (c == '/' || c == '\\') {
                return true;
            }
            if (!(wordChar(c) || c == '.' || c == '-' || c == '~')) {
                return false;
            }
        }
        return false;
    }

    static boolean wordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static int bucket(int triple) {
        return (triple * 0x9E3779B1) >>> 20;
    }

    /** Adds a keyword for each case its first four characters may take; no allocation but the trigger lists. */
    private static void add(Trigger t) {
        String keyword = t.keyword;
        int length = keyword.length();
        for (int ai = 0; ai < 2; ai++) {
            char a = variant(keyword.charAt(0), ai, t.ignoreCase);
            for (int bi = 0; a != 0 && bi < 2; bi++) {
                char b = variant(keyword.charAt(1), bi, t.ignoreCase);
                if (b == 0) {
                    continue;
                }
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
                if (length < 3) {
                    PAIRS[key] = SHORT; // any third and fourth character
                    continue;
                }
                for (int ci = 0; ci < 2; ci++) {
                    char c = variant(keyword.charAt(2), ci, t.ignoreCase);
                    if (c == 0) {
                        continue;
                    }
                    THIRDS[key << 1 | c >>> 6] |= 1L << c;
                    int at = bucket(key << 7 | c) << 1;
                    if (length < 4) {
                        FOURTHS[at] = -1L;
                        FOURTHS[at | 1] = -1L;
                        continue;
                    }
                    for (int di = 0; di < 2; di++) {
                        char d = variant(keyword.charAt(3), di, t.ignoreCase);
                        if (d != 0) {
                            FOURTHS[at | d >>> 6] |= 1L << d;
                        }
                    }
                }
            }
        }
    }

    /**
     * The character as written ({@code which} 0) or in its other case ({@code which} 1, when case is ignored and
     * it has one); 0 for no such variant. Past ASCII, the low seven bits, as the scan reads them.
     */
    private static char variant(char c, int which, boolean ignoreCase) {
        if (which == 0) {
            return (char) (c & 127);
        }
        if (!ignoreCase) {
            return 0;
        }
        char other = Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
        return other == c ? 0 : (char) (other & 127);
    }
}
