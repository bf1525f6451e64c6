package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HookInputTest {
    static HookInput read(String json) {
        return HookInput.read(new ByteArrayInputStream(Fixtures.utf8(json)));
    }

    @Test
    void validPayload() {
        HookInput in = read("{\"session_id\":\"abc\",\"transcript_path\":\"/home/u/.claude/projects/-p/abc.jsonl\","
                + "\"cwd\":\"/p\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}");
        assertEquals(new HookInput("/home/u/.claude/projects/-p/abc.jsonl", "/p", "abc"), in);
    }

    @Test
    void unicodeAndEscapes() {
        assertEquals(
                new HookInput("/t/\u00e9 \"q\".jsonl", "/p\\x", null),
                read("{\"transcript_path\":\"/t/\\u00e9 \\\"q\\\".jsonl\",\"cwd\":\"/p\\\\x\"}"));
    }

    @Test
    void missingFields() {
        assertEquals(HookInput.EMPTY, read("{}"));
        assertEquals(new HookInput("/t", null, null), read("{\"transcript_path\":\"/t\"}"));
        assertEquals(new HookInput(null, "/p", "s"), read("{\"cwd\":\"/p\",\"session_id\":\"s\"}"));
    }

    @Test
    void wrongTypesAreAbsent() {
        for (String v : new String[] {"5", "null", "{}", "{\"a\":\"/x\"}", "[\"/x\"]", "true", "\"\""}) {
            assertEquals(HookInput.EMPTY, read("{\"transcript_path\":" + v + ",\"cwd\":" + v + "}"), v);
        }
        assertEquals(
                new HookInput(null, "/p", null),
                read("{\"transcript_path\":{\"nested\":{\"transcript_path\":\"/x\"}},\"cwd\":\"/p\"}"));
    }

    @Test
    void repeatedKeyLastWins() {
        assertEquals(
                new HookInput("/second", null, null),
                read("{\"transcript_path\":\"/first\",\"transcript_path\":\"/second\"}"));
        assertEquals(new HookInput(null, null, null), read("{\"transcript_path\":\"/first\",\"transcript_path\":5}"));
    }

    @Test
    void garbageAndEmpty() {
        for (String s : new String[] {
            "",
            " ",
            "\n",
            "garbage",
            "[]",
            "[{\"transcript_path\":\"/x\"}]",
            "\"x\"",
            "null",
            "5",
            "{\"transcript_path\":",
            "{\"transcript_path\":\"/x",
            "{'transcript_path':'/x'}"
        }) {
            assertEquals(HookInput.EMPTY, read(s), s);
        }
        assertEquals(HookInput.EMPTY, HookInput.read(InputStream.nullInputStream()));
    }

    @Test
    void invalidUtf8DoesNotThrow() {
        HookInput in = HookInput.read(
                new ByteArrayInputStream(new byte[] {'{', '"', 'c', 'w', 'd', '"', ':', '"', (byte) 0xFF, '"', '}'}));
        assertEquals(null, in.transcriptPath());
    }

    /** 50 MB produced on the fly, never held. */
    static InputStream generated(long size, byte fill) {
        return new InputStream() {
            long left = size;

            @Override
            public int read() {
                if (left <= 0) {
                    return -1;
                }
                left--;
                return fill;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, fill);
                left -= n;
                return n;
            }
        };
    }

    static InputStream concat(InputStream... parts) {
        InputStream s = parts[0];
        for (int i = 1; i < parts.length; i++) {
            s = new SequenceInputStream(s, parts[i]);
        }
        return s;
    }

    static InputStream text(String s) {
        return new ByteArrayInputStream(Fixtures.utf8(s));
    }

    @Test
    void hugePayloadsWithoutRunningOutOfMemory() {
        long fifty = 50L * 1024 * 1024;
        assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> {
            // past what a hook payload can be (1 MiB), stdin is no payload: given up after that much
            assertEquals(
                    HookInput.EMPTY,
                    HookInput.read(concat(
                            text("{\"transcript_path\":\""),
                            generated(fifty, (byte) 'a'),
                            text("\",\"cwd\":\"/p\"}"))));
            // 50 MB of nesting or of digits: given up early, no stack overflow, no huge buffers
            assertEquals(HookInput.EMPTY, HookInput.read(concat(text("{\"x\":"), generated(fifty, (byte) '['))));
            assertEquals(
                    HookInput.EMPTY, HookInput.read(concat(text("{\"x\":"), generated(fifty, (byte) '1'), text("}"))));
        });
    }

    @Test
    void largeUnrelatedFieldIsSkipped() {
        assertEquals(
                new HookInput("/t", "/p", null),
                HookInput.read(concat(
                        text("{\"transcript_path\":\"/t\",\"prompt\":\""),
                        generated(HookInput.MAX_BYTES - 100, (byte) 'x'),
                        text("\",\"cwd\":\"/p\"}"))));
        assertEquals(HookInput.EMPTY, HookInput.read(generated(5L * 1024 * 1024, (byte) ' ')));
    }

    @Test
    void nestedUnrelatedFieldsAreSkipped() {
        assertEquals(
                new HookInput("/t", "/p", null),
                read("{\"tool\":{\"a\":[1,{\"b\":[[\"c\"]]}]},\"transcript_path\":\"/t\",\"cwd\":\"/p\"}"));
    }

    /** Runs the 50 MB nesting payload in a JVM with a small heap, the way the planted hook may run. */
    @Test
    void deepNestingFitsInASmallHeap() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String cp = System.getProperty("java.class.path");
        Fixtures.Run run = Fixtures.run(
                List.of(java.toString(), "-Xmx64m", "-cp", cp, HookInputTest.class.getName() + "$Nested"), null);
        assertEquals(
                "HookInput[transcriptPath=null, cwd=null, sessionId=null]\n",
                Fixtures.str(run.stdout()),
                Fixtures.str(run.stderr()));
    }

    /** Entry point for {@link #deepNestingFitsInASmallHeap}. */
    public static final class Nested {
        public static void main(String[] args) {
            System.out.println(HookInput.read(concat(text("{\"x\":"), generated(50L * 1024 * 1024, (byte) '['))));
        }
    }

    @Test
    void pathAtTheLimitIsKept() {
        String path = "/" + "p".repeat(HookInput.MAX_PATH - 1);
        assertEquals(path, read("{\"transcript_path\":\"" + path + "\"}").transcriptPath());
        assertEquals(null, read("{\"transcript_path\":\"" + path + "q\"}").transcriptPath());
    }
}
