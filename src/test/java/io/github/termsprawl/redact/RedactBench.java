package io.github.termsprawl.redact;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The speed of {@link Redactor}: the text of every file under a folder (say ../shared/corpus, or one
 * output of bench/gen-transcript.mjs), repeated to about MB megabytes, redacted a few times.
 * usage: RedactBench FOLDER_OR_FILE [MB]
 */
public final class RedactBench {
    private RedactBench() {}

    public static void main(String[] args) throws IOException {
        int mb = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of(args[0]))) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                texts.add(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            }
        }
        long target = mb * 1_000_000L;
        StringBuilder all = new StringBuilder();
        while (all.length() < target) {
            for (String t : texts) {
                all.append(t, 0, (int) Math.min(t.length(), target - all.length()));
            }
        }
        String text = all.toString();
        all = null;
        for (int run = 1; run <= 5; run++) {
            long t0 = System.nanoTime();
            List<Redactor.Finding> found = Redactor.find(text);
            String out = Redactor.redact(text);
            long t1 = System.nanoTime();
            double seconds = (t1 - t0) / 2e9;
            System.out.printf(
                    "run %d: %d chars, %d findings, %.3f s per redact, %.0f MB/s (same=%b)%n",
                    run, text.length(), found.size(), seconds, text.length() / 1e6 / seconds, out == text);
        }
    }
}
