package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.EditLists;
import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook launchers' answer without Java (docs/touches.md, "Without Java"): run for real by {@code sh}, with a
 * {@code java} that only notes it was started and what it read, so each case asserts whether Java would start, and
 * that a payload sent on reaches it whole.
 */
class PrefilterTest {
    @TempDir
    Path tmp;

    Path project;
    Path javaHome;

    @BeforeEach
    void plant() throws Exception {
        Fixtures.assumeShell();
        project = Files.createDirectories(tmp.resolve("p")).toRealPath();
        Files.createDirectories(project.resolve(".termsprawl/bin"));
        Discovery d = new Discovery(new ProjectLayout(project), "mvn termsprawl:discover");
        for (PlantedFile f : d.plan()) {
            if (f.path().getFileName().toString().startsWith("termsprawl-")) {
                Files.write(f.path(), f.bytes());
            }
        }
        Files.writeString(project.resolve(".termsprawl/bin/termsprawl.jar"), "not a jar: java is a fake here");
        javaHome = Files.createDirectories(tmp.resolve("jdk/bin")).getParent();
        Path java = javaHome.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\ncat > \"" + tmp.resolve("java-stdin") + "\"\nexit 0\n");
        java.toFile().setExecutable(true);
    }

    /** Runs the planted command; returns what Java read, or null when no Java started. */
    String run(String command, String node, String payload, String... args) throws Exception {
        Files.deleteIfExists(tmp.resolve("java-stdin"));
        Path in = Files.writeString(tmp.resolve("stdin.json"), payload);
        List<String> argv = new java.util.ArrayList<>(
                List.of("sh", project.resolve(".termsprawl/bin/" + command).toString()));
        argv.addAll(List.of(args));
        Map<String, String> env =
                new java.util.HashMap<>(Map.of("JAVA_HOME", javaHome.toString(), "PATH", System.getenv("PATH")));
        if (node != null) {
            env.put("TERMSPRAWL_NODE_ID", node);
        }
        if (off) {
            env.put("TERMSPRAWL_NOTES", "off");
        }
        ProcessBuilder pb = new ProcessBuilder(argv).directory(project.toFile()).redirectInput(in.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor());
        Path read = tmp.resolve("java-stdin");
        return Files.exists(read) ? Files.readString(read) : null;
    }

    @Test
    void theNoteAtEachPromptStartsJavaOnlyWhenAWatchedFileChanged() throws Exception {
        String prompt = "{\"prompt\":\"go\"}";
        assertEquals(null, run("termsprawl-context", "me", prompt, "--hook", "--cwd", project.toString()), "no link");
        Fixtures.link(project, "me", "be");
        Path transcript = Files.writeString(tmp.resolve("be.jsonl"), "{}\n");
        Fixtures.index(project, "be", transcript.toString());
        assertEquals(
                prompt,
                run("termsprawl-context", "me", prompt, "--hook", "--cwd", project.toString()),
                "the first prompt: Java starts the state");
        Path t = project.resolve(".termsprawl/transcripts");
        Files.writeString(t.resolve("me.watch"), transcript + "\n");
        Files.writeString(t.resolve("me.told"), "be\t0\t0\t\n");
        java.nio.file.attribute.FileTime past =
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        for (Path old : List.of(transcript, t.resolve("be.json"), project.resolve(".termsprawl/links"))) {
            Files.setLastModifiedTime(old, past);
        }
        assertEquals(
                null, run("termsprawl-context", "me", prompt, "--hook", "--cwd", project.toString()), "nothing new");
        Files.setLastModifiedTime(
                transcript, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertEquals(
                prompt, run("termsprawl-context", "me", prompt, "--hook", "--cwd", project.toString()), "a peer wrote");
        off = true;
        assertEquals(
                null, run("termsprawl-context", "me", prompt, "--hook", "--cwd", project.toString()), "turned off");
    }

    boolean off;

    String edit(String file) {
        return "{\"session_id\":\"s\",\"cwd\":" + Fixtures.jsonString(project.toString())
                + ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":" + Fixtures.jsonString(file) + "}}";
    }

    String touches(String node, String payload) throws Exception {
        return run("termsprawl-touches", node, payload, "--hook", "--cwd", project.toString());
    }

    void wire(String node, String... files) throws IOException {
        new EditLists(new ProjectLayout(project)).reset(node);
        new EditLists(new ProjectLayout(project)).addEdits(node, List.of(files));
    }

    Path edits(String node) {
        return project.resolve(".termsprawl/transcripts/" + node + ".edits");
    }

    @Test
    void noNodeIdOrNoLinkStartsNoJava() throws Exception {
        assertEquals(null, touches(null, edit(project + "/src/A.java")));
        assertEquals(null, touches("me", edit(project + "/src/A.java")));
        assertEquals(null, run("termsprawl-record", null, "{\"transcript_path\":\"/t\"}"));
        assertEquals("{\"transcript_path\":\"/t\"}", run("termsprawl-record", "me", "{\"transcript_path\":\"/t\"}"));
    }

    @Test
    void wiredPeersThatListedNoneOfTheFilesStartNoJavaAndTheNodeListsItsOwn() throws Exception {
        Fixtures.link(project, "me", "be");
        wire("be", "src/B.java");
        wire("me");
        assertEquals(null, touches("me", edit(project + "/src/A.java")));
        assertEquals("src/A.java\n", Files.readString(edits("me")));
        String patch = "{\"cwd\":" + Fixtures.jsonString(project.toString()) + ",\"tool_name\":\"apply_patch\","
                + "\"tool_input\":{\"command\":\"*** Begin Patch\\n*** Update File: src/C.java\\n@@\\n-a\\n+b\\n"
                + "*** Add File: src/D.java\\n+x\\n*** End Patch\\n\"}}";
        assertEquals(null, touches("me", patch));
        assertEquals("src/A.java\nsrc/D.java\nsrc/C.java\n", Files.readString(edits("me")));
        // a read, or a command that writes nothing, says nothing
        String read = "{\"cwd\":\"/x\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"src/B.java\"}}";
        assertEquals(null, touches("me", read));
        assertEquals(null, touches("me", "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls src\"}}"));
    }

    @Test
    void whatItCannotTellForSureGoesToJavaWithThePayloadWhole() throws Exception {
        Fixtures.link(project, "me", "be");
        wire("be", "src/B.java");
        wire("me");
        String listed = edit(project + "/src/B.java");
        assertEquals(listed, touches("me", listed), "a peer listed the file");
        assertEquals(listed.replace("B.java", "b.JAVA"), touches("me", listed.replace("B.java", "b.JAVA")));
        for (String unsure : new String[] {
            edit(project + "/src/my A.java"), // a space: not one word
            edit(project + "/src/x/../B.java"), // not plain
            edit("/elsewhere/A.java"), // outside, or the project by another path
            edit(project + "/src/\\u00e9.java"), // an escape
            "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"sed -i s/a/b/ src/A.java\"}}",
            "{\"tool_name\": \"Edit\", \"tool_input\": {}}", // a layout the launcher does not read
        }) {
            assertEquals(unsure, touches("me", unsure), unsure);
        }
        assertEquals("", Files.readString(edits("me")), "only what went on without Java is listed by the launcher");
        // a peer without a list of its own hooks is read from its transcript
        Fixtures.link(project, "me", "cx");
        String other = edit(project + "/src/Z.java");
        assertEquals(other, touches("me", other));
        assertFalse(Files.exists(edits("cx")));
    }

    @Test
    void aLinkedListIsNeverWrittenThrough() throws Exception {
        Fixtures.link(project, "me", "be");
        wire("be");
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "");
        Files.createSymbolicLink(edits("me"), outside);
        assertEquals(null, touches("me", edit(project + "/src/A.java")));
        assertEquals("", Files.readString(outside));
        assertTrue(Files.isSymbolicLink(edits("me")));
    }
}
