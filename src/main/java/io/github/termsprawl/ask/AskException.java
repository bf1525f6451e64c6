package io.github.termsprawl.ask;

/** A target could not be asked: the message says what went wrong and what to do, whole sentences. */
public class AskException extends Exception {
    public AskException(String message) {
        // an API's or claude's error text is a stranger's: no escape sequence reaches stderr (docs/ask.md)
        super(io.github.termsprawl.core.ControlChars.strip(message));
    }

    /** The API found the request too large for the model: asked again, it is cut further. */
    static final class TooLarge extends AskException {
        /** The tokens the API counted, and its maximum; 0 when it did not say. */
        final long counted;

        final long maximum;

        TooLarge(String message, long counted, long maximum) {
            super(message);
            this.counted = counted;
            this.maximum = maximum;
        }
    }
}
