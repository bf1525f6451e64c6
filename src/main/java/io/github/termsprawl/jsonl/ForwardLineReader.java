package io.github.termsprawl.jsonl;

import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Walks a file's {@code \n}-separated lines from the first to the last, for readers that stream a whole
 * session. Like {@link ReverseLineReader}, a line longer than {@code maxInMemoryLine} bytes is never held
 * (its record is streamed with every string cut), a leading UTF-8 BOM is not part of the first line, and
 * the file's size is taken once, at open. Lines are numbered from 1, so a record can be cited.
 */
public final class ForwardLineReader implements Closeable {
    private final RandomAccessFile file;
    private final long end;
    private final int maxInMemoryLine;
    private final int chunkSize;
    private byte[] buf;
    private long bufStart; // file offset of buf[0]
    private int bufLen;
    private long next; // file offset where the next line starts
    private long lineStart;
    private long lineEnd;
    private long lineNumber;
    /**
     * Whether lines are found eight bytes a step: once the readers of this process have read enough to repay
     * loading {@link WordScan}.
     */
    private boolean words = JsonBytes.usesWordScan();

    /**
     * How many bytes every reader of this process has read, until {@link WordScan} is turned on (for the whole
     * process, {@link JsonBytes#usesWordScan}): a big file is often read in blocks, a reader each (the plan of a
     * Claude Code session: 1 MiB blocks on two threads), none of which alone reads enough, while together they
     * read the whole file.
     */
    private static final AtomicLong READ = new AtomicLong();

    private ForwardLineReader(RandomAccessFile file, int chunkSize, int maxInMemoryLine) throws IOException {
        this.file = file;
        this.end = file.length();
        this.maxInMemoryLine = maxInMemoryLine;
        this.chunkSize = Math.max(16, chunkSize);
        this.buf = new byte[this.chunkSize];
        byte[] head = new byte[3];
        int n = end >= 3 ? read(head, 0, 3, 0) : 0;
        this.next = n == 3 && Utf8.bomLength(head, 0, 3) > 0 ? 3 : 0;
        this.bufStart = next;
    }

    public static ForwardLineReader open(Path file) throws IOException {
        return open(file, ReverseLineReader.DEFAULT_CHUNK, ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE);
    }

    /** Small sizes are for tests that must hit every chunk boundary. */
    public static ForwardLineReader open(Path file, int chunkSize, int maxInMemoryLine) throws IOException {
        RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r");
        try {
            return new ForwardLineReader(raf, chunkSize, maxInMemoryLine);
        } catch (IOException | RuntimeException e) {
            raf.close();
            throw e;
        }
    }

    /** Moves to the next line; false past the last one (an empty end after a final newline is no line). */
    public boolean next() throws IOException {
        if (next >= end) {
            return false;
        }
        lineStart = next;
        lineNumber++;
        long pos = lineStart;
        while (true) {
            if (pos >= end) {
                lineEnd = end;
                next = end;
                return true;
            }
            if (pos < bufStart || pos >= bufStart + bufLen) {
                fill(pos);
            }
            int from = (int) (pos - bufStart);
            int i = JsonBytes.indexOf(buf, from, bufLen, (byte) '\n', words);
            if (i >= 0) {
                lineEnd = bufStart + i;
                next = lineEnd + 1;
                return true;
            }
            pos = bufStart + bufLen;
        }
    }

    /**
     * Loads the bytes from {@code pos} on, keeping the current line's start in front of them while the
     * line may still be held (the buffer grows up to {@code maxInMemoryLine}); a longer line is only scanned.
     */
    private void fill(long pos) throws IOException {
        int keep = lineStart >= bufStart && pos - lineStart <= maxInMemoryLine ? (int) (pos - lineStart) : 0;
        if (buf.length - keep < chunkSize) {
            byte[] bigger = new byte
                    [(int) Math.min(
                            Math.max(2L * buf.length, keep + (long) chunkSize), maxInMemoryLine + (long) chunkSize)];
            System.arraycopy(buf, (int) (pos - keep - bufStart), bigger, 0, keep);
            buf = bigger;
        } else if (keep > 0) {
            System.arraycopy(buf, (int) (pos - keep - bufStart), buf, 0, keep);
        }
        bufStart = pos - keep;
        int n = read(buf, keep, (int) Math.min(buf.length - keep, end - pos), pos);
        bufLen = keep + n;
        if (!words && (JsonBytes.usesWordScan() || READ.addAndGet(n) >= WordScan.WORTH_IT)) {
            JsonBytes.useWordScan(true);
            words = true;
        }
    }

    /** As in a process that has read nothing yet (for tests: the word scans are off until 8 MiB are read). */
    static void forgetReads() {
        READ.set(0);
        JsonBytes.useWordScan(false);
    }

    private int read(byte[] into, int off, int len, long position) throws IOException {
        file.seek(position);
        file.readFully(into, off, len); // EOFException when the file shrank while reading
        return len;
    }

    /**
     * Goes to the line that starts at {@code offset} (a line start an earlier walk gave), numbered
     * {@code lineNumber}: the next {@link #next} reads it. Lines read again are read where they lie, so a
     * reader can come back for the few lines it needs without holding them.
     */
    public void seek(long offset, long lineNumber) {
        this.next = offset;
        this.lineNumber = lineNumber - 1;
    }

    public long length() {
        return lineEnd - lineStart;
    }

    /** The current line's number, counting from 1. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Where the current line starts in the file, in bytes. */
    public long lineStart() {
        return lineStart;
    }

    public boolean isLong() {
        return length() > maxInMemoryLine;
    }

    /**
     * The current line as a record under {@code projection}, or null when it is not exactly one JSON
     * object; a long line is streamed with every string cut to {@code stringCap} chars.
     */
    public Map<String, Object> record(JsonProjection projection, int stringCap) throws IOException {
        if (length() == 0) {
            return null;
        }
        if (!isLong()) {
            if (lineStart < bufStart || lineEnd > bufStart + bufLen) { // not after a scan of next()
                byte[] line = new byte[(int) length()];
                read(line, 0, line.length, lineStart);
                return JsonlRecords.parse(line, 0, line.length, projection);
            }
            return JsonlRecords.parse(buf, (int) (lineStart - bufStart), (int) length(), projection);
        }
        return JsonlRecords.parse(
                new Utf8.StreamReader(new FileRegion(file, lineStart, lineEnd, null)), projection, stringCap);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
