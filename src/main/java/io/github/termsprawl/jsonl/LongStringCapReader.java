package io.github.termsprawl.jsonl;

import java.io.IOException;
import java.io.Reader;

/**
 * Passes JSON text through, but keeps only the first {@code cap} chars of each string literal, so a
 * 100 MB string costs no memory: the parser never holds more than the kept prefix. The dropped rest is
 * still checked (escapes, control characters, the closing quote); at the first fault everything from
 * there on passes through unchanged, so the parser meets the same fault and rejects the line as it
 * would have. Only strings are touched, so the structure the parser sees is the original's. With {@code mark}, a
 * string that was cut ends with {@code [… N bytes not shown]}, N the UTF-8 bytes of what was dropped
 * (docs/files.md): text that reaches a reader never passes for whole when it is not.
 */
public final class LongStringCapReader extends Reader {
    private enum State {
        OUTSIDE,
        STRING,
        ESCAPE,
        UNICODE,
        RAW
    }

    private final Reader in;
    private final int cap;
    private final boolean mark;
    /** The UTF-8 bytes of the current string's chars past the cap. */
    private long dropped;

    private final char[] inBuf = new char[8192];
    private int inPos;
    private int inLen;
    private final StringBuilder out = new StringBuilder();
    private int outPos;
    private State state = State.OUTSIDE;
    private int count;
    private int hexLeft;
    private final StringBuilder escape = new StringBuilder();

    public LongStringCapReader(Reader in, int cap) {
        this(in, cap, false);
    }

    /** @param mark whether a cut string ends with {@code [… N bytes not shown]} */
    public LongStringCapReader(Reader in, int cap, boolean mark) {
        this.in = in;
        this.cap = cap;
        this.mark = mark;
    }

    private static int utf8Length(int c) {
        return c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate((char) c) ? 2 : 3;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (outPos == out.length()) {
            out.setLength(0);
            outPos = 0;
            if (inPos == inLen) {
                inLen = in.read(inBuf, 0, inBuf.length);
                inPos = 0;
                if (inLen < 0) {
                    inLen = 0;
                    return -1;
                }
            }
            while (inPos < inLen && out.length() < 8192) {
                if (state == State.STRING) {
                    plainRun();
                    if (inPos == inLen) {
                        break;
                    }
                }
                step(inBuf[inPos++]);
            }
        }
        int n = Math.min(len, out.length() - outPos);
        out.getChars(outPos, outPos + n, cbuf, off);
        outPos += n;
        return n;
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
        if (mark) {
            for (int i = start + Math.max(room, 0); i < inPos; i++) {
                dropped += utf8Length(inBuf[i]);
            }
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
                    if (mark && dropped > 0) {
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
        } else if (mark) {
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
