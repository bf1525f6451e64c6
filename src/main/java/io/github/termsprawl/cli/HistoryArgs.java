package io.github.termsprawl.cli;

import io.github.termsprawl.core.NodeId;

/**
 * The argv of {@code termsprawl-history --cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact]}.
 *
 * @param node   the one node to write, or null for every node with a transcript index entry
 * @param show   the turn to print, or -1
 * @param help   {@code --help} was given: print {@link #HELP}, nothing else (docs/planted.md)
 */
public record HistoryArgs(String cwd, String node, boolean list, int show, boolean redact, boolean help, String error) {
    public static final String USAGE =
            "usage: termsprawl-history --cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact]";

    /** What {@code --help} prints on stdout (exit 0). */
    public static final String HELP = USAGE + "\n"
            + "\n"
            + "Writes the whole session of one node (or of every node with a transcript) as turn files under\n"
            + "the project's .termsprawl/history/<nodeId>/, one file per message, then prints the path of each node's\n"
            + "index.md.\n"
            + "\n"
            + "  --cwd <dir>      the project folder, or a folder inside it (required)\n"
            + "  --node <nodeId>  only this node\n"
            + "  --list           print the path of every turn file instead\n"
            + "  --show <n>       print turn n (a number, as in the file names) instead\n"
            + "  --no-redact      keep the secrets the session holds (they are redacted by default)\n"
            + "  --help           print this and exit\n"
            + "\n"
            + "Exit 2 for a usage error, else 0. The turn files: docs/files.md; the command: docs/planted.md.\n";

    /** Each flag with a value takes the next argument verbatim; a repeated flag: the last wins. */
    public static HistoryArgs parse(String... argv) {
        String cwd = null;
        String node = null;
        boolean list = false;
        String show = null;
        boolean redact = true;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (arg.equals("--cwd") || arg.equals("--node") || arg.equals("--show")) {
                if (i + 1 >= argv.length) {
                    return failure("missing value for " + arg);
                }
                String value = argv[++i];
                if (arg.equals("--cwd")) {
                    cwd = value;
                } else if (arg.equals("--node")) {
                    node = value;
                } else {
                    show = value;
                }
            } else if (arg.equals("--list")) {
                list = true;
            } else if (arg.equals("--no-redact")) {
                redact = false;
            } else if (arg.equals("--help")) {
                return new HistoryArgs(null, null, false, -1, true, true, null);
            } else {
                return failure("unexpected argument: " + arg);
            }
        }
        if (cwd == null) {
            return failure("expected --cwd");
        }
        if (node != null && !NodeId.isSafe(node)) {
            return failure("invalid node id: " + node);
        }
        int turn = -1;
        if (show != null) {
            turn = number(show);
            if (turn < 0) {
                return failure("--show takes a turn number: " + show);
            }
            if (list) {
                return failure("--list and --show go one at a time");
            }
            if (node == null) {
                // turn numbers are per node: without one, --show names no file (it exited 0 with nothing)
                return failure("--show needs --node <nodeId>: turn numbers are per node");
            }
        }
        return new HistoryArgs(cwd, node, list, turn, redact, false, null);
    }

    /** A turn number (digits only, as the file names give it), or -1. */
    private static int number(String text) {
        if (text.isEmpty() || text.length() > 9) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private static HistoryArgs failure(String error) {
        return new HistoryArgs(null, null, false, -1, true, false, error);
    }

    public boolean ok() {
        return error == null;
    }
}
