package io.github.termsprawl.redact;

/** Shannon entropy and character classes: the randomness tests that keep words out (docs/redaction.md). */
final class Entropy {
    private Entropy() {}

    /** Bits per character, as gitleaks computes it for its entropy thresholds. */
    static double bits(CharSequence s) {
        int n = s.length();
        if (n == 0) {
            return 0;
        }
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double bits = 0;
        for (int count : counts) {
            bits -= share(count, n);
        }
        return bits - share(other, n);
    }

    private static double share(int count, int length) {
        if (count == 0) {
            return 0;
        }
        double p = (double) count / length;
        return p * Math.log(p) / Math.log(2);
    }

    static final int LOWER = 1;
    static final int UPPER = 2;
    static final int DIGIT = 4;
    static final int OTHER = 8;

    static int mask(CharSequence s) {
        int mask = 0;
        for (int i = 0; i < s.length(); i++) {
            mask |= classOf(s.charAt(i));
        }
        return mask;
    }

    private static int classOf(char c) {
        if (c >= 'a' && c <= 'z') {
            return LOWER;
        }
        if (c >= 'A' && c <= 'Z') {
            return UPPER;
        }
        if (c >= '0' && c <= '9') {
            return DIGIT;
        }
        return OTHER;
    }

    /** The longest run of one repeated character. */
    static int longestRun(CharSequence s) {
        int best = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = i > 0 && s.charAt(i) == s.charAt(i - 1) ? run + 1 : 1;
            best = Math.max(best, run);
        }
        return best;
    }
}
