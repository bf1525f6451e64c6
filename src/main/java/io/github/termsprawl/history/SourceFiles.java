package io.github.termsprawl.history;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/** What tells a transcript changed, and where a file that only grew may be read on from. */
final class SourceFiles {
    /** How much of the bytes before a resume point the hash covers, at each end. */
    static final int HASHED = 64 * 1024;

    private SourceFiles() {}

    /** {@code <size> <mtime> <path>} of a file or folder ({@code -1 -1} when it is not there): a watched entry. */
    static String watch(Path path) {
        File f = path.toFile();
        return f.exists() ? f.length() + " " + f.lastModified() + " " + path : "-1 -1 " + path;
    }

    /**
     * Whether a transcript may be read on from where its state's read stopped: it grew, or it has the size and the
     * time it had. One of the same size or smaller with another time was written over (an edit in the middle that
     * keeps the size escapes the hash of {@link #prefixHash}, which covers only the ends): it is read whole
     * (docs/files.md).
     */
    static boolean grownSince(FolderState state, long size, long mtime) {
        return size > state.size() || (size == state.size() && mtime == state.mtime());
    }

    /**
     * A hash of the bytes before {@code offset}: its first and last {@link #HASHED} bytes and the offset. A file
     * that only grew keeps it; one rewritten (a migration, a rewind that rewrote the file, another file at the
     * same path) almost never does.
     */
    static long prefixHash(Path file, long offset) {
        if (offset <= 0) {
            return 0;
        }
        if (!Files.isRegularFile(file)) {
            return -1; // a FIFO would block the open until something writes to it
        }
        CRC32C head = new CRC32C();
        CRC32 tail = new CRC32();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() < offset) {
                return -1;
            }
            byte[] buf = new byte[(int) Math.min(HASHED, offset)];
            in.seek(0);
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

    /** Where the file's last complete line ends (just past its {@code \n}), looking back from {@code size}; 0 when none does. */
    static long completeLines(Path file, long size) {
        if (!Files.isRegularFile(file)) {
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

    /** How many {@code \n} bytes lie in {@code [from, to)} of the file: the lines a later read skips. */
    static long lines(Path file, long from, long to) {
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
