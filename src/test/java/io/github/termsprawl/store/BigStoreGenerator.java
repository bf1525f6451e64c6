package io.github.termsprawl.store;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes big transcripts for benchmarks (not a test). From the project folder, after {@code ./mvnw -q test-compile}:
 * <pre>
 * CP=target/classes:target/test-classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.21.2/*.jar):$(ls ~/.m2/repository/org/xerial/sqlite-jdbc/3.51.3.0/*.jar)
 * java -cp "$CP" io.github.termsprawl.store.BigStoreGenerator codex /tmp/bench/rollout-big.jsonl 200000
 * java -cp "$CP" io.github.termsprawl.store.BigStoreGenerator opencode /tmp/bench/opencode.db 200000
 * java -cp "$CP" io.github.termsprawl.store.BigStoreGenerator claude /tmp/bench/session.jsonl 200 7
 * </pre>
 * {@code claude}: a Claude Code session of about N megabytes, the same bytes for the same seed: prompts,
 * assistant prose with thinking and tool calls, big tool results, progress and snapshot noise, a few
 * broken lines; with a last argument {@code filler}, only records that print nothing (to pad a file in
 * front of a known tail).
 * {@code codex}: a rollout of N turns (each written on both channels, with reasoning, a tool call and its
 * output between them, ~1.2 KB per turn). {@code opencode}: a WAL database of N messages in session
 * {@code ses_bench} (every other one a tool-only step) plus as many in {@code ses_other}, so the
 * reader must use the index. Index entries to point a peer at them:
 * {@code {"version": 1, "path": "/tmp/bench/rollout-big.jsonl", "store": "codex"}} and
 * {@code {"version": 1, "path": "/tmp/bench/opencode.db", "store": "opencode", "session": "ses_bench"}}.
 */
public final class BigStoreGenerator {
    private BigStoreGenerator() {}

    public static void main(String[] args) throws Exception {
        boolean claude = args.length >= 3 && args[0].equals("claude");
        if (claude ? args.length > 5 : args.length != 3) {
            System.err.println("usage: BigStoreGenerator codex|opencode <file> <turns>\n"
                    + "       BigStoreGenerator claude <file> <megabytes> [seed] [filler]");
            System.exit(2);
        }
        Path file = Path.of(args[1]);
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        if (claude) {
            long bytes = Math.round(Double.parseDouble(args[2]) * 1024 * 1024);
            long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
            claude(file, bytes, seed, args.length > 4 && args[4].equals("filler"));
            return;
        }
        int n = Integer.parseInt(args[2]);
        if (args[0].equals("codex")) {
            codex(file, n);
        } else {
            openCode(file, n);
        }
    }

