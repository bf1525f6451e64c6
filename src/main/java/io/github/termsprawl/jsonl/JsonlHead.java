package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first few records of a JSONL file (at most {@link #MAX_BYTES} of it, parsed as the tail reader
 * parses lines), or the top-level keys of a JSON document (streamed with every string capped), so
 * looking at a file's head costs its head, whatever the line lengths. For store detection and session
 * lookup only: the context view reads from the end.
 */
public final class JsonlHead {
    /** Never more than this much of a file is read: a pathological first line must not cost its length. */
    static final int MAX_BYTES = 1 << 20;

    /** Head scalars are ids, paths and hashes: a string past this many chars is cut as it streams. */
    static final int SCALAR_CAP = 2001;

    private JsonlHead() {}

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return new java.io.FilterInputStream(in) {
            private long left = MAX_BYTES;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                left -= b < 0 ? 0 : 1;
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = super.read(buf, off, (int) Math.min(len, left));
                left -= Math.max(n, 0);
                return n;
            }
        };
    }

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
        if (!file.toFile().isFile()) {
            return null;
        }
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "r")) {
            long size = raf.length();
            for (int limit = FIRST_BYTES; ; limit = MAX_BYTES) {
                byte[] buf = new byte[(int) Math.min(size, limit)];
                raf.seek(0);
                int len = raf.read(buf, 0, buf.length);
                while (len >= 0 && len < buf.length) {
                    int n = raf.read(buf, len, buf.length - len);
                    if (n < 0) {
                        break;
                    }
                    len += n;
                }
                len = Math.max(len, 0);
                Head head = new Head(buf, len, len >= size);
                if (head.whole || limit == MAX_BYTES || countLines(head) >= lines) {
                    return head;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
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

    private static int countLines(Head head) {
        int n = 0;
        for (int i = 0; i < head.length; i++) {
            if (head.bytes[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** The scalar top-level fields of the first JSON object, stopping once one of {@code wanted} is seen. */
    public static Map<String, Object> scalars(Path file, Set<String> wanted) {
        Map<String, Object> found = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return found;
        }
        try (InputStream in = open(file);
                Reader text = new LongStringCapReader(new Utf8.StreamReader(in), SCALAR_CAP);
                JsonParser p = Json.parser(skipBom(text))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return found;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (t.isScalarValue()) {
                    found.put(name, Json.readValue(p));
                    if (wanted.contains(name)) {
                        return found;
                    }
                } else {
                    found.put(name, t == JsonToken.START_ARRAY ? List.of() : Map.of());
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // keep what was seen
        }
        return found;
    }

    private static Reader skipBom(Reader in) throws IOException {
        java.io.PushbackReader r = new java.io.PushbackReader(in, 1);
        int c = r.read();
        if (c >= 0 && c != '\uFEFF') {
            r.unread(c);
        }
        return r;
    }
}
