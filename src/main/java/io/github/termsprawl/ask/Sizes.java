package io.github.termsprawl.ask;

/** Sizes and token estimates of what is sent. */
final class Sizes {
    /**
     * UTF-8 bytes per token in the estimate: English prose runs near four, code and JSON near three, and a
     * CJK character (three bytes) is about a token; three errs on the side of cutting a little more.
     */
    static final int BYTES_PER_TOKEN = 3;

    private Sizes() {}

    static long utf8(String s) {
        long n = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                n += c < 0x800 || Character.isSurrogate(c) ? 1 : 2;
            }
        }
        return n;
    }

    static long tokens(long bytes) {
        return (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN;
    }

    /** {@code 1.2 MB}, {@code 850 kB}, {@code 312 bytes}. */
    static String describe(long bytes) {
        if (bytes >= 1_000_000) {
            return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return bytes >= 10_000 ? (bytes / 1000) + " kB" : bytes + " bytes";
    }
}
