package io.github.termsprawl.cli;

import io.github.termsprawl.view.View;

/**
 * The argv of {@code termsprawl-context --cwd <dir> --self <nodeId> [--view <view>] [--redact | --no-redact]}
 * (docs/context.md, "Options").
 *
 * @param view the {@code --view} value as given (checked to name a view), or null for the default view
 * @param redact {@code --redact} (true) or {@code --no-redact} (false), the last one given; null for neither,
 *     which leaves it to the view
 * @param help {@code --help} was given where a flag may stand: print {@link #HELP}, nothing else (docs/context.md)
 */
public record ContextArgs(String cwd, String self, String view, Boolean redact, boolean help, String error) {
    public static final String USAGE_ERROR = "expected --cwd and --self";

    public static final String USAGE =
            "usage: termsprawl-context --cwd <dir> --self <nodeId> [--view live] [--redact | --no-redact]";

    /** What {@code --help} prints on stdout (exit 0; docs/context.md, "Options"). */
    public static final String HELP = USAGE + "\n"
            + "\n"
            + "Prints the recent turns (at most 40 each) of every agent linked to --self, oldest first, one block\n"
            + "per peer; nothing when no peer has a turn.\n"
            + "\n"
            + "  --cwd <dir>              the project folder, or a folder inside it (required)\n"
            + "  --self <nodeId>          the node whose peers to print, \"$TERMSPRAWL_NODE_ID\" (required)\n"
            + "  --view live              the conversation each peer's agent sends next, not every turn of its file\n"
            + "  --redact | --no-redact   replace secrets by [redacted:<kind>], or not (by default the live view\n"
            + "                           redacts and the file view prints the text as it is)\n"
            + "  --help                   print this and exit\n"
            + "\n"
            + "Exit 2 for a usage error, else 0. More: docs/context.md.\n";

    /** Each flag takes the next argument verbatim; a repeated flag: the last wins. */
    public static ContextArgs parse(String... argv) {
        String cwd = null;
        String self = null;
        String view = null;
        Boolean redact = null;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (arg.equals("--cwd") || arg.equals("--self") || arg.equals("--view")) {
                if (i + 1 >= argv.length) {
                    return failure("missing value for " + arg);
                }
                if (arg.equals("--cwd")) {
                    cwd = argv[++i];
                } else if (arg.equals("--self")) {
                    self = argv[++i];
                } else {
                    view = argv[++i];
                }
            } else if (arg.equals("--redact") || arg.equals("--no-redact")) {
                redact = arg.equals("--redact");
            } else if (arg.equals("--help")) {
                return new ContextArgs(null, null, null, null, true, null);
            } else {
                return failure("unexpected argument: " + arg);
            }
        }
        if (cwd == null || self == null) {
            return failure(USAGE_ERROR);
        }
        if (view != null && View.of(view) == null) { // View loads only when --view is given
            return failure("unknown view: " + view); // docs/context.md, byte for byte
        }
        return new ContextArgs(cwd, self, view, redact, false, null);
    }

    private static ContextArgs failure(String error) {
        return new ContextArgs(null, null, null, null, false, error);
    }

    public boolean ok() {
        return error == null;
    }
}
