package io.github.termsprawl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.store.claude.ClaudeFinder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptLocatorTest {
    @TempDir
    Path tmp;

    Path project;
    ClaudeFinder claude;
    TranscriptLocator locator;

    @BeforeEach
    void setUp() throws IOException {
        project = Files.createDirectories(tmp.resolve("proj"));
        claude = new ClaudeFinder(tmp.resolve("claude"));
        locator = new TranscriptLocator(project, claude, Map.of(), tmp.resolve("home"));
    }

    Path sessionDir() {
        return tmp.resolve("claude/projects").resolve(ClaudeFinder.slug(project.toString()));
    }

    @Test
    void pathIsMadeAbsolute() throws Exception {
        Path f = Fixtures.write(project.resolve("logs/s.jsonl"), "{}\n");
        assertEquals(f, locator.locate("logs/s.jsonl").path());
        assertEquals(f, locator.locate("./logs/../logs/s.jsonl").path());
        assertEquals(f, locator.locate(f.toString()).path());
        assertTrue(locator.locate("logs/s.jsonl").path().isAbsolute());
    }

    @Test
    void sessionId() throws Exception {
        Path f = Fixtures.write(sessionDir().resolve("0a1b2c3d-4e5f-6789-abcd-ef0123456789.jsonl"), "{}\n");
        assertEquals(f, locator.locate("0a1b2c3d-4e5f-6789-abcd-ef0123456789").path());
    }

    @Test
    void latest() throws Exception {
        Path old = Fixtures.write(sessionDir().resolve("11111111-1111-1111-1111-111111111111.jsonl"), "{}\n");
        Path recent = Fixtures.write(sessionDir().resolve("22222222-2222-2222-2222-222222222222.jsonl"), "{}\n");
        Files.setLastModifiedTime(old, FileTime.fromMillis(1_000L));
        Files.setLastModifiedTime(recent, FileTime.fromMillis(2_000L));
        assertEquals(recent, locator.locate("latest").path());
        Files.setLastModifiedTime(old, FileTime.fromMillis(3_000L));
        assertEquals(old, locator.locate("latest").path());
    }

    @Test
    void noSessionsIsAClearUserError() {
        UserErrorException e = assertThrows(
                UserErrorException.class, () -> locator.locate("latest").path());
        assertTrue(e.getMessage().startsWith("No Claude Code session found for " + project), e.getMessage());
        assertTrue(e.getMessage().contains(sessionDir().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("CLAUDE_CONFIG_DIR"), e.getMessage());
    }

    @Test
    void unknownSessionIsAClearUserError() throws IOException {
        Files.createDirectories(sessionDir());
        UserErrorException e = assertThrows(
                UserErrorException.class,
                () -> locator.locate("99999999-9999-9999-9999-999999999999").path());
        assertTrue(e.getMessage().contains("99999999-9999-9999-9999-999999999999"), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains(sessionDir()
                                .resolve("99999999-9999-9999-9999-999999999999.jsonl")
                                .toString()),
                e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void missingFileIsAClearUserError() throws IOException {
        UserErrorException e = assertThrows(
                UserErrorException.class, () -> locator.locate("nope.jsonl").path());
        assertEquals(
                "Transcript file not found: " + project.resolve("nope.jsonl")
                        + ". Pass an existing file, a Claude Code session id, 'latest' or '<store>:latest'.",
                e.getMessage());
        Files.createDirectories(project.resolve("dir.jsonl"));
        assertThrows(UserErrorException.class, () -> locator.locate("dir.jsonl").path());
    }

    @Test
    void invalidPathIsAUserError() {
        assertThrows(
                UserErrorException.class, () -> locator.locate("bad\u0000path").path());
    }
}
