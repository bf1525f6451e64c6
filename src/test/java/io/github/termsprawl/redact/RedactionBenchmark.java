package io.github.termsprawl.redact;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The redaction benchmark (bench/redact.sh, bench/REDACTION.md): per-family recall on generated positives,
 * plain and JSON-escaped; the false-positive rate on look-alikes; redactions on every file of a corpus of
 * real transcripts (which must be 0); throughput in MB per CPU-second on the corpus text repeated to ~200 MB.
 * usage: RedactionBenchmark CORPUS_DIR [MB] [--misses]
 */
public final class RedactionBenchmark {
    private RedactionBenchmark() {}

    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args.length > 0 ? args[0] : "../shared/corpus");
        int mb = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        boolean misses = List.of(args).contains("--misses");

        List<SecretCases.Case> positives = SecretCases.positives(22, 40);
        Map<String, int[]> byFamily = new TreeMap<>();
        List<String> missed = new ArrayList<>();
        for (SecretCases.Case c : positives) {
            int[] counts = byFamily.computeIfAbsent(c.family(), k -> new int[3]);
            counts[0]++;
            if (!Redactor.redact(c.text()).contains(c.secret())) {
                counts[1]++;
            } else if (missed.size() < 400) {
                missed.add("plain   " + c.family() + ": " + c.text());
            }
            SecretCases.Case e = SecretCases.escaped(c);
            if (!Redactor.redact(e.text()).contains(e.secret())) {
                counts[2]++;
            } else if (missed.size() < 400) {
                missed.add("escaped " + c.family() + ": " + e.text());
            }
        }
        System.out.println("| family | positives | recall plain | recall JSON-escaped |");
        System.out.println("|---|---:|---:|---:|");
        int total = 0;
        int plain = 0;
        int escaped = 0;
        for (Map.Entry<String, int[]> f : byFamily.entrySet()) {
            int[] c = f.getValue();
            total += c[0];
            plain += c[1];
            escaped += c[2];
            System.out.printf(
                    "| %s | %d | %.1f%% | %.1f%% |%n", f.getKey(), c[0], 100.0 * c[1] / c[0], 100.0 * c[2] / c[0]);
        }
        System.out.printf(
                "| **all** | %d | %.1f%% | %.1f%% |%n", total, 100.0 * plain / total, 100.0 * escaped / total);
        if (misses) {
            missed.forEach(m -> System.out.println("MISS " + m.replace("\n", "⏎")));
        }

        List<SecretCases.Case> negatives = SecretCases.negatives(23, 500);
        int fpPlain = 0;
        int fpEscaped = 0;
        for (SecretCases.Case c : negatives) {
            List<Redactor.Finding> found = Redactor.find(c.text());
            if (!found.isEmpty()) {
                fpPlain++;
                System.out.println("FP plain: " + c.text().replace("\n", "⏎") + " -> " + found);
            }
            SecretCases.Case e = SecretCases.escaped(c);
            List<Redactor.Finding> foundEscaped = Redactor.find(e.text());
            if (!foundEscaped.isEmpty()) {
                fpEscaped++;
                System.out.println("FP escaped: " + e.text().replace("\n", "⏎") + " -> " + foundEscaped);
            }
        }
        System.out.printf(
                "false positives: plain %d of %d (%.1f%%), JSON-escaped %d of %d (%.1f%%)%n",
                fpPlain,
                negatives.size(),
                100.0 * fpPlain / negatives.size(),
                fpEscaped,
                negatives.size(),
                100.0 * fpEscaped / negatives.size());

        if (!Files.isDirectory(corpus)) {
            System.out.println("no corpus at " + corpus + ": corpus figures skipped");
            return;
        }
        StringBuilder all = new StringBuilder();
        int files = 0;
        int findings = 0;
        try (Stream<Path> walk = Files.walk(corpus)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
                files++;
                for (Redactor.Finding f : Redactor.find(text)) {
                    findings++;
                    System.out.println("CORPUS " + corpus.relativize(file) + ": " + f.kind() + " «"
                            + text.substring(Math.max(0, f.start() - 40), Math.min(text.length(), f.end() + 10))
                                    .replace("\n", "⏎")
                            + "»");
                }
                all.append(text).append('\n');
            }
        }
        System.out.printf("corpus: %d files, %.1f MB, %d redactions%n", files, all.length() / 1e6, findings);

        String text = all.toString();
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 3; i++) {
            Redactor.redact(text); // warm up
        }
        long bytes = 0;
        long cpu0 = bean.getCurrentThreadCpuTime();
        while (bytes < mb * 1_000_000L) {
            if (Redactor.redact(text) != text) {
                throw new IllegalStateException("the corpus changed under redaction");
            }
            bytes += text.length();
        }
        double seconds = (bean.getCurrentThreadCpuTime() - cpu0) / 1e9;
        System.out.printf(
                "throughput: %.0f MB in %.2f CPU-s = %.0f MB per CPU-second%n",
                bytes / 1e6, seconds, bytes / 1e6 / seconds);
    }
}
