package io.github.termsprawl.redact;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * The redactor on the scanners' own test suites (bench/scanner-suites.sh writes the cases from checkouts of
 * gitleaks and detect-secrets): the share of their true positives found, plain and JSON-escaped, per suite
 * and rule file, and the false positives among their look-alikes.
 * usage: ScannerSuites CASES_FILE [--list]
 */
public final class ScannerSuites {
    private ScannerSuites() {}

    public static void main(String[] args) throws IOException {
        boolean list = args.length > 1 && args[1].equals("--list");
        Map<String, int[]> suites = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split("\t");
            String text = new String(Base64.getDecoder().decode(f[2]), StandardCharsets.UTF_8);
            String escaped = "{\"command\":\"" + SecretCases.escape(text) + "\"}";
            boolean plain = !Redactor.find(text).isEmpty();
            boolean inJson = !Redactor.find(escaped).isEmpty();
            String suite = f[1].substring(0, f[1].indexOf('/'));
            int[] c = suites.computeIfAbsent(suite, k -> new int[6]);
            int base = f[0].equals("tps") ? 0 : 3;
            c[base]++;
            c[base + 1] += plain ? 1 : 0;
            c[base + 2] += inJson ? 1 : 0;
            if (list && (f[0].equals("tps") != plain || f[0].equals("tps") != inJson)) {
                System.out.println((f[0].equals("tps") ? "MISS " : "FP ") + f[1] + ": " + text.replace("\n", "⏎"));
            }
        }
        System.out.println(
                "| suite | positives | found plain | found JSON-escaped | look-alikes | flagged plain | flagged JSON-escaped |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        int[] both = new int[6];
        for (Map.Entry<String, int[]> e : suites.entrySet()) {
            row(e.getKey(), e.getValue());
            for (int i = 0; i < 6; i++) {
                both[i] += e.getValue()[i];
            }
        }
        row("**both**", both);
        // the counts behind the shares, which the goals of bench/REDACTION.md are written in
        System.out.printf(
                "both: %d of %d positives found plain, %d JSON-escaped; %d of %d look-alikes flagged plain, %d JSON-escaped%n",
                both[1], both[0], both[2], both[4], both[3], both[5]);
    }

    private static void row(String suite, int[] c) {
        System.out.printf(
                "| %s | %d | %.1f%% | %.1f%% | %d | %.1f%% | %.1f%% |%n",
                suite, c[0], pct(c[1], c[0]), pct(c[2], c[0]), c[3], pct(c[4], c[3]), pct(c[5], c[3]));
    }

    private static double pct(int part, int whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
