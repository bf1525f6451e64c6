package io.github.termsprawl.plant;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * For bench/aot-cache.sh and bench/hook-cost.sh: times shell commands as an agent runs a hook or a command,
 * {@code sh -c <command>} with a file on stdin and its output read to the end, interleaved (each round runs every case
 * once, starting one case later each round), after one untimed round; prints a Markdown table of the medians and
 * quartiles and of each median's ratio to those of the base cases. No time is asserted anywhere: this is a
 * measurement, not a test.
 *
 * <p>usage: {@code CommandTimes RUNS CASES [BASE...]}, where each line of the file CASES is {@code name<TAB>stdin
 * file<TAB>environment<TAB>command}: the environment is space-separated {@code NAME=value} to set and {@code -NAME}
 * to unset (or {@code -} for none), on top of this process's own; the bases are names of cases (default {@code true}
 * and {@code java -version}).
 */
public final class CommandTimes {
    private CommandTimes() {}

    record Case(String name, Path stdin, Map<String, String> set, List<String> unset, String command) {}

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        List<Case> cases = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", 4);
            Map<String, String> set = new java.util.LinkedHashMap<>();
            List<String> unset = new ArrayList<>();
            for (String e : f[2].split(" ")) {
                if (e.equals("-") || e.isEmpty()) {
                    continue;
                }
                if (e.startsWith("-")) {
                    unset.add(e.substring(1));
                } else {
                    set.put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
                }
            }
            cases.add(new Case(f[0], Path.of(f[1]), set, unset, f[3]));
        }
        // vfork, as a shell or node's libuv starts a hook: the default posix_spawn goes through jspawnhelper, an
        // exec more in every run (about 1 ms here, as much as `sh -c true` itself); JDK 24+ warns that the mode is
        // deprecated, on the process's first start, which is this one, unseen
        System.setProperty("jdk.lang.Process.launchMechanism", "VFORK");
        java.io.PrintStream err = System.err;
        System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        try {
            new ProcessBuilder("true").start().waitFor();
        } finally {
            System.setErr(err);
        }
        double[][] times = new double[cases.size()][runs];
        for (Case c : cases) {
            once(c); // untimed: the page cache, and each command's own first-run work (a touch index built)
        }
        for (int r = 0; r < runs; r++) {
            for (int k = 0; k < cases.size(); k++) {
                int i = (k + r) % cases.size();
                times[i][r] = once(cases.get(i));
            }
        }
        List<String> bases = args.length > 2 ? List.of(args).subList(2, args.length) : List.of("true", "java -version");
        double[] medians = new double[cases.size()];
        Map<String, Double> baseMedians = new java.util.HashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            medians[i] = quantile(times[i], 0.5);
            baseMedians.put(cases.get(i).name(), medians[i]);
        }
        StringBuilder head = new StringBuilder("| case | median | quartiles |");
        StringBuilder rule = new StringBuilder("|---|---|---|");
        for (String base : bases) {
            head.append(" × `").append(base).append("` |");
            rule.append("---|");
        }
        System.out.println(head.append(" last run: exit, stdout |"));
        System.out.println(rule.append("---|"));
        for (int i = 0; i < cases.size(); i++) {
            StringBuilder row = new StringBuilder(String.format(
                    Locale.ROOT,
                    "| %s | %.1f ms | %.1f–%.1f ms |",
                    cases.get(i).name(),
                    medians[i],
                    quantile(times[i], 0.25),
                    quantile(times[i], 0.75)));
            for (String base : bases) {
                row.append(
                        String.format(Locale.ROOT, " %.2f |", medians[i] / baseMedians.getOrDefault(base, Double.NaN)));
            }
            String name = cases.get(i).name();
            System.out.println(
                    row.append(String.format(Locale.ROOT, " %d, %d bytes |", lastExit.get(name), lastOut.get(name))));
        }
    }

    private static final Map<String, Integer> lastExit = new java.util.HashMap<>();
    private static final Map<String, Integer> lastOut = new java.util.HashMap<>();

    /**
     * One run's wall time in milliseconds: from the start of {@code sh} to its exit and the end of its output. Exit 0
     * and 2 (Claude Code's "blocking error", how a hook may refuse an edit) are answers; any other fails the bench.
     */
    private static double once(Case c) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", c.command())
                .redirectInput(c.stdin().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(c.set());
        c.unset().forEach(pb.environment()::remove);
        long start = System.nanoTime();
        Process p = pb.start();
        long out = p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream()); // read, as an agent does
        int code = p.waitFor();
        long end = System.nanoTime();
        if (code != 0 && code != 2) {
            throw new IOException(c.name() + ": exit " + code + " from " + c.command() + " <" + c.stdin());
        }
        lastExit.put(c.name(), code);
        lastOut.put(c.name(), (int) out);
        return (end - start) / 1e6;
    }

    /** The q-quantile of the values, linearly interpolated between the closest ranks. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double at = q * (sorted.length - 1);
        int lo = (int) Math.floor(at);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
    }
}
