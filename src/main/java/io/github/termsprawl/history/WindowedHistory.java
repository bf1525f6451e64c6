package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.GrowingFile;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Windows.Plan;
import io.github.termsprawl.store.Agent.Windows.PlanCache;
import io.github.termsprawl.store.Agent.Windows.Planned;
import io.github.termsprawl.store.Agent.Windows.Subagent;
import io.github.termsprawl.store.Message;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A session kept in compaction windows (Claude Code): the live branch of each, oldest first, read light
 * ({@link Agent.Windows}) — a first read keeps the tree and the prose ({@link Agent.Windows#plan}); only the
 * turns whose key changed are read again in full and written. A turn's key is where its lines are (the file
 * only grows, checked by the hash of the bytes before the last read's end), so an unchanged turn is never
 * read twice. Subagents go to {@code agents/<agentId>/}, each with its own state.
 */
final class WindowedHistory {
    static final String AGENTS = "agents";

    private final NodeJob job;
    private final Agent.Windows session;
    private FutureTask<TurnList> turns;

    WindowedHistory(NodeJob job, Agent.Windows session) {
        this.job = job;
        this.session = session;
    }

    History.Result run() throws IOException {
        Path file = job.entry().path();
        // the folder's turns are read while the session is planned: they are needed only if it grew
        turns = new FutureTask<>(new Callable<TurnList>() {
            @Override
            public TurnList call() {
                return FolderState.readTurns(job.dir());
            }
        });
        Thread reader = new Thread(turns, "termsprawl-history-turns");
        reader.setDaemon(true);
        reader.start();
        // one read of what the session added since the last gives its windows and its subagents
        Read main = read(file, job.dir(), true);
        List<String> agentLines = new ArrayList<>();
        List<String> watched = new ArrayList<>();
        Set<String> agentIds = new HashSet<>();
        int written = 0;
        int removed = 0;
        Path agentsDir = job.dir().resolve(AGENTS);
        for (Path folder : session.subagentFolders(file)) {
            watched.add(SourceFiles.watch(folder));
        }
        for (Subagent s : main.plan.subagents()) {
            String id = s.agentId() != null ? s.agentId() : "inline-" + s.rootUuid();
            if (!NodeId.isSafe(id) || !agentIds.add(id)) {
                continue;
            }
            Path agentDir = agentsDir.resolve(id);
            // its state is read, its plan kept and its turns written there: never through a link
            AtomicFiles.confinedFolder(job.project(), agentDir);
            Outcome o;
            if (s.rootUuid() != null) {
                o = inline(s, agentDir, id);
            } else {
                watched.add(SourceFiles.watch(s.file()));
                List<FolderState.Turn> same = unchanged(s.file(), agentDir);
                o = same != null
                        ? new Outcome(same.size(), 0, 0)
                        : folder(read(s.file(), agentDir, false), agentDir, id, List.of(), List.of());
            }
            written += o.written;
            removed += o.removed;
            agentLines.add(AGENTS + "/" + id + "/index.md · " + o.turns + (o.turns == 1 ? " turn" : " turns")
                    + (s.toolUseId() == null ? "" : " · started by tool call " + s.toolUseId())
                    + io.github.termsprawl.redact.Redactor.redact(described(s.meta()), job.redact()));
        }
        removed += removeOthers(job.project(), agentsDir, agentIds);
        Outcome o = folder(main, job.dir(), null, agentLines, watched);
        return job.updated(o.turns, agentIds.size(), written + o.written, removed + o.removed);
    }

    /**
     * What a subagent's meta file says, for its line in the index: {@code · <type> "<description>"}, then
     * {@code · in agent <id>} for one a subagent started and {@code · workflow <run>} for a workflow's.
     */
    static String described(Subagent.Meta meta) {
        if (meta == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        if (meta.agentType() != null || meta.description() != null) {
            out.append(" ·");
            if (meta.agentType() != null) {
                out.append(' ').append(TurnMarkdown.oneLine(meta.agentType()));
            }
            if (meta.description() != null) {
                out.append(" \"")
                        .append(TurnMarkdown.oneLine(meta.description()))
                        .append('"');
            }
        }
        if (meta.parentAgentId() != null) {
            out.append(" · in agent ").append(TurnMarkdown.oneLine(meta.parentAgentId()));
        }
        if (meta.workflow() != null) {
            out.append(" · workflow ").append(meta.workflow());
        }
        return out.toString();
    }

    /** The session folder's turns as {@link #run} began to read them. */
    private TurnList mainTurns() throws IOException {
        try {
            return turns.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + FolderState.file(job.dir(), FolderState.TURNS), e);
        } catch (ExecutionException e) {
            return FolderState.readTurns(job.dir()); // it never throws: read again, as it was
        }
    }

    /** What one folder came to. */
    private record Outcome(int turns, int written, int removed) {}

    /**
     * A read of a transcript: its plan, whether the folder's state still describes its first bytes (then the
     * keys of its turns hold), its size and time when read began.
     */
    private static final class Read {
        final Path file;
        /** Let go of once its turns are written: a first write of a long session holds nothing else as big. */
        Plan plan;

        final boolean grown;
        final long size;
        final long mtime;
        final long end;

        Read(Path file, Plan plan, boolean grown, long size, long mtime, long end) {
            this.file = file;
            this.plan = plan;
            this.grown = grown;
            this.size = size;
            this.mtime = mtime;
            this.end = end;
        }
    }

    /** The turns of a folder whose transcript has not changed since its state was written, or null. */
    private List<FolderState.Turn> unchanged(Path file, Path dir) {
        FolderState state = FolderState.read(dir);
        File f = file.toFile();
        if (state == null
                || !state.madeFrom(file.toString(), job.settings())
                || state.size() != f.length()
                || state.mtime() != f.lastModified()
                || !Files.isRegularFile(dir.resolve("index.md"))) {
            return null;
        }
        return FolderState.readTurns(dir);
    }

    /**
     * Plans the transcript: when the bytes the folder's state was made from are still its first bytes, only the
     * lines after them are read (the records before are in the folder's {@code .plan}); else all of it.
     */
    private Read read(Path file, Path dir, boolean subagents) throws IOException {
        AtomicFiles.confinedFolder(job.project(), dir);
        AtomicFiles.confinedFolder(job.project(), FolderState.stateDir(dir)); // the plan is kept there
        File f = file.toFile();
        long size = f.length();
        long mtime = f.lastModified();
        FolderState state = FolderState.read(dir);
        boolean grown = state != null
                && state.madeFrom(file.toString(), job.settings())
                && state.offset() > 0
                && state.offset() <= size
                && SourceFiles.grownSince(state, size, mtime)
                && GrowingFile.prefixHash(file, state.offset()) == state.hash();
        Path cache = FolderState.file(dir, FolderState.PLAN);
        PlanCache from = grown
                ? new PlanCache(cache, state.planBytes(), state.offset(), state.line(), job.redact())
                : new PlanCache(cache, 0, 0, 0, job.redact());
        long end = GrowingFile.completeLines(file, size);
        if (subagents) {
            job.progress().planning(session); // the session's own read: what it reads is what the progress line shows
        }
        Plan plan = session.plan(file, from, end, subagents);
        return new Read(file, plan, grown, size, mtime, end);
    }

    /** A transcript's folder: the turns whose key changed written, the others left alone. */
    private Outcome folder(Read read, Path dir, String agent, List<String> agentLines, List<String> watched)
            throws IOException {
        // keys say where a turn's lines are: they hold only while the bytes before the last read's end are the same
        TurnList old = !read.grown ? null : dir.equals(job.dir()) ? mainTurns() : FolderState.readTurns(dir);
        Plan planned = read.plan;
        read.plan = null;
        if (planned.stable() > 0 && (old == null || old.size() < planned.stable())) {
            // the turns before the new lines' are the folder's, which no longer says what they are: plan them all
            planned = session.planWhole(read.file, planned.cache(), read.end, dir.equals(job.dir()));
        }
        List<Planned> plan = planned.messages();
        int stable = planned.stable();
        PlanCache cache = planned.cache();
        planned = null;
        TurnFolder folder = job.folder(dir, agent, old, RENDERERS);
        job.progress().turns(stable + plan.size());
        folder.keep(stable);
        try (Readers readers = new Readers(read.file)) {
            for (int j = 0; j < plan.size(); j++) {
                Planned p = plan.get(j);
                int i = stable + j;
                folder.add(
                        TurnMarkdown.fileName(i, p.prose()),
                        key(p, read.end, i, agent),
                        p.window(),
                        new TurnFolder.Source() {
                            @Override
                            public Message message() throws IOException {
                                ForwardLineReader lines = readers.get();
                                return lines == null ? p.prose() : session.full(lines, p);
                            }
                        });
            }
            folder.turns(); // every turn read before the readers close
        } catch (IOException | RuntimeException e) {
            folder.close();
            throw e;
        }
        plan = null; // the index and the turn list are made next: the plan is no longer needed
        folder.finish(
                IndexText.of(job, agent, read.file.toString(), folder, agentLines),
                new FolderState(
                        read.file.toString(),
                        job.settings(),
                        read.size,
                        read.mtime,
                        watched,
                        cache.offset(),
                        cache.lines(),
                        GrowingFile.prefixHash(read.file, cache.offset()),
                        folder.size(),
                        false,
                        cache.bytes()));
        return new Outcome(folder.size(), folder.written(), folder.removed());
    }

    /** Threads that read and render the turns of a first write (more would only wait for the disk). */
    static final int RENDERERS = Math.min(2, Runtime.getRuntime().availableProcessors());

    /** A reader of the transcript for each thread that reads turns, closed together. */
    private static final class Readers implements AutoCloseable {
        private final Path file;
        private final ThreadLocal<ForwardLineReader> mine = new ThreadLocal<>();
        private final List<ForwardLineReader> all = new ArrayList<>();

        Readers(Path file) {
            this.file = file;
        }

        /** This thread's reader, or null when the file is gone since it was planned (the turns keep their prose). */
        ForwardLineReader get() {
            ForwardLineReader r = mine.get();
            if (r == null) {
                try {
                    r = ForwardLineReader.open(file);
                } catch (IOException e) {
                    return null;
                }
                mine.set(r);
                synchronized (all) {
                    all.add(r);
                }
            }
            return r;
        }

        @Override
        public void close() throws IOException {
            synchronized (all) {
                for (ForwardLineReader r : all) {
                    r.close();
                }
                all.clear();
            }
        }
    }

    /**
     * What a turn is made of: its window, its lines (where they are, and whether each had ended when read), its
     * blocks and flags as planned, and for a result made up for an interrupted call, its prose.
     */
    private long key(Planned p, long end, int turn, String agent) {
        long h = mix(0xcbf29ce484222325L, p.window());
        h = mix(h, p.prose().blocks().size());
        long flags = 0; // a set's order may differ from run to run: its members as bits
        for (Message.Flag f : p.prose().flags()) {
            flags |= 1L << f.ordinal();
        }
        h = mix(h, flags);
        for (int i = 0; i < p.offsets().length; i++) {
            h = mix(h, p.offsets()[i]);
            h = mix(h, p.lines()[i]);
            h = mix(h, p.offsets()[i] < end ? 1 : 2);
        }
        if (p.offsets().length == 0) {
            h = mix(
                    h,
                    TurnFolder.key(TurnMarkdown.render(job.header(agent), turn, p.window(), p.prose(), job.redact())));
        }
        return h;
    }

    /** One step of a 64-bit hash over numbers (FNV-1a on whole words, then a finaliser's scramble). */
    private static long mix(long h, long v) {
        h = (h ^ v) * 0x100000001b3L;
        return h ^ (h >>> 29);
    }

    /** An inline subagent (Claude Code 1.0): its live branch among the parent's records, keyed by its bytes. */
    private Outcome inline(Subagent s, Path dir, String agent) throws IOException {
        FolderState state = FolderState.read(dir);
        TurnList old = state != null && state.settings().equals(job.settings()) ? FolderState.readTurns(dir) : null;
        TurnFolder folder = job.folder(dir, agent, old, 1);
        try {
            for (Message m : session.inline(s)) {
                folder.add(m, null);
            }
        } catch (IOException | RuntimeException e) {
            folder.close();
            throw e;
        }
        String source = s.file() + " (sidechain " + s.rootUuid() + ")";
        File f = s.file().toFile();
        folder.finish(
                IndexText.of(job, agent, source, folder, List.of()),
                FolderState.whole(source, job.settings(), f.length(), f.lastModified(), List.of(), folder.size()));
        return new Outcome(folder.size(), folder.written(), folder.removed());
    }

    /** Removes the folders of subagents the session no longer has (only what this class writes in them). */
    static int removeOthers(Path project, Path agentsDir, Set<String> keep) throws IOException {
        if (AtomicFiles.existingFolder(project, agentsDir) == null) {
            return 0;
        }
        String[] names = agentsDir.toFile().list();
        int removed = 0;
        if (names == null) {
            return 0;
        }
        for (String name : names) {
            Path dir = agentsDir.resolve(name);
            if (keep.contains(name) || AtomicFiles.existingFolder(project, dir) == null) {
                continue;
            }
            for (Path d : new Path[] {dir, FolderState.stateDir(dir)}) {
                if (AtomicFiles.existingFolder(project, d) == null) {
                    continue;
                }
                String[] files = d.toFile().list();
                for (String f : files == null ? new String[0] : files) {
                    if (TurnFileName.is(f)
                            || f.equals("index.md")
                            || f.equals(FolderState.STATE)
                            || f.equals(FolderState.TURNS)
                            || f.equals(FolderState.PLAN)
                            || f.equals(FolderState.PLAN_TAIL)) {
                        AtomicFiles.deleteInFolder(d.resolve(f));
                        removed += d == dir ? 1 : 0;
                    }
                }
                String[] left = d.toFile().list();
                if (left != null && left.length == 0) {
                    Files.deleteIfExists(d);
                }
            }
        }
        String[] left = agentsDir.toFile().list();
        if (left != null && left.length == 0) {
            Files.deleteIfExists(agentsDir);
        }
        return removed;
    }
}
