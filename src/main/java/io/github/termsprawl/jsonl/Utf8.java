package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 decoding exactly as the WHATWG Encoding Standard (and so node's {@code readFileSync(p, "utf8")})
 * does it: each maximal bad subpart becomes one U+FFFD. The JDK's decoder replaces some truncated
 * sequences differently, which would change printed bytes.
 */
public final class Utf8 {
    static final char REPLACEMENT = '\uFFFD';

    private Utf8() {}

    public static String decode(byte[] bytes, int off, int len) {
        if (isValid(bytes, off, len)) {
            return new String(bytes, off, len, StandardCharsets.UTF_8); // valid UTF-8 has one decoding
        }
        StringBuilder out = new StringBuilder(len);
        Decoder d = new Decoder();
        d.feed(bytes, off, len, out);
        d.finish(out);
        return out.toString();
    }

    /** The length of a UTF-8 byte order mark at {@code bytes[off, off+len)}: 3, or 0 when there is none. */
    public static int bomLength(byte[] bytes, int off, int len) {
        return len >= 3 && bytes[off] == (byte) 0xEF && bytes[off + 1] == (byte) 0xBB && bytes[off + 2] == (byte) 0xBF
                ? 3
                : 0;
    }

    /**
     * Whether the bytes are well-formed UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF):
     * then every decoder, the JDK's and jackson's included, reads them the same.
     */
    static boolean isValid(byte[] bytes, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            // runs of ASCII, four bytes a test: a non-ASCII byte is negative
            while (i + 4 <= end && (bytes[i] | bytes[i + 1] | bytes[i + 2] | bytes[i + 3]) >= 0) {
                i += 4;
            }
            if (i == end) {
                break;
            }
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            int need;
            int lower = 0x80;
            int upper = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                lower = b == 0xE0 ? 0xA0 : 0x80;
                upper = b == 0xED ? 0x9F : 0xBF;
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                lower = b == 0xF0 ? 0x90 : 0x80;
                upper = b == 0xF4 ? 0x8F : 0xBF;
            } else {
                return false;
            }
            if (i + need >= end) {
                return false; // truncated at the end
            }
            int second = bytes[i + 1] & 0xFF;
            if (second < lower || second > upper) {
                return false;
            }
            for (int k = 2; k <= need; k++) {
                int c = bytes[i + k] & 0xFF;
                if (c < 0x80 || c > 0xBF) {
                    return false;
                }
            }
            i += need + 1;
        }
        return true;
    }

    /** The decoder's state between chunks, so a sequence may be split across reads. */
    static final class Decoder {
        private int needed;
        private int seen;
        private int codePoint;
        private int lower = 0x80;
        private int upper = 0xBF;

        void feed(byte[] bytes, int off, int len, StringBuilder out) {
            int end = off + len;
            int i = off;
            while (i < end) {
                int b = bytes[i] & 0xFF;
                if (needed == 0) {
                    if (b < 0x80) {
                        int run = i + 1;
                        while (run < end && bytes[run] >= 0) {
                            run++;
                        }
                        out.append(new String(bytes, i, run - i, StandardCharsets.ISO_8859_1)); // ASCII in bulk
                        i = run;
                        continue;
                    }
                    i++;
                    if (b >= 0xC2 && b <= 0xDF) {
                        needed = 1;
                        codePoint = b & 0x1F;
                    } else if (b >= 0xE0 && b <= 0xEF) {
                        lower = b == 0xE0 ? 0xA0 : 0x80;
                        upper = b == 0xED ? 0x9F : 0xBF;
                        needed = 2;
                        codePoint = b & 0x0F;
                    } else if (b >= 0xF0 && b <= 0xF4) {
                        lower = b == 0xF0 ? 0x90 : 0x80;
                        upper = b == 0xF4 ? 0x8F : 0xBF;
                        needed = 3;
                        codePoint = b & 0x07;
                    } else {
                        out.append(REPLACEMENT);
                    }
                    continue;
                }
                if (b < lower || b > upper) {
                    reset();
                    out.append(REPLACEMENT); // the byte is not consumed: it starts afresh
                    continue;
                }
                i++;
                lower = 0x80;
                upper = 0xBF;
                codePoint = (codePoint << 6) | (b & 0x3F);
                if (++seen == needed) {
                    out.appendCodePoint(codePoint);
                    reset();
                }
            }
        }

        void finish(StringBuilder out) {
            if (needed != 0) {
                reset();
                out.append(REPLACEMENT);
            }
        }

        private void reset() {
            needed = 0;
            seen = 0;
            codePoint = 0;
            lower = 0x80;
            upper = 0xBF;
        }
    }

    /** A {@link Reader} decoding a byte stream with the same rules, for lines too long to hold. */
    public static final class StreamReader extends Reader {
        private final InputStream in;
        private final Decoder decoder = new Decoder();
        private final byte[] bytes = new byte[64 * 1024];
        private final StringBuilder pending = new StringBuilder();
        private int pendingPos;
        private boolean eof;

        public StreamReader(InputStream in) {
            this.in = in;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (pendingPos == pending.length()) {
                if (eof) {
                    return -1;
                }
                pending.setLength(0);
                pendingPos = 0;
                int n = in.read(bytes);
                if (n < 0) {
                    eof = true;
                    decoder.finish(pending);
                } else {
                    decoder.feed(bytes, 0, n, pending);
                }
            }
            int n = Math.min(len, pending.length() - pendingPos);
            pending.getChars(pendingPos, pendingPos + n, cbuf, off);
            pendingPos += n;
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
