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
    }

    public FileTouch(String path, Kind kind) {
        this(path, kind, null);
    }
}
