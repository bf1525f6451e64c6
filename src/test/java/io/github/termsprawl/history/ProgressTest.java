package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a long run shows, on a clock of the test's own: nothing for 2 s, then a line at most every interval. */
class ProgressTest {
    private long now = 1_000_000;
    private final List<String> shown = new ArrayList<>();

    private Progress progress(long everyMs) {
        return new Progress(
                new Progress.Out() {
                    @Override
                    public void show(String line, boolean done) {
                        shown.add(done ? "<cleared>" : line);
                    }
                },
                everyMs,
                () -> now);
    }

    @Test
    void aShortRunShowsNothing() {
        Progress p = progress(500);
        p.node("backend", 1, 1);
        now += Progress.QUIET_MS - 1;
        p.tick();
        p.close();
        assertEquals(List.of(), shown);
    }

    @Test
    void aLongRunShowsTheNodeItsBytesAndTurnsAtMostEveryInterval() {
        Progress p = progress(5000);
        p.node("backend", 2, 3);
        p.source(2_200_000_000L);
        p.reached(812_000_000L);
        p.turns(204_855);
        for (int i = 0; i < 41_200; i++) {
            p.turn();
        }
        now += Progress.QUIET_MS;
        p.tick();
        p.tick(); // too soon for another
        now += 4999;
        p.tick();
        now += 1;
        p.turn();
        p.tick();
        p.close();
        assertEquals(
                List.of(
                        "backend (node 2 of 3): read 812 MB of 2.2 GB, 41,200 of 204,855 turns written",
                        "backend (node 2 of 3): read 812 MB of 2.2 GB, 41,201 of 204,855 turns written",
                        "<cleared>"),
                shown);
    }

    @Test
    void anotherLineClearsItAndItComesBackOnTheNextTick() {
        Progress p = progress(500);
        p.node("n", 1, 1);
        now += Progress.QUIET_MS;
        p.tick();
        p.pause(); // a line of its own goes to the terminal
        p.pause(); // twice: cleared once
        p.tick();
        p.close();
        assertEquals(
                List.of(
                        "n: read 0 bytes, 0 turns written",
                        "<cleared>",
                        "n: read 0 bytes, 0 turns written",
                        "<cleared>"),
                shown);
    }

    @Test
    void noneShowsNothingWhateverTheClock() {
        Progress.NONE.node("n", 1, 1);
        Progress.NONE.tick();
        Progress.NONE.close();
        assertTrue(shown.isEmpty());
    }
}
