package io.github.termsprawl.ask;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Puts one question to each target, at most {@link AskSettings#parallel()} at a time: through the Messages
 * API when there is a key, else through the Claude Code CLI for a Claude Code session's active window. The
 * shared implementation of the {@code ask} goal and the planted {@code termsprawl-ask}. Closing it closes
 * the readers (and any OpenCode database they hold open).
 */
public final class Ask implements AutoCloseable {
    /**
     * What came of one target: its conversation (null when it could not be read), the request built (null
     * for the CLI), the answer (null in a dry run or on failure) or the failure's message.
     *
     * @param dryRunWay in a dry run without a key: how a real run would ask instead of the API (the
     *     {@code claude} command), or why it could not ({@code no way to ask: …}); null otherwise
     */
    public record Result(
            Target target,
            Conversation conversation,
            RequestBuilder.Built request,
            Answer answer,
            String error,
            String dryRunWay) {
        public boolean failed() {
            return error != null;
        }
    }

    private final ProjectLayout layout;
    private final AskSettings settings;
    private final AskEnvironment env;
    private final TranscriptReaders readers;
    private final SessionLoader loader;
    private final AnthropicClient client;

    /**
     * One target at a time reads its session and builds its request: a plan of a big session is most of what
     * ask holds, so the heap bound holds for any number of targets (docs/ask.md, "Too large"); the answers,
     * which are waits on the network, still come {@link AskSettings#parallel()} at once.
     */
    private final Semaphore reading = new Semaphore(1);

    /** Run while a target reads (tests: to hold a read long enough for another to start if it could). */
    Runnable whileReading = () -> {};

    public Ask(Path cwd, AskSettings settings, AskEnvironment env) {
        this(cwd, settings, env, settings.apiKey() == null ? null : new AnthropicClient(settings));
    }

    /** {@code client}: the API client (tests bound its retries), or null without a key. */
    Ask(Path cwd, AskSettings settings, AskEnvironment env, AnthropicClient client) {
        this.layout = new ProjectLayout(cwd);
        this.settings = settings;
        this.env = env;
        this.readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir());
        // a conversation is read holding no more than the largest request it could make (docs/ask.md, "Too large")
        this.loader = new SessionLoader(
                readers, RequestBuilder.defaultBudget(settings), settings.redact(), settings.attachments());
        this.client = client;
    }

    public AskSettings settings() {
        return settings;
    }

    public List<Target> targets(Targets.Selection selection) throws UserErrorException {
        return new Targets(layout, env, loader).resolve(selection);
    }

    /**
     * Asks every target; each result in the targets' order.
     *
     * @throws UserErrorException when there is no way to ask at all: no key and no {@code claude} command
     */
    public List<Result> run(List<Target> targets) throws UserErrorException {
        Path claude = null;
        if (!settings.dryRun() && settings.apiKey() == null) {
            claude = env.which(ClaudeCli.COMMAND);
            if (claude == null) {
                throw new UserErrorException(
                        "No way to ask: " + AskEnvironment.API_KEY + " is not set and there is no claude command on"
                                + " PATH",
                        "Set " + AskEnvironment.API_KEY + " to an Anthropic API key, or install Claude Code (the"
                                + " claude command on PATH) to ask Claude Code sessions through it");
            }
        }
        ClaudeCli cli = claude == null
                ? null
                : new ClaudeCli(
                        claude, env, settings.timeout(), settings.names().timeout(), CappedBytes.CAP);
        int threads = Math.max(1, Math.min(settings.parallel(), targets.size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "termsprawl-ask");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Result>> futures = new ArrayList<>();
            for (Target target : targets) {
                futures.add(pool.submit(() -> one(target, cli)));
            }
            List<Result> results = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                results.add(result(targets.get(i), futures.get(i)));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result result(Target target, Future<Result> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(target, null, null, null, "Interrupted.", null);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof OutOfMemoryError) {
                return new Result(
                        target,
                        null,
                        null,
                        null,
                        "out of memory (" + cause.getMessage() + ", a heap of "
                                + (Runtime.getRuntime().maxMemory() >> 20)
                                + " MB): the session is too large for this heap;"
                                + " give the JVM more (the ask goal, with MAVEN_OPTS=-Xmx2g)",
                        null);
            }
            return new Result(target, null, null, null, "Failed: " + cause, null); // a bug: say what, never a trace
        }
    }

    /**
     * One target's result as it is printed: with redaction on, a server's error (a 401 body may echo the key),
     * the answer and its notes are redacted too, not only what was sent (docs/redaction.md).
     */
    private Result one(Target target, ClaudeCli cli) {
        Result r = asked(target, cli);
        if (!settings.redact()) {
            return r;
        }
        Answer a = r.answer();
        Answer shown = a == null
                ? null
                : a.with(
                        Redactor.redact(a.answer(), true),
                        a.notes().stream().map(n -> Redactor.redact(n, true)).toList());
        return new Result(
                r.target(), r.conversation(), r.request(), shown, Redactor.redact(r.error(), true), r.dryRunWay());
    }

    private interface Reading<T> {
        T run() throws AskException;
    }

    /** {@code work} (a read of a session, or a request built from it), one target at a time ({@link #reading}). */
    private <T> T read(Reading<T> work) throws AskException {
        try {
            reading.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AskException("Interrupted.");
        }
        try {
            whileReading.run();
            return work.run();
        } finally {
            reading.release();
        }
    }

    private Result asked(Target target, ClaudeCli cli) {
        Conversation c;
        try {
            c = read(() -> loader.load(target));
        } catch (AskException e) {
            return new Result(target, null, null, null, e.getMessage(), null);
        }
        if (c.isEmpty()) {
            Answer none =
                    new Answer(false, "The session has no messages yet.", List.of(), Usage.NONE, List.of(), "none");
            return new Result(target, c, null, none, null, null);
        }
        try {
            if (!settings.dryRun() && client == null) {
                return new Result(target, c, null, viaCli(target, c, cli), null, null);
            }
            long budget = RequestBuilder.defaultBudget(settings);
            RequestBuilder builder = new RequestBuilder(settings.redact(), settings.attachments());
            RequestBuilder.Built built =
                    read(() -> builder.build(c, target.label(), settings.question(), settings.model(), budget));
            if (settings.dryRun()) {
                return new Result(target, c, built, null, null, client == null ? dryRunWay(target, c) : null);
            }
            Answer answer;
            try {
                answer = client.send(built.body(), built.estimatedTokens());
            } catch (AskException.TooLarge e) {
                // the estimate was short of the API's count: cut to what it counted, once
                long smaller = e.counted > 0 && e.maximum > 0
                        ? built.budgetTokens() * e.maximum / e.counted * 9 / 10
                        : built.budgetTokens() * 7 / 10;
                built = read(() -> builder.build(c, target.label(), settings.question(), settings.model(), smaller));
                answer = client.send(built.body(), built.estimatedTokens());
            }
            List<String> notes = new ArrayList<>(built.notes());
            notes.addAll(answer.notes());
            return new Result(target, c, built, answer.with(answer.answer(), notes), null, null);
        } catch (AskException e) {
            return new Result(target, c, null, null, e.getMessage(), null);
        }
    }

    /**
     * What a real run without a key would do for this target (docs/ask.md, "Dry run"): ask through the
     * {@code claude} command, or nothing, and why.
     */
    private String dryRunWay(Target target, Conversation c) {
        if (env.which(ClaudeCli.COMMAND) == null) {
            return "no way to ask: " + AskEnvironment.API_KEY + " is not set and there is no claude command on PATH;"
                    + " set " + AskEnvironment.API_KEY + " to an Anthropic API key, or install Claude Code";
        }
        try {
            cliProblem(target, c);
        } catch (AskException e) {
            return "no way to ask: " + e.getMessage();
        }
        return "would ask through the claude command (claude --resume " + c.sessionId() + "), " + AskEnvironment.API_KEY
                + " being unset";
    }

    /** Throws why the claude command cannot ask this conversation. */
    private static void cliProblem(Target target, Conversation c) throws AskException {
        String missing = AskEnvironment.API_KEY + " is not set, and " + target.label();
        if (Agents.capability(c.store(), Agent.CliResume.class) == null) {
            throw new AskException(missing + " is a " + c.store().id() + " session, which the claude command cannot"
                    + " resume. Set " + AskEnvironment.API_KEY + " to ask it through the API.");
        }
        if (!c.isActive()) {
            throw new AskException(missing + " (" + c.describe() + ") is an earlier window, which claude --resume"
                    + " cannot reach. Set " + AskEnvironment.API_KEY + " to ask it through the API.");
        }
        if (c.sessionId() == null) {
            throw new AskException(missing + "'s transcript " + c.file() + " names no session id for claude --resume."
                    + " Set " + AskEnvironment.API_KEY + " to ask it through the API.");
        }
    }

    private Answer viaCli(Target target, Conversation c, ClaudeCli cli) throws AskException {
        cliProblem(target, c);
        String question = Redactor.redact(settings.question(), settings.redact());
        return cli.ask(c.sessionId(), c.file(), layout.cwd(), question);
    }

    @Override
    public void close() {
        readers.close();
    }
}
