package io.github.termsprawl.jsonl;

import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Walks a file's {@code \n}-separated lines from the last to the first, reading it in chunks from the
 * end, so the cost is the size of the lines visited, not of the file. A line longer than
 * {@code maxInMemoryLine} bytes is never held: {@link #reader()} streams it. A UTF-8 BOM at the start of
 * the file is not part of the first line. The file's size is taken once, at open: bytes appended later
 * are not seen, and a partial last line is a line like any other.
 */
public final class ReverseLineReader implements Closeable {
    public static final int DEFAULT_CHUNK = 64 * 1024;
    public static final int DEFAULT_MAX_IN_MEMORY_LINE = 4 * 1024 * 1024;

    /**
     * A line longer than this (256 MiB) ends the walk, and the lines after it still count: finding its
     * start costs a scan of its length (about a second here), and no agent writes such a record (node,
     * whose strings end at 2^29 chars, reads no file over 512 MiB at all).
     */
    public static final long MAX_LINE = 1L << 28;

    /**
     * java.io, not a FileChannel: it reads straight into the heap array and loads fewer classes at start.
     * Null when the lines are read from bytes already in memory.
     */
    private final RandomAccessFile file;

    private final long dataStart;
    /** Holds {@code [chunkStart, chunkStart + chunkLen)}: a chunk, or a chunk and the line it ends in. */
    private byte[] chunk;

    private final int chunkSize;
    private final int maxInMemoryLine;
    private long chunkStart;
    private int chunkLen;
    private long nextEnd;
    private boolean atStart;
    private long lineStart;
    private long lineEnd;
    private final AtomicLong bytesRead;

    private ReverseLineReader(RandomAccessFile file, int chunkSize, int maxInMemoryLine, AtomicLong bytesRead)
            throws IOException {
        this.file = file;
        this.bytesRead = bytesRead;
        this.maxInMemoryLine = maxInMemoryLine;
        this.chunkSize = chunkSize;
        this.nextEnd = file.length();
        if (nextEnd <= chunkSize) {
            // a file that fits in one chunk is read once, in one call, into an array of its size (a
            // project of many short transcripts would otherwise allocate and zero a whole chunk for each)
            this.chunk = new byte[(int) nextEnd];
            readFully(chunk, 0, chunk.length, 0);
            this.chunkStart = 0;
            this.chunkLen = chunk.length;
            this.dataStart = Utf8.bomLength(chunk, 0, chunkLen);
        } else {
            this.chunk = new byte[chunkSize];
            this.dataStart = hasBom() ? 3 : 0;
            this.chunkStart = nextEnd;
        }
        this.atStart = nextEnd < dataStart;
    }

    /** Lines of {@code bytes[0, length)}, which hold a whole file (a leading BOM is skipped as in a file). */
    ReverseLineReader(byte[] bytes, int length) {
        this.file = null;
        this.bytesRead = null;
        this.maxInMemoryLine = Integer.MAX_VALUE;
        this.chunkSize = length;
        this.chunk = bytes;
        this.chunkStart = 0;
        this.chunkLen = length;
        this.nextEnd = length;
        this.dataStart = Utf8.bomLength(bytes, 0, length);
        this.atStart = nextEnd < dataStart;
    }

    public static ReverseLineReader open(Path file, int chunkSize, int maxInMemoryLine) throws IOException {
        return open(file, chunkSize, maxInMemoryLine, null);
    }

    /** As {@link #open(Path, int, int)}, adding every byte read from the file to {@code bytesRead} (may be null). */
    static ReverseLineReader open(Path file, int chunkSize, int maxInMemoryLine, AtomicLong bytesRead)
            throws IOException {
        RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r");
        try {
            return new ReverseLineReader(raf, chunkSize, maxInMemoryLine, bytesRead);
        } catch (IOException | RuntimeException e) {
            raf.close();
            throw e;
        }
    }

    private boolean hasBom() throws IOException {
        if (nextEnd < 3) {
            return false;
        }
        byte[] head = new byte[3];
        readFully(head, 0, 3, 0);
        return Utf8.bomLength(head, 0, 3) > 0;
    }

    /**
     * Moves to the line before the current one; false when the first line has been passed, or the line
     * before is longer than {@link #MAX_LINE}.
     */
    public boolean previous() throws IOException {
        if (atStart) {
            return false;
        }
        lineEnd = nextEnd;
        long pos = lineEnd;
        while (true) {
            if (lineEnd - pos > MAX_LINE) {
                atStart = true;
                return false;
            }
            if (pos <= dataStart) {
                lineStart = dataStart;
                atStart = true;
                return true;
            }
            if (pos - 1 < chunkStart || pos - 1 >= chunkStart + chunkLen) {
                load(pos, pos == chunkStart ? lineEnd : pos);
            }
            byte[] bytes = chunk;
            int i = (int) (pos - 1 - chunkStart);
            while (i >= 3 && bytes[i] != '\n' && bytes[i - 1] != '\n' && bytes[i - 2] != '\n' && bytes[i - 3] != '\n') {
                i -= 4; // four bytes a test: most of a chunk is inside long lines
            }
            for (; i >= 0; i--) {
                if (bytes[i] == '\n') {
                    lineStart = chunkStart + i + 1;
                    nextEnd = chunkStart + i;
                    return true;
                }
            }
            pos = chunkStart;
        }
    }

    /**
     * Fills the chunk with the bytes that end at {@code end}, keeping those up to {@code keepTo} that it holds
     * already (the part of a line that runs on into them) while the line can still be held: each byte is read
     * once, and a line's bytes are not read again nor copied into an array of their own. The read before a kept
     * part is as long as that part, so a line is copied about twice in all, not once a chunk, and the chunk grows
     * to at most twice the longest line held.
     */
    private void load(long end, long keepTo) throws IOException {
        Deadline.check();
        int kept = keepTo - end > maxInMemoryLine ? 0 : (int) (keepTo - end); // a longer line is streamed, not held
        long start = Math.max(dataStart, end - Math.max(chunkSize, kept));
        int before = (int) (end - start);
        byte[] to = before + kept <= chunk.length ? chunk : new byte[Math.max(before + kept, 2 * chunk.length)];
        System.arraycopy(chunk, 0, to, before, kept);
        chunk = to;
        readFully(chunk, 0, before, start);
        chunkStart = start;
        chunkLen = before + kept;
    }

    private void readFully(byte[] buf, int off, int len, long position) throws IOException {
        file.seek(position);
        file.readFully(buf, off, len); // EOFException when the file shrank while reading
        if (bytesRead != null) {
            bytesRead.addAndGet(len);
        }
    }

    public long length() {
        return lineEnd - lineStart;
    }

    /** Where the current line starts in the file, in bytes (so a reader can cite it). */
    public long lineStart() {
        return lineStart;
    }

    /** Whether the current line is too long to hold and must be read through {@link #reader()}. */
    public boolean isLong() {
        return length() > maxInMemoryLine;
    }

    /**
     * The array that holds the current line (not {@link #isLong() long}) from {@link #lineOffset()} for
     * {@link #length()} bytes: the chunk, which {@link #load} keeps such a line in whole.
     */
    public byte[] lineBytes() {
        return chunk;
    }

    /** Where the current line starts in {@link #lineBytes()}. */
    public int lineOffset() {
        return (int) (lineStart - chunkStart);
    }

    /** The current line as a stream of decoded chars, holding at most a small buffer of it. */
    public Reader reader() {
        return new Utf8.StreamReader(new FileRegion(file, lineStart, lineEnd, bytesRead));
    }

    @Override
    public void close() throws IOException {
        if (file != null) {
            file.close();
        }
    }
}
