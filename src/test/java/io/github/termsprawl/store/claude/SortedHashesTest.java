package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SortedHashesTest {
    @Test
    void everySetReadsBackAsItWasWritten() {
        Random random = new Random(7);
        for (int round = 0; round < 2_000; round++) {
            int[] ids = IntStream.generate(random::nextInt)
                    .limit(random.nextInt(200))
                    .sorted()
                    .distinct()
                    .toArray();
            assertArrayEquals(ids, SortedHashes.decode(SortedHashes.encode(ids)), Arrays.toString(ids));
        }
        int[] edges = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        assertArrayEquals(edges, SortedHashes.decode(SortedHashes.encode(edges)));
        assertArrayEquals(new int[0], SortedHashes.decode(SortedHashes.encode(new int[0])));
    }

    @Test
    void aMillionRandomHashesTakeUnderThreeCharactersEach() {
        int[] ids = new Random(11).ints(1_000_000).sorted().distinct().toArray();
        String text = SortedHashes.encode(ids);
        assertTrue(text.length() < 3L * ids.length, text.length() + " characters for " + ids.length + " hashes");
        assertArrayEquals(ids, SortedHashes.decode(text));
    }

    @Test
    void whatIsNoSetDoesNotRead() {
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.encode(new int[] {3, 2}));
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.encode(new int[] {2, 2}));
        // a repeated hash (a gap of 0 after the first), a number cut short, past 32 bits, not Base64
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.decode(base64(5, 0)));
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.decode(base64(5, 0x80)));
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.decode(base64(0xff, 0xff, 0xff, 0xff, 0x1f)));
        assertThrows(IllegalArgumentException.class, () -> SortedHashes.decode("ab\u00e9"));
        assertEquals(Integer.MIN_VALUE, SortedHashes.decode(base64(0))[0]);
    }

    private static String base64(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return java.util.Base64.getEncoder().withoutPadding().encodeToString(b);
    }
}
