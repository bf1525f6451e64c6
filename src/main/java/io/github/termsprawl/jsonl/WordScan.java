package io.github.termsprawl.jsonl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte scans eight bytes a step (SWAR: bit tricks on a long), for reads of tens of MB. Before the JIT's
 * second tier, which the planted commands never reach, this is two to three times a byte loop's speed. Making the
 * VarHandle costs ~20 ms in a JVM that just started, so only a read of a big file ({@link #WORTH_IT}) loads
 * this class: a short command never does.
 */
final class WordScan {
    /** A file at least this big is worth this class's start-up cost. */
    static final long WORTH_IT = 8L << 20;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5c5c5c5c5c5c5c5cL;
    private static final long SPACES = 0x2020202020202020L;

    private WordScan() {}

    /** Makes sure the class is initialised (its VarHandle made) before a scan relies on it. */
    static void load() {
        // nothing: calling a static method initialises the class
    }

    /** Where the first byte {@code c} in {@code b[from, to)} is, or -1. */
    static int indexOf(byte[] b, int from, int to, byte c) {
        long pattern = (c & 0xffL) * ONES;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i) ^ pattern;
            long t = (w - ONES) & ~w & HIGHS;
            if (t != 0) {
                return i + (Long.numberOfTrailingZeros(t) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code b[from, to)} is all ASCII. */
    static boolean isAscii(byte[] b, int from, int to) {
        long high = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            high |= (long) LONGS.get(b, i);
        }
        for (; i < to; i++) {
            high |= b[i];
        }
        return (high & HIGHS) == 0; // a tail byte past ASCII is negative: its sign fills the high bits
    }

    /**
     * How far from {@code from} the bytes of a JSON string body run with no quote, backslash or control char,
     * in steps of eight (the rest is left to a byte loop).
     */
    static int plainString(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long q = w ^ QUOTES;
            long s = w ^ BACKSLASHES;
            // a byte that is zero after the XOR is a quote or a backslash; one below 0x20 (high bit clear) a control
            long t = ((q - ONES) & ~q) | ((s - ONES) & ~s) | ((w - SPACES) & ~w);
            if ((t & HIGHS) != 0) {
                return i;
            }
        }
        return i;
    }
}
