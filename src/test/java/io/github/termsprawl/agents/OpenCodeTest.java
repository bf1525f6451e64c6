package io.github.termsprawl.agents;

import static io.github.termsprawl.agents.AnthropicStandIn.text;
import static io.github.termsprawl.agents.AnthropicStandIn.tool;
import static io.github.termsprawl.agents.Conversation.DONE;
import static io.github.termsprawl.agents.Conversation.FIRST;
import static io.github.termsprawl.agents.Conversation.HELLO;
import static io.github.termsprawl.agents.Conversation.SECOND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Located;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real OpenCode 1.18 in a project where discover ran, against the stand-in chat completions API: through
 * {@code opencode run} (the v1 {@code message} and {@code part} tables) a text reply, a file edit, a shell
 * command and a subagent (the {@code task} tool: a child session); through {@code opencode serve}'s session
 * API the same in the v2 tables ({@code session_input}, {@code session_message}). What it wrote is then read
 * as termsprawl reads it.
 */
class OpenCodeTest {
    @TempDir
    Path tmp;

    static final String CHILD = "There are 2 files here.";
    static final String COUNTED = "The subagent counted 2 files.";
    static final String SUMMARY = "Summary: the field size was added to A and a subagent counted 2 files.";

    /** The calls of {@link #script} in the tools of 1.18's session API: its edit names the file {@code path}; no {@code task}. */
    static AnthropicStandIn.Turn[] v2Script(Path a) {
        return Conversation.script(edit("path", a), tool("call_bash", "bash", "{\"command\":\"ls A.java\"}"));
    }

    /** The conversation, then a subagent (the {@code task} tool) that counts the files. */
    static AnthropicStandIn.Turn[] script(Path a) {
        return Conversation.script(
                edit("filePath", a),
                tool("call_bash", "bash", "{\"command\":\"ls A.java\",\"description\":\"list A\"}"),
                tool(
                        "call_task",
                        "task",
                        "{\"description\":\"count files\",\"prompt\":\"count the files here\",\"subagent_type\":\"general\"}"),
                text(CHILD),
                text(COUNTED));
    }

    /** OpenCode's edit of A, the file named by {@code key}. */
    private static AnthropicStandIn.Turn edit(String key, Path a) {
        return tool(
                "call_edit",
                "edit",
                "{\"" + key + "\":" + StandInServer.str(a.toString())
                        + ",\"oldString\":\"class A {\\n\",\"newString\":\"class A {\\n    int size;\\n\"}");
    }

