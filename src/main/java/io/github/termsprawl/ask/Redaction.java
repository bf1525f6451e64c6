package io.github.termsprawl.ask;

/**
 * The one place where what is sent is redacted: every string of the conversation passes through
 * {@link #apply} before it is written into a request.
 */
final class Redaction {
    private Redaction() {}

    /** {@code text} with its secrets replaced, or {@code text} itself when {@code on} is false or it holds none. */
    static String apply(String text, boolean on) {
        if (!on || text == null) {
            return text;
        }
        // filled in when the shared SecretRedactor lands (common.md): SecretRedactor.redact(text)
        return text;
    }
}
