package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.opencode.OpenCodeDatabases;
import io.github.termsprawl.store.opencode.OpenCodeSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The databases the real OpenCode 1.18.33 wrote in {@link OpenCodeTest}, kept as SQL and rebuilt here, read
 * without npm: the same proofs as on a database just written; then rows of the 1.18 tables the harness cannot
 * make OpenCode write here, added in the shapes of 1.18.33's own schema (a share, a prompt still pending, a
 * compaction).
 */
class OpenCodeKeptTest {
    @TempDir
    Path tmp;

    private Path rebuild(AgentProject project, String dump) throws Exception {
        String sql = Files.readString(
                KeptSessions.unpack(OpenCode.AGENT, tmp.resolve("kept")).resolve(dump), StandardCharsets.UTF_8);
        return OpenCodeDump.restore(sql, project.home().resolve(".local/share/opencode/opencode.db"));
    }

    @Test
    void theKeptRunReadsAsTheFreshOneWithItsSubagent() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "run.sql");
        List<String[]> sessions = OpenCodeTest.sessions(db);
        assertEquals(2, sessions.size());
        Located session = new Located(db, Store.OPENCODE.id(), sessions.get(0)[0]);
        OpenCodeTest.proveRun(SessionProof.record(project, "backend", session), sessions.get(1)[0], session);
    }

    @Test
    void theKeptServedSessionReadsAsTheFreshOne() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "serve.sql");
        OpenCodeTest.proveServe(SessionProof.record(project, "backend", served(db)));
    }

    /**
     * The kept {@code opencode serve} database, its paths (the edit's file, the session's folder) naming
     * {@code project} instead of the folder of the run that was kept; {@code edit} changes the SQL first.
     */
    private Path servedIn(AgentProject project, java.util.function.UnaryOperator<String> edit) throws Exception {
        String sql = Files.readString(
                KeptSessions.unpack(OpenCode.AGENT, tmp.resolve("kept")).resolve("serve.sql"), StandardCharsets.UTF_8);
        java.util.regex.Matcher file = java.util.regex.Pattern.compile(
                        "\"tool\":\"edit\",\"input\":\\{\"path\":\"([^\"]+)/A\\.java\"")
                .matcher(sql);
        assertTrue(file.find(), "the kept serve session holds an edit by path");
        sql = edit.apply(sql.replace(file.group(1), project.root().toString()));
        return OpenCodeDump.restore(sql, project.home().resolve(".local/share/opencode/opencode.db"));
    }

    /**
     * {@code opencode serve}'s edit tool names its file {@code path} (the docs name only {@code filePath}): the kept
     * session's edit is a touch of the file (docs/touches.md, "Which calls count").
     */
    @Test
    void theServedSessionsEditNamesItsFileByPathAndIsATouch() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = servedIn(project, sql -> sql);
        String touches = SessionProof.record(project, "backend", served(db)).touches();
        assertTrue(
                CodexRollouts.untimed(touches)
                        .contains("{\"path\":\"A.java\",\"kind\":\"edit\",\"time\":\"…\",\"turn\":"),
                touches);
    }

    /**
     * A session whose row names a module folder ({@code directory}): a relative path of its shell command is taken
     * from there, not from the project's root (docs/touches.md, "Paths"). The kept session's {@code ls A.java} is
     * made an {@code rm}, a command that changes the file.
     */
    @Test
    void aServedSessionInAModuleFolderNamesItsShellFilesFromThere() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = servedIn(project, sql -> sql.replace("\"command\":\"ls A.java\"", "\"command\":\"rm A.java\""));
        exec(db, "UPDATE session SET directory = '" + project.root().resolve("module-a") + "'");
        String touches = CodexRollouts.untimed(
                SessionProof.record(project, "backend", served(db)).touches());
        assertTrue(touches.contains("{\"path\":\"module-a/A.java\",\"kind\":\"shell\""), touches);
        assertTrue(touches.contains("{\"path\":\"A.java\",\"kind\":\"edit\""), touches); // its absolute path
    }

    private static Located served(Path db) throws Exception {
        return new Located(db, Store.OPENCODE.id(), OpenCodeTest.sessions(db).get(0)[0]);
    }

    private static void exec(Path db, String... sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    @Test
    void aSharedSessionReadsTheSameAndItsSecretNeverShows() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "serve.sql");
        Located session = served(db);
        SessionProof before = SessionProof.record(project, "backend", session);
        String file = before.fileView();
        String live = before.liveView();
        // 1.18.33's session_share: session_id, id, secret, url, time_created, time_updated; and session.share_url
        exec(
                db,
                "INSERT INTO session_share VALUES ('" + session.session()
                        + "', 'shr_1', 'secret-of-the-share', 'https://opncd.ai/s/shr_1', 1, 1)",
                "UPDATE session SET share_url = 'https://opncd.ai/s/shr_1' WHERE id = '" + session.session() + "'");
        assertEquals(file, before.fileView());
        assertEquals(live, before.liveView());
        before.statsWithNothingUnknown();
        assertFalse(String.join("\n", before.turnFiles().values()).contains("secret-of-the-share"));
    }

    @Test
    void aPromptAdmittedButNotYetTakenPrintsAsTheLastUserTurn() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "serve.sql");
        Located session = served(db);
        // a session_input row as 1.18.33 admits one: its prompt, delivery, admitted_seq; promoted_seq still null
        exec(
                db,
                "INSERT INTO session_input VALUES ('msg_pending', '" + session.session()
                        + "', '{\"text\":\"and rename it to length\"}', 'queue', 99, NULL, 1796230000000)");
        SessionProof proof = SessionProof.record(project, "backend", session);
        String view = proof.fileView();
        assertTrue(view.strip().endsWith("## user\nand rename it to length"), view);
        proof.statsWithNothingUnknown();
        assertTrue(String.join("\n", proof.turnFiles().values()).contains("and rename it to length"));
    }

    @Test
    void aCompactionStartsWhatOpenCodeSendsNextAndTheFileViewKeepsAll() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "serve.sql");
        Located session = served(db);
        // Session.Message.Compaction of 1.18.33: reason, summary, recent; then the conversation goes on
        exec(
                db,
                "INSERT INTO session_message VALUES ('msg_compaction', '" + session.session()
                        + "', 'compaction', 1000, 1796230000000, 1796230000000,"
                        + " '{\"time\":{\"created\":1796230000000},\"reason\":\"manual\",\"summary\":\"The field size was"
                        + " added to A.\",\"recent\":\"\"}')",
                "INSERT INTO session_message VALUES ('msg_after', '" + session.session()
                        + "', 'user', 1001, 1796230000001, 1796230000001,"
                        + " '{\"time\":{\"created\":1796230000001},\"text\":\"now add a getter\"}')");
        SessionProof proof = SessionProof.record(project, "backend", session);
        String file = proof.fileView();
        assertTrue(file.contains("say hello") && file.contains("now add a getter"), file);
        proof.statsWithNothingUnknown();
        // what OpenCode would send next: the compaction's summary, then what followed it
        try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
            List<Message> live = new OpenCodeSession(dbs)
                    .live(new TranscriptIndex.Entry(db, Store.OPENCODE.id(), session.session()));
            assertEquals(2, live.size(), live.toString());
            assertTrue(live.get(0).has(Message.Flag.COMPACT_SUMMARY));
            assertEquals("The field size was added to A.", live.get(0).text());
            assertEquals("now add a getter", live.get(1).text());
        }
    }

    @Test
    void aPreDatabaseJsonSessionLeftBesideTheDatabaseIsFoundWhenNewerAndRead() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path db = rebuild(project, "run.sql");
        String parent = OpenCodeTest.sessions(db).get(0)[0];
        exec(
                db,
                "UPDATE session SET directory = '" + project.root() + "', time_updated = 2000 WHERE id = '" + parent
                        + "'");
        // the storage/ layout of OpenCode before 1.2 (session/<project>/, message/<session>/, part/<message>/)
        Path storage = project.home().resolve(".local/share/opencode/storage");
        write(
                storage.resolve("session/global/ses_legacy.json"),
                "{\"id\":\"ses_legacy\",\"directory\":"
                        + StandInServer.str(project.root().toString())
                        + ",\"title\":\"old\",\"time\":{\"created\":1000,\"updated\":3000}}");
        write(
                storage.resolve("message/ses_legacy/msg_1.json"),
                "{\"id\":\"msg_1\",\"sessionID\":\"ses_legacy\",\"role\":\"user\",\"time\":{\"created\":1000}}");
        write(
                storage.resolve("part/msg_1/prt_1.json"),
                "{\"id\":\"prt_1\",\"messageID\":\"msg_1\",\"type\":\"text\",\"text\":\"from before the database\"}");
        java.util.Map<String, String> env = project.env(null);
        Located latest = SessionProof.locate(project, env, "opencode:latest");
        assertEquals(new Located(storage, Store.OPENCODE.id(), "ses_legacy"), latest);
        SessionProof proof = SessionProof.record(project, "backend", latest);
        assertTrue(proof.fileView().contains("from before the database"), proof.fileView());
        proof.statsWithNothingUnknown();
        // the database's session updated later: it is the latest again
        exec(db, "UPDATE session SET time_updated = 4000 WHERE id = '" + parent + "'");
        assertEquals(
                new Located(db, Store.OPENCODE.id(), parent), SessionProof.locate(project, env, "opencode:latest"));
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
