package io.github.termsprawl.cli;

/** The argv of {@code termsprawl-context --cwd <dir> --self <nodeId>} (SPEC §8). */
public record ContextArgs(String cwd, String self, String error) {
    public static final String USAGE_ERROR = "expected --cwd and --self";

    /** Each flag takes the next argument verbatim; a repeated flag: the last wins. */
    public static ContextArgs parse(String... argv) {
        String cwd = null;
        String self = null;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (arg.equals("--cwd") || arg.equals("--self")) {
                if (i + 1 >= argv.length) {
                    return new ContextArgs(null, null, "missing value for " + arg);
                }
                if (arg.equals("--cwd")) {
                    cwd = argv[++i];
                } else {
                    self = argv[++i];
                }
            } else {
                return new ContextArgs(null, null, "unexpected argument: " + arg);
            }
        }
        if (cwd == null || self == null) {
            return new ContextArgs(null, null, USAGE_ERROR);
        }
        return new ContextArgs(cwd, self, null);
    }

    public boolean ok() {
        return error == null;
    }
}
