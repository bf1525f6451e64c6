package io.github.termsprawl.maven;

import io.github.termsprawl.ask.Ask;
import io.github.termsprawl.ask.AskEnvironment;
import io.github.termsprawl.ask.AskReport;
import io.github.termsprawl.ask.AskSettings;
import io.github.termsprawl.ask.Target;
import io.github.termsprawl.ask.Targets;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Puts a question to a dormant or peer session, answered from its whole conversation: a node's session, a
 * session by path or Claude Code id, every peer of a node, or a node's earlier compaction windows. Answers
 * print to stdout (or {@code termsprawl.output}) as text or JSON; the goal fails when a target could not be
 * asked, after printing the others.
 *
 * <p>Example:
 * {@code mvn -q termsprawl:ask -Dtermsprawl.node=frontend -Dtermsprawl.question="Why is /orders paged by 50?"}.
 * The targets, what is sent, the backends and the errors: <a href="docs/ask.html">Ask</a>.
 */
@Mojo(name = "ask", requiresProject = false, threadSafe = true)
public class AskMojo extends AbstractSqliteMojo {
    static final String EXAMPLE = "mvn -q termsprawl:ask -D" + UserProperties.NODE + "=backend -D"
            + UserProperties.QUESTION + "=\"Why is /orders paged?\"";

    /** How a message names each setting: by its property. */
    static final AskSettings.Names NAMES = new AskSettings.Names(
            "-D" + UserProperties.MODEL + "=<id>",
            "-D" + UserProperties.TIMEOUT + "=<seconds>",
            "-D" + UserProperties.PARALLEL + "=<n>",
            "-D" + UserProperties.CONTEXT_TOKENS + "=<n>",
            "-D" + UserProperties.BASE_URL + "=<url> (or ANTHROPIC_BASE_URL)");

    /** The question. */
    @Parameter(property = UserProperties.QUESTION)
    private String question;

    /** The node whose session to ask (its active window). */
    @Parameter(property = UserProperties.NODE)
    private String node;

    /** A session to ask instead of a node's: a transcript path (relative to the project folder) or a Claude Code session id. */
    @Parameter(property = UserProperties.SESSION)
    private String transcriptSession; // not "session": the base class's MavenSession has that name

    /**
     * {@code peers}: every peer linked to {@code termsprawl.self}; {@code windows}: the earlier compaction windows
     * of the node (or session), newest first.
     */
    @Parameter(property = UserProperties.SCOPE)
    private String scope;

    /** The asking node, whose peers {@code termsprawl.scope=peers} asks. */
    @Parameter(property = UserProperties.SELF)
    private String self;

    /** How many earlier windows {@code termsprawl.scope=windows} asks. */
    @Parameter(property = UserProperties.LIMIT, defaultValue = "3")
    private String limit;

    /** The model; else {@code TERMSPRAWL_MODEL}, else the current default. */
    @Parameter(property = UserProperties.MODEL)
    private String model;

    /** The API's address (a proxy's, a local test server's); else {@code ANTHROPIC_BASE_URL}, else Anthropic's. */
    @Parameter(property = UserProperties.BASE_URL)
    private String baseUrl;

    /** Seconds one request (or one run of the claude command) may take. */
    @Parameter(property = UserProperties.TIMEOUT, defaultValue = "300")
    private String timeout;

    /** How many targets are asked at once. */
    @Parameter(property = UserProperties.PARALLEL, defaultValue = "4")
    private String parallel;

    /** The input window to plan for, in tokens; by default the model's. */
    @Parameter(property = UserProperties.CONTEXT_TOKENS)
    private String contextTokens;

    /** Print what would be sent (sizes, token estimate, the cut) without asking. */
    @Parameter(property = UserProperties.DRY_RUN, defaultValue = "false")
    private String dryRun;

    /**
     * Send the harness's attachments too (Claude Code's environment, tool and skill listings, prompt snapshots),
     * which are left out by default: they restate the harness and drown the conversation.
     */
    @Parameter(property = UserProperties.ATTACHMENTS, defaultValue = "false")
    private String attachments;

    /** {@code text} (the default) or {@code json}. */
    @Parameter(property = UserProperties.FORMAT, defaultValue = "text")
    private String format;

    /** {@code false}: send secrets as they are in the transcript. */
    @Parameter(property = UserProperties.REDACT, defaultValue = "true")
    private String redact;

    /** Write the answers to this file instead of stdout. */
    @Parameter(property = UserProperties.OUTPUT)
    private String output;

