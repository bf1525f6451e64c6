package io.github.termsprawl.core;

/** The one rule every node id passes before it reaches a file name, a link or the command line (docs/files.md, "Node ids"). */
public final class NodeId {
    private NodeId() {}

    /**
     * {@code [A-Za-z0-9][A-Za-z0-9_-]{0,127}} over the whole string, so a trailing newline is unsafe;
     * a loop rather than a regex, which the command would otherwise compile at every start.
     */
    public static boolean isSafe(String id) {
        if (id == null || id.isEmpty() || id.length() > 128) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean alnum = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (!alnum && (i == 0 || (c != '_' && c != '-'))) {
                return false;
            }
        }
        return true;
    }
}
