package io.github.termsprawl.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteNeedlesTest {
    private static final String[] NEEDLES = {"\"user\"", "\"assistant\"", "\"u\"", "\\u", "\"a\"b\"", "x", "\"\""};

    private static boolean naive(String text, int from, int to, String... needles) {
        String region = text.substring(from, to);
        for (String needle : needles) {
            if (region.contains(needle)) {
                return true;
            }
        }
        return false;
    }

    private static boolean found(ByteNeedles needles, String text, int from, int to) {
        return needles.foundIn(text.getBytes(StandardCharsets.ISO_8859_1), from, to);
    }

    @Test
    void quotedWordsMatchOnlyWhole() {
        ByteNeedles needles = new ByteNeedles("\"user\"", "\"assistant\"", "\\" + "u");
        assertTrue(found(needles, "{\"type\":\"user\"}", 0, 15));
        assertTrue(found(needles, "{\"type\": \"assistant\" }", 0, 22));
        assertFalse(found(needles, "{\"type\":\"users\",\"uuid\":\"x\"}", 0, 27));
        assertTrue(found(needles, "{\"t\":\"\\u0075ser\"}", 0, 17)); // an escape could spell it
        assertFalse(found(needles, "{\"type\":\"user\"}", 0, 13)); // the closing quote is outside the region
        assertTrue(found(needles, "\"\"user\"", 0, 7)); // the needle starts at the second quote
    }

    /** The same answer as a substring search, over lines dense with quotes, backslashes and needle letters. */
    @Test
    void equalsASubstringSearch() {
        ByteNeedles needles = new ByteNeedles(NEEDLES);
        char[] pool = {'"', '"', '"', '\\', 'u', 's', 'e', 'r', 'a', 'b', 'x', 'i', 't', 'n', ':', '{', '\u00e9'};
        Random random = new Random(7);
        for (int round = 0; round < 200_000; round++) {
            StringBuilder line = new StringBuilder();
            int length = random.nextInt(24);
            for (int i = 0; i < length; i++) {
                line.append(
                        random.nextInt(6) == 0
                                ? NEEDLES[random.nextInt(NEEDLES.length)]
                                : pool[random.nextInt(pool.length)]);
            }
            String text = line.toString();
            int from = text.isEmpty() ? 0 : random.nextInt(text.length());
            int to = from + random.nextInt(text.length() - from + 1);
            assertEquals(
                    naive(text, from, to, NEEDLES),
                    found(needles, text, from, to),
                    text + " [" + from + "," + to + ")");
        }
    }
}
