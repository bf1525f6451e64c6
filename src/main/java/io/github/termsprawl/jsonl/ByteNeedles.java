package io.github.termsprawl.jsonl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A few ASCII byte strings searched for in one pass over a line, to pass over lines that cannot hold
 * what a reader wants without parsing them. ASCII bytes decode as themselves even among bad UTF-8
 * bytes, so the answer holds for the decoded text too.
 *
 * <p>Most needles are quoted words ({@code "user"}), and a JSON line is dense with quotes: such a
 * needle can only end at the next quote after the one it starts at, so each quote is checked once,
 * against the needles of exactly that length, instead of trying every needle at every quote.
 */
public final class ByteNeedles {
    private static final byte QUOTE = '"';

    /** Quoted needles by length: {@code quoted[n]} holds those of n bytes, or null. */
    private final byte[][][] quoted;
    /** The other needles, tried where their first byte occurs. */
    private final byte[][] plain;

    /** What a byte may start: {@link #QUOTED} and/or {@link #PLAIN} bits, so most bytes cost one load and one test. */
    private final byte[] starts = new byte[256];

    private static final byte QUOTED = 1;
    private static final byte PLAIN = 2;

    public ByteNeedles(String... ascii) {
        int longest = 0;
        int plainCount = 0;
        byte[][] all = new byte[ascii.length][];
        for (int i = 0; i < ascii.length; i++) {
            all[i] = ascii[i].getBytes(StandardCharsets.US_ASCII);
            if (all[i].length == 0) {
                throw new IllegalArgumentException("empty needle");
            }
            longest = Math.max(longest, all[i].length);
            plainCount += isQuoted(all[i]) ? 0 : 1;
        }
        quoted = new byte[longest + 1][][];
        if (plainCount < all.length) {
            starts[QUOTE] |= QUOTED; // every quote ends the quoted word before it and starts the next
        }
        plain = new byte[plainCount][];
        int p = 0;
        for (byte[] needle : all) {
            if (isQuoted(needle)) {
                quoted[needle.length] = append(quoted[needle.length], needle);
            } else {
                plain[p++] = needle;
                starts[needle[0] & 0xFF] |= PLAIN;
            }
        }
    }

    /** {@code "word"}: a quote at each end and none inside. */
    private static boolean isQuoted(byte[] needle) {
        if (needle.length < 2 || needle[0] != QUOTE || needle[needle.length - 1] != QUOTE) {
            return false;
        }
        for (int i = 1; i < needle.length - 1; i++) {
            if (needle[i] == QUOTE) {
                return false;
            }
        }
        return true;
    }

    private static byte[][] append(byte[][] list, byte[] needle) {
        byte[][] longer = list == null ? new byte[1][] : Arrays.copyOf(list, list.length + 1);
        longer[longer.length - 1] = needle;
        return longer;
    }

    /** Whether {@code bytes[from, to)} contain any of the needles. */
    public boolean foundIn(byte[] bytes, int from, int to) {
        byte[] starts = this.starts;
        int lastQuote = -1;
        for (int i = from; i < to; i++) {
            // four bytes a test while none can start a needle
            while (i + 4 <= to
                    && (starts[bytes[i] & 0xFF]
                                    | starts[bytes[i + 1] & 0xFF]
                                    | starts[bytes[i + 2] & 0xFF]
                                    | starts[bytes[i + 3] & 0xFF])
                            == 0) {
                i += 4;
            }
            if (i == to) {
                break;
            }
            int start = starts[bytes[i] & 0xFF];
            if (start == 0) {
                continue;
            }
            if ((start & QUOTED) != 0) {
                if (lastQuote >= 0 && quotedAt(bytes, lastQuote, i + 1 - lastQuote)) {
                    return true;
                }
                lastQuote = i;
            }
            if ((start & PLAIN) != 0 && plainAt(bytes, i, to)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code bytes[at, at+length)}, a quote to the next quote, is one of the quoted needles. */
    private boolean quotedAt(byte[] bytes, int at, int length) {
        if (length >= quoted.length || quoted[length] == null) {
            return false;
        }
        next:
        for (byte[] needle : quoted[length]) {
            for (int j = 1; j < length - 1; j++) {
                if (bytes[at + j] != needle[j]) {
                    continue next;
                }
            }
            return true;
        }
        return false;
    }

    private boolean plainAt(byte[] bytes, int at, int to) {
        next:
        for (byte[] needle : plain) {
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
