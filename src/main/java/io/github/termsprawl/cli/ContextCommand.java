package io.github.termsprawl.cli;

import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * {@code termsprawl-context --cwd <dir> --self <nodeId> [--view live]} (docs/context.md): exit 2 with one stderr line for
 * bad arguments, otherwise exit 0 whatever happens, with exactly the context on stdout.
 */
public final class ContextCommand {
    private ContextCommand() {}

    public static void main(String[] args) {
        int code = run(args, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
        if (code != 0) {
            System.exit(code);
        }
    }

    static int run(String[] args, OutputStream out, OutputStream err) {
        ContextArgs parsed = ContextArgs.parse(args);
        if (!parsed.ok()) {
            write(err, Utf8Output.encode("termsprawl-context: " + parsed.error() + "\n"));
            return 2;
        }
        try (LinkedContext context = parsed.view() == null
                ? new LinkedContext(Path.of(parsed.cwd()))
                : new LinkedContext(Path.of(parsed.cwd()), View.of(parsed.view()))) {
            LinkedContext.Output output = context.render(parsed.self());
            write(out, output.stdoutUtf8());
            for (String note : output.notes()) {
                write(err, Utf8Output.encode("termsprawl-context: " + note + "\n"));
            }
        } catch (RuntimeException | Error e) {
            // fail open: an agent gets no context rather than a stack trace
        }
        return 0;
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
