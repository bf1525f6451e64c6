package io.github.termsprawl.cli;

import io.github.termsprawl.view.View;

/**
 * The argv of {@code termsprawl-context --cwd <dir> --self <nodeId> [--view <view>]} (docs/context.md).
 *
 * @param view the {@code --view} value as given (checked to name a view), or null for the default view
 */
public record ContextArgs(String cwd, String self, String view, String error) {
    public static final String USAGE_ERROR = "expected --cwd and --self";

    /** Each flag takes the next argument verbatim; a repeated flag: the last wins. */
    public static ContextArgs parse(String... argv) {
        String cwd = null;
        String self = null;
        String view = null;
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
        return new ContextArgs(cwd, self, view, null);
    }

    private static ContextArgs failure(String error) {
        return new ContextArgs(null, null, null, error);
    }

    public boolean ok() {
        return error == null;
    }
}
