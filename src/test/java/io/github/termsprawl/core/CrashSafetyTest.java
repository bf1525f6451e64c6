package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} at random points of a writer never leaves a partial or empty file, and the temp file
 * a killed writer leaves is removed by the next write. A fixed seed keeps the run repeatable.
 */
class CrashSafetyTest {
    static final int KILLS = 12;

    /**
     * Kills go on past {@link #KILLS} until one lands between writing and renaming: how often one does depends
     * on the machine's load, and a run where none did proves nothing (a bound on the count, not a time).
     */
    static final int MAX_KILLS = 120;

    @TempDir
    Path dir;

    /** Rewrites args[0] with growing contents until killed; prints "ready" once started. */
    public static void main(String[] args) throws IOException {
        Path project = Path.of(args[0]);
        Path file = project.resolve(".termsprawl/transcripts/be.json");
        System.out.println("ready");
        System.out.flush();
        for (int i = 0; ; i++) {
            AtomicFiles.writeIfChanged(project, file, content(i));
        }
    }

    static String content(int i) {
        return "{\n  \"version\": 1,\n  \"path\": \"/t/" + "x".repeat(i % 5000) + i + ".jsonl\"\n}\n";
    }

    static List<String> temps(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".tmp"))
                    .toList();
        }
    }

    @Test
    void killedWritersLeaveWholeFilesAndTheNextWriteSweepsTheirTemps() throws Exception {
        Random random = new Random(42);
        Path file = dir.resolve(".termsprawl/transcripts/be.json");
        int strays = 0;
        for (int k = 0; k < KILLS || (strays == 0 && k < MAX_KILLS); k++) {
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            CrashSafetyTest.class.getName(),
                            dir.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            assertEquals('r', p.getInputStream().read(), "the writer did not start");
            Thread.sleep(random.nextInt(200));
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            if (Files.exists(file)) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                assertTrue(text.matches("(?s)\\{\n  \"version\": 1,\n  \"path\": \"/t/x*\\d+\\.jsonl\"\n}\n"), text);
                assertTrue(new TranscriptIndex(new ProjectLayout(dir)).read("be") != null, text);
            }
            strays += temps(file.getParent()).size();
            // the next write removes what the killed writer left, and leaves nothing of its own
            AtomicFiles.writeIfChanged(dir, file, content(100_000 + k));
            assertEquals(List.of(), temps(file.getParent()));
        }
        // the kills did land between writing and renaming at least once: the sweep was needed
        assertTrue(strays > 0, "no kill left a temp file: the test proved nothing");
    }
}
