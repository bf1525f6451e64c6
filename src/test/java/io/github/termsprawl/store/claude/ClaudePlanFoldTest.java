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
            assertEquals(ClaudePlanTest.describe(session.plan(file)), got, what + " at " + cut);
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
        for (int i = 0; i < links; i++) {
            String u = "p" + i;
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
        // a uuid's hash in each file, not the record: about 14 bytes a link against 140 in the transcript
        assertTrue(planBytes < 16L * links, planBytes + " bytes of plan for " + bytes.length + " of transcript");
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
            return ",\"timestamp\":\"" + java.time.Instant.ofEpochSecond(time) + "\"";
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
            String u = "l" + n++;
            links.add(u);
            String kind = random.nextInt(6) == 0 ? "x-unknown" : "progress";
            String data = random.nextInt(8) == 0
                    ? ",\"data\":{\"type\":\"agent_progress\",\"agentId\":\"a" + random.nextInt(3)
                            + "\"},\"parentToolUseID\":\"toolu_" + random.nextInt(5) + "\""
                    : ",\"data\":{\"type\":\"hook_progress\"}";
            return record(kind, u, parent, (side ? ",\"isSidechain\":true" : "") + data);
        }

        private String message(String type, String parent, boolean side) {
            String u = (type.equals("user") ? "u" : "a") + n++;
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
