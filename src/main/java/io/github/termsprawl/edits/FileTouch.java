package io.github.termsprawl.edits;

import java.util.Locale;

/**
 * A file a tool call changes, as the call names it (docs/touches.md): the path as written (absolute, or relative to
 * the session's working directory), what the call does to it, and for kind {@code shell} the command.
 */
public record FileTouch(String path, Kind kind, String command) {
    /** What a call does to a file. */
    public enum Kind {
        CREATE,
        EDIT,
        DELETE,
        MOVE,
        SHELL;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The kind named {@code id} in any case, or null. Not {@code valueOf}: its first call reflects on the
         * enum, which spins method handles on the hook's path (bench/README.md, "The edit hook's cost").
         */
        public static Kind of(String id) {
            for (Kind kind : values()) {
                if (kind.name().equalsIgnoreCase(id)) {
                    return kind;
                }
            }
            return null;
        }
    }

    public FileTouch(String path, Kind kind) {
        this(path, kind, null);
    }
}
