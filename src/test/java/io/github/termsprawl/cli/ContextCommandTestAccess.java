package io.github.termsprawl.cli;

/** {@link ContextCommandTest}'s fixtures for tests of other packages. */
public final class ContextCommandTestAccess {
    private ContextCommandTestAccess() {}

    /** A rewound Claude session: its live branch and its file view differ. */
    public static String rewound() {
        return ContextCommandTest.rewound();
    }
}
