package io.github.termsprawl.history;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns as a folder holds them while it is written: each a key, a window and, in blocks of bytes, its name and
 * index line (UTF-8, as {@code .turns} and {@code index.md} write them), not an object and two strings each — a
 * first write of a million turns holds about 80 MB of them, not 170.
 */
final class HeldTurns {
    private static final int BLOCK = 1 << 16;

    private int size;
    private long[] keys = new long[16];
    private int[] windows = new int[16];
    /** Where each turn's bytes start: its block times {@link #BLOCK} plus where in it; -1 for one not yet placed. */
    private int[] at = new int[16];

    private byte[][] blocks = new byte[4][];
    private int block = -1;
    private int used = BLOCK;

    int size() {
        return size;
    }

    /** The next turn; a {@code name} of null holds its place until {@link #set}. */
    void add(String name, long key, int window, String indexLine) {
        if (size == keys.length) {
            int n = size + (size >> 1) + 16;
            keys = Arrays.copyOf(keys, n);
            windows = Arrays.copyOf(windows, n);
            at = Arrays.copyOf(at, n);
        }
        at[size] = -1;
        size++;
        if (name != null) {
            set(size - 1, name, key, window, indexLine);
        }
    }

    void set(int i, String name, long key, int window, String indexLine) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        byte[] l = indexLine.getBytes(StandardCharsets.UTF_8);
        int need = n.length + l.length + 10;
        if (need > BLOCK) {
            throw new IllegalStateException("a turn's name and index line of " + need + " bytes");
        }
        if (used + need > BLOCK) {
            block++;
            if (block == blocks.length) {
                blocks = Arrays.copyOf(blocks, blocks.length * 2);
            }
            if ((long) block * BLOCK > Integer.MAX_VALUE - BLOCK) {
                throw new IllegalStateException("more than 2 GB of turn names and index lines");
            }
            blocks[block] = new byte[BLOCK];
            used = 0;
        }
        keys[i] = key;
        windows[i] = window;
        at[i] = block * BLOCK + used;
        byte[] b = blocks[block];
        used = put(b, used, n);
        used = put(b, used, l);
    }

    private static int put(byte[] b, int pos, byte[] value) {
        int v = value.length;
        while (v >= 0x80) {
            b[pos++] = (byte) (v & 0x7f | 0x80);
            v >>>= 7;
        }
        b[pos++] = (byte) v;
        System.arraycopy(value, 0, b, pos, value.length);
        return pos + value.length;
    }

    long key(int i) {
        return keys[i];
    }

    int window(int i) {
        return windows[i];
    }

    /** What the turns hold, in bytes: their arrays and blocks as allocated. */
    long bytes() {
        long n = 8L * keys.length + 4L * (windows.length + at.length) + 4L * blocks.length;
        for (byte[] b : blocks) {
            n += b == null ? 0 : b.length;
        }
        return n;
    }

    /** Where field {@code which} (0 the name, 1 the index line) of turn {@code i} is: {@code out} its start, block and length. */
    private int field(int i, int which, int[] out) {
        int pos = at[i] % BLOCK;
        byte[] b = blocks[at[i] / BLOCK];
        for (int f = 0; ; f++) {
            int len = 0;
            int shift = 0;
            int c;
            do {
                c = b[pos++];
                len |= (c & 0x7f) << shift;
                shift += 7;
            } while ((c & 0x80) != 0);
            if (f == which) {
                out[0] = pos;
                out[1] = at[i] / BLOCK;
                out[2] = len;
                return len;
            }
            pos += len;
        }
    }

    String name(int i) {
        int[] f = new int[3];
        field(i, 0, f);
        return new String(blocks[f[1]], f[0], f[2], StandardCharsets.UTF_8);
    }

    /** Its index line, as {@code index.md} has it. */
    void indexLine(int i, java.io.ByteArrayOutputStream out) {
        int[] f = new int[3];
        field(i, 1, f);
        out.write(blocks[f[1]], f[0], f[2]);
    }

    /** Its {@code .turns} line: key, window, name and index line ({@link FolderState#turnsTo}). */
    void line(int i, java.io.ByteArrayOutputStream out) {
        byte[] head = (Long.toHexString(keys[i]) + ' ' + windows[i] + ' ').getBytes(StandardCharsets.US_ASCII);
        out.write(head, 0, head.length);
        int[] f = new int[3];
        field(i, 0, f);
        out.write(blocks[f[1]], f[0], f[2]);
        out.write(' ');
        field(i, 1, f);
        out.write(blocks[f[1]], f[0], f[2]);
        out.write('\n');
    }

    FolderState.Turn turn(int i) {
        int[] f = new int[3];
        field(i, 1, f);
        return new FolderState.Turn(
                name(i), keys[i], windows[i], new String(blocks[f[1]], f[0], f[2], StandardCharsets.UTF_8));
    }
}
