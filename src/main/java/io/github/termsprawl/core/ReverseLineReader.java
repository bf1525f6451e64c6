package io.github.termsprawl.core;

import com.fasterxml.jackson.core.JsonParser;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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

    private final FileChannel channel;
    private final long dataStart;
    private final ByteBuffer chunk;
    private final int maxInMemoryLine;
    private long chunkStart;
    private int chunkLen;
    private long nextEnd;
    private boolean atStart;
    private long lineStart;
    private long lineEnd;
    private byte[] lineBytes;
    private int lineOffset;
    private long loadedStart = -1;
    private long loadedEnd = -1;

    private ReverseLineReader(FileChannel channel, int chunkSize, int maxInMemoryLine) throws IOException {
        this.channel = channel;
        this.chunk = ByteBuffer.allocate(chunkSize);
        this.maxInMemoryLine = maxInMemoryLine;
        this.nextEnd = channel.size();
        this.dataStart = hasBom(channel) ? 3 : 0;
        this.chunkStart = nextEnd;
        this.atStart = nextEnd < dataStart;
    }

    public static ReverseLineReader open(Path file) throws IOException {
        return open(file, DEFAULT_CHUNK, DEFAULT_MAX_IN_MEMORY_LINE);
    }

    public static ReverseLineReader open(Path file, int chunkSize, int maxInMemoryLine) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new ReverseLineReader(channel, chunkSize, maxInMemoryLine);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static boolean hasBom(FileChannel channel) throws IOException {
        if (channel.size() < 3) {
            return false;
        }
        ByteBuffer head = ByteBuffer.allocate(3);
        while (head.hasRemaining() && channel.read(head, head.position()) > 0) {
            // positional reads until the three bytes are in
        }
        return head.get(0) == (byte) 0xEF && head.get(1) == (byte) 0xBB && head.get(2) == (byte) 0xBF;
    }

    /** Moves to the line before the current one; false when the first line has been passed. */
    public boolean previous() throws IOException {
        if (atStart) {
            return false;
        }
        lineEnd = nextEnd;
        long pos = lineEnd;
        while (true) {
            if (pos <= dataStart) {
                lineStart = dataStart;
                atStart = true;
                return true;
            }
            if (pos - 1 < chunkStart || pos - 1 >= chunkStart + chunkLen) {
                load(pos);
            }
            byte[] bytes = chunk.array();
            for (int i = (int) (pos - 1 - chunkStart); i >= 0; i--) {
                if (bytes[i] == '\n') {
                    lineStart = chunkStart + i + 1;
                    nextEnd = chunkStart + i;
                    return true;
                }
            }
            pos = chunkStart;
        }
    }

    /** Fills the chunk with the bytes that end at {@code end}. */
    private void load(long end) throws IOException {
        long start = Math.max(dataStart, end - chunk.capacity());
        chunk.clear();
        chunk.limit((int) (end - start));
        readFully(chunk, start);
        chunkStart = start;
        chunkLen = (int) (end - start);
    }

    private void readFully(ByteBuffer buf, long position) throws IOException {
        long at = position;
        while (buf.hasRemaining()) {
            int n = channel.read(buf, at);
            if (n < 0) {
                throw new IOException("file shrank while reading");
            }
            at += n;
        }
    }

    public long length() {
        return lineEnd - lineStart;
    }

    /** Whether the current line is too long to hold and must be read through {@link #reader()}. */
    public boolean isLong() {
        return length() > maxInMemoryLine;
    }

    /** The current line, decoded. Only for lines that are not {@link #isLong() long}. */
    public String text() throws IOException {
        loadLine();
        return Utf8.decode(lineBytes, lineOffset, (int) length());
    }

    /**
     * Whether the raw bytes of the current line (not {@link #isLong() long}) contain one of the
     * needles. Needles are ASCII, and ASCII bytes decode as themselves even among bad UTF-8 bytes,
     * so this answers for the decoded text too.
     */
    public boolean containsAny(byte[][] needles) throws IOException {
        loadLine();
        int end = lineOffset + (int) length();
        for (byte[] needle : needles) {
            if (indexOf(lineBytes, lineOffset, end, needle) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(byte[] hay, int from, int to, byte[] needle) {
        byte first = needle[0];
        int last = to - needle.length;
        outer:
        for (int i = from; i <= last; i++) {
            if (hay[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /**
     * Whether jackson may read the current line's bytes (not {@link #isLong() long}) in place and see
     * what a decoder would give it: well-formed UTF-8, no NUL (from which a parser could guess
     * UTF-16 or UTF-32) and no leading BOM (which a parser would skip where JSON.parse fails).
     */
    public boolean isByteParsable() throws IOException {
        loadLine();
        int len = (int) length();
        int end = lineOffset + len;
        for (int i = lineOffset; i < end; i++) {
            if (lineBytes[i] == 0) {
                return false;
            }
        }
        if (len >= 3 && lineBytes[lineOffset] == (byte) 0xEF && lineBytes[lineOffset + 1] == (byte) 0xBB
                && lineBytes[lineOffset + 2] == (byte) 0xBF) {
            return false;
        }
        return Utf8.isValid(lineBytes, lineOffset, len);
    }

    /** A parser over the current line's bytes in place; only for {@link #isByteParsable() byte-parsable} lines. */
    public JsonParser byteParser() throws IOException {
        loadLine();
        return Json.parser(lineBytes, lineOffset, (int) length());
    }

    /** Points {@code lineBytes}/{@code lineOffset} at the current line: in the chunk, or read on its own. */
    private void loadLine() throws IOException {
        if (loadedStart == lineStart && loadedEnd == lineEnd) {
            return;
        }
        int len = (int) length();
        if (lineStart >= chunkStart && lineEnd <= chunkStart + chunkLen) {
            lineBytes = chunk.array();
            lineOffset = (int) (lineStart - chunkStart);
        } else {
            ByteBuffer buf = ByteBuffer.allocate(len);
            readFully(buf, lineStart);
            lineBytes = buf.array();
            lineOffset = 0;
        }
        loadedStart = lineStart;
        loadedEnd = lineEnd;
    }

    /** The current line as a stream of decoded chars, holding at most a small buffer of it. */
    public Reader reader() {
        return new Utf8.StreamReader(new RegionStream(lineStart, lineEnd));
    }

    private final class RegionStream extends InputStream {
        private long pos;
        private final long end;

        RegionStream(long start, long end) {
            this.pos = start;
            this.end = end;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= end) {
                return -1;
            }
            ByteBuffer buf = ByteBuffer.wrap(b, off, (int) Math.min(len, end - pos));
            int n = channel.read(buf, pos);
            if (n <= 0) {
                return -1;
            }
            pos += n;
            return n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
