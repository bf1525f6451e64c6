package io.github.termsprawl.history;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Store;
import java.nio.file.Path;
import java.util.List;

/**
 * One node to bring up to date: where it is written, what it is read from, and how; {@code sessions} are the
 * lines of its {@code index.md} that name its earlier sessions' folders (empty for an earlier session's own);
 * {@code progress} what the run shows while it works.
 */
record NodeJob(
        Path project,
        String node,
        Path dir,
        TranscriptIndex.Entry entry,
        Store store,
        boolean redact,
        String settings,
        List<String> sessions,
        Progress progress) {
    /** The session id for headers: the entry's, else the transcript's file name without its extension. */
    String session() {
        return sessionOf(entry);
    }

    /** An entry's session id: its {@code session}, else its transcript's file name without its extension. */
    static String sessionOf(TranscriptIndex.Entry entry) {
        if (entry.session() != null) {
            return entry.session();
        }
        Path name = entry.path().getFileName();
        if (name == null) {
            return null;
        }
        String n = name.toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** A folder of turn files of this node, counted in its progress. */
    TurnFolder folder(Path dir, String agent, TurnList old, int renderers) {
        return new TurnFolder(project, dir, header(agent), redact, old, renderers).counting(progress);
    }

    TurnMarkdown.Header header(String agent) {
        return new TurnMarkdown.Header(node, store.id(), session(), agent);
    }

    /** The node brought up to date in one folder (no subagents): what that folder came to. */
    History.Result updated(TurnFolder folder) {
        return updated(folder.size(), 0, folder.written(), folder.removed());
    }

    /** The node brought up to date: its turns, its subagents, and the files written and removed in all. */
    History.Result updated(int turns, int agents, int written, int removed) {
        return new History.Result(node, History.Status.UPDATED, dir, store, turns, agents, written, removed);
    }
}
