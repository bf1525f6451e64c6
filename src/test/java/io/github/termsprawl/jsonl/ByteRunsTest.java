package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteRunsTest {
    private static int longest(String text) {
        return ByteRuns.longest(text.getBytes(StandardCharsets.UTF_8), (byte) '`');
    }

    @Test
    void theLongestRunIsCountedWhereverItStands() {
        try {
            for (boolean words : new boolean[] {false, true}) {
                JsonBytes.useWordScan(words);
                assertEquals(0, longest(""));
                assertEquals(0, longest("no backtick at all, and more than eight bytes"));
                assertEquals(1, longest("`"));
                assertEquals(3, longest("```java\ncode\n```"));
                assertEquals(5, longest("a ` b `` c ````` d ```"));
                assertEquals(4, longest("twelve bytes````"));
                // runs across the eight-byte words the scan reads
                assertEquals(9, longest("1234567`````````89"));
                // a character past ASCII is never counted: its UTF-8 bytes are all 0x80 and up
                assertEquals(2, longest("\u0160\u2060\uD83D\uDE00``\u0160`"));
            }
        } finally {
            JsonBytes.useWordScan(false);
        }
    }

    @Test
    void bothScansCountWhatABytewiseCountFinds() {
        Random r = new Random(12);
        try {
            for (int round = 0; round < 10_000; round++) {
                byte[] b = new byte[r.nextInt(100)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = r.nextInt(4) == 0 ? (byte) '`' : (byte) (r.nextBoolean() ? 'a' : 0xe2);
                }
                int expected = 0;
                for (int i = 0, run = 0; i < b.length; i++) {
                    run = b[i] == '`' ? run + 1 : 0;
                    expected = Math.max(expected, run);
                }
                JsonBytes.useWordScan(false);
                assertEquals(expected, ByteRuns.longest(b, (byte) '`'));
                JsonBytes.useWordScan(true);
                assertEquals(expected, ByteRuns.longest(b, (byte) '`'));
            }
        } finally {
            JsonBytes.useWordScan(false);
        }
    }
}
