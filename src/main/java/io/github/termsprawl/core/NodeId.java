package io.github.termsprawl.core;

import java.util.regex.Pattern;

/** The one rule every node id passes before it reaches a file name, a link or the command line (SPEC §3). */
public final class NodeId {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,127}");

    private NodeId() {}

    /** {@code matches()} covers the whole string, so a trailing newline is unsafe (unlike a {@code $} anchor). */
    public static boolean isSafe(String id) {
        return id != null && SAFE.matcher(id).matches();
    }
}
