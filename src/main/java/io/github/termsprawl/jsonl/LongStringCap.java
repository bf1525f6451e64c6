package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Passes JSON text through as UTF-8 bytes for {@link JsonBytes}, but keeps only the first {@code cap} chars of
 * each string literal, so a 100 MB string costs no memory: the parser never holds more than the kept prefix,
 * and no string it sees is longer than {@link #tokenMax}. The dropped rest is still checked (escapes, control
 * characters, the closing quote); at the first fault everything from there on passes through unchanged, so
 * the parser meets the same fault and rejects the line as it would have. Only strings are touched, so the
 * structure the parser sees is the original's. A string that was cut ends with {@code [… N bytes not shown]},
 * N the UTF-8 bytes of what was dropped (docs/files.md): text that reaches a reader never passes for whole when
 * it is not.
 */
final class LongStringCap extends InputStream {
    /** Chars passed on at a time. */
    private static final int CHUNK = 8192;

    private enum State {
        OUTSIDE,
        STRING,
        ESCAPE,
        UNICODE,
        RAW
    }

    private final Reader in;
    private final int cap;
    /** The UTF-8 bytes of the current string's chars past the cap. */
    private long dropped;

    private final char[] inBuf = new char[CHUNK];
    private int inPos;
    private int inLen;
    private boolean eof;
    /** The chars kept and not yet encoded. */
    private final StringBuilder out = new StringBuilder();
    /** Their bytes. */
    private byte[] bytes = new byte[0];

    private int bytesPos;
    private int bytesLen;
    private State state = State.OUTSIDE;
    private int count;
    private int hexLeft;
    private final StringBuilder escape = new StringBuilder();

    LongStringCap(Reader in, int cap) {
        this.in = in;
        this.cap = cap;
    }

    /** The most bytes a string of the output takes, up to the first fault: each kept char as an escape, and the mark. */
    static long tokenMax(int cap) {
        return 6L * cap + 64;
    }

    private static int utf8Length(int c) {
        return c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate((char) c) ? 2 : 3;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (bytesPos == bytesLen) {
            if (!encodeMore()) {
                return -1;
            }
        }
        int n = Math.min(len, bytesLen - bytesPos);
        System.arraycopy(bytes, bytesPos, buf, off, n);
        bytesPos += n;
        return n;
    }

    /** Cuts the next chunk of text and encodes it; false at the end. */
    private boolean encodeMore() throws IOException {
        if (inPos == inLen && !eof) {
            inLen = in.read(inBuf, 0, inBuf.length);
            inPos = 0;
            if (inLen < 0) {
                inLen = 0;
                eof = true;
            }
        }
        if (eof && out.length() == 0) {
            return false;
        }
        while (inPos < inLen && out.length() < CHUNK) {
            if (state == State.STRING) {
                plainRun();
                if (inPos == inLen) {
                    break;
                }
            }
            step(inBuf[inPos++]);
        }
        int to = out.length();
        if (!eof && to > 0 && Character.isHighSurrogate(out.charAt(to - 1))) {
            to--; // its pair may come with the next chunk
        }
        if (bytes.length < 6 * to) {
            bytes = new byte[6 * to]; // a char is at most 6 bytes (an escape)
        }
        bytesLen = Json.utf8(out, to, bytes);
        bytesPos = 0;
        out.delete(0, to);
        return true;
    }

    /** The common case in one tight loop: string content that is neither a quote, an escape nor a control char. */
    private void plainRun() {
        int start = inPos;
        while (inPos < inLen) {
            char c = inBuf[inPos];
            if (c == '"' || c == '\\' || c < 0x20) {
                break;
            }
            inPos++;
        }
        int run = inPos - start;
        int room = cap - count;
        if (room > 0) {
            out.append(inBuf, start, Math.min(run, room));
        }
        for (int i = start + Math.max(room, 0); i < inPos; i++) {
            dropped += utf8Length(inBuf[i]);
        }
        count = (int) Math.min((long) count + run, cap); // saturates: a string may be longer than an int counts
    }

    private boolean dropping() {
        return count >= cap;
    }

    private void step(char c) {
        switch (state) {
            case RAW, OUTSIDE -> {
                out.append(c);
                if (state == State.OUTSIDE && c == '"') {
                    state = State.STRING;
                    count = 0;
                    dropped = 0;
                }
            }
            case STRING -> {
                if (c == '"') {
                    if (dropped > 0) {
                        out.append("[\u2026 ")
                                .append(dropped)
                                .append(dropped == 1 ? " byte not shown]" : " bytes not shown]");
                    }
                    out.append(c);
                    state = State.OUTSIDE;
                } else if (c == '\\') {
                    escape.setLength(0);
                    escape.append(c);
                    state = State.ESCAPE;
                } else if (c < 0x20) {
                    fault(c);
                } else {
                    keep(String.valueOf(c));
                }
            }
            case ESCAPE -> {
                escape.append(c);
                if (c == 'u') {
                    hexLeft = 4;
                    state = State.UNICODE;
                } else if ("\"\\/bfnrt".indexOf(c) >= 0) {
                    keep(escape);
                    state = State.STRING;
                } else {
                    fault(null);
                }
            }
            case UNICODE -> {
                escape.append(c);
                if (Character.digit(c, 16) < 0 || c > 'f') {
                    fault(null);
                } else if (--hexLeft == 0) {
                    keep(escape);
                    state = State.STRING;
                }
            }
            default -> throw new IllegalStateException();
        }
    }

    /** One decoded char of string content, as written in the source. */
    private void keep(CharSequence source) {
        if (!dropping()) {
            out.append(source);
            count++;
        } else {
            int c = source.length() == 1
                    ? source.charAt(0)
                    : source.charAt(1) == 'u'
                            ? Integer.parseInt(source.subSequence(2, 6).toString(), 16)
                            : 'x';
            dropped += utf8Length(c);
        }
    }

    /** The text is broken here: hand the parser everything from the fault on, as it was. */
    private void fault(Character c) {
        if (c != null) {
            out.append(c.charValue());
        } else {
            out.append(escape);
        }
        state = State.RAW;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
