package io.github.termsprawl.cli;

import io.github.termsprawl.ask.Ask;
import io.github.termsprawl.ask.AskEnvironment;
import io.github.termsprawl.ask.AskReport;
import io.github.termsprawl.ask.AskSettings;
import io.github.termsprawl.ask.Target;
import io.github.termsprawl.ask.Targets;
import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.redact.Redaction;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code termsprawl-ask} ({@link AskArgs#USAGE}): puts a question to a node's session or to every peer's,
 * answered from their whole conversation. Exit 2 with a usage line for bad arguments; 1 when a target could
 * not be asked (each failure on stderr, the answers of the others still on stdout); else 0.
 */
public final class AskCommand {
    private AskCommand() {}

    public static void main(String[] args) {
        FileOutputStream err = new FileOutputStream(FileDescriptor.err);
        // a thread that dies (a target's, the HTTP client's) says so in one line, never with a stack trace
        Thread.setDefaultUncaughtExceptionHandler(HistoryCommand.oneLine("termsprawl-ask", "ask", err));
        int code = run(args, new FileOutputStream(FileDescriptor.out), err, AskEnvironment.system());
        System.exit(code); // the HTTP client's threads need not be waited for
    }

    static int run(String[] args, OutputStream out, OutputStream err, AskEnvironment env) {
        AskArgs a = AskArgs.parse(args);
        if (a.help()) {
            write(out, AskArgs.HELP);
            return 0;
        }
        if (!a.ok()) {
            write(err, "termsprawl-ask: " + a.error() + "\nusage: " + AskArgs.USAGE + "\n");
            return 2;
        }
        if (!a.redact()) {
            write(err, "termsprawl-ask: " + Redaction.OFF_NOTICE + "\n");
        }
        AskSettings settings;
        try {
            settings = AskSettings.of(
                    env,
                    a.question(),
                    a.model(),
                    a.timeout(),
                    a.parallel(),
                    a.redact(),
                    a.dryRun(),
                    a.contextTokens(),
                    AskSettings.FLAGS,
                    a.attachments());
        } catch (UserErrorException e) {
            write(err, "termsprawl-ask: " + e.getMessage() + "\n");
            return 1;
        }
        try (Ask ask = new Ask(ProjectRoot.of(Path.of(a.cwd()).toAbsolutePath().normalize()), settings, env)) {
            List<Target> targets = ask.targets(new Targets.Selection(
                    a.node(), null, a.peers() ? Targets.PEERS : null, a.self(), Targets.DEFAULT_LIMIT));
            List<Ask.Result> results = ask.run(targets);
            write(out, a.json() ? AskReport.json(results, settings) : AskReport.text(results, settings));
            boolean failed = false;
            for (Ask.Result r : results) {
                if (r.failed()) {
                    write(err, "termsprawl-ask: " + r.target().label() + ": " + r.error() + "\n");
                    failed = true;
                }
            }
            return failed ? 1 : 0;
        } catch (UserErrorException e) {
            write(err, "termsprawl-ask: " + e.getMessage() + "\n");
            return 1;
        } catch (RuntimeException e) {
            write(err, "termsprawl-ask: failed: " + e + "\n"); // a bug: say what, never a stack trace
            return 1;
        } catch (OutOfMemoryError e) {
            write(err, "termsprawl-ask: stopped: " + HistoryCommand.problem(e, "ask") + "\n");
            return 1;
        }
    }

    private static void write(OutputStream stream, String text) {
        try {
            stream.write(Utf8Output.encode(text));
            stream.flush();
        } catch (IOException e) {
            // a closed pipe is the reader's choice
        }
    }
}
