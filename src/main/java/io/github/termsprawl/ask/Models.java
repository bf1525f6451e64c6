package io.github.termsprawl.ask;

/** The model asked by default, and how much a model reads at once. */
public final class Models {
    /**
     * The default model: the current Sonnet (Claude Sonnet 5.5, per Anthropic's models overview), fast and
     * with a 1M-token window. A setting or {@code TERMSPRAWL_MODEL} names another.
     */
    public static final String DEFAULT = "claude-sonnet-5-5";

    /** The window of the models that read 200k tokens; every later model reads 1M. */
    private static final String[] SMALL_WINDOW =
            ("claude-3 claude-haiku-4 claude-sonnet-4-0 claude-sonnet-4-2 claude-sonnet-4-5"
                            + " claude-opus-4-0 claude-opus-4-1 claude-opus-4-2 claude-opus-4-5")
                    .split(" ");

    private Models() {}

    /** The model's context window in tokens (input and output together). */
    public static int contextTokens(String model) {
        for (String prefix : SMALL_WINDOW) {
            if (model.startsWith(prefix)) {
                return 200_000;
            }
        }
        return 1_000_000;
    }
}
