package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TurnFileName;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A folder holds its turns while it is written as bytes, not objects ({@link HeldTurns}): what it gives back,
 * and the {@code .turns} and {@code index.md} lines it writes, are those of the turns it was given, byte for byte; and
 * what it holds is the turns' names and index lines and a few numbers each, counted by its own accounting.
 */
class TurnFolderTurnsTest {
    @Test
    void turnsHeldAsBytesGiveBackWhatTheyWereGivenAndHoldLittleMore() {
        int n = 100_000;
        HeldTurns turns = new HeldTurns();
        List<FolderState.Turn> given = new ArrayList<>();
        long text = 0;
        for (int i = 0; i < n; i++) {
            String role = i % 2 == 0 ? "user" : "assistant";
            // a line of every kind of text: non-ASCII, and a lone surrogate (UTF-8 writes it as '?', as the files do)
            String line = TurnFileName.number(i) + " " + role + " 2026-01-01T00:00:00.010Z "
                    + (i % 7 == 0 ? "héllo 日本 🚀" : i % 11 == 0 ? "lone \ud800 half" : "turn " + i);
            FolderState.Turn t =
                    new FolderState.Turn(TurnFileName.of(i, role), i * 0x9E3779B97F4A7C15L, i / 1000, line);
            given.add(t);
            text += t.name().getBytes(StandardCharsets.UTF_8).length + line.getBytes(StandardCharsets.UTF_8).length;
            if (i % 3 == 1) {
                turns.add(null, 0, 0, null); // its place, filled later (a turn still rendering)
            } else {
                turns.add(t.name(), t.key(), t.window(), t.indexLine());
            }
        }
        for (int i = 1; i < n; i += 3) {
            FolderState.Turn t = given.get(i);
            turns.set(i, t.name(), t.key(), t.window(), t.indexLine());
        }
        assertEquals(n, turns.size());
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        ByteArrayOutputStream index = new ByteArrayOutputStream();
        ByteArrayOutputStream expectedIndex = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            FolderState.Turn t = given.get(i);
            FolderState.Turn back = turns.turn(i);
            assertEquals(t.name(), back.name());
            assertEquals(t.key(), back.key());
            assertEquals(t.window(), back.window());
            assertArrayEquals(
                    t.indexLine().getBytes(StandardCharsets.UTF_8),
                    back.indexLine().getBytes(StandardCharsets.UTF_8));
            turns.line(i, lines);
            turns.indexLine(i, index);
            byte[] l = t.indexLine().getBytes(StandardCharsets.UTF_8);
            expectedIndex.write(l, 0, l.length);
        }
        assertArrayEquals(FolderState.turnsBytes(given), lines.toByteArray());
        assertArrayEquals(expectedIndex.toByteArray(), index.toByteArray());
        // the text itself, and per turn a key, a window and a place (16 bytes) and two lengths; the arrays grow by
        // half again and the blocks are 64 KiB, so some room is unused — where objects held about 170 bytes a turn
        long held = turns.bytes();
        assertTrue(held <= 1.5 * (text + 18L * n) + (1 << 16), held / n + " bytes a turn for " + text / n + " of text");
    }
}
