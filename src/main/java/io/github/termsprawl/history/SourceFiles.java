package io.github.termsprawl.history;

import java.io.File;
import java.nio.file.Path;

/** What tells a transcript changed; where a file that only grew is read on from is jsonl/GrowingFile's rule. */
final class SourceFiles {
    private SourceFiles() {}

    /** {@code <size> <mtime> <path>} of a file or folder ({@code -1 -1} when it is not there): a watched entry. */
    static String watch(Path path) {
        File f = path.toFile();
        return f.exists() ? f.length() + " " + f.lastModified() + " " + path : "-1 -1 " + path;
    }

    /**
     * Whether a transcript may be read on from where its state's read stopped: it grew, or it has the size and the
     * time it had. One of the same size or smaller with another time was written over (an edit in the middle that
     * keeps the size escapes the hash of {@link io.github.termsprawl.jsonl.GrowingFile#prefixHash}, which covers only the ends): it is read whole
     * (docs/files.md).
     */
    static boolean grownSince(FolderState state, long size, long mtime) {
        return size > state.size() || (size == state.size() && mtime == state.mtime());
    }
}
