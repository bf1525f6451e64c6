package io.github.termsprawl.core;

import static io.github.termsprawl.core.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TranscriptIndexTest {
    @TempDir
    Path cwd;

    TranscriptIndex index;

    @BeforeEach
    void setUp() {
        index = new TranscriptIndex(new ProjectLayout(cwd));
    }

    private void entry(String id, String body) throws IOException {
        write(cwd.resolve(".termsprawl/transcripts").resolve(id + ".json"), body);
    }

    @Test
    void fileLocation() {
        assertEquals(cwd.resolve(".termsprawl/transcripts/backend.json"), index.fileOf("backend"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.0", "1e0", "10e-1", "1.000"})
    void versionOneAsAnyNumberIsValid(String version) throws IOException {
        entry("n", "{\"version\": " + version + ", \"path\": \"/abs/s.jsonl\"}");
        assertEquals(Path.of("/abs/s.jsonl"), index.read("n").path());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"version\": \"1\", \"path\": \"/a\"}",
                "{\"version\": 2, \"path\": \"/a\"}",
                "{\"path\": \"/a\"}",
                "{\"version\": null, \"path\": \"/a\"}",
                "{\"version\": true, \"path\": \"/a\"}",
                "{\"version\": 1}",
                "{\"version\": 1, \"path\": \"\"}",
                "{\"version\": 1, \"path\": 5}",
                "{\"version\": 1, \"path\": null}",
                "{\"version\": 1, \"path\": [\"/a\"]}",
                "{\"version\": 1, \"path\": {}}",
                "not json",
                "",
                "[]",
                "null",
                "{\"version\": 1, \"path\": \"/a\"} trailing",
                "{\"version\": 1, \"path\": \"/a\""
            })
    void malformedEntriesGiveNoPath(String body) throws IOException {
        entry("n", body);
        assertNull(index.read("n"), body);
    }

    @Test
    void missingFileGivesNoPath() {
        assertNull(index.read("nobody"));
    }

    @Test
    void directoryInPlaceOfFileGivesNoPath() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts/n.json"));
        assertNull(index.read("n"));
    }

    @Test
    void unsafeIdGivesNoPathEvenWhenAFileMatches() throws IOException {
        write(cwd.resolve(".termsprawl/transcripts/a b.json"), "{\"version\": 1, \"path\": \"/x\"}");
        write(cwd.resolve(".termsprawl/etc.json"), "{\"version\": 1, \"path\": \"/x\"}");
        assertNull(index.read("a b"));
        assertNull(index.read("../etc"));
        assertNull(index.read(""));
    }

    @Test
    void relativePathIsResolvedAgainstCwd() throws IOException {
        entry("n", "{\"version\": 1, \"path\": \"logs/s.jsonl\"}");
        assertEquals(cwd.resolve("logs/s.jsonl"), index.read("n").path());
        entry("m", "{\"version\": 1, \"path\": \"./a/../b.jsonl\"}");
        assertEquals(cwd.resolve("b.jsonl"), index.read("m").path());
    }

    @Test
    void absolutePathIsKept() throws IOException {
        entry("n", "{\"version\": 1, \"path\": \"/var/tmp/s.jsonl\"}");
        assertEquals(Path.of("/var/tmp/s.jsonl"), index.read("n").path());
    }

    @Test
    void bomAndExtraKeysAreFine() throws IOException {
        entry("n", "\uFEFF{\"version\": 1, \"path\": \"/x.jsonl\", \"store\": \"claude\", \"future\": [1, 2]}");
        TranscriptIndex.Entry e = index.read("n");
        assertEquals(Path.of("/x.jsonl"), e.path());
        assertEquals("claude", e.store());
        assertNull(e.session());
    }

    @Test
    void repeatedKeyLastWins() throws IOException {
        entry("n", "{\"version\": 1, \"path\": \"/first\", \"path\": \"/second\"}");
        assertEquals(Path.of("/second"), index.read("n").path());
        entry("m", "{\"version\": 1, \"path\": \"/first\", \"version\": 2}");
        assertNull(index.read("m"));
    }

    @Test
    void recordWritesExactBytesAndOverwrites() throws IOException {
        assertTrue(index.record("backend", "/home/u/.claude/projects/p/s.jsonl", null, null));
        Path f = cwd.resolve(".termsprawl/transcripts/backend.json");
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"path\": \"/home/u/.claude/projects/p/s.jsonl\"\n}\n"),
                Files.readAllBytes(f));
        assertFalse(index.record("backend", "/home/u/.claude/projects/p/s.jsonl", null, null));
        assertTrue(index.record("backend", "/other \"quoted\"\\path\n.jsonl", null, null));
        // the session it replaced goes to "sessions", after the keys the reader reads
        assertTrue(Files.readString(f)
                .startsWith("{\n  \"version\": 1,\n  \"path\": \"/other \\\"quoted\\\"\\\\path\\n.jsonl\",\n"
                        + "  \"sessions\": [\n    {\n      \"path\": \"/home/u/.claude/projects/p/s.jsonl\",\n"));
        assertEquals(
                Path.of("/other \"quoted\"\\path\n.jsonl"),
                index.read("backend").path());
    }

    @Test
    void recordWithOptionalKeys() throws IOException {
        index.record("n", "/s.jsonl", "claude", "abc");
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"path\": \"/s.jsonl\",\n  \"store\": \"claude\",\n"
                        + "  \"session\": \"abc\"\n}\n"),
                Files.readAllBytes(index.fileOf("n")));
        TranscriptIndex.Entry e = index.read("n");
        assertEquals("claude", e.store());
        assertEquals("abc", e.session());
    }

    @Test
    void recordIsNoOpForUnsafeIdOrEmptyPath() throws IOException {
        assertFalse(index.record("../etc", "/x", null, null));
        assertFalse(index.record("a b", "/x", null, null));
        assertFalse(index.record("x\n", "/x", null, null));
        assertFalse(index.record("ok", "", null, null));
        assertFalse(index.record("ok", null, null, null));
        assertFalse(Files.exists(cwd.resolve(".termsprawl")));
    }

    @Test
    void emptyPathDoesNotEraseExistingEntry() throws IOException {
        index.record("ok", "/x", null, null);
        byte[] before = Files.readAllBytes(index.fileOf("ok"));
        assertFalse(index.record("ok", "", null, null));
        assertArrayEquals(before, Files.readAllBytes(index.fileOf("ok")));
    }

    @Test
    void absolutePathIsNotNormalized() throws IOException {
        // node opens "/a/missing/../x" as it is, which fails when "missing" does not exist
        String abs = cwd.resolve("missing").toString() + "/../x.jsonl";
        entry("n", "{\"version\": 1, \"path\": " + Fixtures.jsonString(abs) + "}");
        assertEquals(Path.of(abs), index.read("n").path());
    }

    @Test
    void recordingAnotherSessionKeepsTheEarlierOnesAndReadsAsBefore() throws IOException {
        assertTrue(index.record("n", "/t/a.jsonl", null, null));
        assertTrue(index.record("n", "/t/b.jsonl", "claude", null));
        assertFalse(index.record("n", "/t/b.jsonl", "claude", null)); // the same session: no change
        assertEquals(new TranscriptIndex.Entry(Path.of("/t/b.jsonl"), "claude", null), index.read("n"));
        assertEquals(List.of(new TranscriptIndex.Entry(Path.of("/t/a.jsonl"), null, null)), index.earlier("n"));
        assertTrue(index.record("n", "/d/opencode.db", "opencode", "ses_1"));
        assertTrue(index.record("n", "/d/opencode.db", "opencode", "ses_2"));
        assertTrue(index.record("n", "/t/a.jsonl", null, null)); // made current again: no earlier one any more
        assertEquals(
                List.of(
                        new TranscriptIndex.Entry(Path.of("/t/b.jsonl"), "claude", null),
                        new TranscriptIndex.Entry(Path.of("/d/opencode.db"), "opencode", "ses_1"),
                        new TranscriptIndex.Entry(Path.of("/d/opencode.db"), "opencode", "ses_2")),
                index.earlier("n"));
        String text = Files.readString(index.fileOf("n"));
        assertTrue(text.startsWith("{\n  \"version\": 1,\n  \"path\": \"/t/a.jsonl\",\n  \"sessions\": [\n"), text);
    }
}
