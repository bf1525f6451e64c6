package io.github.termsprawl.view;

/** Which conversation the context shows of a peer. */
public enum View {
    /** User and assistant prose in file order (the default; docs/context.md names it {@code file}). */
    PROSE("file"),
    /**
     * What the peer's agent would send next: for Claude Code the live branch of the last compaction
     * window, harness wrappers left out ({@link LiveTurns}); for the other stores the prose view.
     */
    LIVE("live");

    private final String id;

    View(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The view of that name, or null. */
    public static View of(String id) {
        for (View v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        return null;
    }

    /** The names, for messages: {@code file, live}. */
    public static String names() {
        StringBuilder out = new StringBuilder();
        for (View v : values()) {
            out.append(out.length() == 0 ? "" : ", ").append(v.id);
        }
        return out.toString();
    }
}
