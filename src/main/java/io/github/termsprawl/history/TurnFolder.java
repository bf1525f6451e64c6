package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.HeapGuard;
import io.github.termsprawl.core.StagedFolder;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.store.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Writes one folder of turn files (a node's session, or one of its subagents), turn by turn in order: a turn
 * whose key and name are those the folder already holds is left alone (not even read); any other is written
 * whole, through a temp file and a rename, or, in a folder written for the first time, created in a folder beside
 * it that one rename puts in its place ({@link StagedFolder}). Past its first turns, turns are read and rendered
 * by {@link Renderers} and their files written by one {@link WriterThread}. {@link #finish} removes the turn files
 * no turn names any more, then writes {@code index.md} and the state — last, so a run cut short leaves a state
 * that no longer matches and the next run checks every file.
 */
final class TurnFolder implements AutoCloseable {
    /** A turn's message, read only when its file must be written (on a renderer thread: it must allow that). */
    interface Source {
        Message message() throws IOException;
    }

    /** Turns rendered one at a time before the renderers start: a small change never starts a thread. */
    static final int SERIAL_TURNS = 32;

    /** A renderer hands its rendered turns to the writer once they hold this many bytes, and at its batch's end. */
    private static final long GROUP_BYTES = 1 << 20;

    /** A turn given to the renderers: where it goes, what it is made from, and where its file is written. */
    private record Queued(
            int index, String name, long key, Integer window, Source source, Path file, boolean compare) {}

    private final Path project;
    private final Path dir;
    private final TurnMarkdown.Header header;
    private final boolean redact;
    /** The folder's turns as its state says, or null when the state is not to be trusted (then files are compared). */
    private final TurnList old;

    /** How many turns at the start are the old state's, unread ({@link #keep}). */
    private int kept;
    /** The turns from {@link #kept} on. */
    private final List<FolderState.Turn> turns = new ArrayList<>();

    private int written;
    private int removed;
    private boolean prepared;
    /** The names the folder held before this run wrote to it: a first write need not look at each file. */
    private Set<String> present;

    /** Where a first write into an empty folder creates its files, until {@link #finish} puts them in place. */
    private StagedFolder staged;

    private boolean stateDropped;
    private WriterThread writer; // started on the first write
    private final int renderers;
    private Renderers<Queued> pool; // started past SERIAL_TURNS rendered turns
    private int rendered;
    private Progress progress = Progress.NONE;

    /**
     * @param renderers how many threads read and render turns whose {@link Source} allows it (reading a message
     *     again, rendering and redacting it is most of the work of a first write)
     */
    TurnFolder(Path project, Path dir, TurnMarkdown.Header header, boolean redact, TurnList old, int renderers) {
        this.project = project;
        this.dir = dir;
        this.header = header;
        this.redact = redact;
        this.old = old;
        this.renderers = renderers;
    }

    /** Counts each turn in {@code p}. */
    TurnFolder counting(Progress p) {
        progress = p;
        return this;
    }

    /** The turns kept from before (the first {@code count} of the old state), unread and unwritten. */
    void keep(int count) {
        if (count > 0 && (old == null || count > old.size() || turns.size() > 0)) {
            throw new IllegalStateException("keep " + count + " of " + (old == null ? 0 : old.size()) + " turns");
        }
        kept = count;
    }

    int size() {
        return kept + turns.size();
    }

    /**
     * The next turn, with what it was made from ({@code key}; for a key made from the message itself, see
     * {@link #add(Message, Integer)}): its file is written unless the folder holds it already.
     */
    void add(String name, long key, Integer window, Source source) throws IOException {
        int n = size();
        HeapGuard.checkEvery(n); // a session too large for the heap stops here, not after minutes
        FolderState.Turn before = old != null && n < old.size() ? old.get(n) : null;
        int w = window == null ? -1 : window;
        if (before != null && before.key() == key && before.name().equals(name) && before.window() == w) {
            turns.add(before);
            progress.turn();
            return;
        }
        if (renderers < 2 || ++rendered <= SERIAL_TURNS) {
            Object[] r = render(n, window, source);
            write(name, (byte[]) r[0], old != null);
            turns.add(new FolderState.Turn(name, key, w, (String) r[1]));
            progress.turn();
            return;
        }
        Path file = target(name);
        if (pool == null) {
            pool = startRenderers(writer());
        }
        turns.add(null); // its place, filled when it is rendered
        pool.add(new Queued(n, name, key, window, source, file, compare(name, old != null)));
    }

    /** Threads that render batches of turns and hand their files to {@code writer}, a group at a time. */
    private Renderers<Queued> startRenderers(WriterThread writer) {
        return new Renderers<>(
                renderers,
                new Renderers.Work<Queued>() {
                    @Override
                    public String[] run(List<Queued> batch) throws IOException {
                        String[] lines = new String[batch.size()];
                        WriterThread.Group files = new WriterThread.Group();
                        for (int i = 0; i < lines.length; i++) {
                            Queued q = batch.get(i);
                            Object[] r = render(q.index(), q.window(), q.source());
                            files.add(q.file(), (byte[]) r[0], q.compare());
                            lines[i] = (String) r[1];
                            if (files.bytes() >= GROUP_BYTES) {
                                writer.write(files); // a batch of long turns is not held whole
                                files = new WriterThread.Group();
                            }
                        }
                        writer.write(files);
                        return lines;
                    }
                },
                new Renderers.Place<Queued>() {
                    @Override
                    public void place(Queued q, String indexLine) {
                        int w = q.window() == null ? -1 : q.window();
                        turns.set(q.index() - kept, new FolderState.Turn(q.name(), q.key(), w, indexLine));
                        progress.turn();
                    }
                });
    }

    /** The turn's file bytes and its index line. */
    private Object[] render(int n, Integer window, Source source) throws IOException {
        Message m = source.message();
        return new Object[] {TurnMarkdown.render(header, n, window, m, redact), TurnMarkdown.indexLine(n, m, redact)};
    }

    /** Every turn still rendering, in its place. */
    private void drain() throws IOException {
        if (pool != null) {
            pool.finish();
            pool = null;
        }
    }

    /** The next turn, keyed by its own bytes (for stores read whole, whose messages are at hand). */
    void add(Message m, Integer window) throws IOException {
        int n = size();
        HeapGuard.checkEvery(n);
        String name = TurnMarkdown.fileName(n, m);
        byte[] bytes = TurnMarkdown.render(header, n, window, m, redact);
        long key = key(bytes);
        FolderState.Turn before = old != null && n < old.size() ? old.get(n) : null;
        int w = window == null ? -1 : window;
        if (!(before != null && before.key() == key && before.name().equals(name) && before.window() == w)) {
            write(name, bytes, old != null);
        }
        turns.add(new FolderState.Turn(name, key, w, TurnMarkdown.indexLine(n, m, redact)));
        if (m.source() instanceof io.github.termsprawl.store.Source.Line l) {
            progress.reached(l.offset());
        }
        progress.turn();
    }

    /** A 64-bit key of some bytes: two CRCs of different polynomials. */
    static long key(byte[] bytes) {
        CRC32C a = new CRC32C();
        a.update(bytes);
        CRC32 b = new CRC32();
        b.update(bytes);
        return a.getValue() << 32 | b.getValue();
    }

    private void write(String name, byte[] bytes, boolean changed) throws IOException {
        Path file = target(name);
        writer().write(file, bytes, compare(name, changed));
    }

    /** The folder's writer thread, started on its first write (after {@link #target}: it knows the folder then). */
    private WriterThread writer() {
        if (writer == null) {
            writer = new WriterThread(staged != null);
        }
        return writer;
    }

    /** Where the turn file goes; the folder is made ready for writes first. */
    private Path target(String name) throws IOException {
        prepare();
        if (!stateDropped) {
            // a run cut short from here on must never be taken for a finished one: the next compares every file
            Files.deleteIfExists(FolderState.file(dir, FolderState.STATE));
            stateDropped = true;
        }
        return (staged != null ? staged.folder() : dir).resolve(name);
    }

    /** With no state to trust, the file itself says whether it is current (a file that is not there is not). */
    private boolean compare(String name, boolean changed) {
        return !changed && present.contains(name);
    }

    /** Once per folder, before its first write: the folder, and no temp file a killed writer left. */
    private void prepare() throws IOException {
        if (prepared) {
            return;
        }
        AtomicFiles.confinedFolder(project, dir); // every write and delete here: never through a link
        // one listing: a folder of a long session holds tens of thousands of files
        String[] names = dir.toFile().list();
        names = names == null ? new String[0] : names;
        StagedFolder.removeGone(dir, names);
        Path stateDir = FolderState.stateDir(dir);
        if (!stateDir.equals(dir.toAbsolutePath().normalize())) {
            AtomicFiles.confinedFolder(project, stateDir); // the state's writes: never through a link either
            StagedFolder.removeGone(stateDir);
            if (old == null && names.length == 0) {
                // a first write: made whole beside the folder, then put in its place (no file renamed)
                staged = StagedFolder.beside(project, dir);
            } else {
                // what a first write killed mid-way left beside the folder (beside sweeps it too)
                StagedFolder.removeGone(dir.toAbsolutePath().normalize().getParent());
            }
            // the state an earlier version kept among the turn files, where a grep found it (docs/files.md)
            for (String legacy : FolderState.LEGACY) {
                if (Arrays.asList(names).contains(legacy)) {
                    AtomicFiles.deleteInFolder(dir.resolve(legacy));
                }
            }
        }
        // which files are there matters only when no state says what they are (see write)
        present = old == null ? new HashSet<>(Arrays.asList(names)) : Set.of();
        prepared = true;
    }

    /** The folder's turns, once every turn still rendering is in its place. */
    List<FolderState.Turn> turns() throws IOException {
        drain();
        return new java.util.AbstractList<FolderState.Turn>() {
            @Override
            public FolderState.Turn get(int i) {
                return i < kept ? old.get(i) : turns.get(i - kept);
            }

            @Override
            public int size() {
                return TurnFolder.this.size();
            }
        };
    }

    /** Every turn's {@code index.md} line ({@link IndexText}); the kept ones copied as bytes. */
    void indexLines(java.io.ByteArrayOutputStream out) {
        int window = old == null ? -1 : old.indexLines(out, kept);
        for (FolderState.Turn t : turns) {
            window = IndexText.line(out, t, window);
        }
    }

    /** The folder's {@code .turns}: the kept turns' lines as they were, then the others. */
    private byte[] turnsFile() {
        IndexText.Exact counted = new IndexText.Exact(-1);
        turnsTo(counted);
        IndexText.Exact out = new IndexText.Exact(counted.counted());
        turnsTo(out);
        return out.exact();
    }

    private void turnsTo(java.io.ByteArrayOutputStream out) {
        if (old != null) {
            old.prefix(out, kept);
        }
        FolderState.turnsTo(turns, out);
    }

    int written() {
        return written;
    }

    int removed() {
        return removed;
    }

    /**
     * Removes the turn files no turn names, writes {@code index} as {@code index.md} and the state ({@code null}
     * removes it: the next run reads the transcript again).
     */
    void finish(byte[] index, FolderState state) throws IOException {
        byte[] indexBytes = index;
        index = null; // let go of once written: the turn list is made next, as big
        drain();
        if (writer != null) {
            written += writer.finish();
            writer = null;
        }
        prepare();
        boolean whole = staged != null;
        if (whole) {
            // nothing stale: the folder was empty, and the staged one holds only this run's files
            AtomicFiles.createNew(staged.folder().resolve("index.md"), indexBytes);
            written++;
            indexBytes = null;
            staged.commit();
            staged = null;
        }
        // the folder holds exactly the turn files its list names (docs/files.md). A list that holds (it read as
        // turn 0, 1, 2 … in order, with its state) says which files the folder has: the run that wrote it removed
        // every other, so only those past the kept turns can be stale, and a name holds its turn's number, so an
        // old turn's file stays only when the new turn there has its name. With no such list, the folder's listing
        // says it, and every file was compared (a missing one written).
        if (old != null) {
            for (int i = kept; i < old.size(); i++) {
                String name = old.get(i).name();
                // only a turn file's name: a garbled turn list names no other file
                if ((i >= size() || !turns.get(i - kept).name().equals(name)) && TurnFileName.is(name)) {
                    if (Files.deleteIfExists(dir.resolve(name))) {
                        removed++;
                    }
                }
            }
        } else if (!whole) {
            // a turn's number is in its name: a listed name is a turn's when that turn has it (a folder of a long
            // session holds a million names, walked once, never held)
            List<String> stale = new ArrayList<>();
            try (java.nio.file.DirectoryStream<Path> listed = Files.newDirectoryStream(dir)) {
                for (Path p : listed) {
                    String name = p.getFileName().toString();
                    int n = TurnFileName.turnNumber(name);
                    if (TurnFileName.is(name)
                            && !(n >= 0 && n < size() && turns.get(n).name().equals(name))) {
                        stale.add(name);
                    }
                }
            }
            for (String name : stale) {
                if (Files.deleteIfExists(dir.resolve(name))) {
                    removed++;
                }
            }
        }
        if (indexBytes != null && writeIfChanged(dir.resolve("index.md"), indexBytes)) {
            written++;
        }
        indexBytes = null;
        byte[] turnList = turnsFile();
        writeIfChanged(FolderState.file(dir, FolderState.TURNS), turnList);
        if (state != null && state.writable()) {
            writeIfChanged(FolderState.file(dir, FolderState.STATE), state.bytes(TurnList.crc(turnList)));
        } else {
            Files.deleteIfExists(FolderState.file(dir, FolderState.STATE));
        }
    }

    /** Writes a file of the folder whose bytes differ (the folder was swept of stray temp files once). */
    private static boolean writeIfChanged(Path file, byte[] bytes) throws IOException {
        if (AtomicFiles.isCurrentPlain(file, bytes, false)) {
            return false;
        }
        AtomicFiles.replace(file, bytes);
        return true;
    }

    /** Waits for the writes still queued after a failure (finish does that on success). */
    @Override
    public void close() {
        if (pool != null) {
            pool.close(); // no renderer writes after this: the staged folder may be removed next
            pool = null;
        }
        if (writer != null) {
            try {
                writer.finish();
            } catch (IOException e) {
                // the failure that stopped the run is the one reported
            }
            writer = null;
        }
        if (staged != null) {
            staged.discard();
            staged = null;
        }
    }
}
