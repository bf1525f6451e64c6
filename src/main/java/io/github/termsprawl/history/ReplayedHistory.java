package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.SessionReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stores whose session is read whole (Gemini CLI's log replays edits and rewinds; OpenCode's database
 * updates rows in place): any change reads it all again, and only turn files whose bytes differ are written.
 * An OpenCode database is watched with its write-ahead log; the folders of OpenCode's older JSON storage
 * have no size that tells a change, so they are read on every run. An OpenCode session's subagents (its child
 * sessions) and Gemini CLI's (the chats in the folder named after the session) go to {@code agents/<id>/}, as
 * Claude Code's do.
 */
final class ReplayedHistory {
    private final NodeJob job;
    private final TranscriptReaders readers;

    ReplayedHistory(NodeJob job, TranscriptReaders readers) {
        this.job = job;
        this.readers = readers;
    }

    History.Result run() throws IOException {
        Path file = job.entry().path();
        SessionReader reader = readers.sessionReader(job.store());
        // subagents: OpenCode's child sessions, Gemini CLI's chats in the session's folder (docs/stores.md)
        List<String> agentLines = new ArrayList<>();
        Set<String> agentIds = new HashSet<>();
        int written = 0;
        int removed = 0;
        List<String> watched = new ArrayList<>();
        Map<String, TranscriptIndex.Entry> children = new LinkedHashMap<>();
        for (SessionReader.Child child : reader.children(job.entry())) {
            children.put(child.id(), child.entry());
            if (child.watched() != null) {
                watched.add(SourceFiles.watch(child.watched()));
            }
        }
        Path agentsDir = job.dir().resolve(WindowedHistory.AGENTS);
        for (Map.Entry<String, TranscriptIndex.Entry> child : children.entrySet()) {
            String id = child.getKey();
            if (!NodeId.isSafe(id) || !agentIds.add(id)) {
                continue;
            }
            Path agentDir = agentsDir.resolve(id);
            AtomicFiles.confinedFolder(job.project(), agentDir);
            TurnFolder folder = folder(
                    reader, child.getValue(), agentDir, id, List.of(), job.settings() + " agent=" + id, List.of());
            written += folder.written();
            removed += folder.removed();
            agentLines.add(WindowedHistory.AGENTS + "/" + id + "/index.md · " + folder.size()
                    + (folder.size() == 1 ? " turn" : " turns"));
        }
        removed += WindowedHistory.removeOthers(job.project(), agentsDir, agentIds);
        TurnFolder folder = folder(reader, job.entry(), job.dir(), null, agentLines, job.settings(), watched);
        return job.updated(folder.size(), agentIds.size(), written + folder.written(), removed + folder.removed());
    }

    /** One folder written from one session: the node's own, or a subagent's ({@code agent} not null). */
    private TurnFolder folder(
            SessionReader reader,
            TranscriptIndex.Entry entry,
            Path dir,
            String agent,
            List<String> agentLines,
            String settings,
            List<String> alsoWatched)
            throws IOException {
        Path file = entry.path();
        File f = file.toFile();
        boolean folderStore = f.isDirectory();
        long size = folderStore ? -1 : f.length();
        long mtime = folderStore ? -1 : f.lastModified();
        List<String> watched = new ArrayList<>(alsoWatched);
        for (Path companion : reader.companions(file)) {
            watched.add(SourceFiles.watch(companion));
        }
        FolderState state = FolderState.read(dir);
        TurnList old = state != null && state.madeFrom(file.toString(), settings) ? FolderState.readTurns(dir) : null;
        TurnFolder folder = job.folder(dir, agent, old, 1);
        // no line of a replayed session is unfinished: every turn is final (end 0)
        GrowingHistory.Visitor visitor = new GrowingHistory.Visitor(folder, 0);
        reader.walk(entry, visitor);
        visitor.rethrow();
        FolderState next = FolderState.whole(file.toString(), settings, size, mtime, watched, folder.size());
        folder.finish(IndexText.of(job, agent, source(entry), folder, agentLines), next);
        return folder;
    }

    private String source(TranscriptIndex.Entry entry) {
        return entry.session() != null
                ? entry.path() + " (session " + entry.session() + ")"
                : entry.path().toString();
    }
}
