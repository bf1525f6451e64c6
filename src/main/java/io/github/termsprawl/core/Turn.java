package io.github.termsprawl.core;

/** One printable turn of a conversation: {@code role} is {@code user} or {@code assistant}. */
public record Turn(String role, String text) {
    /** Only the last this many turns of a transcript are printed. */
    public static final int MAX_TURNS = 40;
    /** Each turn's text is cut to this many UTF-16 code units. */
    public static final int MAX_CHARS = 2000;

    /** A turn whose text is already cut to {@link #MAX_CHARS}. */
    public static Turn of(String role, String text) {
        return new Turn(role, truncate(text));
    }

    /** The first {@link #MAX_CHARS} chars; a high surrogate left alone by the cut is dropped too. */
    public static String truncate(String text) {
        if (text.length() <= MAX_CHARS) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
        return text.substring(0, end);
    }
}
