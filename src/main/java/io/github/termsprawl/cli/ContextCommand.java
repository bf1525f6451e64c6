package io.github.termsprawl.cli;

import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.redact.Redaction;
import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * {@code termsprawl-context --cwd <dir> --self <nodeId> [--view live] [--redact | --no-redact]} (docs/context.md):
 * exit 2 with one stderr line for bad arguments, otherwise exit 0 whatever happens, with exactly the context on
 * stdout.
 */
public final class ContextCommand {
    private ContextCommand() {}

    /** A class, not a lambda: no bootstrap at start, and the class-data archive holds it (ArchiveTraining). */
    static final Thread.UncaughtExceptionHandler QUIET = new Thread.UncaughtExceptionHandler() {
        @Override
        public void uncaughtException(Thread thread, Throwable e) {
            // nothing: the peer that thread read prints nothing
        }
    };

    public static void main(String[] args) {
        // fail open on every thread: a reader thread's error is that peer's, never a trace on stderr
        Thread.setDefaultUncaughtExceptionHandler(QUIET);
        int code = args.length > 0 && args[0].equals("--hook")
                ? PromptHook.run(
                        args,
                        java.time.Instant.now(),
                        System.in,
                        new FileOutputStream(FileDescriptor.out),
                        System.getenv("TERMSPRAWL_NODE_ID"))
                : run(args, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
        if (code != 0) {
            Exit.with(code);
        }
    }

    static int run(String[] args, OutputStream out, OutputStream err) {
        ContextArgs parsed = ContextArgs.parse(args);
        if (parsed.help()) {
            write(out, Utf8Output.encode(ContextArgs.HELP));
            return 0;
        }
        if (!parsed.ok()) {
            write(err, Utf8Output.encode("termsprawl-context: " + parsed.error() + "\n"));
            return 2;
        }
        if (Boolean.FALSE.equals(parsed.redact())) {
            write(err, Utf8Output.encode("termsprawl-context: " + Redaction.OFF_NOTICE + "\n"));
        }
        boolean printed = false;
        try (LinkedContext context = parsed.view() == null && parsed.redact() == null
                ? new LinkedContext(project(parsed)) // the default: no class of the live view or redactor loads
                : context(parsed)) {
            LinkedContext.Output output = context.render(parsed.self());
            byte[] stdout = output.stdoutUtf8(); // the whole document, joined once
            write(out, stdout);
            for (String note : output.notes()) {
                write(err, Utf8Output.encode("termsprawl-context: " + note + "\n"));
            }
            printed = stdout.length > 0 || !output.notes().isEmpty();
        } catch (RuntimeException | Error e) {
            // fail open: an agent gets no context rather than a stack trace
        }
        if (!printed) {
            hint(parsed, err);
        }
        return 0;
    }

    /** Nothing was printed: one line on stderr when that is a mistake, with its fix ({@link ContextHint}). */
    private static void hint(ContextArgs parsed, OutputStream err) {
        try {
            String hint = ContextHint.of(parsed.cwd(), parsed.self());
            if (hint != null) {
                write(err, Utf8Output.encode("termsprawl-context: " + hint + "\n"));
            }
        } catch (RuntimeException | Error e) {
            // fail open, as the context itself
        }
    }

    private static LinkedContext context(ContextArgs parsed) {
        View view = parsed.view() == null ? View.PROSE : View.of(parsed.view());
        return new LinkedContext(project(parsed), view, Redaction.chosen(parsed.redact(), view == View.LIVE));
    }

    /** The project {@code --cwd} names: that folder or, from a folder inside the project, the project's root. */
    private static Path project(ContextArgs parsed) {
        return ProjectRoot.of(Path.of(parsed.cwd()));
    }

    /** Writes and flushes; a closed pipe is the reader's choice, not an error (the history command's too). */
    static void write(OutputStream stream, byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        try {
            stream.write(bytes);
            stream.flush();
        } catch (IOException e) {
            // a closed pipe is the reader's choice
        }
    }
}
