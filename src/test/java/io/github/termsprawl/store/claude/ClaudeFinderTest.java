package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.store.AgentFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeFinderTest {
    @TempDir
    Path tmp;

    Path claude;
    Path project;
    ClaudeFinder projects;

    @BeforeEach
    void setUp() throws IOException {
        claude = tmp.resolve("claude");
        project = Files.createDirectories(tmp.resolve("my project.v2"));
        projects = new ClaudeFinder(claude);
    }

    Path sessionDir() {
        return claude.resolve("projects").resolve(ClaudeFinder.slug(project.toString()));
    }

    Path session(String name, long mtime) throws IOException {
        Path f = Fixtures.write(sessionDir().resolve(name), "{}\n");
        Files.setLastModifiedTime(f, FileTime.fromMillis(mtime));
        return f;
    }

    @Test
    void slugReplacesEveryNonAlphanumeric() {
        assertEquals("-home-u-my-project-v2", ClaudeFinder.slug("/home/u/my project.v2"));
        assertEquals("C--Users-u-p", ClaudeFinder.slug("C:\\Users\\u\\p"));
        assertEquals("-tmp-caf--x", ClaudeFinder.slug("/tmp/caf\u00e9_x"));
        assertEquals("-tmp----", ClaudeFinder.slug("/tmp/\uD83D\uDE00-"));
        assertEquals("AZaz09", ClaudeFinder.slug("AZaz09"));
    }

    @Test
    void slugOfLongPathsGetsAHash() {
        String p200 = "/" + "a".repeat(199);
        assertEquals("-" + "a".repeat(199), ClaudeFinder.slug(p200));
        String path = "/home/dev/" + "project-".repeat(30) + "end"; // 253 chars
        String slug = ClaudeFinder.slug(path);
        assertEquals(("-home-dev-" + "project-".repeat(30)).substring(0, 200) + "-lgqiq0", slug);
        // the hash is taken of the path, not of the slug
        assertEquals(
                ("-tmp-" + "-".repeat(210)).substring(0, 200) + "-jvwydj",
                ClaudeFinder.slug("/tmp/" + "\u00e9".repeat(210)));
    }

    @Test
    void slugHashOfMinIntHashCode() {
        // "f5a5a608" hashes to 0, so the whole string hashes like "polygenelubricants": Integer.MIN_VALUE
        String path = "f5a5a608".repeat(26) + "polygenelubricants";
        assertEquals(Integer.MIN_VALUE, path.hashCode());
        // Math.abs in JavaScript gives 2147483648, never a negative number
        assertEquals(path.substring(0, 200) + "-zik0zk", ClaudeFinder.slug(path));
    }

    @Test
    void latestIsTheNewestSessionSkippingAgentFiles() throws IOException {
        session("11111111-1111-1111-1111-111111111111.jsonl", 1_000_000L);
        Path newest = session("22222222-2222-2222-2222-222222222222.jsonl", 3_000_000L);
        session("agent-abc.jsonl", 9_000_000L);
        session("notes.txt", 9_000_000L);
        Files.createDirectories(sessionDir().resolve("dir.jsonl"));
        Files.setLastModifiedTime(sessionDir().resolve("dir.jsonl"), FileTime.fromMillis(9_000_000L));
        assertEquals(newest, projects.latest(project).path());
    }

    @Test
    void latestIsNullWithoutSessions() throws IOException {
        assertNull(projects.latest(project));
        Files.createDirectories(sessionDir());
        assertNull(projects.latest(project));
    }

    @Test
    void sessionById() throws IOException {
        Path s = session("11111111-1111-1111-1111-111111111111.jsonl", 1L);
        assertEquals(s, projects.session(project, "11111111-1111-1111-1111-111111111111"));
        assertNull(projects.session(project, "99999999-1111-1111-1111-111111111111"));
    }

    @Test
    void sessionIdShape() {
        assertEquals(true, ClaudeFinder.isSessionId("0a1b2c3d-4e5f-6789-abcd-ef0123456789"));
        assertEquals(false, ClaudeFinder.isSessionId("latest"));
        assertEquals(false, ClaudeFinder.isSessionId("0a1b2c3d-4e5f-6789-abcd-ef0123456789.jsonl"));
        assertEquals(true, ClaudeFinder.isSessionId("0A1B2C3D-4E5F-6789-ABCD-EF0123456789"));
        assertEquals(false, ClaudeFinder.isSessionId("0a1b2c3d-4e5f-6789-abcd-ef012345678g"));
        assertEquals(false, ClaudeFinder.isSessionId("0a1b2c3d4-e5f-6789-abcd-ef0123456789"));
        assertEquals(false, ClaudeFinder.isSessionId("0a1b2c3d-4e5f-6789-abcd_ef0123456789"));
        assertEquals(false, ClaudeFinder.isSessionId("0a1b2c3d-4e5f-6789-abcd-ef012345678"));
        assertEquals(false, ClaudeFinder.isSessionId("../../etc/passwd"));
    }

    @Test
    void configDirFromEnvironment() {
        assertEquals(
                Path.of("/cfg"),
                ClaudeFinder.fromEnvironment(Map.of("CLAUDE_CONFIG_DIR", "/cfg"), Path.of("/home/u"))
                        .claudeDir());
        assertEquals(
                Path.of("/home/u/.claude"),
                ClaudeFinder.fromEnvironment(Map.of(), Path.of("/home/u")).claudeDir());
        assertEquals(
                Path.of("/home/u/.claude"),
                ClaudeFinder.fromEnvironment(Map.of("CLAUDE_CONFIG_DIR", " "), Path.of("/home/u"))
                        .claudeDir());
        // as for the other stores' variables, ~ is the home folder
        assertEquals(
                Path.of("/home/u/claude-cfg"),
                ClaudeFinder.fromEnvironment(Map.of("CLAUDE_CONFIG_DIR", "~/claude-cfg"), Path.of("/home/u"))
                        .claudeDir());
        assertEquals(
                Path.of("/home/u"),
                ClaudeFinder.fromEnvironment(Map.of("CLAUDE_CONFIG_DIR", "~"), Path.of("/home/u"))
                        .claudeDir());
    }

    @Test
    void homeIsTheEnvironmentsHomeFirst() {
        assertEquals(Path.of("/elsewhere/me"), AgentFolders.home(Map.of("HOME", "/elsewhere/me")));
        assertEquals(Path.of("/elsewhere/me"), AgentFolders.home(Map.of("HOME", "/elsewhere/./me/")));
        assertEquals(Path.of(System.getProperty("user.home")), AgentFolders.home(Map.of()));
        assertEquals(Path.of(System.getProperty("user.home")), AgentFolders.home(Map.of("HOME", "  ")));
        assertEquals(Path.of("rel").toAbsolutePath(), AgentFolders.home(Map.of("HOME", "rel")));
    }

    @Test
    void longProjectPathsAreFoundByPrefix() throws IOException {
        Path deep = Files.createDirectories(tmp.resolve("d".repeat(120)).resolve("e".repeat(120)));
        String slug = ClaudeFinder.slug(deep.toString());
        // a Bun-built Claude Code uses another hash after the same 200-char prefix
        Path bunDir = claude.resolve("projects").resolve(slug.substring(0, 200) + "-zzzz");
        Path f = Fixtures.write(bunDir.resolve("33333333-3333-3333-3333-333333333333.jsonl"), "{}\n");
        assertEquals(f, projects.latest(deep).path());
        assertEquals(f, projects.session(deep, "33333333-3333-3333-3333-333333333333"));
    }
}
