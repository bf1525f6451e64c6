package io.github.termsprawl.store.claude;

import java.util.Arrays;

/**
 * The uuids a plan folded ({@link ClaudePlanTree}), as sorted String hashes, and where the plan cache lists them:
 * the starts of its {@code "folds"} lines. A tail ({@link ClaudeTailFile}) names those lines instead of writing the
 * hashes again, so a record that only links the tree costs its hash once (docs/files.md, "What a folder was made
 * from").
 */
record Folds(int[] hashes, long[] lines) {
    static final Folds NONE = new Folds(new int[0], new long[0]);

    /** These and {@code more} (lines of a later read, which come after). */
    Folds plus(Folds more) {
        if (more.hashes.length == 0 && more.lines.length == 0) {
            return this;
        }
        long[] both = Arrays.copyOf(lines, lines.length + more.lines.length);
        System.arraycopy(more.lines, 0, both, lines.length, more.lines.length);
        return new Folds(ClaudeTail.union(hashes, more.hashes), both);
    }
}
