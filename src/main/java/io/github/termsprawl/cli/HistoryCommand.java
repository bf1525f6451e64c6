package io.github.termsprawl.cli;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.history.History;
import io.github.termsprawl.history.Progress;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.redact.Redaction;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@code termsprawl-history --cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact]}: brings the turn
 * files of one node (or of every node with a transcript) up to date, then prints each node's
 * {@code index.md} path, every turn file's path ({@code --list}), or one turn ({@code --show}). Exit 2 with a
 * usage line for bad arguments; otherwise exit 0 whatever happens, problems as one stderr line each.
 */
public final class HistoryCommand {
    static final String NAME = "termsprawl-history";
    /** How long git may take to read or write a shared node's turn files. */
    private static final long READ_MS = 60_000;

    private HistoryCommand() {}

    public static void main(String[] args) {
        FileOutputStream err = new FileOutputStream(FileDescriptor.err);
        // a thread that dies (a reader, a writer) says so in one line, never with a stack trace
        Thread.setDefaultUncaughtExceptionHandler(oneLine(NAME, "history", err));
        int code = run(args, new FileOutputStream(FileDescriptor.out), err, Terminal.isStderr(), SYSTEM_CLOCK);
        if (code != 0) {
            Exit.with(code);
        }
    }

    /** A class, not a lambda: no bootstrap at start (the class-data archive holds it). */
    static final LongSupplier SYSTEM_CLOCK = new LongSupplier() {
        @Override
        public long getAsLong() {
            return System.currentTimeMillis();
        }
    };

    /** Writes a thread's uncaught error as one line: {@code <name>: <thread>: <error>}. */
    static Thread.UncaughtExceptionHandler oneLine(String name, String goal, OutputStream err) {
        return new Thread.UncaughtExceptionHandler() {
            @Override
            public void uncaughtException(Thread thread, Throwable e) {
                ContextCommand.write(
                        err, Utf8Output.encode(name + ": " + thread.getName() + ": " + problem(e, goal) + "\n"));
            }
        };
    }

    /** An error in words: running out of memory says which heap and what to do. */
    static String problem(Throwable e, String goal) {
        if (e instanceof OutOfMemoryError) {
            long mb = Runtime.getRuntime().maxMemory() >> 20;
            return "out of memory (" + e.getMessage() + ", a heap of " + mb + " MB): the session is too large for the"
                    + " planted command; run the " + goal + " goal instead, with more heap (MAVEN_OPTS=-Xmx2g)";
        }
        return String.valueOf(e);
    }

    static int run(String[] args, OutputStream out, OutputStream err) {
        return run(args, out, err, false, SYSTEM_CLOCK);
    }

    /**
     * @param terminal whether stderr is a terminal: then a run longer than {@link Progress#QUIET_MS} shows its
     *     progress there, one line rewritten in place (never on stdout, never in a pipe)
     */
    static int run(String[] args, OutputStream out, OutputStream rawErr, boolean terminal, LongSupplier clock) {
        // the progress line is written to stderr itself; what else goes to either stream clears it first
        Progress progress = terminal ? new Progress(Terminal.line(NAME, rawErr), 500, clock) : Progress.NONE;
        OutputStream err = Terminal.pausing(rawErr, progress);
        try {
            return run(args, Terminal.pausing(out, progress), err, progress.start());
        } finally {
            progress.close();
        }
    }

    private static int run(String[] args, OutputStream out, OutputStream err, Progress progress) {
        HistoryArgs parsed = HistoryArgs.parse(args);
        if (parsed.help()) {
            write(out, HistoryArgs.HELP);
            return 0;
        }
        if (!parsed.ok()) {
            write(err, NAME + ": " + parsed.error() + "\n" + HistoryArgs.USAGE + "\n");
            return 2;
        }
        if (!parsed.redact()) {
            write(err, NAME + ": " + Redaction.OFF_NOTICE + "\n");
        }
        try {
            run(parsed, out, err, progress);
        } catch (RuntimeException | Error e) {
            // fail open: an agent gets fewer files rather than a stack trace
            write(err, NAME + ": stopped: " + problem(e, "history") + "\n");
        }
        return 0;
    }

