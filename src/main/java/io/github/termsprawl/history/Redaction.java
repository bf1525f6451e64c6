package io.github.termsprawl.history;

import io.github.termsprawl.session.SecretRedactor;

/**
 * The one place turn files are redacted: every text a person, a model or a tool wrote passes here before it
 * is written, so that secrets (API keys, tokens, private keys, passwords) never reach a file an agent greps.
 */
final class Redaction {
    private Redaction() {}

    /** The text with every secret replaced by {@code [redacted:<kind>]} when {@code on}; else as it is. */
    static String apply(String text, boolean on) {
        return on ? SecretRedactor.redact(text) : text;
    }
}
