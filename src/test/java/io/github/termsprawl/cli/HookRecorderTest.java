package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
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
            assertTrue(HookRecorder.record("be", new HookInput("/t/" + cwd.length() + ".jsonl", cwd), project), cwd);
            assertEquals(
                    Path.of("/t/" + cwd.length() + ".jsonl"),
                    new TranscriptIndex(new ProjectLayout(project)).read("be").path());
        }
        assertArrayEquals(
                Fixtures.utf8("{\n  \"version\": 1,\n  \"path\": \"/t/"
                        + project.toString().length() + ".jsonl\"\n}\n"),
                Files.readAllBytes(entry(project, "be")));
        assertFalse(Files.exists(other.resolve(".termsprawl")));
        assertFalse(Files.exists(sub.resolve(".termsprawl")));
        assertFalse(Files.exists(tmp.resolve(".termsprawl")));
        assertFalse(Files.exists(Path.of("..").resolve(".termsprawl/transcripts/be.json")));
    }

    @Test
    void aRelativeTranscriptIsReadAgainstTheSessionsFolder() throws IOException {
        assertTrue(HookRecorder.record("be", new HookInput("logs/s.jsonl", other.toString()), project));
        assertEquals(
                other.resolve("logs/s.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
    }

    @Test
    void defaultProjectWhenCwdIsAbsentOrNotAFolder() throws IOException {
        assertTrue(HookRecorder.record("a1", new HookInput("/t/1.jsonl", null), project));
        assertTrue(HookRecorder.record(
                "a2", new HookInput("/t/2.jsonl", tmp.resolve("missing").toString()), project));
        Path file = Fixtures.write(tmp.resolve("file"), "x");
        assertTrue(HookRecorder.record("a3", new HookInput("/t/3.jsonl", file.toString()), project));
        for (String id : new String[] {"a1", "a2", "a3"}) {
            assertTrue(Files.isRegularFile(entry(project, id)), id);
        }
        assertFalse(Files.exists(tmp.resolve("missing")));
    }

    @Test
    void relativeTranscriptIsMadeAbsoluteAgainstTheProject() throws IOException {
        assertTrue(HookRecorder.record("be", new HookInput("logs/s.jsonl", null), project));
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
                    HookRecorder.record(id, new HookInput("/t/s.jsonl", project.toString()), project),
                    String.valueOf(id));
        }
        assertFalse(Files.exists(project.resolve(".termsprawl")));
        assertFalse(Files.exists(tmp.resolve("etc.json")));
    }

    @Test
    void missingTranscriptPathRecordsNothing() {
        assertFalse(HookRecorder.record("be", new HookInput(null, project.toString()), project));
        assertFalse(HookRecorder.record("be", HookInput.EMPTY, project));
        assertFalse(Files.exists(project.resolve(".termsprawl")));
    }

    @Test
    void noProjectAtAllRecordsNothing() {
        assertFalse(HookRecorder.record("be", new HookInput("/t/s.jsonl", null), null));
    }

    @Test
    void overwritesThePreviousSession() throws IOException {
        HookRecorder.record("be", new HookInput("/t/old.jsonl", null), project);
        assertTrue(HookRecorder.record("be", new HookInput("/t/new.jsonl", null), project));
        assertFalse(HookRecorder.record("be", new HookInput("/t/new.jsonl", null), project));
        assertEquals(
                Path.of("/t/new.jsonl"),
                new TranscriptIndex(new ProjectLayout(project)).read("be").path());
    }

    @Test
    void unwritableProjectIsNotAnError() throws IOException {
        Fixtures.write(project.resolve(".termsprawl"), "a file in the way");
        assertFalse(HookRecorder.record("be", new HookInput("/t/s.jsonl", null), project));
    }
}