    static void codex(Path file, int turns) throws IOException {
        String filler = "lorem ipsum dolor sit amet ".repeat(12);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(
                    "{\"timestamp\":\"2026-01-01T00:00:00Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"bench\",\"cwd\":\"/bench\",\"cli_version\":\"0.104.0\"}}\n");
            for (int i = 0; i < turns; i++) {
                String q = "question " + i + " " + filler;
                String a = "answer " + i + " " + filler;
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\""
                                + q + "\"}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\""
                                + q + "\"}]}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"thinking\"}]}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{}\",\"call_id\":\"c"
                                + i + "\"}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\",\"call_id\":\"c"
                                + i + "\",\"output\":\"" + filler + "\"}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"agent_message\",\"message\":\""
                                + a + "\"}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\""
                                + a + "\"}]}}\n");
                w.write(
                        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\",\"info\":null}}\n");
            }
        }
    }

    static void openCode(Path db, int messages) throws Exception {
        Files.deleteIfExists(db);
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            w.session("ses_bench", null, "/bench", 1);
            w.session("ses_other", null, "/other", 1);
            w.c.setAutoCommit(false);
            for (int i = 0; i < messages; i++) {
                for (String session : new String[] {"ses_bench", "ses_other"}) {
                    String msg = String.format("msg_%s_%09d", session, i);
                    w.message(msg, session, 1_000_000L + i, i % 4 == 0 ? "user" : "assistant");
                    w.part(
                            msg + "_p",
                            msg,
                            session,
                            i % 2 == 1
                                    ? OpenCodeDbFixture.tool("completed", "output " + i)
                                    : OpenCodeDbFixture.text("message " + i + " lorem ipsum dolor sit amet"));
                }
                if (i % 10_000 == 0) {
                    w.c.commit();
                }
            }
            w.c.commit();
        }
    }

    private static final String[] WORDS = ("agent build context error exit file fix index java json line link maven"
                    + " marker node peer plugin read refactor session skill test transcript turn write")
            .split(" ");
    private static final String[] ODD = {"naïve café", "日本語の文", "rocket 🚀 launch", "tab\tquote\" back\\slash"};

    /** A Claude Code session of about {@code bytes} bytes; {@code filler}: no record that prints. */
    static void claude(Path file, long bytes, long seed, boolean filler) throws IOException {
        Random random = new Random(seed);
        String common = ",\"isSidechain\":false,\"userType\":\"external\",\"cwd\":\"/home/dev/app\","
                + "\"sessionId\":\"0b9d5e4c-1f2a-4c3b-9d8e-7f6a5b4c3d2e\",\"version\":\"2.1.50\"";
        long written = 0;
        int n = 0;
        String parent = null;
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            while (written < bytes) {
                double r = filler ? 0.3 + random.nextDouble() * 0.7 : random.nextDouble();
                String uuid = String.format("9e0c4a1e-0000-4000-8000-%012d", ++n);
                String head = "{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"") + common
                        + ",\"uuid\":\"" + uuid + "\",\"timestamp\":\"2026-03-01T10:" + String.format("%02d", n % 60)
                        + ":00.000Z\"";
                String line;
                if (r < 0.08) {
                    String text = words(random, 5 + random.nextInt(60))
                            + (random.nextInt(5) == 0 ? " " + ODD[random.nextInt(ODD.length)] : "");
                    String content = random.nextBoolean()
                            ? Fixtures.jsonString(text)
                            : "[{\"type\":\"text\",\"text\":" + Fixtures.jsonString(text) + "}]";
                    line = head + ",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":" + content + "}}";
                } else if (r < 0.3) {
                    StringBuilder content = new StringBuilder("[");
                    if (random.nextBoolean()) {
                        content.append("{\"type\":\"thinking\",\"thinking\":\"")
                                .append(words(random, 30 + random.nextInt(150)))
                                .append("\",\"signature\":\"c2ln\"},");
                    }
                    content.append("{\"type\":\"text\",\"text\":\"")
                            .append(words(random, 10 + random.nextInt(300)))
                            .append("\"}");
                    if (random.nextInt(5) < 3) {
                        content.append(",{\"type\":\"tool_use\",\"id\":\"toolu_")
                                .append(n)
                                .append("\",\"name\":\"Bash\",\"input\":{\"command\":\"")
                                .append(words(random, 5))
                                .append("\"}}");
                    }
                    line = head + ",\"type\":\"assistant\",\"requestId\":\"req_" + n
                            + "\",\"message\":{\"id\":\"msg_" + n
                            + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":"
                            + content + "],\"usage\":{\"input_tokens\":12,\"output_tokens\":345}}}";
                } else if (r < 0.7) {
                    String body = words(random, 150 + random.nextInt(2500));
                    line = head
                            + ",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                            + "\"tool_use_id\":\"toolu_" + (n - 1) + "\",\"content\":\"" + body
                            + "\",\"is_error\":false}]},\"toolUseResult\":{\"stdout\":\"" + body
                            + "\",\"stderr\":\"\"}}";
                } else if (r < 0.95) {
                    line = head
                            + ",\"type\":\"progress\",\"data\":{\"type\":\"hook_progress\",\"hookEvent\":\"PostToolUse\"}}";
                } else if (r < 0.99) {
                    line = "{\"type\":\"file-history-snapshot\",\"messageId\":\"m" + n
                            + "\",\"snapshot\":{\"trackedFileBackups\":{}}}";
                } else {
                    line = "{\"type\":\"user\",\"message\":"; // a line cut short: skipped
                }
                parent = uuid;
                byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
                out.write(b);
                written += b.length;
            }
        }
    }

    private static String words(Random random, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return out.toString();
    }
}
