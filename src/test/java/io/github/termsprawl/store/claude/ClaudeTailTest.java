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
 * A plan of a grown transcript made from the last plan's tail (its messages before the cut kept, the rest planned
 * again with the new lines) is the plan of the whole file, message for message — for every line a transcript
 * grows by, on real sessions and on random trees with rewinds, split and continued messages, parallel results,
 * results for interrupted calls, records written twice, compactions with preserved segments and inline subagents.
 */
class ClaudeTailTest {
    @TempDir
    Path dir;

    /** How many plans took the tail, and how many read the whole cache. */
    private int fromTail;

    private int whole;

    /**
     * Grows {@code file} to {@code bytes} through the cuts and checks every plan; a cut not at a line end leaves a
     * line half written.
     */
    private void grow(byte[] bytes, int[] cuts, String what) throws IOException {
        Path cache = dir.resolve("s.plan");
        Files.deleteIfExists(cache);
        Files.deleteIfExists(ClaudeTail.fileOf(cache));
        kept = new ClaudeSession.PlanCache(cache, 0, 0, 0, false);
        before = List.of();
        steps(bytes, cuts, what);
    }

    /** The plan and the messages of the last step of {@link #grow}. */
    private ClaudeSession.PlanCache kept;

    private List<String> before;

    /** Grows the file of the last {@link #grow} to all of {@code bytes} in one step. */
    private void growOn(byte[] bytes, String what) throws IOException {
        steps(bytes, new int[] {bytes.length}, what);
    }

    private void steps(byte[] bytes, int[] cuts, String what) throws IOException {
        Path file = dir.resolve("s.jsonl");
        // the subagents the random sessions name, so that which are found, in which order, is checked too
        Path agents = Files.createDirectories(dir.resolve("s").resolve("subagents"));
        for (int a = 0; a < 4; a++) {
            Files.writeString(agents.resolve("agent-a" + a + ".jsonl"), "");
        }
        ClaudeSession session = new ClaudeSession();
        for (int cut : cuts) {
            Files.write(file, Arrays.copyOf(bytes, cut));
            long end = cut;
            while (end > 0 && bytes[(int) end - 1] != '\n') {
                end--;
            }
            ClaudeSession.Plan plan = session.plan(file, kept, end, true);
            List<String> got = new ArrayList<>();
            assertTrue(plan.stable() <= before.size(), what + " at " + cut);
            got.addAll(before.subList(0, plan.stable()));
            got.addAll(ClaudePlanTest.describe(plan.messages()));
            List<String> expected = ClaudePlanTest.describe(ClaudePlanTestAccess.plan(session, file));
            if (!expected.equals(got)) {
                int i = 0;
                while (i < Math.min(expected.size(), got.size())
                        && expected.get(i).equals(got.get(i))) {
                    i++;
                }
                assertEquals(
                        i < expected.size() ? expected.get(i) : "(none)",
                        i < got.size() ? got.get(i) : "(none)",
                        what + " at " + cut + ": message " + i + " of " + expected.size() + ", " + plan.stable()
                                + " kept from the plan before");
            }
            assertEquals(ClaudeSubagents.of(file), plan.subagents(), what + " at " + cut);
            if (plan.stable() > 0) {
                fromTail++;
            } else {
                whole++;
            }
            before = got;
            kept = plan.cache();
        }
    }

