package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder's turn list read lazily gives the turns written, and the kept turns' bytes are what writing them gives. */
class TurnListTest {
    @TempDir
    Path dir;

    private static List<FolderState.Turn> randomTurns(Random random, int n) {
        List<FolderState.Turn> turns = new ArrayList<>();
        int window = random.nextBoolean() ? -1 : 0;
        for (int i = 0; i < n; i++) {
            if (window >= 0 && random.nextInt(8) == 0) {
                window++;
            }
            String line = String.format(
                    "%04d %s 2026-01-01T00:00:%02dZ %s",
                    i,
                    random.nextBoolean() ? "user" : "tool",
                    i % 60,
                    random.nextBoolean() ? "naïve ✓ — déjà vu 日本" : "a b  c");
            turns.add(new FolderState.Turn(String.format("turn-%04d-user.md", i), random.nextLong(), window, line));
        }
        return turns;
    }

    @Test
    void turnsReadLazilyAreTheTurnsWrittenAndTheirBytesCopyAsWritingGives() throws IOException {
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            List<FolderState.Turn> turns = randomTurns(random, random.nextInt(40));
            Path file = Files.write(FolderState.file(dir, FolderState.TURNS), turnsBytes(turns));
            TurnList read = TurnList.read(file);
            assertEquals(turns, new ArrayList<>(read));
            int kept = turns.isEmpty() ? 0 : random.nextInt(turns.size() + 1);
            ByteArrayOutputStream prefix = new ByteArrayOutputStream();
            read.prefix(prefix, kept);
            assertArrayEquals(turnsBytes(turns.subList(0, kept)), prefix.toByteArray());
            ByteArrayOutputStream copied = new ByteArrayOutputStream();
            int window = read.indexLines(copied, kept);
            ByteArrayOutputStream made = new ByteArrayOutputStream();
            int w = -1;
            for (FolderState.Turn t : turns.subList(0, kept)) {
                w = IndexText.line(made, t, w);
            }
            assertEquals(w, window);
            assertEquals(made.toString(StandardCharsets.UTF_8), copied.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aTurnListThatIsGarbledOrCutShortIsNone() throws IOException {
        Path file = FolderState.file(dir, FolderState.TURNS);
        for (String text : List.of(
                "zz 0 turn-0000-user.md 0000 user x\n",
                "ab x turn-0000-user.md 0000 user x\n",
                "ab 0 turn-0000-user.md\n",
                "ab 0 turn-0000-user.md 0000 user x",
                "ab 0 turn-0000-user.md 0000 user x\nab 0\n",
                "12345678901234567 0 turn-0000-user.md 0000 user x\n")) {
            Files.writeString(file, text);
            assertNull(TurnList.read(file), text);
        }
        Files.writeString(file, "");
        assertEquals(0, TurnList.read(file).size());
        assertNull(TurnList.read(dir.resolve("missing")));
    }

    private static byte[] turnsBytes(List<FolderState.Turn> turns) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FolderState.turnsTo(turns, out);
        return out.toByteArray();
    }
}
