package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records that only link the tree (progress and the like) are folded by a plan (ClaudePlanReader): the plan is
 * still the plan of every record, message for message, on random trees made mostly of them — chains, stars, leaves,
 * rewinds to one of them, one written twice or again as a message, sidechain ones, compactions whose preserved
 * segment names one — grown line by line; and what a plan keeps of them is a few bytes each, not their records.
 */
class ClaudePlanFoldTest {
    @TempDir
    Path dir;

    /** Grows the file through {@code cuts}, checking each plan against a plan of the whole file; the last cache. */
    private ClaudeSession.PlanCache grow(byte[] bytes, int[] cuts, String what, long splitBytes) throws IOException {
        Path file = dir.resolve("s.jsonl");
        Path cache = dir.resolve("s.plan");
        Files.deleteIfExists(cache);
        Files.deleteIfExists(ClaudeTail.fileOf(cache));
        Path agents = Files.createDirectories(dir.resolve("s").resolve("subagents"));
        for (int a = 0; a < 3; a++) {
            Files.writeString(agents.resolve("agent-a" + a + ".jsonl"), "");
        }
        ClaudeSession session = new ClaudeSession(
                io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_CHUNK,
                io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE,
                splitBytes);
        ClaudeSession.PlanCache kept = new ClaudeSession.PlanCache(cache, 0, 0, 0, false);
        List<String> before = List.of();
        for (int cut : cuts) {
            Files.write(file, Arrays.copyOf(bytes, cut));
            long end = cut;
            while (end > 0 && bytes[(int) end - 1] != '\n') {
                end--;
            }
            ClaudeSession.Plan plan = session.plan(file, kept, end, true);
            List<String> got = new ArrayList<>(before.subList(0, plan.stable()));
            got.addAll(ClaudePlanTest.describe(plan.messages()));
            assertEquals(ClaudePlanTest.describe(ClaudePlanTestAccess.plan(session, file)), got, what + " at " + cut);
            assertEquals(ClaudeSubagents.of(file), plan.subagents(), what + " at " + cut);
            before = got;
            kept = plan.cache();
        }
        return kept;
    }

    private static int[] lineCuts(byte[] bytes, Random random) {
        List<Integer> cuts = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                if (random.nextInt(6) == 0 && !cuts.isEmpty() && cuts.get(cuts.size() - 1) < i - 2) {
                    cuts.add(i - 1); // a line half written
                }
                if (random.nextInt(3) == 0 || i == bytes.length - 1) {
                    cuts.add(i + 1);
                }
            }
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void randomTreesOfLinksGrownLineByLinePlanAsTheWholeFile() throws IOException {
        for (int seed = 0; seed < Integer.getInteger("foldSeeds", 300); seed++) {
            Random random = new Random(seed);
            byte[] bytes = new Links(random).lines(30 + random.nextInt(90)).getBytes(StandardCharsets.UTF_8);
            grow(bytes, lineCuts(bytes, random), "seed " + seed, 1 << 30);
        }
    }

    @Test
    void aBigReadInBlocksPlansAsTheWholeFile() throws IOException {
        for (int seed = 0; seed < Integer.getInteger("foldSeeds", 300) / 8; seed++) {
            Random random = new Random(1000 + seed);
            byte[] bytes = new Links(random).lines(300).getBytes(StandardCharsets.UTF_8);
            // blocks of 512 bytes: a line often starts in one and ends in another
            grow(bytes, new int[] {bytes.length / 3, bytes.length}, "seed " + seed, 1024);
        }
    }

