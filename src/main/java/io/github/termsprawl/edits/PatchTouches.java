package io.github.termsprawl.edits;

import java.util.ArrayList;
import java.util.List;

/**
 * The files an {@code apply_patch} envelope names (Codex's tool, OpenCode's {@code patch}): {@code *** Add File:},
 * {@code *** Update File:} (followed by {@code *** Move to:} for a rename), {@code *** Delete File:}.
 */
public final class PatchTouches {
    private PatchTouches() {}

    /** The patch's files in order; null when {@code patch} has no {@code *** Begin Patch} or names no file. */
    public static List<FileTouch> of(String patch) {
        if (patch == null || !patch.contains("*** Begin Patch")) {
            return null;
        }
        List<FileTouch> out = new ArrayList<>();
        String updated = null;
        for (String raw : patch.split("\n", -1)) {
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (line.startsWith("*** Add File:")) {
                updated = flush(out, updated);
                add(out, line.substring("*** Add File:".length()), FileTouch.Kind.CREATE);
            } else if (line.startsWith("*** Delete File:")) {
                updated = flush(out, updated);
                add(out, line.substring("*** Delete File:".length()), FileTouch.Kind.DELETE);
            } else if (line.startsWith("*** Update File:")) {
                updated = flush(out, updated);
                updated = line.substring("*** Update File:".length()).strip();
            } else if (line.startsWith("*** Move to:") && updated != null) {
                // a rename: the old path goes away, the new one is written
                add(out, updated, FileTouch.Kind.MOVE);
                add(out, line.substring("*** Move to:".length()), FileTouch.Kind.MOVE);
                updated = null;
            }
        }
        flush(out, updated);
        return out.isEmpty() ? null : out;
    }

    private static String flush(List<FileTouch> out, String updated) {
        if (updated != null) {
            add(out, updated, FileTouch.Kind.EDIT);
        }
        return null;
    }

    private static void add(List<FileTouch> out, String path, FileTouch.Kind kind) {
        String p = path.strip();
        if (!p.isEmpty()) {
            out.add(new FileTouch(p, kind));
        }
    }
}
