package io.github.termsprawl.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The argv of {@code termsprawl-touches --cwd <dir> --self <nodeId> [--file <path>] [--since <time|duration>]
 * [--json]} (docs/touches.md, "termsprawl-touches").
 *
 * @param since the instant of {@code --since}: an ISO-8601 time ({@code 2026-01-01T10:00:00Z}) as given, or a
 *     duration back from {@code now} ({@code 90s}, {@code 30m}, {@code 2h}, {@code 1d}); null without it
 */
public record TouchesArgs(String cwd, String self, String file, Instant since, boolean json, String error) {
    public static final String USAGE_ERROR = "expected --cwd and --self";

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
            } else {
                return failure("unexpected argument: " + arg);
            }
        }
        if (cwd == null || self == null) {
            return failure(USAGE_ERROR);
        }
        return new TouchesArgs(cwd, self, file, since, json, null);
    }

    /** {@code value} as an instant: ISO-8601, or a count of {@code s}, {@code m}, {@code h} or {@code d} before now. */
    static Instant since(String value, Instant now) {
        if (value.matches("[0-9]{1,9}[smhd]")) {
            long n = Long.parseLong(value.substring(0, value.length() - 1));
            Duration d = switch (value.charAt(value.length() - 1)) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            return now.minus(d);
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static TouchesArgs failure(String error) {
        return new TouchesArgs(null, null, null, null, false, error);
    }

    public boolean ok() {
        return error == null;
    }
}
