package io.github.termsprawl.edits;

import io.github.termsprawl.store.Block;
import java.util.List;

/** A store's rule from a tool call to the files it changes (docs/touches.md, "Which calls count"). */
public interface TouchRule {
    /**
     * The files {@code call} changes: empty for a call that changes none (a read, a search, an unknown tool), null
     * for an editing call whose input is malformed (no path, not JSON), which the caller skips and counts.
     */
    List<FileTouch> touches(Block.ToolCall call);
}
