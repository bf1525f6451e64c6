package io.github.termsprawl.ask;

import io.github.termsprawl.session.SecretRedactor;

/**
 * The one place where what is sent is redacted ({@link SecretRedactor}, as the turn files are): every string
 * of the conversation, the tool arguments and the question pass through {@link #apply} before they are
 * written into a request or handed to the claude command.
 */
final class Redaction {
    private Redaction() {}

    /** {@code text} with its secrets replaced, or {@code text} itself when {@code on} is false or it holds none. */
    static String apply(String text, boolean on) {
        if (!on || text == null) {
            return text;
        }
        return SecretRedactor.redact(text);
    }
}
