package io.github.termsprawl.history;

import io.github.termsprawl.jsonl.GrowingFile;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Source;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The stores whose transcript only grows and whose every message is one line's ({@link Agent.GrowingLog}): a grown file is
 * read from the end of the last complete line the previous read saw, when the bytes before it are unchanged;
 * the turns of the lines before stand as they are, unread and unwritten.
 */
final class GrowingHistory {
    private final NodeJob job;
    private final Agent.GrowingLog log;

    GrowingHistory(NodeJob job, Agent.GrowingLog log) {
        this.job = job;
        this.log = log;
    }

    History.Result run() throws IOException {
        Path file = job.entry().path();
        File f = file.toFile();
        long size = f.length();
        long mtime = f.lastModified();
        FolderState state = FolderState.read(job.dir());
        boolean sameSource = state != null && state.madeFrom(file.toString(), job.settings());
        TurnList old = sameSource ? FolderState.readTurns(job.dir()) : null;
        boolean resume = old != null
                && state.offset() > 0
                && state.offset() <= size
                && SourceFiles.grownSince(state, size, mtime)
                && state.finalTurns() <= old.size()
                && log.resumes(state.modelTranscript())
                && GrowingFile.prefixHash(file, state.offset()) == state.hash();
        long end = GrowingFile.completeLines(file, size);
        TurnFolder folder = job.folder(job.dir(), null, old, 1);
        long from = 0;
        long line = 0;
        if (resume) {
            folder.keep(state.finalTurns());
            from = state.offset();
            line = state.line();
        }
        Visitor visitor = new Visitor(folder, end);
        boolean modelTranscript = log.walkFrom(file, from, line + 1, resume && state.modelTranscript(), visitor);
        visitor.rethrow();
        FolderState next = new FolderState(
                file.toString(),
                job.settings(),
                size,
                mtime,
                List.of(),
                end,
                line + GrowingFile.lines(file, from, end),
                GrowingFile.prefixHash(file, end),
                visitor.finalTurns,
                modelTranscript,
                0);
        folder.finish(IndexText.of(job, null, file.toString(), folder, List.of()), next);
        return job.updated(folder);
    }

    /** Adds each message as the next turn; a failure to write stops the walk and is thrown after it. */
    static final class Visitor implements MessageVisitor {
        final TurnFolder folder;
        final long end;
        int finalTurns;
        IOException failure;

        Visitor(TurnFolder folder, long end) {
            this.folder = folder;
            this.end = end;
            this.finalTurns = folder.size();
        }

        @Override
        public boolean visit(Message m) {
            try {
                folder.add(m, null);
            } catch (IOException e) {
                failure = e;
                return false;
            }
            // a message of a line not yet ended may change when it is: the next read starts at it
            if (m.source() instanceof Source.Line l && l.offset() < end && finalTurns == folder.size() - 1) {
                finalTurns = folder.size();
            }
            return true;
        }

        /** The failure that stopped the walk, if any, thrown once the folder is closed. */
        void rethrow() throws IOException {
            if (failure != null) {
                folder.close();
                throw failure;
            }
        }
    }
}
