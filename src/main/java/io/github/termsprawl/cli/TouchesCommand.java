package io.github.termsprawl.cli;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.touch.PeerTouches;
import io.github.termsprawl.touch.TouchReport;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@code termsprawl-touches --cwd <dir> --self <nodeId> [--file <path>] [--since <time|duration>] [--json]}
 * (docs/touches.md): exit 2 with one stderr line for bad arguments, otherwise exit 0 whatever happens; nothing to
 * say prints nothing.
 */
public final class TouchesCommand {
    private TouchesCommand() {}

    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(ContextCommand.QUIET);
        int code = main(
                args,
                Instant.now(),
                System.in,
                new FileOutputStream(FileDescriptor.out),
                new FileOutputStream(FileDescriptor.err),
                System.getenv("TERMSPRAWL_NODE_ID"));
        if (code != 0) {
            Exit.with(code);
        }
    }

    /** {@code --hook} first: Claude Code's PreToolUse hook ({@link TouchHook}), silent on any failure; else the command. */
    static int main(String[] args, Instant now, InputStream in, OutputStream out, OutputStream err, String self) {
        if (args.length > 0 && args[0].equals("--hook")) {
            try {
                return TouchHook.run(args, now, in, out, err, self, TouchHook.BUDGET_NANOS);
            } catch (RuntimeException | Error e) {
                return 0; // silent: the edit goes on
            }
        }
        return run(args, now, out, err);
    }

    static int run(String[] args, Instant now, OutputStream out, OutputStream err) {
        TouchesArgs parsed = TouchesArgs.parse(now, args);
        if (parsed.help()) {
            ContextCommand.write(out, Utf8Output.encode(TouchesArgs.HELP));
            return 0;
        }
        if (!parsed.ok()) {
            ContextCommand.write(err, Utf8Output.encode("termsprawl-touches: " + parsed.error() + "\n"));
            return 2;
        }
        try {
            Path given = Path.of(parsed.cwd()).toAbsolutePath();
            ProjectLayout layout = new ProjectLayout(ProjectRoot.of(given));
            // a relative --file is the caller's, relative to the folder given (a module folder, say), not the root
            String file = parsed.file();
            if (file != null) {
                try {
                    file = given.resolve(file).toString();
                } catch (java.nio.file.InvalidPathException e) {
                    // no path: it names no file of the project, as before
                }
            }
            List<PeerTouches.Peer> peers = PeerTouches.of(layout, parsed.self(), file, parsed.since());
            if (!peers.isEmpty()) {
                String text = parsed.json() ? TouchReport.json(peers) : TouchReport.text(peers, parsed.file() != null);
                ContextCommand.write(out, Utf8Output.encode(text));
            } else {
                // nothing to say may be a mistake: a wrong --cwd or an unknown node gets its fix, as the context
                // command's does (docs/touches.md)
                String hint = ContextHint.of(parsed.cwd(), parsed.self());
                if (hint != null) {
                    ContextCommand.write(err, Utf8Output.encode("termsprawl-touches: " + hint + "\n"));
                }
            }
        } catch (RuntimeException | Error e) {
            // fail open: no answer rather than a stack trace
        }
        return 0;
    }
}