    @Test
    void opencodeRunWritesASessionWithAChildThatReadsWhole() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(script(a))) {
            OpenCode opencode = new OpenCode(project, api);
            Conversation.have(opencode::run, a, "--continue");
            AgentRun.Result r = opencode.run("delegate the count", "--continue");
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.stdout().contains(COUNTED), r.describe());
            List<String[]> sessions = sessions(opencode.database());
            // a compaction, as the TUI's /compact asks for one: the session API's summarize
            api.summaries(SUMMARY);
            try (OpenCode.Server server = opencode.serve()) {
                String dir =
                        java.net.URLEncoder.encode(project.root().toString(), java.nio.charset.StandardCharsets.UTF_8);
                server.call(
                        "POST",
                        "/session/" + sessions.get(0)[0] + "/summarize?directory=" + dir,
                        "{\"providerID\":\"standin\",\"modelID\":\"" + OpenAiStandIn.MODEL + "\"}");
            }
            sessions = sessions(opencode.database());
            assertEquals(2, sessions.size(), "one session and its child");
            Located latest = SessionProof.locate(project, opencode.env(null), "opencode:latest");
            assertEquals(opencode.database(), latest.path());
            assertEquals(sessions.get(0)[0], latest.session()); // the parent, never its child
            assertEquals(latest.session(), sessions.get(1)[1]);
            KeptSessions.keepText(OpenCode.AGENT, "run.sql", OpenCodeDump.dump(opencode.database()));
            proveRun(SessionProof.record(project, "backend", latest), sessions.get(1)[0], latest);
        }
    }

    /** What every reading of the run's session shows, whether just written or rebuilt from its dump. */
    static void proveRun(SessionProof proof, String child, Located session) throws Exception {
        // what OpenCode sends next starts at the compaction's summary
        try (io.github.termsprawl.store.opencode.OpenCodeDatabases dbs =
                new io.github.termsprawl.store.opencode.OpenCodeDatabases()) {
            List<io.github.termsprawl.store.Message> live = new io.github.termsprawl.store.opencode.OpenCodeSession(dbs)
                    .live(new io.github.termsprawl.core.TranscriptIndex.Entry(
                            session.path(), session.store(), session.session()));
            assertTrue(live.get(0).has(io.github.termsprawl.store.Message.Flag.COMPACT_SUMMARY), live.toString());
            assertEquals(SUMMARY, live.get(0).text());
        }
        String file = proof.fileView();
        for (String said : List.of(FIRST, HELLO, SECOND, DONE, "delegate the count", COUNTED)) {
            assertTrue(file.contains(said), said + " in\n" + file);
        }
        assertTrue(!file.contains(CHILD), file); // a subagent never prints in the context view
        assertTrue(!file.contains(SUMMARY), file); // nor does a compaction's summary in the file view
        // the live view: what OpenCode sends next, the summary the compaction (the run's last step) left
        String live = proof.liveView();
        assertTrue(live.endsWith("## user\n" + SUMMARY + "\n"), live);
        assertTrue(!live.contains(HELLO) && !live.contains(CHILD), live);
        assertTrue(proof.statsWithNothingUnknown().contains("store=opencode"));
        Map<String, String> files =
                proof.assertTurnFilesHold(List.of(FIRST, HELLO, DONE, "ls A.java", "edit", COUNTED));
        assertTrue(
                files.keySet().stream().anyMatch(f -> f.startsWith("agents/" + child + "/")),
                files.keySet().toString());
        proof.assertAskSends("Which field was added?", List.of(FIRST, HELLO, SECOND, DONE, "ls A.java", COUNTED));
    }

    /** What every reading of the served session shows (v2 tables only), whether just written or rebuilt. */
    static void proveServe(SessionProof proof) throws Exception {
        proof.assertConversation("opencode", List.of(), List.of("int size"));
    }

    /** The database's sessions, oldest first: id and parent id. */
    static List<String[]> sessions(Path db) throws Exception {
        List<String[]> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement s =
                        c.prepareStatement("SELECT id, parent_id FROM session ORDER BY time_created, id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new String[] {rs.getString(1), rs.getString(2)});
            }
        }
        return out;
    }

    @Test
    void theSessionApiOfOpencodeServeWritesTheV2TablesThatReadWhole() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        Path a = project.write("A.java", Conversation.A);
        try (OpenAiStandIn api = OpenAiStandIn.inOrder(v2Script(a))) {
            OpenCode opencode = new OpenCode(project, api);
            String session;
            try (OpenCode.Server server = opencode.serve()) {
                String dir =
                        java.net.URLEncoder.encode(project.root().toString(), java.nio.charset.StandardCharsets.UTF_8);
                Map<String, Object> created =
                        Json.asObject(Json.parse(server.call("POST", "/api/session?directory=" + dir, "{}")));
                session = (String) Json.asObject(created.get("data")).get("id");
                int replies = 0;
                for (String prompt : List.of(FIRST, SECOND)) {
                    server.call(
                            "POST",
                            "/api/session/" + session + "/prompt",
                            "{\"prompt\":{\"text\":" + StandInServer.str(prompt) + "}}");
                    replies++;
                    awaitStops(opencode.database(), session, replies);
                }
            }
            assertEquals("class A {\n    int size;\n}\n", Files.readString(a));
            List<String[]> sessions = sessions(opencode.database());
            assertEquals(session, sessions.get(0)[0]);
            KeptSessions.keepText(OpenCode.AGENT, "serve.sql", OpenCodeDump.dump(opencode.database()));
            Located latest = SessionProof.locate(project, opencode.env(null), "opencode:latest");
            assertEquals(session, latest.session());
            proveServe(SessionProof.record(project, "backend", latest));
        }
    }

    /**
     * Waits (a guard, not a measure) until the session has {@code n} assistant messages that stopped, through one
     * read-only connection held while it waits: OpenCode sets WAL mode before its busy timeout, so a reader
     * that opened the database again and again could make it fail to start (docs/stores.md).
     */
    private static void awaitStops(Path db, String session, int n) throws Exception {
        long end = System.nanoTime() + OpenCode.RUN_TIMEOUT.toNanos();
        Connection c = null;
        try {
            while (System.nanoTime() < end) {
                try {
                    if (c == null && Files.isRegularFile(db)) {
                        org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
                        config.setReadOnly(true);
                        c = config.createConnection("jdbc:sqlite:" + db);
                    }
                    if (c != null) {
                        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM session_message WHERE"
                                + " session_id = ? AND type = 'assistant' AND data LIKE '%\"finish\":\"stop\"%'")) {
                            s.setString(1, session);
                            try (ResultSet rs = s.executeQuery()) {
                                if (rs.next() && rs.getInt(1) >= n) {
                                    return;
                                }
                            }
                        }
                    }
                } catch (java.sql.SQLException e) {
                    // busy, or the table not made yet: look again
                }
                Thread.sleep(200);
            }
        } finally {
            if (c != null) {
                c.close();
            }
        }
        throw new AssertionError("the session's reply " + n + " did not stop within " + OpenCode.RUN_TIMEOUT);
    }
}
