package io.github.termsprawl.history;

import io.github.termsprawl.registry.SessionReaders;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The stores whose session is read whole (Gemini CLI's log replays edits and rewinds; OpenCode's database
 * updates rows in place): any change reads it all again, and only turn files whose bytes differ are written.
 * An OpenCode database is watched with its write-ahead log; the folders of OpenCode's older JSON storage
 * have no size that tells a change, so they are read on every run.
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
        File f = file.toFile();
        boolean folderStore = f.isDirectory();
        long size = folderStore ? -1 : f.length();
        long mtime = folderStore ? -1 : f.lastModified();
        List<String> watched = job.store() == Store.OPENCODE && !folderStore
                ? List.of(SourceFiles.watch(Path.of(file + "-wal")))
                : List.of();
        FolderState state = FolderState.read(job.dir());
        TurnList old = state != null
                        && state.settings().equals(job.settings())
                        && state.source().equals(file.toString())
                ? FolderState.readTurns(job.dir())
                : null;
        TurnFolder folder = job.folder(job.dir(), null, old, 1);
        SessionReader reader =
                SessionReaders.reader(job.store(), job.store() == Store.OPENCODE ? readers.openCodeDatabases() : null);
        IOException[] failure = {null};
        reader.walk(job.entry(), new MessageVisitor() {
            @Override
            public boolean visit(Message m) {
                try {
                    folder.add(m, null);
                    return true;
                } catch (IOException e) {
                    failure[0] = e;
                    return false;
                }
            }
        });
        if (failure[0] != null) {
            folder.close();
            throw failure[0];
        }
        FolderState next = new FolderState(
                file.toString(), job.settings(), size, mtime, watched, 0, 0, 0, folder.size(), false, 0);
        folder.finish(IndexText.of(job, null, source(), folder, List.of()), next);
        return job.updated(folder);
    }

    private String source() {
        return job.entry().session() != null && job.store() == Store.OPENCODE
                ? job.entry().path() + " (session " + job.entry().session() + ")"
                : job.entry().path().toString();
    }
}
