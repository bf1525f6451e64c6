package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.Store;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The rollouts the real Codex CLI writes in {@link CodexExecTest}'s scenarios, and what termsprawl must make of
 * each: one set of assertions, run on a fresh rollout when npm can install Codex and always on the copies kept
 * under {@code src/test/resources/agents/codex-<version>/}.
 *
 * <p>A kept copy is the rollout byte for byte but for two paths, the project's and the home folder's, written
 * {@value #PROJECT} and {@value #HOME}: a test puts its own back ({@link #restore}). To refresh the copies after
 * a change of scenario or version: {@code ./mvnw test -Dtest='CodexExecTest'
 * -Dtermsprawl.codexCapture=src/test/resources/agents}.
 */
public final class CodexRollouts {
    public static final String PROJECT = "@PROJECT@";
    public static final String HOME = "@HOME@";
    public static final String CAPTURE_PROPERTY = "termsprawl.codexCapture";

    public static final String EDIT_PROMPT = "add a field to A";
    public static final String EDIT_ANSWER = "Added the field size to A.";
    public static final String SECOND_PROMPT = "and remove notes.txt";
    public static final String SECOND_ANSWER = "Removed notes.txt.";

    public static final String COMPACT_PROMPT = "echo one please";
    public static final String COMPACT_ANSWER = "Echoed one, after the compaction.";
    public static final String SUMMARY = "SUMMARY: the user asked to echo one.";

    public static final String SUBAGENT_PROMPT = "have a subagent add class B";
    public static final String SUBAGENT_TASK = "add an empty class B in src/B.java";
    public static final String SUBAGENT_ANSWER = "Added src/B.java.";
    public static final String PARENT_ANSWER = "The subagent added class B.";

    private CodexRollouts() {}

    /** Keeps {@code rollout} as {@code <capture>/codex-<version>/<name>.jsonl} when capturing. */
    static void capture(CodexExec codex, AgentProject project, String name, Path rollout) throws IOException {
        String into = System.getProperty(CAPTURE_PROPERTY, "");
        if (into.isBlank()) {
            return;
        }
        String text = Files.readString(rollout, StandardCharsets.UTF_8)
                .replace(project.home().toString(), HOME)
                .replace(project.root().toString(), PROJECT);
        AgentRun.write(Path.of(into).resolve("codex-" + codex.agent().version()).resolve(name + ".jsonl"), text);
    }

    /** A kept rollout, written into {@code project}'s home as Codex would have: its path there. */
    static Path restore(AgentProject project, String resource) throws IOException {
        String text;
        try (InputStream in = CodexRollouts.class.getResourceAsStream("/agents/" + resource)) {
            if (in == null) {
                throw new IOException("no test resource agents/" + resource);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        text = text.replace(HOME, project.home().toString())
                .replace(PROJECT, project.root().toString());
        Path file = project.home()
                .resolve(".codex/sessions/2026/01/01")
                .resolve("rollout-" + Path.of(resource).getFileName());
        return AgentRun.write(file, text);
    }

    /** The index lines of the peer's turn files without their times: {@code NNNN role first-line}. */
    static java.util.List<String> index(Map<String, String> turns) {
        return turns.get("index.md")
                .lines()
                .filter(l -> l.matches("\\d{4} .*"))
                .map(l -> l.replaceFirst("^(\\d{4} \\S+) \\S+ ", "$1 "))
                .toList();
    }

    /** The touches as printed, without their times. */
    static String untimed(String touches) {
        return touches.replaceAll("\"time\":\"[^\"]*\"", "\"time\":\"…\"").strip();
    }

    /** What {@code record} finds for {@code codex:latest} as Codex's users run it ({@code CODEX_HOME} set). */
    static Located latest(AgentProject project, Path codexHome) throws IOException {
        return SessionProof.locate(project, Map.of("CODEX_HOME", codexHome.toString()), "codex:latest");
    }

    /** What termsprawl makes of the edit scenario's rollout: two prompts, an apply_patch, three shell commands. */
    static void assertEdit(SessionProof proof) throws IOException, InterruptedException {
        String prose = "# linked context from backend (backend)\n## user\n" + EDIT_PROMPT + "\n## assistant\n"
                + EDIT_ANSWER + "\n## user\n" + SECOND_PROMPT + "\n## assistant\n" + SECOND_ANSWER + "\n";
        assertEquals(prose, proof.fileView());
        assertEquals(prose, proof.liveView());
        String stats = proof.statsWithNothingUnknown();
        assertTrue(stats.matches("backend: store=codex records=\\d+ turns=4 unknown=0"), stats);
        Map<String, String> turns = proof.turnFiles();
        java.util.List<String> index = index(turns);
        assertEquals(12, index.size(), index.toString());
        assertEquals("0000 system <skills_instructions>", index.get(0));
        assertEquals("0001 user <environment_context>", index.get(1));
        assertEquals("0002 user " + EDIT_PROMPT, index.get(2));
        assertEquals("0003 assistant [tool call apply_patch] *** Begin Patch", index.get(3));
        assertEquals("0004 tool [tool result call_patch] Exit code: 0", index.get(4));
        assertTrue(index.get(5).startsWith("0005 assistant [tool call exec_command] {\"cmd\":\"printf"), index.get(5));
        assertTrue(index.get(6).startsWith("0006 tool [tool result call_notes]"), index.get(6));
        assertEquals("0007 assistant " + EDIT_ANSWER, index.get(7));
        assertEquals("0008 user " + SECOND_PROMPT, index.get(8));
        assertEquals("0009 assistant [tool call exec_command] {\"cmd\":\"rm notes.txt\"}", index.get(9));
        assertTrue(index.get(10).startsWith("0010 tool [tool result call_rm]"), index.get(10));
        assertEquals("0011 assistant " + SECOND_ANSWER, index.get(11));
        assertTrue(turns.get("turn-0003-assistant.md").contains("*** Update File: src/A.java\n"));
        assertEquals(
                "{\"version\":1,\"peers\":[{\"node\":\"backend\",\"store\":\"codex\",\"touches\":["
                        + "{\"path\":\"notes.txt\",\"kind\":\"shell\",\"time\":\"…\",\"turn\":9,\"success\":true,"
                        + "\"rewound\":false,\"command\":\"rm notes.txt\"},"
                        + "{\"path\":\"notes.txt\",\"kind\":\"shell\",\"time\":\"…\",\"turn\":5,\"success\":true,"
                        + "\"rewound\":false,\"command\":\"printf 'size\\\\n' > notes.txt && cat src/A.java\"},"
                        + "{\"path\":\"src/A.java\",\"kind\":\"edit\",\"time\":\"…\",\"turn\":3,\"success\":true,"
                        + "\"rewound\":false,\"command\":null}]}]}",
                untimed(proof.touches()));
        String request = proof.ask("what did you change?").text();
        for (String said : new String[] {
            EDIT_PROMPT,
            "*** Update File: src/A.java",
            EDIT_ANSWER,
            SECOND_PROMPT,
            "rm notes.txt",
            SECOND_ANSWER,
            "what did you change?"
        }) {
            assertTrue(request.contains(StandInServer.str(said).replaceAll("^\"|\"$", "")), said + " in " + request);
        }
    }

    /**
     * The compaction scenario: Codex asked the stand-in for a summary and wrote a {@code compacted} record; the
     * summary is no turn of the file view, and is the summary turn of what ask sends.
     */
    static void assertCompacted(SessionProof proof) throws IOException, InterruptedException {
        String prose = "# linked context from backend (backend)\n## user\n" + COMPACT_PROMPT + "\n## assistant\n"
                + COMPACT_ANSWER + "\n";
        assertEquals(prose, proof.fileView());
        // the live view: what the model is sent next, the history the compaction left (the prompt, the summary)
        // and what followed it
        String live = proof.liveView();
        assertTrue(
                live.startsWith("# linked context from backend (backend)\n## user\n" + COMPACT_PROMPT
                        + "\n## user\nAnother language model started"),
                live);
        assertTrue(live.contains(SUMMARY), live);
        assertTrue(live.endsWith("\n## assistant\n" + COMPACT_ANSWER + "\n"), live);
        String stats = proof.statsWithNothingUnknown();
        assertTrue(stats.matches("backend: store=codex records=\\d+ turns=2 unknown=0"), stats);
        java.util.List<String> index = index(proof.turnFiles());
        assertEquals(8, index.size(), index.toString());
        assertEquals("0002 user " + COMPACT_PROMPT, index.get(2));
        assertEquals("0003 assistant [tool call exec_command] {\"cmd\":\"echo one\"}", index.get(3));
        assertEquals("0005 assistant " + SUMMARY, index.get(5));
        assertTrue(index.get(6).startsWith("0006 user Another language model started"), index.get(6));
        assertEquals("0007 assistant " + COMPACT_ANSWER, index.get(7));
        assertEquals("", proof.touches().strip());
        String request = proof.ask("what happened?").text();
        assertTrue(request.contains("[turn 6, summary of the earlier conversation] Another language model"), request);
        assertTrue(request.contains("[turn 7] " + COMPACT_ANSWER), request);
    }

    /**
     * The subagent scenario: the parent spawned a subagent with its history ({@code fork_context}); the subagent's
     * rollout replays the parent's, and is read from its own first record on: the parent's prompt never counts
     * twice. {@code codex:latest} is the parent, never the subagent.
     */
    static void assertSubagent(SessionProof proof, Path child) throws IOException, InterruptedException {
        String prose = "# linked context from backend (backend)\n## user\n" + SUBAGENT_PROMPT + "\n## assistant\n"
                + PARENT_ANSWER + "\n";
        assertEquals(prose, proof.fileView());
        assertEquals(prose, proof.liveView());
        String stats = proof.statsWithNothingUnknown();
        assertTrue(stats.matches("backend: store=codex records=\\d+ turns=2 unknown=0"), stats);
        java.util.List<String> index = index(proof.turnFiles());
        assertEquals("0002 user " + SUBAGENT_PROMPT, index.get(2));
        assertTrue(index.get(3).startsWith("0003 assistant [tool call spawn_agent]"), index.get(3));
        assertEquals("0008 assistant " + PARENT_ANSWER, index.get(index.size() - 1));
        // the parent's session holds no edit of its own: the subagent's is in the subagent's rollout
        assertEquals("", proof.touches().strip());

        proof.recordInstead(new Located(child, Store.CODEX.id(), null));
        String own = "# linked context from backend (backend)\n## user\n" + SUBAGENT_TASK + "\n## assistant\n"
                + SUBAGENT_ANSWER + "\n";
        assertEquals(own, proof.fileView());
        assertEquals(own, proof.liveView());
        stats = proof.statsWithNothingUnknown();
        assertTrue(stats.matches("backend: store=codex records=\\d+ turns=2 unknown=0"), stats);
        assertEquals(
                java.util.List.of(
                        "0000 user " + SUBAGENT_TASK,
                        "0001 assistant [tool call apply_patch] *** Begin Patch",
                        "0002 tool [tool result call_sub_patch] Exit code: 0",
                        "0003 assistant " + SUBAGENT_ANSWER),
                index(proof.turnFiles()));
        assertEquals(
                "{\"version\":1,\"peers\":[{\"node\":\"backend\",\"store\":\"codex\",\"touches\":["
                        + "{\"path\":\"src/B.java\",\"kind\":\"create\",\"time\":\"…\",\"turn\":1,\"success\":true,"
                        + "\"rewound\":false,\"command\":null}]}]}",
                untimed(proof.touches()));
        String request = proof.ask("what happened?").text();
        assertTrue(request.contains("[turn 0] " + SUBAGENT_TASK), request);
        assertTrue(!request.contains(SUBAGENT_PROMPT), "the parent's prompt is not the subagent's: " + request);
    }
}