    private static void run(HistoryArgs args, OutputStream out, OutputStream err, Progress progress) {
        Path cwd = ProjectRoot.of(Path.of(args.cwd())); // a folder inside the project: its root, spelled from there
        if (!Files.isDirectory(cwd.resolve(ProjectLayout.DIR))) {
            write(err, NAME + ": no " + ProjectLayout.DIR + " folder in " + cwd + "\n");
            return;
        }
        try (History history = new History(new ProjectLayout(cwd), args.redact()).progress(progress)) {
            List<String> nodes = args.node() != null ? List.of(args.node()) : history.nodes();
            if (args.show() >= 0 && nodes.size() != 1) {
                write(err, NAME + ": --show needs --node: " + nodes.size() + " nodes have a transcript\n");
                return;
            }
            StringBuilder printed = new StringBuilder();
            List<String> ready = new ArrayList<>();
            int index = 0;
            for (String node : nodes) {
                History.Result r;
                progress.node(node, ++index, nodes.size());
                try {
                    r = history.update(node);
                } catch (IOException e) {
                    write(err, NAME + ": " + node + ": cannot write its turn files: " + e.getMessage() + "\n");
                    continue;
                }
                SharedNode shared =
                        r.status() == History.Status.NO_ENTRY ? SharedNode.open(new ProjectLayout(cwd), node) : null;
                if (shared != null) { // a received shared node: its turn files as shared, read-only
                    if (args.show() >= 0) {
                        showShared(shared, args.show(), out, err);
                        return;
                    }
                    try { // its turn files wait in git until first used: written now, once, for a grep
                        shared.materialise(READ_MS);
                    } catch (IOException e) {
                        write(err, NAME + ": " + node + ": cannot write its turn files: " + e.getMessage() + "\n");
                        continue;
                    }
                    if (args.list()) {
                        for (String f : shared.turnFiles()) {
                            printed.append(shown(shared.dir().resolve(f))).append('\n');
                        }
                    } else {
                        printed.append(shown(
                                        shared.dir().resolve(SharedNode.HISTORY).resolve("index.md")))
                                .append('\n');
                    }
                    continue;
                }
                String problem = problem(r);
                if (problem != null) {
                    write(err, NAME + ": " + node + ": " + problem + "\n");
                    continue;
                }
                ready.add(node);
                if (args.list()) {
                    for (Path f : history.files(node)) {
                        printed.append(shown(f)).append('\n');
                    }
                } else if (args.show() < 0) {
                    printed.append(shown(r.dir().resolve("index.md"))).append('\n');
                }
            }
            if (args.show() >= 0 && ready.size() == 1) {
                Path turn = history.turnFile(ready.get(0), args.show());
                String node = ready.get(0);
                if (turn == null) {
                    write(err, NAME + ": " + node + ": no turn " + args.show() + "\n");
                    return;
                }
                if (!Files.exists(turn, LinkOption.NOFOLLOW_LINKS)) {
                    // earlier turns are not written again: a removed one comes back when the folder is made anew
                    write(
                            err,
                            NAME + ": " + node + ": the file of turn " + args.show() + " is missing: " + shown(turn)
                                    + " (remove " + shown(history.stateFile(node))
                                    + " and run again to write every file)\n");
                    return;
                }
                // only a plain file of the folder: a link may lead out of the project, a FIFO would block the read
                byte[] bytes = AtomicFiles.readPlain(turn);
                if (bytes == null) {
                    write(
                            err,
                            NAME + ": " + node + ": the file of turn " + args.show() + " is not a plain file (a link,"
                                    + " a hard link or a FIFO) or does not read: " + shown(turn) + " (remove it and "
                                    + shown(history.stateFile(node)) + ", then run again)\n");
                    return;
                }
                ContextCommand.write(out, bytes);
                return;
            }
            write(out, printed.toString());
        }
    }

    private static void showShared(SharedNode node, int n, OutputStream out, OutputStream err) {
        for (String turn : node.turnFiles()) {
            if (TurnFileName.turnNumber(turn.substring(turn.lastIndexOf('/') + 1)) == n) {
                byte[] bytes = node.read(turn, READ_MS); // from the folder, else from git: nothing written
                if (bytes == null) {
                    write(
                            err,
                            NAME + ": " + node.id() + ": the file of turn " + n + " does not read: "
                                    + shown(node.dir().resolve(turn)) + " (receive again)\n");
                    return;
                }
                ContextCommand.write(out, bytes);
                return;
            }
        }
        write(err, NAME + ": " + node.id() + ": no turn " + n + "\n");
    }

    /** Why a node has no turn files, or null when it has them. */
    private static String problem(History.Result r) {
        return switch (r.status()) {
            case NO_ENTRY -> "no transcript recorded (see .termsprawl/transcripts/)";
            case UNSUPPORTED ->
                "its transcript is of no store whose whole session termsprawl reads"
                        + (r.store() == null ? "" : " (" + r.store().id() + ")");
            case BUSY -> "another run is writing its turn files; try again";
            default -> null;
        };
    }

    /** A path under the project as the caller named the project ({@code --cwd .} gives {@code .termsprawl/…}). */
    private static String shown(Path file) {
        return file.normalize().toString();
    }

    private static void write(OutputStream stream, String text) {
        ContextCommand.write(stream, Utf8Output.encode(text));
    }
}