    @Test
    void aMillionLinksCostAFewBytesEachInThePlan() throws IOException {
        StringBuilder s = new StringBuilder();
        s.append("{\"type\":\"user\",\"uuid\":\"u0\",\"timestamp\":\"2026-01-01T00:00:00Z\","
                + "\"message\":{\"role\":\"user\",\"content\":\"Run the build.\"}}\n");
        String parent = "u0";
        int links = 20_000;
        Random random = new Random(5); // uuids as Claude Code writes them: their hashes spread over every int
        for (int i = 0; i < links; i++) {
            String u = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
            s.append("{\"type\":\"progress\",\"uuid\":\"")
                    .append(u)
                    .append("\",\"parentUuid\":\"")
                    .append(parent)
                    .append("\",\"sessionId\":\"S\",\"data\":{\"type\":\"hook_progress\",\"command\":\"true\"},")
                    .append("\"timestamp\":\"2026-01-01T00:00:01Z\"}\n");
            parent = u;
        }
        s.append("{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"")
                .append(parent)
                .append("\",\"timestamp\":\"2026-01-01T00:00:02Z\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\","
                        + "\"content\":[{\"type\":\"text\",\"text\":\"It failed.\"}]}}\n");
        byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
        ClaudeSession.PlanCache cache = grow(bytes, new int[] {bytes.length / 2, bytes.length}, "chain", 1 << 30);
        long planBytes = Files.size(cache.file()) + Files.size(ClaudeTail.fileOf(cache.file()));
        // a uuid's hash, not the record: the gaps between the sorted hashes, 4 characters each at 20,000
        // (SortedHashes), in .plan only (the tail names its lines, Folds), against 175 bytes a link in the transcript
        assertTrue(planBytes < 5L * links, planBytes + " bytes of plan for " + bytes.length + " of transcript");
        assertTrue(Files.size(ClaudeTail.fileOf(cache.file())) < 4096, "the tail holds no folded hash");
        assertEquals(
                List.of(),
                Files.readAllLines(cache.file()).stream()
                        .filter(l -> l.contains("\"folded\""))
                        .toList());
    }

    /**
     * {@code records} records as Claude Code writes them, each off the one before: a random uuid, a time to the
     * millisecond, and {@code body} of its index (its type and message).
     */
    private static byte[] chain(long seed, int records, java.util.function.IntFunction<String> body) {
        Random random = new Random(seed); // uuids as Claude Code writes them: their hashes spread over every int
        StringBuilder s = new StringBuilder();
        String parent = null;
        for (int i = 0; i < records; i++) {
            String u = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
            String time = java.time.Instant.ofEpochMilli(1_767_225_600_000L + 10L * i + 1)
                    .toString();
            s.append("{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"")
                            + ",\"isSidechain\":false,\"sessionId\":\"5c0375b4-57a5-4f26-b12d-d022ee4e51b7\",")
                    .append(body.apply(i))
                    .append(",\"uuid\":\"" + u + "\",\"timestamp\":\"" + time + "\"}\n");
            parent = u;
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String user(int i) {
        return "\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"turn " + i + "\"}";
    }

    private static String assistant(int i, String model) {
        return "\"type\":\"assistant\",\"message\":{\"id\":\"msg_" + i + "\",\"role\":\"assistant\"," + model
                + "\"content\":[{\"type\":\"text\",\"text\":\"turn " + i + "\"}]}";
    }

    @Test
    void aTinyTurnTakesLessOfTheCacheThanOfTheTranscript() throws IOException {
        // turns of a few words as Claude Code writes them: a uuid, its parent's, a time to the millisecond
        int turns = 4_000;
        byte[] bytes = chain(8, turns, i -> i % 2 == 0 ? user(i) : assistant(i, "\"model\":\"claude-sonnet-4-5\","));
        ClaudeSession.PlanCache cache = grow(bytes, new int[] {bytes.length / 3, bytes.length}, "tiny", 1 << 30);
        // the cache keeps no text: a turn takes less of it than of the transcript
        long perTurn = Files.size(cache.file()) / turns;
        assertTrue(perTurn < bytes.length / turns, perTurn + " bytes of cache a turn");
    }

    @Test
    void foldedRecordsLeaveOneLinkLineForTheTurnThatHangsOffThem() throws IOException {
        // one record in ten a turn of a few words, the others a hook's progress (bench/gen-bounds.mjs, "mixed")
        int turns = 1_000;
        byte[] bytes = chain(
                9,
                10 * turns,
                i -> i % 10 != 0
                        ? "\"type\":\"progress\",\"data\":{\"type\":\"hook_progress\",\"hookEvent\":\"PostToolUse\"},"
                                + "\"toolUseID\":\"toolu_1\""
                        : i % 20 == 0 ? user(i) : assistant(i, ""));
        ClaudeSession.PlanCache cache = grow(bytes, new int[] {bytes.length / 3, bytes.length}, "mixed", 1 << 30);
        List<String> lines = Files.readAllLines(cache.file());
        // every turn but the first hangs off the link its nine progress records leave: a line for each, and the
        // folded records none (but the lines of their hashes)
        long links = lines.stream().filter(l -> l.contains("\"link\":true")).count();
        assertTrue(links >= turns - 2 && links <= turns + 2, links + " links for " + turns + " turns");
        assertTrue(lines.size() <= 2 * turns + 4, lines.size() + " lines for " + turns + " turns");
        long perTurn = (Files.size(cache.file()) + Files.size(ClaudeTail.fileOf(cache.file()))) / turns;
        assertTrue(perTurn < bytes.length / turns / 4, perTurn + " bytes of cache a turn of ten records");
    }

    @Test
    void aRecordFoldedAfterACompactionOffTheSameRecordAsBeforeJoinsAGroupOfItsWindow() throws IOException {
        // p2 hangs off the record p1 hung off, but in the next window: it must not join p1's ended group (a1,
        // off p2, would then hang off nothing), which the run of one group's records must not shortcut
        String s = "{\"type\":\"user\",\"uuid\":\"u0\",\"message\":{\"role\":\"user\",\"content\":\"Build.\"}}\n"
                + "{\"type\":\"progress\",\"uuid\":\"p1\",\"parentUuid\":\"u0\",\"data\":{\"type\":\"hook_progress\"}}\n"
                + "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"b1\",\"parentUuid\":null}\n"
                + "{\"type\":\"user\",\"uuid\":\"s1\",\"parentUuid\":\"b1\",\"isCompactSummary\":true,"
                + "\"message\":{\"role\":\"user\",\"content\":\"summary\"}}\n"
                + "{\"type\":\"progress\",\"uuid\":\"p2\",\"parentUuid\":\"u0\",\"data\":{\"type\":\"hook_progress\"}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"p2\",\"message\":{\"id\":\"m1\","
                + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"It built.\"}]}}\n";
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        grow(bytes, new int[] {bytes.length}, "after a compaction", 1 << 30);
        List<String> lines = Files.readAllLines(dir.resolve("s.plan"));
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.contains("\"parentUuid\":\"u0\"")
                                && l.contains("\"link\":true")
                                && l.contains("\"uuid\":\"p2\"")),
                "p2 leaves a link off u0: " + lines);
        assertTrue(
                lines.stream().anyMatch(l -> l.contains("\"parentUuid\":\"p2\"") && l.contains("\"uuid\":\"a1\"")),
                "a1 hangs off the link p2 leaves: " + lines);
    }

    @Test
    void aTailNamesTheCacheLinesOfItsFoldedUuidsAndOnlyLinesThatListThem() throws IOException {
        Random random = new Random(34);
        StringBuilder s = new StringBuilder(
                "{\"type\":\"user\",\"uuid\":\"u0\",\"message\":{\"role\":\"user\",\"content\":\"Build.\"}}\n");
        String parent = progressChain(s, random, "u0", 50);
        s.append("{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":\"" + parent + "\",\"message\":{\"role\":\"user\","
                + "\"content\":\"Again.\"}}\n");
        byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
        ClaudeSession.PlanCache cache = grow(bytes, new int[] {bytes.length}, "chain", 1 << 30);
        Path tailFile = ClaudeTail.fileOf(cache.file());
        ClaudeTail.PlanCacheKey key =
                new ClaudeTail.PlanCacheKey(cache.bytes(), cache.offset(), cache.lines(), cache.redact());
        ClaudeTail tail = ClaudeTailFile.read(tailFile, key, true);
        assertTrue(tail != null && tail.folds().lines().length == 1, "a tail naming the one folds line");
        assertEquals(49, tail.folds().hashes().length); // the last one is kept as a link: a leaf
        for (int h : tail.folds().hashes()) {
            assertTrue(ClaudeTail.contains(tail.uuids(), h), "a folded hash is one of the window's uuids again");
        }
        long at = tail.folds().lines()[0];
        for (long[] lines : new long[][] {{0}, {at + 1}, {cache.bytes()}, {at, at}, {-1}}) {
            ClaudeTailFile.write(copy(tail, new Folds(tail.folds().hashes(), lines)), tailFile);
            assertEquals(null, ClaudeTailFile.read(tailFile, key, true), "a tail naming " + Arrays.toString(lines));
        }
        ClaudeTailFile.write(copy(tail, tail.folds()), tailFile);
        assertTrue(ClaudeTailFile.read(tailFile, key, true) != null, "written back as it was, it reads");
    }

    /** Appends {@code count} progress records, each off the one before, the first off {@code parent}; the last's uuid. */
    private static String progressChain(StringBuilder s, Random random, String parent, int count) {
        for (int i = 0; i < count; i++) {
            String u = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
            s.append("{\"type\":\"progress\",\"uuid\":\"" + u + "\",\"parentUuid\":\"" + parent + "\"}\n");
            parent = u;
        }
        return parent;
    }

    private static ClaudeTail copy(ClaudeTail t, Folds folds) {
        return new ClaudeTail(
                t.key(),
                t.scanned(),
                t.stable(),
                t.window(),
                t.mode(),
                t.other(),
                t.uuids(),
                t.outsideIds(),
                t.answered(),
                t.synthesized(),
                t.needed(),
                t.sessionId(),
                t.linked(),
                t.records(),
                folds);
    }

    @Test
    void aCacheThatListsFoldedUuidsAsAnEarlierVersionDidIsMadeAgain() throws IOException {
        Random random = new Random(21);
        StringBuilder s = new StringBuilder(
                "{\"type\":\"user\",\"uuid\":\"u0\",\"message\":{\"role\":\"user\",\"content\":\"Build.\"}}\n");
        String parent = progressChain(s, random, "u0", 50); // folded, one link left for the leaf
        int half = s.length();
        s.append("{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"" + parent + "\",\"message\":{\"id\":\"m1\","
                + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]}}\n");
        byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
        ClaudeSession.PlanCache cache = grow(bytes, new int[] {half}, "first half", 1 << 30);
        // the hashes of its "folds" lines as an earlier version wrote them: 4 bytes each, in Base64
        String text = Files.readString(cache.file());
        StringBuilder old = new StringBuilder();
        for (String line : text.split("\n")) {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("\"folds\":\"([^\"]*)\"").matcher(line);
            if (m.find()) {
                int[] folded = SortedHashes.decode(m.group(1));
                java.nio.ByteBuffer ids = java.nio.ByteBuffer.allocate(4 * folded.length);
                for (int id : folded) {
                    ids.putInt(id);
                }
                line = line.replace(
                        m.group(),
                        "\"folded\":\""
                                + java.util.Base64.getEncoder().withoutPadding().encodeToString(ids.array()) + "\"");
            }
            old.append(line).append('\n');
        }
        assertTrue(old.indexOf("\"folded\"") >= 0, "the first half folds records");
        Files.writeString(cache.file(), old);
        Files.deleteIfExists(ClaudeTail.fileOf(cache.file())); // planned from the cache, not a tail
        Path file = dir.resolve("s.jsonl");
        Files.write(file, bytes);
        ClaudeSession session = new ClaudeSession(
                io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_CHUNK,
                io.github.termsprawl.jsonl.ReverseLineReader.DEFAULT_MAX_IN_MEMORY_LINE,
                1 << 30);
        ClaudeSession.PlanCache kept = new ClaudeSession.PlanCache(
                cache.file(), Files.size(cache.file()), cache.offset(), cache.lines(), false);
        ClaudeSession.Plan plan = session.plan(file, kept, bytes.length, true);
        assertEquals(
                ClaudePlanTest.describe(ClaudePlanTestAccess.plan(session, file)),
                ClaudePlanTest.describe(plan.messages()));
        // made again from the first line: the new cache has no line of the old form
        assertEquals(0, plan.stable());
        assertTrue(!Files.readString(cache.file()).contains("\"folded\""), "the cache was made again");
    }

    /** Random sessions made mostly of records that only link the tree. */
    static final class Links {
        private final Random random;
        private final StringBuilder out = new StringBuilder();
        private final List<String> all = new ArrayList<>(); // every uuid written
        private final List<String> links = new ArrayList<>(); // the linking ones
        private final List<String> lines = new ArrayList<>();
        private String leaf;
        private int n;
        private long time = 1_767_225_600L;

        Links(Random random) {
            this.random = random;
        }

        private String stamp() {
            int r = random.nextInt(12);
            if (r == 0) {
                return "";
            }
            if (r > 3) {
                time += 1;
            }
            // to the second, or to the millisecond as Claude Code writes times
            long nanos = random.nextBoolean() ? 0 : random.nextInt(1000) * 1_000_000L;
            return ",\"timestamp\":\"" + java.time.Instant.ofEpochSecond(time, nanos) + "\"";
        }

        /** A short id, or one written as Claude Code writes uuids. */
        private String id(String prefix) {
            int i = n++;
            return random.nextBoolean() ? prefix + i : String.format("%08x-0000-4000-a000-%012x", i * 0x9e3779b1, i);
        }

        private String record(String type, String uuid, String parent, String rest) {
            String line = "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\""
                    + (parent == null ? "" : ",\"parentUuid\":\"" + parent + "\"") + ",\"sessionId\":\"S\""
                    + stamp() + rest + "}\n";
            all.add(uuid);
            lines.add(line);
            return line;
        }

        private String link(String parent, boolean side) {
            String u = id("l");
            links.add(u);
            String kind = random.nextInt(6) == 0 ? "x-unknown" : "progress";
            String data = random.nextInt(8) == 0
                    ? ",\"data\":{\"type\":\"agent_progress\",\"agentId\":\"a" + random.nextInt(3)
                            + "\"},\"parentToolUseID\":\"toolu_" + random.nextInt(5) + "\""
                    : ",\"data\":{\"type\":\"hook_progress\"}";
            return record(kind, u, parent, (side ? ",\"isSidechain\":true" : "") + data);
        }

        private String message(String type, String parent, boolean side) {
            String u = id(type.equals("user") ? "u" : "a");
            String text = random.nextInt(8) == 0 ? " " : "say " + u;
            String body = type.equals("user")
                    ? ",\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}"
                    : ",\"message\":{\"id\":\"m" + n + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
                            + "\"text\":\"" + text + "\"}]}";
            return record(type, u, parent, (side ? ",\"isSidechain\":true" : "") + body);
        }

        String lines(int records) {
            while (lines.size() < records) {
                int r = random.nextInt(100);
                if (r < 30) { // a chain of links, the leaf moving on
                    for (int i = random.nextInt(5); i >= 0; i--) {
                        out.append(link(leaf, false));
                        leaf = links.get(links.size() - 1);
                    }
                } else if (r < 42) { // a star: links off the leaf, which stays
                    for (int i = 1 + random.nextInt(4); i > 0; i--) {
                        out.append(link(leaf, random.nextInt(10) == 0));
                    }
                } else if (r < 62) {
                    out.append(message(random.nextBoolean() ? "user" : "assistant", leaf, false));
                    leaf = all.get(all.size() - 1);
                } else if (r < 68 && !links.isEmpty()) { // a message off some link: a rewind, or a late child
                    out.append(message("user", links.get(random.nextInt(links.size())), false));
                    leaf = all.get(all.size() - 1);
                } else if (r < 72 && !lines.isEmpty()) { // a line written twice
                    String again = lines.get(random.nextInt(lines.size()));
                    lines.add(again);
                    out.append(again);
                } else if (r < 74 && !links.isEmpty()) { // a link's uuid written again as a message
                    String u = links.get(random.nextInt(links.size()));
                    String line = "{\"type\":\"user\",\"uuid\":\"" + u + "\",\"parentUuid\":\"" + leaf + "\"" + stamp()
                            + ",\"message\":{\"role\":\"user\",\"content\":\"again\"}}\n";
                    lines.add(line);
                    out.append(line);
                    leaf = u;
                } else if (r < 77 && !links.isEmpty()) { // a link's uuid written again off another record
                    String u = links.get(random.nextInt(links.size()));
                    String line = "{\"type\":\"progress\",\"uuid\":\"" + u + "\",\"parentUuid\":\""
                            + all.get(random.nextInt(all.size())) + "\"}\n";
                    lines.add(line);
                    out.append(line);
                } else if (r < 81) { // a sidechain of links and messages
                    String root = message("user", null, true);
                    out.append(root);
                    String p = all.get(all.size() - 1);
                    out.append(link(p, true));
                    out.append(message("assistant", links.get(links.size() - 1), true));
                } else if (r < 85 && all.size() > 3) { // a compaction, its segment maybe naming links
                    String tail = leaf;
                    String head = all.get(all.size() - 1 - random.nextInt(Math.min(4, all.size())));
                    String b = "b" + n++;
                    String summary = "s" + n++;
                    String meta = random.nextBoolean()
                            ? ",\"compactMetadata\":{\"preservedSegment\":{\"headUuid\":\"" + head
                                    + "\",\"tailUuid\":\"" + tail + "\",\"anchorUuid\":\"" + summary + "\"}}"
                            : "";
                    out.append(record("system", b, null, ",\"subtype\":\"compact_boundary\"" + meta));
                    out.append(record(
                            "user",
                            summary,
                            b,
                            ",\"isCompactSummary\":true,\"message\":{\"role\":\"user\",\"content\":\"summary\"}"));
                    leaf = summary;
                } else if (r < 90 && !all.isEmpty()) { // a rewind to any record
                    leaf = all.get(random.nextInt(all.size()));
                } else {
                    out.append(link(leaf, false)); // a leaf link, the leaf staying
                }
            }
            return out.toString();
        }
    }
}
