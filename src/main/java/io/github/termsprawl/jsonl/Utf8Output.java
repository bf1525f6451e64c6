package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;

/** Output bytes: UTF-8 whatever the platform, a lone surrogate written as U+FFFD (as node does, not {@code ?}). */
public final class Utf8Output {
    private Utf8Output() {}

    public static byte[] encode(String text) {
        if (!hasLoneSurrogate(text)) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        StringBuilder run = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                run.append(c).append(text.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                run.append(Utf8.REPLACEMENT);
            } else {
                run.append(c);
            }
        }
        return run.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
