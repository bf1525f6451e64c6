package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first few records of a JSONL file (at most {@link #MAX_BYTES} of it, parsed as the tail reader
 * parses lines), or the top-level keys of a JSON document (from its first bytes, every string capped), so
 * looking at a file's head costs its head, whatever the line lengths. For store detection and session
 * lookup only: the context view reads from the end.
 */
public final class JsonlHead {
    /** Never more than this much of a file is read: a pathological first line must not cost its length. */
    static final int MAX_BYTES = 1 << 20;

    /** Head scalars are ids, paths and hashes: a string past this many chars is cut. */
    static final int SCALAR_CAP = 2001;

    private JsonlHead() {}

    /** The first read of a head: enough for the first records of every real transcript. */
    static final int FIRST_BYTES = 64 * 1024;

    /** The first bytes of a regular file, read once: a few lines, or a magic number. */
    public static final class Head {
        private final byte[] bytes;
        private final int length;
        private final boolean whole;

        private Head(byte[] bytes, int length, boolean whole) {
            this.bytes = bytes;
            this.length = length;
            this.whole = whole;
        }

        /** Whether the head holds the whole file (it was no longer than what was read). */
        public boolean isWhole() {
            return whole;
        }

        /** The lines of the whole file, last first. */
        ReverseLineReader lines() {
            return new ReverseLineReader(bytes, length);
        }

        public boolean startsWith(byte[] magic) {
            return length >= magic.length && Arrays.equals(bytes, 0, magic.length, magic, 0, magic.length);
        }

        /** The byte at {@code i} as 0..255, or -1 past the head. */
        public int unsignedByte(int i) {
            return i < length ? bytes[i] & 0xFF : -1;
        }

        /** Whether the head holds any of the needles anywhere (a binary file's text, too). */
        public boolean has(ByteNeedles needles) {
            return needles.foundIn(bytes, 0, length);
        }

        /**
         * The JSON objects among the first {@code max} lines, with only what {@code projection} keeps, parsed in
         * place as the tail reader parses them; a line without any of the {@code needles} (when given)
         * is not parsed, a line cut by the end of the head is not read.
         */
        public List<Map<String, Object>> records(int max, JsonProjection projection, ByteNeedles needles) {
            List<Map<String, Object>> records = new ArrayList<>();
            int start = Utf8.bomLength(bytes, 0, length);
            for (int lines = 0; lines < max && start <= length; lines++) {
                int nl = start;
                while (nl < length && bytes[nl] != '\n') {
                    nl++;
                }
                if (nl == length && !whole) {
                    break;
                }
                if (needles == null || needles.foundIn(bytes, start, nl)) {
                    Map<String, Object> record = JsonlRecords.parse(bytes, start, nl - start, projection);
                    if (record != null) {
                        records.add(record);
                    }
                }
                start = nl + 1;
            }
            return records;
        }
    }

    /**
     * The head of a regular file: 64 KiB, or up to {@link #MAX_BYTES} when the first {@code lines}
     * lines do not fit in that; null for anything but a readable regular file.
     */
    public static Head read(Path file, int lines) {
        for (int limit = FIRST_BYTES; ; limit = MAX_BYTES) {
            Head head = bytes(file, limit);
            if (head == null || head.whole || limit == MAX_BYTES || hasLines(head, lines)) {
                return head;
            }
        }
    }

    /** The first {@code max} bytes of a regular file as they are; null for anything else. */
    public static Head bytes(Path file, int max) {
        if (!file.toFile().isFile()) {
            return null;
        }
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "r")) {
            long size = raf.length();
            byte[] buf = new byte[(int) Math.min(size, max)];
            int len = 0;
            while (len < buf.length) {
                int n = raf.read(buf, len, buf.length - len);
                if (n < 0) {
                    break;
                }
                len += n;
            }
            return new Head(buf, len, len >= size);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The complete lines among the last {@link #FIRST_BYTES} bytes of a regular file (the line cut by
     * that window left out), as a head that can be asked for its records; null for anything else.
     */
    public static Head tail(Path file) {
        if (!file.toFile().isFile()) {
            return null;
        }
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "r")) {
            long size = raf.length();
            int len = (int) Math.min(size, FIRST_BYTES);
            byte[] buf = new byte[len];
            raf.seek(size - len);
            raf.readFully(buf);
            int from = 0;
            if (len < size) {
                while (from < len && buf[from] != '\n') {
                    from++;
                }
                from++;
            }
            byte[] lines = Arrays.copyOfRange(buf, Math.min(from, len), len);
            return new Head(lines, lines.length, true);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether the head holds at least {@code lines} line ends: it stops there, not at the head's end. */
    private static boolean hasLines(Head head, int lines) {
        int n = 0;
        byte[] bytes = head.bytes;
        for (int i = 0; i < head.length && n < lines; i++) {
            if (bytes[i] == '\n') {
                n++;
            }
        }
        return n >= lines;
    }

    /**
     * The scalar top-level fields of the first JSON object, stopping once one of {@code wanted} is seen, read from
     * the first 64 KiB (or {@link #MAX_BYTES}, when the object goes on past them without it); a string is cut to
     * {@link #SCALAR_CAP} chars.
     */
    public static Map<String, Object> scalars(Path file, Set<String> wanted) {
        Map<String, Object> found = new HashMap<>();
        for (int limit = FIRST_BYTES; ; limit = MAX_BYTES) {
            Head head = bytes(file, limit);
            if (head == null) {
                return found;
            }
            found.clear();
            int start = Utf8.bomLength(head.bytes, 0, head.length);
            int end = JsonBytes.scalars(head.bytes, start, head.length - start, wanted, SCALAR_CAP, found);
            // a value that reaches the cut may go on past it (a number), so it is read again from more
            if (head.whole || limit == MAX_BYTES || end >= 0 && end < head.length) {
                return found;
            }
        }
    }
}