    /** Every line end of {@code bytes} from {@code from} on, and now and then a cut in the middle of a line. */
    private static int[] lineCuts(byte[] bytes, int from, Random random) {
        List<Integer> cuts = new ArrayList<>();
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                if (random.nextInt(8) == 0 && cuts.size() > 0 && cuts.get(cuts.size() - 1) < i - 2) {
                    cuts.add(i - 1); // a line half written, ended by the next cut
                }
                cuts.add(i + 1);
            }
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void randomTreesGrownLineByLinePlanAsTheWholeFile() throws IOException {
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            byte[] bytes =
                    new RandomSession(random).lines(20 + random.nextInt(60)).getBytes(StandardCharsets.UTF_8);
            grow(bytes, lineCuts(bytes, 0, random), "seed " + seed);
        }
        // these sessions rewind, compact and write records twice far more often than real ones; still the tail
        // must carry a good share of their plans
        assertTrue(
                3 * fromTail > fromTail + whole, fromTail + " plans from the tail, " + whole + " from the whole cache");
    }

    @Test
    void realSessionsGrownLineByLinePlanAsTheWholeFile() throws IOException {
        Random random = new Random(7);
        int files = 0;
        for (Path f : ClaudePlanTest.claudeFiles()) {
            byte[] bytes = Files.readAllBytes(f);
            // the first plan reads most of a big file at once; its last 80 lines are added one by one
            int from = 0;
            for (int i = bytes.length - 1, n = 0; i > 0; i--) {
                if (bytes[i - 1] == '\n' && ++n == 80) {
                    from = i;
                    break;
                }
            }
            int[] cuts = lineCuts(bytes, from, random);
            int[] all = new int[cuts.length + 1];
            all[0] = from;
            System.arraycopy(cuts, 0, all, 1, cuts.length);
            grow(bytes, from > 0 ? all : cuts, f.toString());
            files++;
        }
        assertTrue(files > 20, files + " files");
        assertTrue(fromTail > 2 * whole, fromTail + " plans from the tail, " + whole + " from the whole cache");
    }

    @Test
    void aTurnAppendedAfterAToolCallIsPlannedFromTheTail() throws IOException {
        RandomSession s = new RandomSession(new Random(1));
        String start = s.prompt() + s.answer(true) + s.results();
        String next = s.prompt() + s.answer(false);
        byte[] bytes = (start + next).getBytes(StandardCharsets.UTF_8);
        int cut = start.getBytes(StandardCharsets.UTF_8).length;
        grow(bytes, new int[] {cut, bytes.length}, "one turn");
        assertEquals(1, fromTail);
        assertTrue(Files.isRegularFile(ClaudeTail.fileOf(dir.resolve("s.plan"))));
    }

    @Test
    void aTailCutShortOrGarbledIsPlannedFromTheWholeCache() throws IOException {
        RandomSession s = new RandomSession(new Random(4));
        String start = s.prompt() + s.answer(false) + s.prompt() + s.answer(false);
        byte[] head = start.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = (start + s.prompt() + s.answer(false)).getBytes(StandardCharsets.UTF_8);
        Path tail = ClaudeTail.fileOf(dir.resolve("s.plan"));
        for (int keep : new int[] {0, 30, 60, 200, -1, -2}) {
            fromTail = 0;
            grow(head, new int[] {head.length}, "start");
            assertTrue(Files.isRegularFile(tail));
            byte[] kept = Files.readAllBytes(tail);
            if (keep >= 0) {
                Files.write(tail, Arrays.copyOf(kept, Math.min(keep, kept.length)));
            } else if (keep == -2) {
                int end = kept.length - 2;
                while (kept[end] != '\n') {
                    end--;
                }
                Files.write(tail, Arrays.copyOf(kept, end + 1)); // its last record gone, every line whole
            } else {
                kept[kept.length / 2] = '#'; // a byte of a kept record garbled
                Files.write(tail, kept);
            }
            growOn(bytes, "tail cut to " + keep);
            assertEquals(0, fromTail, "tail cut to " + keep);
        }
    }

    @Test
    void aRewindIsPlannedFromTheWholeCache() throws IOException {
        RandomSession s = new RandomSession(new Random(2));
        String first = s.prompt() + s.answer(false);
        String mark = s.leaf;
        String second = s.prompt() + s.answer(false) + s.prompt() + s.answer(false);
        s.leaf = mark; // the person rewinds to the first answer and asks again
        String rewound = s.prompt() + s.answer(false);
        String head = first + second;
        byte[] bytes = (head + rewound).getBytes(StandardCharsets.UTF_8);
        grow(bytes, new int[] {head.getBytes(StandardCharsets.UTF_8).length, bytes.length}, "rewind");
        assertEquals(0, fromTail);
    }

    @Test
    void aResultForACallThatGotAMadeUpOneIsPlannedFromTheWholeCache() throws IOException {
        RandomSession s = new RandomSession(new Random(3));
        String head = s.prompt() + s.answer(true) + s.prompt();
        String late = s.results();
        byte[] bytes = (head + late).getBytes(StandardCharsets.UTF_8);
        grow(bytes, new int[] {head.getBytes(StandardCharsets.UTF_8).length, bytes.length}, "late result");
        assertEquals(0, fromTail);
    }

    /**
     * Writes random Claude Code sessions: prompts, answers split over lines (thinking, text, tool calls), parallel
     * results hanging off different lines, system and progress records, attachments, rewinds, records written
     * twice, interrupted calls answered late, compactions (some with a preserved segment), inline subagents,
     * subagent links, equal and missing timestamps.
     */
    static final class RandomSession {
        private final Random random;
        private final StringBuilder out = new StringBuilder();
        private final List<String> conversation = new ArrayList<>();
        private final List<String[]> written = new ArrayList<>(); // {uuid, line}
        private final List<String> openCalls = new ArrayList<>();
        private final List<String> callLines = new ArrayList<>();
        String leaf;
        private int n;
        private long time = 1_767_225_600L;
        private String lastMessageId;

        RandomSession(Random random) {
            this.random = random;
        }

        /** A short id, or one written as Claude Code writes uuids. */
        private String uuid() {
            int i = n++;
            return random.nextBoolean() ? "r" + i : String.format("%08x-0000-4000-a000-%012x", i * 0x9e3779b1, i);
        }

        private String stamp() {
            int r = random.nextInt(20);
            if (r == 0) {
                return ""; // no timestamp
            }
            if (r > 2) {
                time += 1 + random.nextInt(3); // else the same second as the record before
            } else if (r == 1) {
                time -= 1; // a clock that went back
            }
            // to the second, or to the millisecond as Claude Code writes times
            long nanos = random.nextBoolean() ? 0 : random.nextInt(1000) * 1_000_000L;
            return ",\"timestamp\":\"" + java.time.Instant.ofEpochSecond(time, nanos) + "\"";
        }

        private String record(String type, String uuid, String parent, String rest) {
            String line = "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"parentUuid\":"
                    + (parent == null ? "null" : "\"" + parent + "\"") + ",\"sessionId\":\"S\"" + stamp() + rest
                    + "}\n";
            written.add(new String[] {uuid, line});
            return line;
        }

        String prompt() {
            String u = uuid();
            String text = random.nextInt(10) == 0 ? " " : "ask " + u;
            String line = record("user", u, leaf, ",\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}");
            leaf = u;
            conversation.add(u);
            return line;
        }

        /** An answer over one to three lines of one message id, maybe with tool calls (always, with {@code calls}). */
        String answer(boolean calls) {
            StringBuilder s = new StringBuilder();
            // now and then a message continued after a user record: the id of the one before
            String id = lastMessageId != null && random.nextInt(12) == 0 ? lastMessageId : "msg_" + n;
            lastMessageId = id;
            int parts = 1 + random.nextInt(3);
            for (int p = 0; p < parts; p++) {
                String u = uuid();
                String block;
                int kind = calls && p == parts - 1 ? 2 : random.nextInt(4);
                if (kind == 0) {
                    block = "{\"type\":\"thinking\",\"thinking\":\"hm\"}";
                } else if (kind == 1) {
                    block = "{\"type\":\"text\",\"text\":\"" + (random.nextInt(8) == 0 ? "  " : "say " + u) + "\"}";
                } else {
                    String call = "toolu_" + n;
                    openCalls.add(call);
                    callLines.add(u);
                    boolean task = random.nextInt(4) == 0;
                    block = "{\"type\":\"tool_use\",\"id\":\"" + call + "\",\"name\":\"" + (task ? "Task" : "Bash")
                            + "\",\"input\":{\"" + (task ? "prompt" : "command") + "\":\"do " + u + "\"}}";
                }
                s.append(record(
                        "assistant",
                        u,
                        leaf,
                        ",\"message\":{\"id\":\"" + id + "\",\"role\":\"assistant\",\"model\":\"m\",\"content\":["
                                + block + "]}"));
                leaf = u;
                conversation.add(u);
            }
            return s.toString();
        }

        /** Results of the open calls: each off the last line, or now and then off its own call's line. */
        String results() {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < openCalls.size(); i++) {
                String u = uuid();
                String parent = random.nextInt(4) == 0 ? callLines.get(i) : leaf;
                String agent =
                        random.nextInt(5) == 0 ? ",\"toolUseResult\":{\"agentId\":\"a" + random.nextInt(4) + "\"}" : "";
                s.append(record(
                        "user",
                        u,
                        parent,
                        agent
                                + ",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\""
                                + openCalls.get(i) + "\",\"content\":\"out\",\"is_error\":" + random.nextBoolean()
                                + "}]}"));
                if (parent.equals(leaf) || random.nextBoolean()) {
                    leaf = u;
                }
                conversation.add(u);
            }
            openCalls.clear();
            callLines.clear();
            return s.toString();
        }

        private String event() {
            int r = random.nextInt(100);
            String u = uuid();
            if (r < 25) {
                return record("system", u, leaf, ",\"subtype\":\"turn_duration\",\"content\":\"took 1s\"");
            }
            if (r < 45) {
                String line = record(
                        "progress",
                        u,
                        leaf,
                        ",\"data\":{\"type\":\"agent_progress\",\"agentId\":\"a" + random.nextInt(4)
                                + "\"},\"parentToolUseID\":\"toolu_" + random.nextInt(n + 1) + "\"");
                if (random.nextBoolean()) {
                    leaf = u;
                }
                return line;
            }
            if (r < 60) {
                String line = record(
                        "attachment",
                        u,
                        leaf,
                        ",\"attachment\":{\"type\":\"queued_command\",\"prompt\":\"also " + u + "\"}");
                leaf = u;
                return line;
            }
            if (r < 70) {
                String line = record("system", u, leaf, ",\"subtype\":\"stop_hook_summary\"");
                leaf = u;
                return line;
            }
            if (r < 80 && !written.isEmpty()) {
                n--;
                String[] again = written.get(random.nextInt(written.size()));
                return again[1]; // a record written twice
            }
            if (r < 88) {
                String side = record(
                        "user",
                        u,
                        null,
                        ",\"isSidechain\":true,\"message\":{\"role\":\"user\",\"content\":\"do " + u + "\"}");
                return side
                        + record(
                                "assistant",
                                uuid(),
                                u,
                                ",\"isSidechain\":true,\"message\":{\"id\":\"side" + n
                                        + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}");
            }
            if (r < 94 && conversation.size() > 3) {
                // compaction: a boundary, a summary, maybe the last records kept as a preserved segment
                String tail = leaf;
                String head = conversation.get(conversation.size() - 1 - random.nextInt(3));
                String summary = uuid();
                String meta = random.nextBoolean()
                        ? ",\"compactMetadata\":{\"trigger\":\"auto\",\"preservedSegment\":{\"headUuid\":\"" + head
                                + "\",\"tailUuid\":\"" + tail + "\",\"anchorUuid\":\"" + summary + "\"}}"
                        : ",\"compactMetadata\":{\"trigger\":\"auto\"}";
                String b = record(
                        "system",
                        u,
                        null,
                        ",\"subtype\":\"compact_boundary\",\"content\":\"Conversation compacted\"" + meta);
                String s = record(
                        "user",
                        summary,
                        u,
                        ",\"isCompactSummary\":true,\"message\":{\"role\":\"user\",\"content\":\"summary\"}");
                leaf = summary;
                conversation.add(summary);
                return b + s;
            }
            if (!conversation.isEmpty()) {
                n--;
                leaf = conversation.get(random.nextInt(conversation.size())); // a rewind
            }
            return "";
        }

        /** About {@code records} records of a session. */
        String lines(int records) {
            while (written.size() < records) {
                int r = random.nextInt(10);
                if (r < 3) {
                    out.append(prompt());
                } else if (r < 6) {
                    out.append(answer(random.nextInt(3) == 0));
                } else if (r < 8 && !openCalls.isEmpty()) {
                    if (random.nextInt(5) > 0) {
                        out.append(results());
                    } else {
                        openCalls.clear(); // interrupted: no result, or a late one below
                        callLines.clear();
                    }
                } else {
                    out.append(event());
                }
            }
            return out.toString();
        }
    }
}
