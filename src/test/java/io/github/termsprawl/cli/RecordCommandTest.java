package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.plant.Discovery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordCommandTest {
    @TempDir
    Path project;

    static InputStream payload(String json) {
        return new ByteArrayInputStream(Fixtures.utf8(json));
    }

    /** The hook as the agent runs it, without arguments: whether it recorded the node. */
    static boolean record(String nodeId, InputStream stdin, Path project) {
        return RecordCommand.run(
                new String[0],
                nodeId,
                java.util.Map.of(),
                null,
                stdin,
                java.io.OutputStream.nullOutputStream(),
                project);
    }

    Path entry(String id) {
        return project.resolve(".termsprawl/transcripts").resolve(id + ".json");
    }

    @Test
    void recordsForASafeNode() {
        assertTrue(record(
                "be", payload("{\"transcript_path\":\"/t/s.jsonl\",\"hook_event_name\":\"SessionStart\"}"), project));
        assertEquals(
                Path.of("/t/s.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
    }

    /** --help prints what the hook does on stdout, exit 0, and reads no stdin and records nothing (docs/planted.md). */
    @Test
    void helpSaysWhatTheHookDoes() {
        InputStream exploding = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("stdin was read");
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertFalse(
                RecordCommand.run(new String[] {"--help"}, "be", java.util.Map.of(), null, exploding, out, project));
        assertEquals(RecordCommand.HELP, Fixtures.str(out.toByteArray()));
        assertTrue(RecordCommand.HELP.startsWith("usage: termsprawl-record"));
        assertTrue(RecordCommand.HELP.contains("SessionStart hook") && RecordCommand.HELP.contains("stdin"));
        assertTrue(RecordCommand.HELP.contains("  --help "));
    }

    @Test
    void withoutNodeIdStdinIsNotEvenRead() {
        InputStream exploding = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("stdin was read");
            }
        };
        assertFalse(record(null, exploding, project));
        assertFalse(Files.exists(project.resolve(".termsprawl")));
    }

    @Test
    void unsafeNodeOrBadPayloadRecordsNothing() {
        assertFalse(record("../x", payload("{\"transcript_path\":\"/t/s.jsonl\"}"), project));
        assertFalse(record("be", payload("garbage"), project));
        assertFalse(record("be", payload(""), project));
        assertFalse(Files.exists(project.resolve(".termsprawl/transcripts")));
    }

    record Run(int exit, String out, String err) {}

    Run planted(String nodeId, String stdin) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(
                        "sh",
                        project.resolve(".termsprawl/bin/termsprawl-record").toString())
                .directory(project.resolve("sub").toFile());
        pb.environment().remove("TERMSPRAWL_NODE_ID");
        if (nodeId != null) {
            pb.environment().put("TERMSPRAWL_NODE_ID", nodeId);
        }
        // stdin from a file (the hook may exit before reading it), stdout and stderr drained at once
        Path in = Files.createTempFile("termsprawl-hook-stdin", ".json");
        try {
            Files.write(in, Fixtures.utf8(stdin));
            pb.redirectInput(in.toFile());
            Process p = pb.start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread errPump = new Thread(() -> {
                try {
                    p.getErrorStream().transferTo(err);
                } catch (IOException e) {
                    // the process went away
                }
            });
            errPump.start();
            String out = Fixtures.str(p.getInputStream().readAllBytes());
            errPump.join();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            return new Run(p.exitValue(), out, Fixtures.str(err.toByteArray()));
        } finally {
            Files.deleteIfExists(in);
        }
    }

    @Test
    void plantedHookRecordsAndTellsTheAgentItsNode() throws Exception {
        Fixtures.assumeShell();
        new Discovery(new ProjectLayout(project), "mvn termsprawl:discover").discover();
        Files.createDirectories(project.resolve("sub"));
        Path other = Files.createDirectories(project.resolve("other"));

        // the project the script lives in, whatever folder the payload's cwd names
        Run r = planted(
                "be",
                "{\"session_id\":\"s\",\"transcript_path\":\"/t/be.jsonl\",\"cwd\":"
                        + Fixtures.jsonString(other.toString())
                        + ",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}");
        // the agent is told its node and the commands, as every agent reads a session-start hook's output
        assertEquals(
                new Run(
                        0,
                        "{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":"
                                + "\"termsprawl: this session is node be of " + project
                                + "; no agent is linked to it yet.\\nTheir recent turns: " + project
                                + "/.termsprawl/bin/termsprawl-context --cwd " + project + " --self be\\nThe files they"
                                + " changed: " + project + "/.termsprawl/bin/termsprawl-touches --cwd " + project
                                + " --self be [--file <path>]\"}}\n",
                        ""),
                r);
        assertEquals(
                Path.of("/t/be.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
        assertFalse(Files.exists(other.resolve(".termsprawl")));

        assertEquals(
                0,
                planted("fe", "{\"transcript_path\":\"/t/fe.jsonl\",\"cwd\":\"/no/such/dir\"}")
                        .exit());
        assertEquals(
                Path.of("/t/fe.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("fe").path());

        // never fails the agent, whatever the input
        assertEquals(
                0, planted("bad id", "{\"transcript_path\":\"/t/x.jsonl\"}").exit());
        assertEquals("", planted("ok", "not json").out());
        assertEquals(0, planted(null, "{\"transcript_path\":\"/t/x.jsonl\"}").exit());
        assertEquals(0, planted("ok", "").exit());
        assertFalse(Files.exists(entry("ok")));
        assertFalse(Files.exists(entry("bad id")));
    }

    /** The hook: a stdin that never closes is given up on (at most 2 s), and nothing is recorded. */
    @Test
    void aStdinThatNeverClosesIsGivenUp() {
        InputStream open = new InputStream() {
            @Override
            public int read() throws IOException {
                return read(new byte[1], 0, 1);
            }

            @Override
            public int read(byte[] b, int off, int len) {
                try {
                    Thread.sleep(Long.MAX_VALUE); // a pipe whose writer never writes nor closes
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return -1;
            }
        };
        boolean recorded = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(60), () -> record("be", open, project));
        assertFalse(recorded);
        assertFalse(Files.exists(entry("be")));
    }

    /** The hook: no more than a payload can be is read (an endless stdin is not read to its end). */
    @Test
    void atMostAPayloadsWorthOfStdinIsRead() {
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return ' ';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) ' ');
                read[0] += len;
                return len;
            }
        };
        boolean recorded = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(60), () -> record("be", endless, project));
        assertFalse(recorded);
        assertTrue(read[0] <= HookInput.MAX_BYTES + 65536, "read " + read[0]);
    }
}
