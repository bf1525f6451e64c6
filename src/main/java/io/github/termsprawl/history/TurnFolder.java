package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.GoneWriters;
import io.github.termsprawl.session.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Writes one folder of turn files (a node's session, or one of its subagents), turn by turn in order: a turn
 * whose key and name are those the folder already holds is left alone (not even read); any other is written
 * whole, through a temp file and a rename. {@link #finish} removes the turn files no turn names any more, then
 * writes {@code index.md} and the state — last, so a run cut short leaves a state that no longer matches and
 * the next run checks every file.
 */
final class TurnFolder implements AutoCloseable {
    /** A turn's message, read only when its file must be written. */
    interface Source {
        Message message() throws IOException;
    }

    private final Path dir;
    private final TurnMarkdown.Header header;
    private final boolean redact;
    /** The folder's turns as its state says, or null when the state is not to be trusted (then files are compared). */
    private final List<FolderState.Turn> old;

    private final List<FolderState.Turn> turns = new ArrayList<>();
    private int written;
    private int removed;
    private boolean prepared;
    private boolean stateDropped;
    private WriterThread writer; // started on the first write

    TurnFolder(Path dir, TurnMarkdown.Header header, boolean redact, List<FolderState.Turn> old) {
        this.dir = dir;
        this.header = header;
        this.redact = redact;
        this.old = old;
    }

    /** The turns kept from before (the first {@code count} of the old state), unread and unwritten. */
    void keep(int count) {
        for (int i = 0; i < count; i++) {
            turns.add(old.get(i));
        }
    }

    int size() {
        return turns.size();
    }

    /**
     * The next turn, with what it was made from ({@code key}; for a key made from the message itself, see
     * {@link #add(Message, Integer)}): its file is written unless the folder holds it already.
     */
    void add(String name, long key, Integer window, Source source) throws IOException {
        int n = turns.size();
        FolderState.Turn before = old != null && n < old.size() ? old.get(n) : null;
        int w = window == null ? -1 : window;
        if (before != null && before.key() == key && before.name().equals(name) && before.window() == w) {
            turns.add(before);
            return;
        }
        Message m = source.message();
        byte[] bytes = TurnMarkdown.render(header, n, window, m, redact);
        write(name, bytes, old != null);
        turns.add(new FolderState.Turn(name, key, w, TurnMarkdown.indexLine(n, m, redact)));
    }

    /** The next turn, keyed by its own bytes (for stores read whole, whose messages are at hand). */
    void add(Message m, Integer window) throws IOException {
        int n = turns.size();
        String name = TurnMarkdown.fileName(n, m);
        byte[] bytes = TurnMarkdown.render(header, n, window, m, redact);
        long key = key(bytes);
        FolderState.Turn before = old != null && n < old.size() ? old.get(n) : null;
        int w = window == null ? -1 : window;
        if (!(before != null && before.key() == key && before.name().equals(name) && before.window() == w)) {
            write(name, bytes, old != null);
        }
        turns.add(new FolderState.Turn(name, key, w, TurnMarkdown.indexLine(n, m, redact)));
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
        prepare();
        if (!stateDropped) {
            // a run cut short from here on must never be taken for a finished one: the next compares every file
            Files.deleteIfExists(dir.resolve(FolderState.STATE));
            stateDropped = true;
        }
        if (writer == null) {
            writer = new WriterThread();
        }
        // with no state to trust, the file itself says whether it is current
        writer.write(dir.resolve(name), bytes, !changed);
    }

    /** Once per folder, before its first write: the folder, and no temp file a killed writer left. */
    private void prepare() throws IOException {
        if (prepared) {
            return;
        }
        Files.createDirectories(dir);
        for (String name : GoneWriters.leftIn(dir, AtomicFiles.BATCH_TEMP, "", false)) {
            Files.deleteIfExists(dir.resolve(name));
        }
        prepared = true;
    }

    List<FolderState.Turn> turns() {
        return turns;
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
    void finish(String index, FolderState state) throws IOException {
        if (writer != null) {
            written += writer.finish();
            writer = null;
        }
        prepare();
        Set<String> names = new HashSet<>();
        for (FolderState.Turn t : turns) {
            names.add(t.name());
        }
        String[] present = dir.toFile().list();
        if (present != null) {
            for (String name : present) {
                if (name.startsWith("turn-") && name.endsWith(".md") && !names.contains(name)) {
                    Files.deleteIfExists(dir.resolve(name));
                    removed++;
                }
            }
        }
        if (writeIfChanged(dir.resolve("index.md"), index.getBytes(StandardCharsets.UTF_8))) {
            written++;
        }
        writeIfChanged(dir.resolve(FolderState.TURNS), FolderState.turnsBytes(turns));
        if (state != null && state.writable()) {
            writeIfChanged(dir.resolve(FolderState.STATE), state.bytes());
        } else {
            Files.deleteIfExists(dir.resolve(FolderState.STATE));
        }
    }

    /** Writes a file of the folder whose bytes differ (the folder was swept of stray temp files once). */
    private static boolean writeIfChanged(Path file, byte[] bytes) throws IOException {
        if (AtomicFiles.isCurrent(file, bytes, false)) {
            return false;
        }
        AtomicFiles.replace(file, bytes);
        return true;
    }

    /** Waits for the writes still queued after a failure (finish does that on success). */
    @Override
    public void close() {
        if (writer != null) {
            try {
                writer.finish();
            } catch (IOException e) {
                // the failure that stopped the run is the one reported
            }
            writer = null;
        }
    }
}
