package io.github.termsprawl.ask;

import io.github.termsprawl.core.UserErrorException;
import java.time.Duration;

/**
 * How to ask: the question, the model and where it is served, the limits, and what is sent.
 *
 * @param apiKey        {@code ANTHROPIC_API_KEY}, or null: then the Claude Code CLI answers for Claude sessions
 * @param baseUrl       the API's address ({@code ANTHROPIC_BASE_URL}, else {@link #DEFAULT_BASE_URL})
 * @param timeout       how long one request (or one run of the CLI) may take
 * @param parallel      how many targets are asked at once
 * @param contextTokens the input budget in tokens; 0 for the model's window ({@link Models#contextTokens})
 * @param attachments   send the harness's attachments too (Claude Code's environment, listings, prompt
 *     snapshots…), which are left out by default (docs/ask.md)
 */
public record AskSettings(
        String question,
        String model,
        String apiKey,
        String baseUrl,
        Duration timeout,
        int parallel,
        boolean redact,
        boolean dryRun,
        int contextTokens,
        Names names,
        boolean attachments) {

    /**
     * How the caller sets each setting, for messages that say what to change: the command's flags
     * ({@link #FLAGS}) or the goal's properties.
     */
    public record Names(String model, String timeout, String parallel, String contextTokens, String baseUrl) {}

    /** The planted command's flags. */
    public static final Names FLAGS = new Names(
            "--model <id>", "--timeout <seconds>", "--parallel <n>", "--context-tokens <n>", AskEnvironment.BASE_URL);

    public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
    public static final int DEFAULT_TIMEOUT_SECONDS = 300;
    public static final int DEFAULT_PARALLEL = 4;

    /**
     * The settings from the environment, each explicit value (null: not given) winning over it.
     *
     * @param model          the goal's or the command's model, else {@code TERMSPRAWL_MODEL}, else the default
     * @param timeoutSeconds null for {@link #DEFAULT_TIMEOUT_SECONDS}
     * @param parallel       null for {@link #DEFAULT_PARALLEL}
     */
    public static AskSettings of(
            AskEnvironment env,
            String question,
            String model,
            Integer timeoutSeconds,
            Integer parallel,
            boolean redact,
            boolean dryRun,
            Integer contextTokens,
            Names names,
            boolean attachments)
            throws UserErrorException {
        if (contextTokens != null
                && contextTokens <= RequestBuilder.MAX_OUTPUT_TOKENS + RequestBuilder.RESERVE_TOKENS) {
            // the answer and the framing come out of the window first: nothing would be left for the conversation
            throw new UserErrorException(
                    contextTokens + " tokens (" + names.contextTokens() + ") leave no room for the conversation: the"
                            + " answer and the request's framing take "
                            + (RequestBuilder.MAX_OUTPUT_TOKENS + RequestBuilder.RESERVE_TOKENS) + " of them",
                    "Give the model's input window, or leave it unset for the model's own");
        }
        String chosen = model != null && !model.isBlank() ? model.strip() : env.get(AskEnvironment.MODEL);
        String base = env.get(AskEnvironment.BASE_URL);
        return new AskSettings(
                question,
                chosen != null ? chosen : Models.DEFAULT,
                env.get(AskEnvironment.API_KEY),
                checkedBaseUrl(base != null ? base : DEFAULT_BASE_URL, names),
                Duration.ofSeconds(timeoutSeconds != null ? timeoutSeconds : DEFAULT_TIMEOUT_SECONDS),
                parallel != null ? parallel : DEFAULT_PARALLEL,
                redact,
                dryRun,
                contextTokens != null ? contextTokens : 0,
                names,
                attachments);
    }

    /** The API's address if it is one (the HTTP client would fail on it with its own words), else a user error. */
    private static String checkedBaseUrl(String value, Names names) throws UserErrorException {
        try {
            java.net.URI uri = new java.net.URI(value);
            String scheme = uri.getScheme();
            if (scheme != null
                    && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    && uri.getHost() != null) {
                return value;
            }
        } catch (java.net.URISyntaxException e) {
            // said below
        }
        throw new UserErrorException(
                "Invalid API address '" + value + "' in " + names.baseUrl(),
                "Give http:// or https:// and a host, such as " + DEFAULT_BASE_URL);
    }

    /** The input budget actually used: the given one, else the model's window. */
    public int windowTokens() {
        return contextTokens > 0 ? contextTokens : Models.contextTokens(model);
    }
}
