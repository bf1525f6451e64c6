package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TurnBytesTest {
    private static final String[] PIECES = {"## text\n\n", "\n", "```", "- ", "é", "\u2026", "\uD83D\uDE00", "a"};

    @Test
    void theBytesAreThoseOfTheWholeTextEncodedAtOnce() {
        Random r = new Random(21);
        for (int round = 0; round < 2_000; round++) {
            TurnBytes out = new TurnBytes();
            StringBuilder whole = new StringBuilder();
            for (int part = r.nextInt(12); part > 0; part--) {
                int kind = r.nextInt(4);
                if (kind == 0) {
                    char c = "\n-#` ".charAt(r.nextInt(5));
                    out.append(c);
                    whole.append(c);
                    continue;
                }
                // short and long texts, some past ASCII, each standing between ASCII pieces as TurnMarkdown writes
                StringBuilder text = new StringBuilder();
                int length = kind == 1 ? r.nextInt(TurnBytes.LONG) : TurnBytes.LONG + r.nextInt(600);
                while (text.length() < length) {
                    text.append(PIECES[r.nextInt(PIECES.length)]);
                }
                if (kind == 3) {
                    byte[] encoded = text.toString().getBytes(StandardCharsets.UTF_8);
                    out.encoded(encoded);
                } else {
                    out.append(text.toString());
                }
                whole.append(text);
                out.append('\n');
                whole.append('\n');
            }
            assertArrayEquals(whole.toString().getBytes(StandardCharsets.UTF_8), out.bytes());
        }
    }

    @Test
    void aTurnOfOneLongTextIsThatTextsArrayWithNoCopy() {
        byte[] body = "x".repeat(5000).getBytes(StandardCharsets.UTF_8);
        assertSame(body, new TurnBytes().encoded(body).bytes());
    }
}
