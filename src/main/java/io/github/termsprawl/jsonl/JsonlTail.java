package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one backward walk over a JSONL file's records: lines are read from the last one to the first in
 * chunks, parsed under a projection, and handed to a visitor until it says stop, so a 1.5 GB file costs
 * what its tail costs. Every store reader of JSONL files reads through it.
 */
public final class JsonlTail {
    /** Takes one record; returns whether the walk goes on to the line before. */
    public interface Visitor {
        boolean visit(Map<String, Object> record);
    }

    private final int chunkSize;
    private final int maxInMemoryLine;
    /** An AtomicLong, not a LongAdder: that one's class sets up var handles on the hook's path (bench/README.md). */
    private final AtomicLong bytesRead = new AtomicLong();

    public JsonlTail() {
        this(ReverseLineReader.DEFAULT_CHUNK, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE);
    }

    /** Small sizes are for tests that must hit every chunk boundary. */
    public JsonlTail(int chunkSize, int maxInMemoryLine) {
        this.chunkSize = chunkSize;
        this.maxInMemoryLine = maxInMemoryLine;
    }

    /**
     * The bytes this walker's walks have read from files so far, chunks and long lines alike: the work a
     * read did, which tests bound instead of timing it.
     */
    public long bytesRead() {
        return bytesRead.get();
    }

    /**
     * Hands the file's records to {@code visitor}, last first, until it returns false or the first line
     * has been visited.
     *
     * @param needles   when not null, a line whose bytes hold none of them is not parsed (most lines of a
     *                  real transcript are tool output and progress records that no reader looks at)
     * @param stringCap strings of a line too long to hold are cut to this many chars
     * @return false when the file is not a readable regular file or reading failed (what was visited stands)
     */
    public boolean walk(Path file, JsonProjection projection, ByteNeedles needles, int stringCap, Visitor visitor) {
        if (!file.toFile().isFile()) {
            return false; // a FIFO or a device would block or never end
        }
        try (ReverseLineReader lines = ReverseLineReader.open(file, chunkSize, maxInMemoryLine, bytesRead)) {
            walk(lines, projection, needles, stringCap, visitor);
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /**
     * As {@link #walk(Path, JsonProjection, ByteNeedles, int, Visitor)} over a file already read whole (its
     * {@link JsonlHead.Head#isWhole() head} held all of it), so it is not opened a second time.
     */
    public boolean walk(
            JsonlHead.Head wholeFile, JsonProjection projection, ByteNeedles needles, int stringCap, Visitor visitor) {
        if (!wholeFile.isWhole()) {
            throw new IllegalArgumentException("not a whole file");
        }
        try (ReverseLineReader lines = wholeFile.lines()) {
            walk(lines, projection, needles, stringCap, visitor);
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static void walk(
            ReverseLineReader lines, JsonProjection projection, ByteNeedles needles, int stringCap, Visitor visitor)
            throws IOException {
        while (lines.previous()) {
            if (needles != null
                    && lines.length() > 0
                    && !lines.isLong()
                    && !needles.foundIn(
                            lines.lineBytes(), lines.lineOffset(), lines.lineOffset() + (int) lines.length())) {
                continue;
            }
            Map<String, Object> record = JsonlRecords.parse(lines, projection, stringCap);
            if (record != null && !visitor.visit(record)) {
                break;
            }
        }
    }
}
