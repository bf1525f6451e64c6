package io.github.termsprawl.store;

/** Who a message is from, the same four for every store. */
public enum Role {
    USER("user"),
    ASSISTANT("assistant"),
    /** Results of tool calls, handed back to the model. */
    TOOL("tool"),
    /** The harness's own messages: instructions, notices, errors. */
    SYSTEM("system");

    private final String id;

    Role(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
