package io.github.termsprawl.core;

/** A mistake in what the user asked for; its message names the problem and the fix. */
public class UserErrorException extends Exception {
    public UserErrorException(String message) {
        super(message);
    }
}
