package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The one rule for reading on a transcript that only grows (docs/files.md): a later read starts at the end of
 * the last complete line an earlier one saw, when the bytes before it are unchanged. History and the touch index
 * both keep their place by it.
 */
public final class GrowingFile {
    /** How much of the bytes before a resume point the hash covers, at each end. */
    static final int HASHED = 64 * 1024;

    private GrowingFile() {}

    /**
     * A hash of the bytes before {@code offset}: its first and last {@link #HASHED} bytes and the offset; 0 for
     * nothing read yet, -1 when the file is shorter or not a regular file (a FIFO would block the open). A file
     * that only grew keeps it; one rewritten (a migration, a rewind that rewrote the file, another file at the
     * same path) almost never does.
     */
    public static long prefixHash(Path file, long offset) {
        if (offset <= 0) {
            return 0;
        }
        if (!Files.isRegularFile(file)) {
            return -1;
        }
        CRC32C head = new CRC32C();
        CRC32C tail = new CRC32C();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() < offset) {
                return -1;
            }
            byte[] buf = new byte[(int) Math.min(HASHED, offset)];
            in.readFully(buf);
            head.update(buf);
            in.seek(offset - buf.length);
            in.readFully(buf);
            tail.update(buf);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return (head.getValue() << 32 | tail.getValue()) ^ offset;
    }

    /** The end of the last complete line within the first {@code size} bytes: where a later read may start. */
    public static long completeLines(Path file, long size) {
        if (size <= 0 || !Files.isRegularFile(file)) {
            return 0;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            byte[] buf = new byte[8192];
            long end = Math.min(size, in.length());
            while (end > 0) {
                int n = (int) Math.min(buf.length, end);
                in.seek(end - n);
                in.readFully(buf, 0, n);
                for (int i = n - 1; i >= 0; i--) {
                    if (buf[i] == '\n') {
                        return end - n + i + 1;
                    }
                }
                end -= n;
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** How many lines end between {@code from} and {@code to}. */
    public static long lines(Path file, long from, long to) {
        long n = 0;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            byte[] buf = new byte[64 * 1024];
            in.seek(from);
            for (long at = from; at < to; ) {
                int len = in.read(buf, 0, (int) Math.min(buf.length, to - at));
                if (len < 0) {
                    break;
                }
                for (int i = 0; i < len; i++) {
                    if (buf[i] == '\n') {
                        n++;
                    }
                }
                at += len;
            }
        } catch (IOException | RuntimeException e) {
            return n;
        }
        return n;
    }
}
