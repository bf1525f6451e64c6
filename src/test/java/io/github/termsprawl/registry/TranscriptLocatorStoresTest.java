package io.github.termsprawl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.claude.ClaudeFinder;
import io.github.termsprawl.store.gemini.GeminiFinder;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import io.github.termsprawl.store.opencode.OpenCodeFinder;
import io.github.termsprawl.store.pi.PiFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -Dtermsprawl.transcript=<store>:latest}: the newest session of that agent whose folder is the project. */
class TranscriptLocatorStoresTest {
    @TempDir
    Path tmp;

    private Path project() throws Exception {
        return Files.createDirectories(tmp.resolve("work/my project")).toRealPath();
    }

    private static void age(Path file, long millis) throws Exception {
        Files.setLastModifiedTime(file, FileTime.fromMillis(millis));
    }

    private TranscriptLocator locator(Path project, Map<String, String> env) {
        return TranscriptLocator.fromEnvironment(project, env, tmp.resolve("home"));
    }

    @Test
    void codexMatchesSessionMetaCwdAndSkipsOtherFoldersAndSubagents() throws Exception {
        Path project = project();
        Path sessions = tmp.resolve("codex/sessions/2026/01/02");
        Path mine = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T10-00-00-a.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"a\",\"cwd\":\"" + project
                        + "\",\"source\":\"cli\"}}");
        Path other = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T11-00-00-b.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"b\",\"cwd\":\"/elsewhere\"}}");
        Path sub = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T12-00-00-c.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"c\",\"cwd\":\"" + project
                        + "\",\"source\":{\"subagent\":{\"thread_spawn\":{}}}}}");
        age(mine, 1000);
        age(other, 2000);
        age(sub, 3000);
        Located found = locator(
                        project, Map.of("CODEX_HOME", tmp.resolve("codex").toString()))
                .locate("codex:latest");
        assertEquals(new Located(mine, "codex", null), found);
        UserErrorException e = assertThrows(
                UserErrorException.class,
                // a folder above the project would own its sessions (a module's): a sibling owns none
                () -> locator(
                                Files.createDirectories(tmp.resolve("work/other")),
                                Map.of("CODEX_HOME", tmp.resolve("codex").toString()))
                        .locate("codex:latest"));
        assertTrue(e.getMessage().startsWith("No Codex session found for "), e.getMessage());
    }

    /** A session started in a module (a folder inside the project) belongs to the project; a sibling does not. */
    @Test
    void codexTakesANewerSessionStartedInAModule() throws Exception {
        Path project = project();
        Path sessions = tmp.resolve("codex/sessions/2026/01/02");
        Path root = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T10-00-00-a.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"a\",\"cwd\":\"" + project + "\"}}");
        Path module = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T11-00-00-b.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"b\",\"cwd\":\"" + project.resolve("module-a")
                        + "\"}}");
        Path sibling = StoreFixtures.jsonl(
                sessions.resolve("rollout-2026-01-02T12-00-00-c.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"c\",\"cwd\":\"" + project + "-old/module-a\"}}");
        age(root, 1000);
        age(module, 2000);
        age(sibling, 3000);
        Map<String, String> env = Map.of("CODEX_HOME", tmp.resolve("codex").toString());
        assertEquals(new Located(module, "codex", null), locator(project, env).locate("codex:latest"));
        // from the module itself, the module's session is found too; the root's is not inside it
        age(root, 4000);
        assertEquals(
                new Located(module, "codex", null),
                locator(project.resolve("module-a"), env).locate("codex:latest"));
    }

    @Test
    void piTakesANewerSessionStartedInAModuleButNotASiblingsOfTheSameName() throws Exception {
        Path project = project();
        Path sessions = tmp.resolve("pi-agent/sessions");
        Path root = StoreFixtures.jsonl(
                sessions.resolve(PiFinder.folderName(project.toString())).resolve("2026-01-01_a.jsonl"),
                "{\"type\":\"session\",\"cwd\":\"" + project + "\"}");
        Path module = StoreFixtures.jsonl(
                sessions.resolve(PiFinder.folderName(project.resolve("module-a").toString()))
                        .resolve("2026-01-02_b.jsonl"),
                "{\"type\":\"session\",\"cwd\":\"" + project.resolve("module-a") + "\"}");
        // "my project-old" folds to the same prefix as a module "old" would: its header says it is not one
        Path sibling = StoreFixtures.jsonl(
                sessions.resolve(PiFinder.folderName(project + "-old")).resolve("2026-01-03_c.jsonl"),
                "{\"type\":\"session\",\"cwd\":\"" + project + "-old\"}");
        age(root, 1000);
        age(module, 2000);
        age(sibling, 3000);
        Map<String, String> env =
                Map.of("PI_CODING_AGENT_DIR", tmp.resolve("pi-agent").toString());
        assertEquals(new Located(module, "pi", null), locator(project, env).locate("pi:latest"));
        age(root, 4000);
        assertEquals(new Located(root, "pi", null), locator(project, env).locate("pi:latest"));
    }

    @Test
    void claudeLatestTakesANewerSessionStartedInAModuleButNotASiblings() throws Exception {
        Path project = project();
        Path projects = tmp.resolve("claude/projects");
        String slug = ClaudeFinder.slug(project.toString());
        String line = "{\"type\":\"user\",\"cwd\":\"%s\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}";
        Path root = StoreFixtures.jsonl(
                projects.resolve(slug).resolve("11111111-1111-1111-1111-111111111111.jsonl"),
                "{\"type\":\"summary\",\"summary\":\"s\"}",
                String.format(line, project));
        Path module = StoreFixtures.jsonl(
                projects.resolve(ClaudeFinder.slug(project.resolve("module-a").toString()))
                        .resolve("22222222-2222-2222-2222-222222222222.jsonl"),
                String.format(line, project.resolve("module-a")));
        Path sibling = StoreFixtures.jsonl(
                projects.resolve(ClaudeFinder.slug(project + "-old"))
                        .resolve("33333333-3333-3333-3333-333333333333.jsonl"),
                String.format(line, project + "-old"));
        age(root, 1000);
        age(module, 2000);
        age(sibling, 3000);
        Map<String, String> env =
                Map.of("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
        assertEquals(module, locator(project, env).locate("latest").path());
        age(root, 4000);
        assertEquals(root, locator(project, env).locate("claude:latest").path());
    }

    @Test
    void openCodeTakesANewerSessionStartedInAModule() throws Exception {
        Path project = project();
        Path data = tmp.resolve("xdg/opencode");
        Files.createDirectories(data);
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(data.resolve("opencode.db"))) {
            w.schema();
            w.session("ses_root", null, project.toString(), 10);
            w.session("ses_module", null, project.resolve("module-a").toString(), 20);
            w.session("ses_sibling", null, project + "-old", 30);
            w.session("ses_case", null, project.toString().toUpperCase(java.util.Locale.ROOT) + "/module-a", 40);
        }
        assertEquals(
                new Located(data.resolve("opencode.db"), "opencode", "ses_module"),
                locator(project, Map.of("XDG_DATA_HOME", tmp.resolve("xdg").toString()))
                        .locate("opencode:latest"));
    }

    @Test
    void openCodeJsonStorageTakesAModuleSession() throws Exception {
        Path project = project();
        Path storage = tmp.resolve("home/.local/share/opencode/storage");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_a.json"),
                "{\"id\":\"ses_a\",\"directory\":\"" + project + "\",\"time\":{\"updated\":5}}");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_b.json"),
                "{\"id\":\"ses_b\",\"directory\":\"" + project.resolve("module-a") + "\",\"time\":{\"updated\":9}}");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_c.json"),
                "{\"id\":\"ses_c\",\"directory\":\"" + project + "-old\",\"time\":{\"updated\":19}}");
        Files.createDirectories(storage.resolve("message"));
        assertEquals(
                new Located(storage, "opencode", "ses_b"),
                locator(project, Map.of()).locate("opencode:latest"));
    }

    @Test
    void aRelativeStoreFolderIsRecordedAsAnAbsolutePath() throws Exception {
        // a relative CODEX_HOME means the folder where Maven runs; the index resolves relative paths
        // against the project instead, so what is recorded must not stay relative
        Path project = project();
        Path mine = StoreFixtures.jsonl(
                tmp.resolve("codex/sessions/2026/01/02/rollout-2026-01-02T10-00-00-a.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"id\":\"a\",\"cwd\":\"" + project + "\"}}");
        Path pi = StoreFixtures.jsonl(
                tmp.resolve("pi-agent/sessions")
                        .resolve(PiFinder.folderName(project.toString()))
                        .resolve("2026-01-01_a.jsonl"),
                "{\"type\":\"session\",\"cwd\":\"x\"}");
        Path here = Path.of("").toAbsolutePath();
        Map<String, String> env = Map.of(
                "CODEX_HOME", here.relativize(tmp.resolve("codex")).toString(),
                "PI_CODING_AGENT_DIR", here.relativize(tmp.resolve("pi-agent")).toString());
        assertEquals(mine, locator(project, env).locate("codex:latest").path());
        assertEquals(pi, locator(project, env).locate("pi:latest").path());
    }

    @Test
    void piUsesItsFolderNameForTheProject() throws Exception {
        Path project = project();
        assertEquals("--home-u-my proj--", PiFinder.folderName("/home/u/my proj"));
        Path dir = tmp.resolve("pi-agent/sessions").resolve(PiFinder.folderName(project.toString()));
        Path old = StoreFixtures.jsonl(dir.resolve("2026-01-01_a.jsonl"), "{\"type\":\"session\",\"cwd\":\"x\"}");
        Path newest = StoreFixtures.jsonl(dir.resolve("2026-01-02_b.jsonl"), "{\"type\":\"session\",\"cwd\":\"x\"}");
        age(old, 1000);
        age(newest, 2000);
        assertEquals(
                new Located(newest, "pi", null),
                locator(
                                project,
                                Map.of(
                                        "PI_CODING_AGENT_DIR",
                                        tmp.resolve("pi-agent").toString()))
                        .locate("pi:latest"));
        // default: ~/.pi/agent
        Path home = tmp.resolve("home/.pi/agent/sessions").resolve(PiFinder.folderName(project.toString()));
        Path viaHome = StoreFixtures.jsonl(home.resolve("2026-01-03_c.jsonl"), "{\"type\":\"session\",\"cwd\":\"x\"}");
        assertEquals(viaHome, locator(project, Map.of()).locate("pi:latest").path());
    }

    @Test
    void geminiMatchesTheProjectHashInHashOrSlugFolders() throws Exception {
        Path project = project();
        String hash = GeminiFinder.projectHash(project.toString());
        Path gemini = tmp.resolve("ghome/.gemini/tmp");
        Path legacy = StoreFixtures.write(
                gemini.resolve(hash + "/chats/session-2025-12-01T10-00-aaaaaaaa.json"),
                "{\n  \"sessionId\": \"s1\",\n  \"projectHash\": \"" + hash + "\",\n  \"messages\": []\n}\n");
        Path slugged = StoreFixtures.jsonl(
                gemini.resolve("my-project/chats/session-2026-01-01T10-00-bbbbbbbb.jsonl"),
                "{\"sessionId\":\"s2\",\"projectHash\":\"" + hash + "\",\"startTime\":\"t\",\"kind\":\"main\"}");
        Path sub = StoreFixtures.jsonl(
                gemini.resolve("my-project/chats/s2/session-sub.jsonl"),
                "{\"sessionId\":\"s3\",\"projectHash\":\"" + hash + "\"}");
        Path foreign = StoreFixtures.jsonl(
                gemini.resolve("other/chats/session-2026-01-02T10-00-cccccccc.jsonl"),
                "{\"sessionId\":\"s4\",\"projectHash\":\"" + "0".repeat(64) + "\"}");
        age(legacy, 1000);
        age(slugged, 2000);
        age(sub, 3000);
        age(foreign, 4000);
        Map<String, String> env = Map.of("GEMINI_CLI_HOME", tmp.resolve("ghome").toString());
        assertEquals(new Located(slugged, "gemini", null), locator(project, env).locate("gemini:latest"));
        age(legacy, 5000);
        assertEquals(legacy, locator(project, env).locate("gemini:latest").path());
    }

    @Test
    void openCodeFindsTheNewestTopLevelSessionOfTheFolder() throws Exception {
        Path project = project();
        Path data = tmp.resolve("xdg/opencode");
        Files.createDirectories(data);
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(data.resolve("opencode.db"))) {
            w.schema();
            w.session("ses_old", null, project.toString(), 10);
            w.session("ses_new", null, project.toString(), 20);
            w.session("ses_child", "ses_new", project.toString(), 30);
            w.session("ses_else", null, "/elsewhere", 40);
        }
        Located found = locator(
                        project, Map.of("XDG_DATA_HOME", tmp.resolve("xdg").toString()))
                .locate("opencode:latest");
        assertEquals(new Located(data.resolve("opencode.db"), "opencode", "ses_new"), found);
        // OPENCODE_DB names another database
        assertThrows(
                UserErrorException.class,
                () -> locator(
                                project,
                                Map.of("OPENCODE_DB", tmp.resolve("none.db").toString()))
                        .locate("opencode:latest"));
    }

    /** A database whose session table is a view that never ends: the lookup is interrupted and says so. */
    @Test
    void aQueryThatNeverEndsIsInterrupted() throws Exception {
        Path project = project();
        Path data = tmp.resolve("xdg/opencode");
        Files.createDirectories(data);
        try (java.sql.Connection c =
                        java.sql.DriverManager.getConnection("jdbc:sqlite:" + data.resolve("opencode.db"));
                java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE VIEW session AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
                    + " SELECT 'ses_' || n AS id, NULL AS parent_id, '" + project + "' AS directory, n AS time_updated"
                    + " FROM r");
        }
        OpenCodeFinder sessions = OpenCodeFinder.fromEnvironment(
                Map.of("XDG_DATA_HOME", tmp.resolve("xdg").toString()), tmp.resolve("home"));
        java.sql.SQLException e = assertThrows(
                java.sql.SQLException.class,
                () -> org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                        Fixtures.HANG_GUARD, () -> sessions.newest(project, 500)));
        assertTrue(e.getMessage().contains("interrupt"), e.getMessage());
    }

    @Test
    void openCodeJsonStorageBeforeTheDatabase() throws Exception {
        Path project = project();
        Path storage = tmp.resolve("home/.local/share/opencode/storage");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_a.json"),
                "{\"id\":\"ses_a\",\"directory\":\"" + project + "\",\"time\":{\"updated\":5}}");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_b.json"),
                "{\"id\":\"ses_b\",\"directory\":\"" + project + "\",\"time\":{\"updated\":9}}");
        StoreFixtures.write(
                storage.resolve("session/prj/ses_c.json"),
                "{\"id\":\"ses_c\",\"directory\":\"" + project
                        + "\",\"parentID\":\"ses_b\",\"time\":{\"updated\":99}}");
        Files.createDirectories(storage.resolve("message"));
        assertEquals(
                new Located(storage, "opencode", "ses_b"),
                locator(project, Map.of()).locate("opencode:latest"));
    }

    @Test
    void unknownAndRefusedStoresAreClearErrors() throws Exception {
        Path project = project();
        assertTrue(assertThrows(
                        UserErrorException.class,
                        () -> locator(project, Map.of()).locate("aider:latest"))
                .getMessage()
                .startsWith("Unknown store 'aider'"));
        assertTrue(assertThrows(
                        UserErrorException.class,
                        () -> locator(project, Map.of()).locate("cursor:latest"))
                .getMessage()
                .contains("cursor-agent"));
    }

    @Test
    void theIndexEntryCarriesStoreAndSession() throws Exception {
        Path project = project();
        TranscriptIndex index = new TranscriptIndex(new ProjectLayout(project));
        index.record("oc", "/data/opencode.db", "opencode", "ses_1");
        assertEquals(
                "{\n  \"version\": 1,\n  \"path\": \"/data/opencode.db\",\n  \"store\": \"opencode\",\n  \"session\": \"ses_1\"\n}\n",
                Files.readString(index.fileOf("oc")));
        assertEquals(new TranscriptIndex.Entry(Path.of("/data/opencode.db"), "opencode", "ses_1"), index.read("oc"));
    }
}
