package io.github.termsprawl.cli;

import io.github.termsprawl.history.Progress;
import io.github.termsprawl.jsonl.Utf8Output;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Progress on a terminal: whether stderr is one, and the one line a long run rewrites there (docs/planted.md,
 * "termsprawl-history"). A pipe or a file never gets it: a script reads only what it asked for.
 */
final class Terminal {
    private Terminal() {}

    /**
     * Whether stderr is a terminal: where {@code /proc} says what file descriptor 2 is (Linux), a {@code /dev/pts}
     * or {@code /dev/tty} device; elsewhere, whether the JVM has a console (both standard streams a terminal).
     */
    static boolean isStderr() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    /** The progress line on {@code err}: written over in place, cleared when done. */
    static Progress.Out line(String name, OutputStream err) {
        return new Progress.Out() {
            @Override
            public void show(String line, boolean done) {
                ContextCommand.write(err, Utf8Output.encode(done ? "\r\033[K" : "\r\033[K" + name + ": " + line));
            }
        };
    }

    /** {@code stream}, with the progress line cleared before anything else is written to the terminal. */
    static OutputStream pausing(OutputStream stream, Progress progress) {
        if (progress == Progress.NONE) {
            return stream;
        }
        return new FilterOutputStream(stream) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                progress.pause();
                out.write(b, off, len);
            }

            @Override
            public void write(int b) throws IOException {
                progress.pause();
                out.write(b);
            }
        };
    }
}
