package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The last turns of an append-only JSONL transcript, read from the end: lines are parsed from the
 * last one backwards and reading stops once {@code max} turns are found, so a 1.5 GB file costs what
 * its tail costs. The result equals a full forward read keeping the last {@code max} turns.
 */
public final class JsonlTail {
    private final int chunkSize;
    private final int maxInMemoryLine;

    public JsonlTail() {
        this(ReverseLineReader.DEFAULT_CHUNK, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE);
    }

    /** Small sizes are for tests that must hit every chunk boundary. */
    public JsonlTail(int chunkSize, int maxInMemoryLine) {
        this.chunkSize = chunkSize;
        this.maxInMemoryLine = maxInMemoryLine;
    }

    /**
     * @param keep   the top-level keys {@code toTurn} looks at
     * @param toTurn a record's turn, or null when it prints nothing
     * @return the turns in file order; empty for anything that is not a readable regular file
     */
    public List<Turn> lastTurns(Path file, Set<String> keep, Function<Map<String, Object>, Turn> toTurn, int max) {
        return lastTurns(file, JsonProjection.fields(keep), toTurn, max, null);
    }

    /**
     * As above, keeping only the parts of each record that {@code projection} names.
     *
     * @param needles when not null, a line whose bytes hold none of them cannot give a turn and is not
     *                parsed (most lines of a real transcript are tool output and progress records)
     */
    public List<Turn> lastTurns(Path file, JsonProjection projection, Function<Map<String, Object>, Turn> toTurn,
            int max, ByteNeedles needles) {
        if (!file.toFile().isFile()) {
            return List.of(); // a FIFO or a device would block or never end
        }
        Deque<Turn> turns = new ArrayDeque<>();
        try (ReverseLineReader lines = ReverseLineReader.open(file, chunkSize, maxInMemoryLine)) {
            while (turns.size() < max && lines.previous()) {
                if (needles != null && lines.length() > 0 && !lines.isLong() && !lines.contains(needles)) {
                    continue;
                }
                Map<String, Object> record = JsonlRecords.parse(lines, projection);
                Turn turn = record == null ? null : toTurn.apply(record);
                if (turn != null) {
                    turns.addFirst(turn);
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of(); // any read error means "no turns"
        }
        return new ArrayList<>(turns);
    }

    /** A reverse reader with this tail's sizes, for readers that walk the lines themselves. */
    ReverseLineReader open(Path file) throws IOException {
        return ReverseLineReader.open(file, chunkSize, maxInMemoryLine);
    }

    /**
     * Hands every record of the file to {@code visitor}, from the last line to the first (a full read,
     * for stats and for stores that must be replayed).
     *
     * @return false when the file could not be read (what was visited stands)
     */
    public boolean scan(Path file, Set<String> keep, Consumer<Map<String, Object>> visitor) {
        if (!file.toFile().isFile()) {
            return false;
        }
        try (ReverseLineReader lines = ReverseLineReader.open(file, chunkSize, maxInMemoryLine)) {
            while (lines.previous()) {
                Map<String, Object> record = JsonlRecords.parse(lines, keep);
                if (record != null) {
                    visitor.accept(record);
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Every record in file order (memory grows with the file: for small stores that must be replayed). */
    public List<Map<String, Object>> all(Path file, Set<String> keep) {
        ArrayDeque<Map<String, Object>> records = new ArrayDeque<>();
        scan(file, keep, records::addFirst);
        return new ArrayList<>(records);
    }
}
