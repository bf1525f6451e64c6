package io.github.termsprawl.store;

/** The agents whose transcripts the context view can read, named as in an index entry's {@code store}. */
public enum Store {
    CLAUDE("claude"),
    CODEX("codex"),
    GEMINI("gemini"),
    PI("pi"),
    OPENCODE("opencode"),
    CURSOR("cursor");

    private final String id;

    Store(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The store of that name, or null (an unknown name is left to content detection). */
    public static Store of(String id) {
        for (Store s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        return null;
    }
}
