package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A relative path in a tool call is the session's: taken from the working directory the store records (Claude
 * Code's {@code cwd} on each record, Codex's {@code session_meta} and {@code turn_context}, pi's header), and from
 * the project's root only when none is known (docs/touches.md, "Paths").
 */
class SessionDirectoryTest {
    @TempDir
    Path tmp;

    Path project;
    Path module;
    ProjectLayout layout;

    @BeforeEach
    void project() throws IOException {
        project = Files.createDirectories(tmp.resolve("app")).toRealPath();
        module = Files.createDirectories(project.resolve("module-a/src")).getParent();
        layout = new ProjectLayout(project);
        Files.createDirectories(layout.transcriptsDir());
    }

    private List<String> touched(Path transcript, Store store) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return TouchIndex.read(layout, "peer", StoreFixtures.entry(transcript, store.id(), null), store, readers)
                    .result()
                    .events()
                    .stream()
                    .map(e -> e.path() + " " + e.kind().id())
                    .toList();
        }
    }

    /** A Claude Code call and its result, both records naming {@code cwd} (null: a record without one). */
    private static String claudeCall(int i, String cwd, String tool, String input) {
        String where = cwd == null ? "" : ",\"cwd\":" + Fixtures.jsonString(cwd);
        String parent = i == 0 ? "null" : "\"r" + (i - 1) + "\"";
        return "{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":" + parent + where
                + ",\"timestamp\":\"2026-01-01T00:00:0" + i + "Z\",\"message\":{\"id\":\"m" + i
                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i + "\",\"name\":\""
                + tool + "\",\"input\":" + input + "}]}}\n"
                + "{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"a" + i + "\"" + where
                + ",\"timestamp\":\"2026-01-01T00:00:0" + i + "Z\",\"message\":{\"role\":\"user\",\"content\":"
                + "[{\"type\":\"tool_result\",\"tool_use_id\":\"t" + i + "\",\"content\":\"ok\"}]}}\n";
    }

    @Test
    void aClaudeSessionStartedInAModuleFolderNamesTheModulesFiles() throws IOException {
        Path transcript = Fixtures.write(
                tmp.resolve("claude.jsonl"),
                claudeCall(0, module.toString(), "Bash", "{\"command\":\"sed -i s/a/b/ src/A.java\"}")
                        + claudeCall(
                                1, module.toString(), "Write", "{\"file_path\":\"src/New.java\",\"content\":\"x\"}")
                        + claudeCall(2, module.toString(), "Bash", "{\"command\":\"rm ../README.md\"}")
                        + claudeCall(3, project.toString(), "Bash", "{\"command\":\"echo x > src/Root.java\"}"));
        assertEquals(
                List.of(
                        "module-a/src/A.java shell",
                        "module-a/src/New.java create",
                        "README.md shell",
                        "src/Root.java shell"),
                touched(transcript, Store.CLAUDE));
        // a record that names no directory: the project's root, as before
        Path none = Fixtures.write(
                tmp.resolve("none.jsonl"), claudeCall(0, null, "Bash", "{\"command\":\"sed -i s/a/b/ src/A.java\"}"));
        Files.delete(TouchIndex.file(layout, "peer"));
        assertEquals(List.of("src/A.java shell"), touched(none, Store.CLAUDE));
    }

    /** One line of a Codex rollout. */
    private static String codex(String type, String payload) {
        return "{\"timestamp\":\"2026-01-01T00:00:00Z\",\"type\":\"" + type + "\",\"payload\":" + payload + "}\n";
    }

    private static String codexCall(String id, String name, String arguments) {
        return codex(
                        "response_item",
                        "{\"type\":\"function_call\",\"name\":\"" + name + "\",\"call_id\":\"" + id
                                + "\",\"arguments\":" + Fixtures.jsonString(arguments) + "}")
                + codex(
                        "response_item",
                        "{\"type\":\"function_call_output\",\"call_id\":\"" + id + "\",\"output\":\"ok\"}");
    }

    @Test
    void aCodexTurnInAModuleFolderNamesTheModulesFilesAndAReadThatGoesOnKeepsIt() throws IOException {
        Path transcript = Fixtures.write(
                tmp.resolve("rollout.jsonl"),
                codex("session_meta", "{\"id\":\"s1\",\"cwd\":" + Fixtures.jsonString(project.toString()) + "}")
                        + codex(
                                "response_item",
                                "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\","
                                        + "\"text\":\"go\"}]}")
                        + codexCall("c0", "exec_command", "{\"cmd\":\"rm notes.txt\"}")
                        + codex("turn_context", "{\"cwd\":" + Fixtures.jsonString(module.toString()) + "}")
                        + codexCall("c1", "exec_command", "{\"cmd\":\"sed -i s/a/b/ src/A.java\"}")
                        + codexCall(
                                "c2",
                                "apply_patch",
                                "{\"input\":\"*** Begin Patch\\n*** Update File: src/B.java\\n*** End Patch\"}")
                        // a workdir of its own still counts first
                        + codexCall(
                                "c3",
                                "exec_command",
                                "{\"cmd\":\"rm x.txt\",\"workdir\":" + Fixtures.jsonString(project + "/docs") + "}"));
        List<String> expected =
                List.of("notes.txt shell", "module-a/src/A.java shell", "module-a/src/B.java edit", "docs/x.txt shell");
        assertEquals(expected, touched(transcript, Store.CODEX));
        // the rollout grows: the read goes on from where it stopped, past the turn_context, in the same folder
        Files.writeString(
                transcript,
                codexCall("c4", "exec_command", "{\"cmd\":\"touch src/C.java && rm src/C.java\"}"),
                StandardOpenOption.APPEND);
        List<String> grown = new java.util.ArrayList<>(expected);
        grown.add("module-a/src/C.java shell");
        assertEquals(grown, touched(transcript, Store.CODEX));
    }

    @Test
    void aPiSessionNamesItsFilesFromTheFolderItsHeaderNames() throws IOException {
        Path transcript = Fixtures.write(
                tmp.resolve("pi.jsonl"),
                "{\"type\":\"session\",\"version\":3,\"id\":\"s1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":"
                        + Fixtures.jsonString(module.toString()) + "}\n"
                        + "{\"type\":\"message\",\"id\":\"a1\",\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":"
                        + "{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"bash\","
                        + "\"arguments\":{\"command\":\"sed -i s/a/b/ src/A.java\"}}]}}\n");
        assertEquals(List.of("module-a/src/A.java shell"), touched(transcript, Store.PI));
    }
}
