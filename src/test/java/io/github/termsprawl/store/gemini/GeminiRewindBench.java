package io.github.termsprawl.store.gemini;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.TurnLimits;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For the benchmark (bench/gemini-rewinds.sh): a Gemini CLI log where each message is followed by one that
 * a {@code $rewindTo} drops at once, replayed whole (the session model, which history and ask read) and as
 * the last 40 prose turns (the context view). Prints a Markdown row per size: the median of RUNS runs in
 * one warm JVM, the file read included. usage: GeminiRewindBench DIR [RUNS] [N...]
 */
public final class GeminiRewindBench {
    private GeminiRewindBench() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int[] sizes = {20_000, 40_000};
        if (args.length > 2) {
            sizes = new int[args.length - 2];
            for (int i = 2; i < args.length; i++) {
                sizes[i - 2] = Integer.parseInt(args[i]);
            }
        }
        Files.createDirectories(dir);
        TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null);
        System.out.println("| rewinds (records) | whole session (GeminiSession.walk) | last 40 turns (context view) |");
        System.out.println("|---|---|---|");
        for (int n : sizes) {
            Path file = write(dir.resolve("session-rewinds-" + n + ".jsonl"), n);
            TranscriptIndex.Entry entry = new TranscriptIndex.Entry(file, "gemini", null);
            double walk = median(runs, () -> {
                long[] count = {0};
                new GeminiSession().walk(entry, m -> ++count[0] > 0);
                if (count[0] != n) {
                    throw new IllegalStateException(count[0] + " messages, expected " + n);
                }
            });
            double tail = median(runs, () -> {
                PeerTurns turns = readers.lastTurns(entry, new TurnLimits(40, 2000));
                if (turns.turns().size() != 40) {
                    throw new IllegalStateException(turns.turns().size() + " turns");
                }
            });
            System.out.printf("| %,d (%,d) | %.3f s | %.3f s |%n", n, 3L * n + 1, walk, tail);
        }
    }

    private static double median(int runs, Runnable run) {
        run.run(); // warm-up
        double[] s = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            run.run();
            s[i] = (System.nanoTime() - start) / 1e9;
        }
        java.util.Arrays.sort(s);
        return s[runs / 2];
    }

    private static Path write(Path file, int n) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("{\"sessionId\":\"s1\",\"projectHash\":\"abc\",\"startTime\":\"t\",\"lastUpdated\":\"t\"}\n");
            for (int i = 0; i < n; i++) {
                w.write("{\"id\":\"m" + i + "\",\"type\":\"" + (i % 2 == 0 ? "user" : "gemini") + "\",\"content\":\"t"
                        + i + "\"}\n");
                w.write("{\"id\":\"x" + i + "\",\"type\":\"user\",\"content\":\"dropped\"}\n");
                w.write("{\"$rewindTo\":\"x" + i + "\"}\n");
            }
        }
        return file;
    }
}
