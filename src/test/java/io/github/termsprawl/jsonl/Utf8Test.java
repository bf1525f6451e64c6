package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8Test {
    static String decode(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return Utf8.decode(b, 0, b.length);
    }

    static final String F = "\uFFFD";

    @Test
    void whatwgReplacement() {
        assertEquals("a", decode('a'));
        assertEquals("\u00e9", decode(0xC3, 0xA9));
        assertEquals("\uD83D\uDE00", decode(0xF0, 0x9F, 0x98, 0x80));
        assertEquals(F + "(", decode(0xC3, '('));
        assertEquals(F + "x", decode(0xE2, 0x82, 'x'));
        assertEquals(F, decode(0xE2, 0x82));
        assertEquals(F.repeat(3), decode(0xED, 0xA0, 0x80));
        assertEquals(F.repeat(2), decode(0xC0, 0x80));
        assertEquals(F.repeat(2), decode(0xC1, 0xBF));
        assertEquals(F.repeat(3), decode(0xE0, 0x80, 0x80));
        assertEquals("\u0800", decode(0xE0, 0xA0, 0x80));
        assertEquals(F.repeat(4), decode(0xF0, 0x80, 0x80, 0x80));
        assertEquals(F.repeat(4), decode(0xF4, 0x90, 0x80, 0x80));
        assertEquals("\uDBFF\uDFFF", decode(0xF4, 0x8F, 0xBF, 0xBF));
        assertEquals(F, decode(0xF5));
        assertEquals(F, decode(0xFF));
        assertEquals(F, decode(0x80));
        assertEquals(F + "!", decode(0xF0, 0x9F, 0x98, '!'));
        assertEquals("\uFEFF", decode(0xEF, 0xBB, 0xBF)); // the decoder itself keeps a BOM
    }

    /** An input stream that hands out one byte per read. */
    static InputStream trickle(byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }

    @Test
    void streamingGivesTheSameCharsWhateverTheSplits() throws IOException {
        Random r = new Random(42);
        int[] pool = {
            'a', '\n', 0x80, 0x9F, 0xA0, 0xBF, 0xC2, 0xC3, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x82, 0xAC,
            0x90, 0x8F
        };
        for (int n = 0; n < 500; n++) {
            byte[] bytes = new byte[r.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) pool[r.nextInt(pool.length)];
            }
            StringBuilder streamed = new StringBuilder();
            try (Reader in = new Utf8.StreamReader(trickle(bytes))) {
                char[] buf = new char[3];
                for (int k; (k = in.read(buf, 0, buf.length)) >= 0; ) {
                    streamed.append(buf, 0, k);
                }
            }
            assertEquals(Utf8.decode(bytes, 0, bytes.length), streamed.toString());
        }
    }

    /** The JDK's decoder is strict (no overlong form, no surrogate, nothing past U+10FFFF): isValid must agree. */
    @Test
    void isValidAgreesWithAStrictDecoderAtEveryOffset() {
        Random r = new Random(11);
        int[] pool = {
            'a', 'b', 0, '\n', 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F
        };
        for (int n = 0; n < 20_000; n++) {
            byte[] bytes = new byte[r.nextInt(24)];
            for (int i = 0; i < bytes.length; i++) {
                // mostly ASCII, so the four-byte runs and their edges are exercised
                bytes[i] = (byte) (r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] : 'a' + r.nextInt(26));
            }
            int off = bytes.length == 0 ? 0 : r.nextInt(bytes.length);
            int len = r.nextInt(bytes.length - off + 1);
            assertEquals(strictlyValid(bytes, off, len), Utf8.isValid(bytes, off, len));
        }
    }

    private static boolean strictlyValid(byte[] bytes, int off, int len) {
        try {
            java.nio.charset.StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes, off, len));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }
}
