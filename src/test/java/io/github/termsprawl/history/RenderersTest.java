package io.github.termsprawl.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RenderersTest {
    @Test
    void resultsComeBackInTheTurnsOrderABatchAtATime() throws IOException {
        int n = 1000;
        List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
        List<String> placed = new ArrayList<>();
        try (Renderers<Integer> renderers = new Renderers<>(
                2,
                new Renderers.Work<Integer>() {
                    @Override
                    public String[] run(List<Integer> batch) {
                        sizes.add(batch.size());
                        String[] out = new String[batch.size()];
                        for (int i = 0; i < out.length; i++) {
                            if (batch.get(i) % 7 == 0) {
                                Thread.yield(); // batches finish out of order
                            }
                            out[i] = "line " + batch.get(i);
                        }
                        return out;
                    }
                },
                new Renderers.Place<Integer>() {
                    @Override
                    public void place(Integer turn, String result) {
                        assertEquals("line " + turn, result);
                        placed.add(result);
                    }
                })) {
            for (int i = 0; i < n; i++) {
                renderers.add(i);
            }
            renderers.finish();
        }
        for (int i = 0; i < n; i++) {
            assertEquals("line " + i, placed.get(i));
        }
        // one hand-over per batch, not per turn: that is what the batches are for
        assertEquals((n + Renderers.BATCH - 1) / Renderers.BATCH, sizes.size());
        assertEquals(n, sizes.stream().mapToInt(Integer::intValue).sum());
        assertEquals(n % Renderers.BATCH, Collections.min(sizes));
    }

    @Test
    void aBatchThatFailsStopsTheFolderWithItsError() {
        Renderers<Integer> renderers = new Renderers<>(
                2,
                new Renderers.Work<Integer>() {
                    @Override
                    public String[] run(List<Integer> batch) throws IOException {
                        if (batch.contains(500)) {
                            throw new IOException("turn 500 cannot be read");
                        }
                        return new String[batch.size()];
                    }
                },
                new Renderers.Place<Integer>() {
                    @Override
                    public void place(Integer turn, String result) {}
                });
        IOException e = assertThrows(IOException.class, () -> {
            try (renderers) {
                for (int i = 0; i < 1000; i++) {
                    renderers.add(i);
                }
                renderers.finish();
            }
        });
        assertEquals("turn 500 cannot be read", e.getMessage());
    }

    @Test
    void closeReturnsOnlyOnceNoThreadRuns() throws Exception {
        AtomicInteger running = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        Renderers<Integer> renderers = new Renderers<>(
                2,
                new Renderers.Work<Integer>() {
                    @Override
                    public String[] run(List<Integer> batch) throws IOException {
                        running.incrementAndGet();
                        started.countDown();
                        try {
                            Thread.sleep(200); // a long turn: what a failed first write must wait out
                            return new String[batch.size()];
                        } catch (InterruptedException e) {
                            // a renderer ends the turn it is on before it sees the stop
                            long until = System.nanoTime() + 100_000_000L;
                            while (System.nanoTime() < until) {
                                Thread.onSpinWait();
                            }
                            throw new IOException("interrupted", e);
                        } finally {
                            running.decrementAndGet();
                        }
                    }
                },
                new Renderers.Place<Integer>() {
                    @Override
                    public void place(Integer turn, String result) {}
                });
        for (int i = 0; i < Renderers.BATCH * 3; i++) {
            renderers.add(i);
        }
        assertTrue(started.await(10, java.util.concurrent.TimeUnit.SECONDS));
        renderers.close();
        assertEquals(0, running.get(), "a renderer still ran after close");
    }
}
