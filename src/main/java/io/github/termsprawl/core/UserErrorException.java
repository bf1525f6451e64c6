package io.github.termsprawl.core;

/**
 * A mistake the user must fix, in neutral words (no build tool's switches): what is wrong, naming the
 * file or value, and the fix. The entry point that reports it may offer another way out
 * ({@link #or}) and add its own words, such as the property the value came from.
 */
public class UserErrorException extends Exception {
    private final String problem;
    private final String fix;

    /** @param message the problem and its fix, whole sentences */
    public UserErrorException(String message) {
        super(message);
        this.problem = message;
        this.fix = null;
    }

    /**
     * @param problem what is wrong, naming the file or value, without a final period
     * @param fix     what to do about it, without a final period
     */
    public UserErrorException(String problem, String fix) {
        super(problem + ". " + fix + ".");
        this.problem = problem;
        this.fix = fix;
    }

    /** The same error with one more way out after its fix ("…, or {@code alternative}."). */
    public UserErrorException or(String alternative) {
        return fix == null
                ? new UserErrorException(getMessage() + " Or " + alternative + ".")
                : new UserErrorException(problem, fix + ", or " + alternative);
    }
}
