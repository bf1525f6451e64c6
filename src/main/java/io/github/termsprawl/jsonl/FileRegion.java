package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.util.concurrent.atomic.AtomicLong;

/** The bytes of a file from {@code start} to {@code end}, read as they are needed (a line too long to hold). */
final class FileRegion extends InputStream {
    private final RandomAccessFile file;
    private long pos;
    private final long end;
    private final AtomicLong bytesRead;

    FileRegion(RandomAccessFile file, long start, long end, AtomicLong bytesRead) {
        this.file = file;
        this.pos = start;
        this.end = end;
        this.bytesRead = bytesRead;
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
        Deadline.check();
        file.seek(pos);
        int n = file.read(b, off, (int) Math.min(len, end - pos));
        if (n <= 0) {
            return -1;
        }
        pos += n;
        if (bytesRead != null) {
            bytesRead.addAndGet(n);
        }
        return n;
    }
}
