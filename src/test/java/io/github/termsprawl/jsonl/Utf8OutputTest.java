package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8OutputTest {
    static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    @Test
    void plainTextIsUtf8() {
        assertArrayEquals(
                "h\u00e9\u20ac\uD83D\uDE00".getBytes(StandardCharsets.UTF_8),
                Utf8Output.encode("h\u00e9\u20ac\uD83D\uDE00"));
        assertArrayEquals(b(0x61, 0xC3, 0xA9), Utf8Output.encode("a\u00e9"));
        assertArrayEquals(b(0xF0, 0x9F, 0x98, 0x80), Utf8Output.encode("\uD83D\uDE00"));
    }

    @Test
    void loneSurrogatesBecomeReplacementBytes() {
        assertArrayEquals(b('a', 0xEF, 0xBF, 0xBD, 'b'), Utf8Output.encode("a\uD800b"));
        assertArrayEquals(b('a', 0xEF, 0xBF, 0xBD), Utf8Output.encode("a\uDC00"));
        assertArrayEquals(b(0xEF, 0xBF, 0xBD), Utf8Output.encode("\uD83D"));
        // low then high: both lone
        assertArrayEquals(b(0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD), Utf8Output.encode("\uDE00\uD83D"));
        // a high surrogate before a real pair
        assertArrayEquals(b(0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0x98, 0x80), Utf8Output.encode("\uD83D\uD83D\uDE00"));
    }

    @Test
    void wellFormedTextKeepsPairsAndReplacesOnlyLoneSurrogates() {
        String text = "a\uD83D\uDE00b";
        org.junit.jupiter.api.Assertions.assertSame(text, Utf8Output.wellFormed(text));
        org.junit.jupiter.api.Assertions.assertEquals(
                "\uFFFDx\uFFFD\uFFFD\uD83D\uDE00\uFFFD",
                Utf8Output.wellFormed("\uDC00x\uDE00\uD83D\uD83D\uDE00\uD800"));
    }
}
