package io.github.termsprawl.redact;

/**
 * Whether an output redacts, and the words said when the user turned it off. Every output but the context
 * command's file view redacts unless told not to (docs/redaction.md, "Where it applies").
 */
public final class Redaction {
    /** What a command says on stderr, after its name, when {@code --no-redact} turned redaction off. */
    public static final String OFF_NOTICE = "secrets are not redacted (--no-redact)";

    private Redaction() {}

    /**
     * The choice in force: the user's ({@code --redact}/{@code --no-redact}, the last given) when there is
     * one, else the output's default.
     */
    public static boolean chosen(Boolean userChoice, boolean outputDefault) {
        return userChoice != null ? userChoice : outputDefault;
    }
}
