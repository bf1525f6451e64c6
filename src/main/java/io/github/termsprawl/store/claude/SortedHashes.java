package io.github.termsprawl.store.claude;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * How the plan cache and its tail file keep a set of uuid hashes (sorted, distinct ints): the gaps between them
 * as variable-length numbers, in Base64. A set of n random hashes has gaps of about 2³²/n, so a million of them take
 * about 2.7 characters each, not the 8 of hex digits or the 5.3 of the hashes' own bytes in Base64: what a record
 * that only links the tree leaves in the cache (docs/files.md, "What a folder was made from").
 */
final class SortedHashes {
    private SortedHashes() {}

    /** {@code ids} (sorted, distinct, as {@link Arrays#sort(int[])} orders them) as text. */
    static String encode(int[] ids) {
        byte[] out = new byte[ids.length * 5];
        int n = 0;
        long previous = 0;
        for (int i = 0; i < ids.length; i++) {
            long v = unsigned(ids[i]);
            long gap = v - previous;
            if (i > 0 && gap <= 0) {
                throw new IllegalArgumentException("hashes not sorted and distinct at " + i);
            }
            previous = v;
            while (gap >= 0x80) {
                out[n++] = (byte) (gap & 0x7f | 0x80);
                gap >>>= 7;
            }
            out[n++] = (byte) gap;
        }
        return Base64.getEncoder().withoutPadding().encodeToString(Arrays.copyOf(out, n));
    }

    /** The set {@link #encode} wrote; an {@link IllegalArgumentException} when {@code text} is not one. */
    static int[] decode(String text) {
        byte[] bytes = Base64.getDecoder().decode(text.getBytes(StandardCharsets.US_ASCII));
        int[] ids = new int[bytes.length];
        int count = 0;
        long previous = 0;
        int at = 0;
        while (at < bytes.length) {
            long gap = 0;
            int shift = 0;
            while (true) {
                if (at == bytes.length || shift > 28) {
                    throw new IllegalArgumentException("a hash cut short or too long at byte " + at);
                }
                int b = bytes[at++];
                gap |= (long) (b & 0x7f) << shift;
                shift += 7;
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            long v = previous + gap;
            if (count > 0 && gap == 0 || v > 0xffffffffL) {
                throw new IllegalArgumentException("hashes not sorted and distinct at " + count);
            }
            ids[count++] = (int) (v ^ 0x80000000L);
            previous = v;
        }
        return Arrays.copyOf(ids, count);
    }

    /** Signed order as unsigned numbers from 0: the smallest int is 0. */
    private static long unsigned(int v) {
        return (v ^ 0x80000000) & 0xffffffffL;
    }
}
