package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;

/** Output bytes: UTF-8 whatever the platform, a lone surrogate written as U+FFFD (as node does, not {@code ?}). */
public final class Utf8Output {
    private Utf8Output() {}

    public static byte[] encode(String text) {
        return wellFormed(text).getBytes(StandardCharsets.UTF_8);
    }

    /** The text with each lone surrogate (a transcript cut mid-character, an escape of half a pair) made U+FFFD. */
    public static String wellFormed(String text) {
        char[] chars = text.toCharArray(); // a loop over an array, not a call per char: cheap before the JIT
        boolean lone = false;
        for (int i = 0; i < chars.length; i++) {
            char c = chars[i];
            if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
                continue;
            }
            if (c <= Character.MAX_HIGH_SURROGATE && i + 1 < chars.length && Character.isLowSurrogate(chars[i + 1])) {
                i++;
            } else {
                chars[i] = Utf8.REPLACEMENT; // one char for one: replaced where it lies
                lone = true;
            }
        }
        return lone ? new String(chars) : text;
    }
}