    /** Skips this goal only ({@code termsprawl.ask.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.ASK_SKIP, defaultValue = "false")
    private String skipAsk;

    @Override
    String skipGoal() {
        return skipAsk;
    }

    @Override
    String example() {
        return EXAMPLE;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        required(question == null || question.isBlank() ? null : question, UserProperties.QUESTION, EXAMPLE);
        Targets.Selection selection = selection();
        if (!format.equals("text") && !format.equals("json")) {
            throw new MojoFailureException("Unknown format '" + printable(format) + "' in " + UserProperties.FORMAT
                    + ": expected text or json. Example: " + EXAMPLE + " -D" + UserProperties.FORMAT + "=json");
        }
        boolean dry = flag(dryRun, UserProperties.DRY_RUN, false);
        boolean redacts = redaction(redact, true);
        int parallelCount = positive(parallel, UserProperties.PARALLEL, AskSettings.DEFAULT_PARALLEL);
        int timeoutSeconds = positive(timeout, UserProperties.TIMEOUT, AskSettings.DEFAULT_TIMEOUT_SECONDS);
        Integer tokens = contextTokens == null || contextTokens.isEmpty()
                ? null
                : positive(contextTokens, UserProperties.CONTEXT_TOKENS, 0);
        AskEnvironment env = AskEnvironment.system();
        if (baseUrl != null && !baseUrl.isBlank()) {
            env = env.with(AskEnvironment.BASE_URL, baseUrl.strip());
        }
        boolean sends = flag(attachments, UserProperties.ATTACHMENTS, false);
        AskSettings settings =
                AskSettings.of(env, question, model, timeoutSeconds, parallelCount, redacts, dry, tokens, NAMES, sends);
        List<Ask.Result> results;
        try (Ask ask = new Ask(root, settings, env)) {
            List<Target> targets = ask.targets(selection);
            getLog().info("termsprawl: asking " + targets.size() + (targets.size() == 1 ? " target" : " targets")
                    + (dry ? " (dry run)" : "") + " with " + settings.model());
            results = ask.run(targets);
        }
        String text = format.equals("json") ? AskReport.json(results, settings) : AskReport.text(results, settings);
        String where = printData(root, text, output);
        getLog().info("termsprawl: printed the answers to " + where);
        StringBuilder failures = new StringBuilder();
        int failed = 0;
        for (Ask.Result r : results) {
            if (r.failed()) {
                failed++;
                failures.append("\n  ").append(r.target().label()).append(": ").append(r.error());
            }
        }
        if (failed > 0) {
            throw new MojoFailureException(failed + " of " + results.size()
                    + (results.size() == 1 ? " target" : " targets") + " could not be asked:" + failures);
        }
    }

    private Targets.Selection selection() throws MojoFailureException {
        String chosen = scope == null || scope.isBlank() ? null : scope.strip();
        if (chosen != null && !chosen.equals(Targets.PEERS) && !chosen.equals(Targets.WINDOWS)) {
            throw new MojoFailureException("Unknown scope '" + printable(chosen) + "' in " + UserProperties.SCOPE
                    + ": expected " + Targets.PEERS + " or " + Targets.WINDOWS + ". Example: " + EXAMPLE);
        }
        boolean hasNode = node != null && !node.isEmpty();
        boolean hasSession = transcriptSession != null && !transcriptSession.isEmpty();
        if (Targets.PEERS.equals(chosen)) {
            nodeId(
                    self,
                    UserProperties.SELF,
                    "mvn -q termsprawl:ask -D" + UserProperties.SCOPE + "=peers -D" + UserProperties.SELF
                            + "=frontend -D" + UserProperties.QUESTION + "=\"…\"");
            if (hasNode || hasSession) {
                throw new MojoFailureException(UserProperties.SCOPE + "=peers asks every peer of "
                        + UserProperties.SELF + ": leave out "
                        + (hasNode ? UserProperties.NODE : UserProperties.SESSION)
                        + ". Example: mvn -q termsprawl:ask -D" + UserProperties.SCOPE + "=peers -D"
                        + UserProperties.SELF + "=" + self + " -D" + UserProperties.QUESTION + "=\"…\"");
            }
            return new Targets.Selection(
                    null, null, chosen, self, positive(limit, UserProperties.LIMIT, Targets.DEFAULT_LIMIT));
        }
        if (hasNode == hasSession) {
            throw new MojoFailureException((hasNode ? "Give one target, not both " : "Missing a target: ")
                    + UserProperties.NODE + " (a node's session), " + UserProperties.SESSION
                    + " (a transcript path or Claude Code session id)"
                    + (hasNode ? "" : ", or " + UserProperties.SCOPE + "=peers with " + UserProperties.SELF)
                    + ". Example: " + EXAMPLE);
        }
        if (hasNode) {
            nodeId(node, UserProperties.NODE, EXAMPLE);
        }
        return new Targets.Selection(
                hasNode ? node : null,
                hasSession ? transcriptSession : null,
                chosen,
                self,
                positive(limit, UserProperties.LIMIT, Targets.DEFAULT_LIMIT));
    }

    /**
     * A whole number of at least 1 ({@code unset} when not given). Read here, not by Maven: its conversion fails
     * with "Cannot convert 'abc' to int", naming neither the property nor a correct call.
     */
    private static int positive(String value, String property, int unset) throws MojoFailureException {
        if (value == null || value.isEmpty()) {
            return unset;
        }
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new MojoFailureException("Invalid value '" + printable(value) + "' for " + property
                    + ": expected a whole number of at least 1 (at most " + Integer.MAX_VALUE + "). Example: "
                    + EXAMPLE);
        }
        if (n < 1) {
            throw new MojoFailureException(property + " must be at least 1, not " + n + ". Example: " + EXAMPLE);
        }
        return n;
    }
}
