package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.history.History;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookRecorderTest {
    @TempDir
    Path tmp;

    Path project;
    Path other;

    @BeforeEach
    void setUp() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        other = Files.createDirectories(tmp.resolve("other"));
    }

    Path entry(Path cwd, String id) {
        return cwd.resolve(".termsprawl/transcripts").resolve(id + ".json");
    }

    @Test
    void recordsIntoThePlantingProjectWhateverTheCwdSays() throws IOException {
        Path sub = Files.createDirectories(project.resolve("sub"));
        for (String cwd : new String[] {other.toString(), "..", sub.toString(), project.toString()}) {
            assertTrue(
                    HookRecorder.record("be", new HookInput("/t/" + cwd.length() + ".jsonl", cwd, null), project), cwd);
            assertEquals(
                    Path.of("/t/" + cwd.length() + ".jsonl"),
                    new TranscriptIndex(new ProjectLayout(project)).read("be").path());
        }
        // the current session first, as before; the earlier ones in "sessions" (docs/files.md)
        String written = Files.readString(entry(project, "be"));
        assertTrue(
                written.startsWith("{\n  \"version\": 1,\n  \"path\": \"/t/"
                        + project.toString().length()
                        + ".jsonl\",\n  \"store\": \"claude\",\n  \"sessions\": [\n    {\n      \"path\": \"/t/"
                        + other.toString().length()
                        + ".jsonl\","),
                written);
        assertFalse(Files.exists(other.resolve(".termsprawl")));
        assertFalse(Files.exists(sub.resolve(".termsprawl")));
        assertFalse(Files.exists(tmp.resolve(".termsprawl")));
        assertFalse(Files.exists(Path.of("..").resolve(".termsprawl/transcripts/be.json")));
    }

    @Test
    void aRelativeTranscriptIsReadAgainstTheSessionsFolder() throws IOException {
        assertTrue(HookRecorder.record("be", new HookInput("logs/s.jsonl", other.toString(), null), project));
        assertEquals(
                other.resolve("logs/s.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
    }

    @Test
    void defaultProjectWhenCwdIsAbsentOrNotAFolder() throws IOException {
        assertTrue(HookRecorder.record("a1", new HookInput("/t/1.jsonl", null, null), project));
        assertTrue(HookRecorder.record(
                "a2", new HookInput("/t/2.jsonl", tmp.resolve("missing").toString(), null), project));
        Path file = Fixtures.write(tmp.resolve("file"), "x");
        assertTrue(HookRecorder.record("a3", new HookInput("/t/3.jsonl", file.toString(), null), project));
        for (String id : new String[] {"a1", "a2", "a3"}) {
            assertTrue(Files.isRegularFile(entry(project, id)), id);
        }
        assertFalse(Files.exists(tmp.resolve("missing")));
    }

    @Test
    void relativeTranscriptIsMadeAbsoluteAgainstTheProject() throws IOException {
        assertTrue(HookRecorder.record("be", new HookInput("logs/s.jsonl", null, null), project));
        assertEquals(
                project.resolve("logs/s.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
        assertTrue(Files.readString(entry(project, "be"))
                .contains(project.resolve("logs/s.jsonl").toString()));
    }

    @Test
    void unsafeOrMissingNodeIdRecordsNothing() {
        for (String id : new String[] {null, "", "../etc", "a b", "x\n", "-x"}) {
            assertFalse(
                    HookRecorder.record(id, new HookInput("/t/s.jsonl", project.toString(), null), project),
                    String.valueOf(id));
        }
        assertFalse(Files.exists(project.resolve(".termsprawl")));
        assertFalse(Files.exists(tmp.resolve("etc.json")));
    }

    @Test
    void missingTranscriptPathRecordsNothing() {
        assertFalse(HookRecorder.record("be", new HookInput(null, project.toString(), null), project));
        assertFalse(HookRecorder.record("be", HookInput.EMPTY, project));
        assertFalse(Files.exists(project.resolve(".termsprawl")));
    }

    @Test
    void noProjectAtAllRecordsNothing() {
        assertFalse(HookRecorder.record("be", new HookInput("/t/s.jsonl", null, null), null));
    }

    @Test
    void overwritesThePreviousSession() throws IOException {
        HookRecorder.record("be", new HookInput("/t/old.jsonl", null, null), project);
        assertTrue(HookRecorder.record("be", new HookInput("/t/new.jsonl", null, null), project));
        // a resumed session is recorded still (its agent is told its node again), the entry unchanged
        assertTrue(HookRecorder.record("be", new HookInput("/t/new.jsonl", null, null), project));
        assertEquals(
                Path.of("/t/new.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
    }

    @Test
    void unwritableProjectIsNotAnError() throws IOException {
        Fixtures.write(project.resolve(".termsprawl"), "a file in the way");
        assertFalse(HookRecorder.record("be", new HookInput("/t/s.jsonl", null, null), project));
    }

    /** After {@code /clear} the hook records a new transcript: the first session's turn files stay. */
    @Test
    void aClearedSessionKeepsTheTurnFilesOfTheOneBefore() throws IOException {
        Path a = Fixtures.write(
                tmp.resolve("home/a.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"sessionId\":\"a\","
                        + "\"timestamp\":\"2025-01-01T00:00:01Z\",\"message\":{\"role\":\"user\","
                        + "\"content\":\"first session\"}}\n");
        Path b = Fixtures.write(
                tmp.resolve("home/b.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"v1\",\"parentUuid\":null,\"sessionId\":\"b\","
                        + "\"timestamp\":\"2025-01-02T00:00:01Z\",\"message\":{\"role\":\"user\","
                        + "\"content\":\"after clear\"}}\n");
        Path dir = project.resolve(".termsprawl/history/be");
        assertTrue(HookRecorder.record("be", new HookInput(a.toString(), project.toString(), null), project));
        try (History h = new History(new ProjectLayout(project), true)) {
            assertEquals(1, h.update("be").turns());
        }
        assertTrue(HookRecorder.record("be", new HookInput(b.toString(), project.toString(), null), project));
        assertTrue(HookRecorder.record("be", new HookInput(b.toString(), project.toString(), null), project));
        try (History h = new History(new ProjectLayout(project), true)) {
            assertEquals(1, h.update("be").turns());
        }
        assertTrue(Files.readString(dir.resolve("turn-0000-user.md")).contains("after clear"));
        assertTrue(Files.readString(dir.resolve("sessions/a/turn-0000-user.md")).contains("first session"));
        assertTrue(Files.readString(dir.resolve("index.md")).contains("sessions/a/index.md · 1 turn of the claude"));
        assertEquals(
                b, new TranscriptIndex(new ProjectLayout(project)).read("be").path());
        assertEquals(
                a,
                new TranscriptIndex(new ProjectLayout(project))
                        .earlier("be")
                        .get(0)
                        .path());
    }
}
