package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;

/**
 * A few ASCII byte strings searched for in one pass over a line, to pass over lines that cannot hold
 * what a reader wants without parsing them. ASCII bytes decode as themselves even among bad UTF-8
 * bytes, so the answer holds for the decoded text too.
 */
public final class ByteNeedles {
    private final byte[][] needles;
    private final boolean[] firstBytes = new boolean[256];

    public ByteNeedles(String... ascii) {
        needles = new byte[ascii.length][];
        for (int i = 0; i < ascii.length; i++) {
            needles[i] = ascii[i].getBytes(StandardCharsets.US_ASCII);
            firstBytes[needles[i][0] & 0xFF] = true;
        }
    }

    /** Whether {@code bytes[from, to)} contain any of the needles. */
    public boolean foundIn(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (firstBytes[bytes[i] & 0xFF] && matchAt(bytes, i, to)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchAt(byte[] bytes, int at, int to) {
        next:
        for (byte[] needle : needles) {
            if (at + needle.length > to) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (bytes[at + j] != needle[j]) {
                    continue next;
                }
            }
            return true;
        }
        return false;
    }
}
