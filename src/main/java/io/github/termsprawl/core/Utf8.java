package io.github.termsprawl.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * UTF-8 decoding exactly as the WHATWG Encoding Standard (and so node's {@code readFileSync(p, "utf8")})
 * does it: each maximal bad subpart becomes one U+FFFD. The JDK's decoder replaces some truncated
 * sequences differently, which would change printed bytes.
 */
public final class Utf8 {
    static final char REPLACEMENT = '\uFFFD';

    private Utf8() {}

    public static String decode(byte[] bytes, int off, int len) {
        StringBuilder out = new StringBuilder(len);
        Decoder d = new Decoder();
        d.feed(bytes, off, len, out);
        d.finish(out);
        return out.toString();
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
                    i++;
                    if (b < 0x80) {
                        out.append((char) b);
                    } else if (b >= 0xC2 && b <= 0xDF) {
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
