package io.github.termsprawl.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The argv of {@code termsprawl-touches --cwd <dir> --self <nodeId> [--file <path>] [--since <time|duration>]
 * [--json]} (docs/touches.md, "termsprawl-touches").
 *
 * @param since the instant of {@code --since}: an ISO-8601 time ({@code 2026-01-01T10:00:00Z}) as given, or a
 *     duration back from {@code now} ({@code 90s}, {@code 30m}, {@code 2h}, {@code 1d}); null without it
 * @param help {@code --help} was given where a flag may stand: print {@link #HELP}, nothing else (docs/touches.md)
 */
public record TouchesArgs(
        String cwd, String self, String file, Instant since, boolean json, boolean help, String error) {
    public static final String USAGE_ERROR = "expected --cwd and --self";

    public static final String USAGE = "usage: termsprawl-touches --cwd <dir> --self <nodeId> [--file <path>]"
            + " [--since <time|duration>] [--json]";

    /** What {@code --help} prints on stdout (exit 0; docs/touches.md, "termsprawl-touches"). */
    public static final String HELP = USAGE + "\n"
            + "\n"
            + "Prints, for each agent linked to --self, the files it changed in its current session, newest\n"
            + "first; nothing when there is nothing to say.\n"
            + "\n"
            + "  --cwd <dir>                the project folder, or a folder inside it (required)\n"
            + "  --self <nodeId>            the asking node, \"$TERMSPRAWL_NODE_ID\" (required)\n"
            + "  --file <path>              who else changed this one file, and when: every change of it\n"
            + "                             (absolute, or relative to --cwd)\n"
            + "  --since <time|duration>    only changes at or after a time (2026-01-01T10:00:00Z) or a\n"
            + "                             duration back from now (90s, 30m, 2h, 1d)\n"
            + "  --json                     one line of JSON with every change\n"
            + "  --help                     print this and exit\n"
            + "\n"
            + "termsprawl-touches --hook ... is Claude Code's PreToolUse hook before an edit, which discover\n"
            + "plants; it reads the hook's JSON on stdin.\n"
            + "\n"
            + "Exit 2 for a usage error, else 0. More: docs/touches.md.\n";

    public static TouchesArgs parse(Instant now, String... argv) {
        String cwd = null;
        String self = null;
        String file = null;
        Instant since = null;
        boolean json = false;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (arg.equals("--cwd") || arg.equals("--self") || arg.equals("--file") || arg.equals("--since")) {
                if (i + 1 >= argv.length) {
                    return failure("missing value for " + arg);
                }
                String v = argv[++i];
                switch (arg) {
                    case "--cwd" -> cwd = v;
                    case "--self" -> self = v;
                    case "--file" -> file = v;
                    default -> {
                        since = since(v, now);
                        if (since == null) {
                            return failure(
                                    "bad --since: " + v + " (a time such as 2026-01-01T10:00:00Z, or 30m, 2h, 1d)");
                        }
                    }
                }
            } else if (arg.equals("--json")) {
                json = true;
            } else if (arg.equals("--help")) {
                return new TouchesArgs(null, null, null, null, false, true, null);
            } else {
                return failure("unexpected argument: " + arg);
            }
        }
        if (cwd == null || self == null) {
            return failure(USAGE_ERROR);
        }
        return new TouchesArgs(cwd, self, file, since, json, false, null);
    }

    /** {@code [0-9]{1,9}[smhd]}, without a regex: the hook reads it at every edit, and a first regex costs milliseconds. */
    static boolean isDuration(String value) {
        int n = value.length();
        if (n < 2 || n > 10 || "smhd".indexOf(value.charAt(n - 1)) < 0) {
            return false;
        }
        for (int i = 0; i < n - 1; i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code value} as an instant: ISO-8601, or a count of {@code s}, {@code m}, {@code h} or {@code d} before now. */
    static Instant since(String value, Instant now) {
        if (isDuration(value)) {
            long n = Long.parseLong(value.substring(0, value.length() - 1));
            long unit = switch (value.charAt(value.length() - 1)) {
                case 's' -> 1;
                case 'm' -> 60;
                case 'h' -> 3600;
                default -> 86400;
            };
            // seconds, not a Duration: starting java.time's Duration costs the hook before an edit (bench/README.md)
            return now.minusSeconds(Math.multiplyExact(n, unit));
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static TouchesArgs failure(String error) {
        return new TouchesArgs(null, null, null, null, false, false, error);
    }

    public boolean ok() {
        return error == null;
    }
}
