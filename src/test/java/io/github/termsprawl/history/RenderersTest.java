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
    /** Each thread's own time, moved on by the work it does: batches sized the same on any machine. */
    private static final ThreadLocal<long[]> NOW = ThreadLocal.withInitial(() -> new long[1]);

    private static final Renderers.Clock THREAD_TIME = new Renderers.Clock() {
        @Override
        public long nanos() {
            return NOW.get()[0];
        }
    };

    /** Renders {@code n} turns of {@code nanos} each; the sizes of the batches the renderers were given. */
    private static List<Integer> render(int n, long nanos) throws IOException {
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
                            NOW.get()[0] += nanos;
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
                },
                THREAD_TIME)) {
            for (int i = 0; i < n; i++) {
                renderers.add(i);
            }
            renderers.finish();
        }
        assertEquals(n, placed.size());
        for (int i = 0; i < n; i++) {
            assertEquals("line " + i, placed.get(i), "placed in the turns' order");
        }
        assertEquals(n, sizes.stream().mapToInt(Integer::intValue).sum());
        return sizes;
    }

    @Test
    void shortTurnsGoToTheThreadsManyAtATimeAndComeBackInOrder() throws IOException {
        int n = 1000;
        List<Integer> sizes = render(n, 10_000);
        // one turn a batch until a batch is done (at most the nine that may wait), then full batches
        assertTrue(Collections.max(sizes) == Renderers.BATCH, "sizes " + sizes);
        assertTrue(sizes.size() <= 10 + (n + Renderers.BATCH - 1) / Renderers.BATCH, "sizes " + sizes);
    }

    @Test
    void longTurnsGoOneAThreadSoThatBothThreadsShareThem() throws IOException {
        // turns longer than a batch's time (a turn of megabytes): a batch of them would leave the other thread idle
        List<Integer> sizes = render(200, 2 * Renderers.BATCH_NANOS);
        assertEquals(200, sizes.size(), "sizes " + sizes);
    }

    @Test
    void turnsBetweenGoAboutBatchNanosABatch() throws IOException {
        List<Integer> sizes = render(2000, 200_000);
        assertEquals((int) (Renderers.BATCH_NANOS / 200_000), (int) Collections.max(sizes), "sizes " + sizes);
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
        for (int i = 0; i < 4; i++) { // a batch each until one is done: both threads on one
            renderers.add(i);
        }
        assertTrue(started.await(10, java.util.concurrent.TimeUnit.SECONDS));
        renderers.close();
        assertEquals(0, running.get(), "a renderer still ran after close");
    }
}
