package io.github.termsprawl.transcript;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes big transcripts for benchmarks (not a test). From the project folder, after {@code ./mvnw -q test-compile}:
 * <pre>
 * CP=target/classes:target/test-classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.21.2/*.jar):$(ls ~/.m2/repository/org/xerial/sqlite-jdbc/3.51.3.0/*.jar)
 * java -cp "$CP" io.github.termsprawl.transcript.BigStoreGenerator codex /tmp/bench/rollout-big.jsonl 200000
 * java -cp "$CP" io.github.termsprawl.transcript.BigStoreGenerator opencode /tmp/bench/opencode.db 200000
 * </pre>
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
        if (args.length != 3) {
            System.err.println("usage: BigStoreGenerator codex|opencode <file> <turns>");
            System.exit(2);
        }
        Path file = Path.of(args[1]);
        int n = Integer.parseInt(args[2]);
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
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
}
