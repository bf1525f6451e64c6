package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.claude.ClaudePlanTestAccess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The touch index of a Claude Code transcript that grows (docs/touches.md, "The touch index"): after every step its
 * touches (events with their turns, rewound marks and results, and the stats) are those of a full read of the file
 * as it is then ({@link SessionTouches#read}, which numbers the live branches of {@code ClaudeSession.windows}) —
 * whether the index went on from its last read or read the file whole — on every Claude Code file of the corpus and
 * on random sessions with rewinds, compactions, split messages, parallel and late results, records written twice,
 * progress and attachment records and inline subagents, grown line by line and in random chunks that leave a line
 * half written. A turn appended to a big transcript reads only the bytes appended.
 */
class ClaudeTouchIndexTest {
    @TempDir
    Path tmp;

    private Path project;
    private ProjectLayout layout;

    /** Reads that went on from the last one, and reads of the whole file. */
    private int continued;

    private int whole;

    @BeforeEach
    void project() throws IOException {
        project = Files.createDirectories(tmp.resolve("p"));
        layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
    }

    private TouchIndex.Read index(Path file) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return TouchIndex.read(
                    layout, "peer", StoreFixtures.entry(file, Store.CLAUDE.id(), null), Store.CLAUDE, readers);
        }
    }

    private SessionTouches.Result full(Path file) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return SessionTouches.read(
                    "peer",
                    StoreFixtures.entry(file, Store.CLAUDE.id(), null),
                    Store.CLAUDE,
                    new ProjectPaths(layout.cwd()),
                    readers);
        }
    }

    /** Writes {@code bytes} cut at each of {@code cuts} in turn to {@code file}; checks the index after each. */
    private void grow(Path file, byte[] bytes, int[] cuts, String what) throws IOException {
        Files.deleteIfExists(TouchIndex.file(layout, "peer"));
        Files.deleteIfExists(TouchIndex.tailFile(layout, "peer"));
        Files.deleteIfExists(file);
        int at = 0;
        for (int cut : cuts) {
            // appended, as a transcript grows (its first bytes are never written again)
            try (var out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                out.write(bytes, at, cut - at);
            }
            at = cut;
            TouchIndex.Read read = index(file);
            SessionTouches.Result expected = full(file);
            if (!expected.equals(read.result())) {
                assertEquals(
                        describe(expected),
                        describe(read.result()),
                        what + " at " + cut
                                + (read.cost().from() > 0
                                        ? ", read on from " + read.cost().from()
                                        : ""));
            }
            if (read.cost().from() > 0) {
                continued++;
            } else {
                whole++;
            }
            // what was kept reads back as it was written (the index alone answers a transcript that did not change)
            TouchIndex.Read again = index(file);
            assertFalse(again.cost().read(), what + " at " + cut);
            assertEquals(read.result(), again.result(), what + " at " + cut);
        }
    }

    private static List<String> describe(SessionTouches.Result r) {
        List<String> out = new ArrayList<>();
        out.add(r.stats().toString());
        for (TouchEvent e : r.events()) {
            out.add(e.callId() + " turn " + e.turn() + " " + e.kind().id() + " " + e.path()
                    + (e.success() ? " ok" : " failed") + (e.rewound() ? " rewound" : "")
                    + (e.command() == null ? "" : " $ " + e.command()));
        }
        return out;
    }

    /** Every line end from {@code from} on, and now and then a cut in a line (right before its end too). */
    private static int[] lineCuts(byte[] bytes, int from, Random random) {
        List<Integer> cuts = new ArrayList<>();
        if (from > 0) {
            cuts.add(from);
        }
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                int last = cuts.isEmpty() ? 0 : cuts.get(cuts.size() - 1);
                if (random.nextInt(6) == 0 && last < i - 2) {
                    // a line half written, or whole but for its newline
                    cuts.add(random.nextBoolean() ? i : last + 1 + random.nextInt(i - last - 1));
                }
                cuts.add(i + 1);
            }
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Cuts of one to eight lines, and now and then one inside a line. */
    private static int[] chunkCuts(byte[] bytes, Random random) {
        List<Integer> cuts = new ArrayList<>();
        int lines = 0;
        int want = 1 + random.nextInt(8);
        for (int i = 0; i < bytes.length; i++) {
            if (random.nextInt(400) == 0 && (cuts.isEmpty() || cuts.get(cuts.size() - 1) < i)) {
                cuts.add(i);
            }
            if (bytes[i] == '\n' && ++lines == want) {
                if (cuts.isEmpty() || cuts.get(cuts.size() - 1) < i + 1) {
                    cuts.add(i + 1);
                }
                lines = 0;
                want = 1 + random.nextInt(8);
            }
        }
        if (cuts.isEmpty() || cuts.get(cuts.size() - 1) < bytes.length) {
            cuts.add(bytes.length);
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static final Pattern BASH = Pattern.compile("\"name\":\"Bash\",\"input\":\\{\"command\":\"do r(\\d+)\"\\}");

    /**
     * A random session whose shell calls are made edits, writes, a removal, an edit outside the project, an edit that
     * names no file, or left as they are, by the number of the record that makes them.
     */
    private String randomSession(long seed, int records) {
        Matcher m = BASH.matcher(ClaudePlanTestAccess.randomSession(seed, records));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            String file = project + "/f" + (n % 5) + ".txt";
            String call = switch (n % 6) {
                case 0 ->
                    "\"name\":\"Edit\",\"input\":{\"file_path\":\"" + file
                            + "\",\"old_string\":\"a\",\"new_string\":\"b\"}";
                case 1 -> "\"name\":\"Write\",\"input\":{\"file_path\":\"" + file + "\",\"content\":\"x\"}";
                case 2 -> "\"name\":\"Bash\",\"input\":{\"command\":\"rm f" + (n % 5) + ".txt\"}";
                case 3 -> "\"name\":\"Edit\",\"input\":{\"file_path\":\"/elsewhere/x.txt\",\"old_string\":\"a\"}";
                case 4 -> "\"name\":\"Edit\",\"input\":{\"old_string\":\"a\"}";
                default -> m.group();
            };
            m.appendReplacement(out, Matcher.quoteReplacement(call));
        }
        m.appendTail(out);
        return out.toString();
    }

    @Test
    void randomSessionsGrownLineByLineTouchAsAFullRead() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        int events = 0;
        for (int seed = 0; seed < 100; seed++) {
            Random random = new Random(seed);
            byte[] bytes = randomSession(seed, 20 + random.nextInt(70)).getBytes(StandardCharsets.UTF_8);
            grow(file, bytes, lineCuts(bytes, 0, random), "seed " + seed);
            events += full(file).events().size();
        }
        assertTrue(events > 200, events + " events");
        // these sessions rewind, compact and write records twice far more often than real ones; still most reads
        // must go on from the last one
        assertTrue(continued > 200, continued + " reads went on, " + whole + " read whole");
    }

    @Test
    void randomSessionsGrownInChunksTouchAsAFullRead() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        for (int seed = 1000; seed < 1060; seed++) {
            Random random = new Random(seed);
            byte[] bytes = randomSession(seed, 40 + random.nextInt(120)).getBytes(StandardCharsets.UTF_8);
            grow(file, bytes, chunkCuts(bytes, random), "seed " + seed);
        }
        assertTrue(continued > 200, continued + " reads went on, " + whole + " read whole");
    }

    private static final Pattern CWD = Pattern.compile("\"cwd\" ?: ?\"(/[^\"]+)\"");

    /**
     * Every Claude Code file of the corpus, its project made this test's (its own folder named in it is this one),
     * its last lines added one by one (all of a small file's), then grown again in random chunks.
     */
    @Test
    void corpusSessionsGrownLineByLineTouchAsAFullRead() throws IOException {
        assumeTrue(Files.isDirectory(SharedFolder.corpus()), "no corpus");
        Random random = new Random(26);
        int files = 0;
        int events = 0;
        for (Path f : ClaudePlanTestAccess.claudeFiles()) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Matcher cwd = CWD.matcher(text);
            if (cwd.find()) {
                text = text.replace(cwd.group(1), project.toString());
            }
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            // a big file's last lines only: each step reads the whole file again for the expected touches
            int last = bytes.length > 1_000_000 ? 30 : 60;
            int from = 0;
            for (int i = bytes.length - 1, n = 0; i > 0; i--) {
                if (bytes[i - 1] == '\n' && ++n == last) {
                    from = i;
                    break;
                }
            }
            // the same name: a subagent's own transcript (agent-*.jsonl) is read as one
            Path file = Files.createDirectories(tmp.resolve("c" + files)).resolve(f.getFileName());
            grow(file, bytes, lineCuts(bytes, from, random), f.toString());
            if (bytes.length < 400_000) {
                grow(file, bytes, chunkCuts(bytes, random), f + " in chunks");
            }
            events += full(file).events().size();
            files++;
        }
        assertTrue(files > 20, files + " files");
        assertTrue(events > 50, events + " events");
        assertTrue(continued > 3 * whole, continued + " reads went on, " + whole + " read whole");
    }

    /**
     * Reads {@code file} as the hook builds a long session's index, a step of {@code step} bytes a read, and checks
     * that each read gets a step and a line further, reading no more unless it must read whole, and that once built
     * the index holds what a full read finds (docs/touches.md, "The touch index").
     */
    private void stepwise(Path file, long step, String what) throws IOException {
        Files.deleteIfExists(TouchIndex.file(layout, "peer"));
        Files.deleteIfExists(TouchIndex.tailFile(layout, "peer"));
        long size = Files.size(file);
        long longest = 0;
        long start = 0;
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                longest = Math.max(longest, i + 1 - start);
                start = i + 1;
            }
        }
        longest = Math.max(longest, bytes.length - start);
        TouchIndex.Read r;
        long reached = 0;
        int reads = 0;
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            do {
                r = TouchIndex.read(
                        layout,
                        "peer",
                        StoreFixtures.entry(file, Store.CLAUDE.id(), null),
                        Store.CLAUDE,
                        readers,
                        step,
                        step);
                reads++;
                long end = r.cost().from() + r.cost().bytes();
                // a step that goes on reads a step and a line; one that must read whole (a rewind above the
                // kept tail) reads from the start, but no further than a step past the last
                assertTrue(
                        end <= reached + step + longest
                                && (r.cost().from() == 0 || r.cost().bytes() <= step + longest),
                        what + ": read " + r.cost().from() + "+" + r.cost().bytes() + " after " + reached);
                assertTrue(end > reached, what + ": read " + reads + " went no further");
                if (r.cost().from() > 0) {
                    continued++;
                } else {
                    whole++;
                }
                reached = end;
            } while (!r.cost().done() && reads <= size);
        }
        SessionTouches.Result expected = full(file);
        if (!expected.equals(r.result())) {
            assertEquals(describe(expected), describe(r.result()), what + " in steps of " + step);
        }
    }

    @Test
    void randomSessionsBuiltInStepsTouchAsAFullRead() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        for (int seed = 2000; seed < 2080; seed++) {
            Random random = new Random(seed);
            byte[] bytes = randomSession(seed, 20 + random.nextInt(70)).getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes);
            stepwise(file, 1 + random.nextInt(Math.max(1, bytes.length / 3)), "seed " + seed);
        }
        assertTrue(continued > 200, continued + " reads went on, " + whole + " read whole");
    }

    @Test
    void corpusSessionsBuiltInStepsTouchAsAFullRead() throws IOException {
        assumeTrue(Files.isDirectory(SharedFolder.corpus()), "no corpus");
        Random random = new Random(38);
        int files = 0;
        for (Path f : ClaudePlanTestAccess.claudeFiles()) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Matcher cwd = CWD.matcher(text);
            if (cwd.find()) {
                text = text.replace(cwd.group(1), project.toString());
            }
            Path file = Files.createDirectories(tmp.resolve("c" + files)).resolve(f.getFileName());
            Files.writeString(file, text, StandardCharsets.UTF_8);
            long size = Files.size(file);
            stepwise(file, Math.max(4096, size / (2 + random.nextInt(6))), f.toString());
            files++;
        }
        assertTrue(files > 20, files + " files");
    }

    private static String turn(int i, String parent, String project, String pad) {
        String stamp = java.time.Instant.ofEpochSecond(1_767_225_600L + 3L * i).toString();
        return "{\"type\":\"user\",\"uuid\":\"u" + i + "\",\"parentUuid\":"
                + (parent == null ? "null" : "\"" + parent + "\"")
                + ",\"timestamp\":\"" + stamp + "\",\"message\":{\"role\":\"user\",\"content\":\"please " + pad
                + "\"}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":\"u" + i + "\",\"timestamp\":\""
                + stamp + "\",\"message\":{\"id\":\"m" + i
                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i
                + "\",\"name\":\"Edit\",\"input\":{\"file_path\":\"" + project + "/f" + (i % 7)
                + ".txt\",\"old_string\":\"a\",\"new_string\":\"b\"}}]}}\n"
                + "{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"a" + i + "\",\"timestamp\":\"" + stamp
                + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t" + i
                + "\",\"content\":\"" + pad + "\"}]}}\n";
    }

    /**
     * A turn appended to a transcript of some MB is read from the end of the last read on, and only its bytes are
     * read: the tail kept for it is small; its edit comes with the next turn number.
     */
    @Test
    void aTurnAppendedToABigTranscriptReadsOnlyItsBytes() throws IOException {
        Path file = tmp.resolve("big.jsonl");
        String pad = "x".repeat(2000);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            text.append(turn(i, i == 0 ? null : "r" + (i - 1), project.toString(), pad));
        }
        Files.writeString(file, text);
        long before = Files.size(file);
        assertTrue(before > 6_000_000, before + " bytes");
        TouchIndex.Read first = index(file);
        assertEquals(0, first.cost().from());
        assertEquals(1500, first.result().events().size());

        String next = turn(1500, "r1499", project.toString(), "short");
        Files.writeString(file, next, StandardOpenOption.APPEND);
        TouchIndex.Read grown = index(file);
        assertEquals(before, grown.cost().from());
        assertEquals(next.getBytes(StandardCharsets.UTF_8).length, grown.cost().bytes());
        assertEquals(full(file), grown.result());
        TouchEvent last = grown.result().events().get(1500);
        assertEquals("f2.txt", last.path());
        assertEquals(Integer.valueOf(3 * 1500 + 1), last.turn());
        assertTrue(last.success());
        // what the next read goes on from holds the last turns' records and a hash of each record's uuid
        long kept = Files.size(TouchIndex.tailFile(layout, "peer"));
        assertTrue(kept < 100_000, kept + " bytes kept");
    }

    private static String edit(String uuid, String parent, int second, String call, String file) {
        return "{\"type\":\"assistant\",\"uuid\":\"" + uuid + "\",\"parentUuid\":\"" + parent
                + "\",\"timestamp\":\"2026-01-01T00:00:" + (10 + second) + "Z\",\"message\":{\"id\":\"m" + uuid
                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"" + call
                + "\",\"name\":\"Edit\",\"input\":{\"file_path\":\"" + file + "\",\"old_string\":\"a\"}}]}}\n";
    }

    /**
     * An answer given again below the last prompt (a retry of the model's answer): read on from the last read, the
     * edit of the answer left behind now rewound and without a turn, the new one with the turn it took.
     */
    @Test
    void anAnswerGivenAgainBelowTheCutIsReadOnItsEditLeftBehindRewound() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        Files.writeString(
                file,
                turn(0, null, project.toString(), "p")
                        + turn(1, "r0", project.toString(), "p")
                        + edit("x1", "r1", 1, "tx1", project + "/a.txt"));
        TouchIndex.Read first = index(file);
        assertEquals(Integer.valueOf(6), first.result().events().get(2).turn());
        Files.writeString(file, edit("x2", "r1", 2, "tx2", project + "/b.txt"), StandardOpenOption.APPEND);
        TouchIndex.Read again = index(file);
        assertTrue(again.cost().from() > 0, "read on");
        assertEquals(full(file), again.result());
        TouchEvent left = again.result().events().get(2);
        assertEquals("a.txt", left.path());
        assertTrue(left.rewound());
        assertEquals(null, left.turn());
        assertEquals(Integer.valueOf(6), again.result().events().get(3).turn());
    }

    /** A rewind to an earlier prompt: read whole, and the edits left behind are marked rewound. */
    @Test
    void aRewindAboveTheKeptTailReadsWhole() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            text.append(turn(i, i == 0 ? null : "r" + (i - 1), project.toString(), "p"));
        }
        Files.writeString(file, text);
        assertEquals(12, index(file).result().events().size());
        Files.writeString(file, turn(12, "r2", project.toString(), "again"), StandardOpenOption.APPEND);
        TouchIndex.Read rewound = index(file);
        assertEquals(0, rewound.cost().from());
        assertEquals(full(file), rewound.result());
        assertEquals(
                9,
                rewound.result().events().stream().filter(TouchEvent::rewound).count());
    }

    /** An index of the format before (or a tail of another read) is no index: the transcript is read whole. */
    @Test
    void aTailThatDoesNotGoWithTheIndexReadsWhole() throws IOException {
        Path file = tmp.resolve("s.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            text.append(turn(i, i == 0 ? null : "r" + (i - 1), project.toString(), "p"));
        }
        Files.writeString(file, text);
        index(file);
        Path tail = TouchIndex.tailFile(layout, "peer");
        byte[] kept = Files.readAllBytes(tail);
        Files.writeString(file, turn(5, "r4", project.toString(), "p"), StandardOpenOption.APPEND);
        assertTrue(index(file).cost().from() > 0);
        Files.write(tail, kept); // the tail of the read before: it names another end
        Files.writeString(file, turn(6, "r5", project.toString(), "p"), StandardOpenOption.APPEND);
        TouchIndex.Read read = index(file);
        assertEquals(0, read.cost().from());
        assertEquals(full(file), read.result());
    }
}
