package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WordScanTest {
    private static final byte[] ALPHABET = {
        'a', ' ', '\n', '"', '\\', 0x00, 0x1f, 0x20, 0x7f, (byte) 0x80, (byte) 0xe9, (byte) 0xff
    };

    @Test
    void newlineIsFoundWhereABytewiseScanFindsIt() {
        Random r = new Random(3);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = random(r);
            int from = r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            int expected = -1;
            for (int i = from; i < to; i++) {
                if (b[i] == '\n') {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, WordScan.indexOf(b, from, to, (byte) '\n'));
        }
    }

    @Test
    void anyByteIsFoundWhereABytewiseScanFindsIt() {
        Random r = new Random(4);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = random(r);
            byte c = ALPHABET[r.nextInt(ALPHABET.length)];
            int from = r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            int expected = -1;
            for (int i = from; i < to; i++) {
                if (b[i] == c) {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, WordScan.indexOf(b, from, to, c), "byte " + c);
        }
    }

    @Test
    void plainStringStopsAtNoByteAStringMustLookAt() {
        Random r = new Random(5);
        int skipped = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] b = random(r);
            int from = r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            int stop = WordScan.plainString(b, from, to);
            assertTrue(stop >= from && stop <= to && (stop - from) % 8 == 0);
            for (int i = from; i < stop; i++) {
                int c = b[i] & 0xff;
                assertTrue(c >= 0x20 && c != '"' && c != '\\', "byte " + c + " at " + i + " was skipped");
            }
            // it stops only at a block that holds such a byte, or with fewer than eight bytes left
            boolean special = false;
            for (int i = stop; i < Math.min(to, stop + 8); i++) {
                int c = b[i] & 0xff;
                special |= c < 0x20 || c == '"' || c == '\\';
            }
            assertTrue(special || to - stop < 8);
            skipped += stop - from;
        }
        assertTrue(skipped > 30_000, "long runs are skipped: " + skipped);
    }

    @Test
    void isAsciiTellsAnyByteFrom0x80On() {
        Random r = new Random(8);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = random(r);
            int from = r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            boolean expected = true;
            for (int i = from; i < to; i++) {
                expected &= b[i] >= 0;
            }
            assertEquals(expected, WordScan.isAscii(b, from, to));
        }
    }

    private static byte[] random(Random r) {
        byte[] b = new byte[r.nextInt(80)];
        boolean plain = r.nextBoolean(); // mostly plain bytes, so that whole words pass
        for (int i = 0; i < b.length; i++) {
            b[i] = plain && r.nextInt(30) > 0 ? (byte) ('a' + r.nextInt(26)) : ALPHABET[r.nextInt(ALPHABET.length)];
        }
        return b;
    }
}
