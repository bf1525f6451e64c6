package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TouchesCommandTest {
    @TempDir
    Path tmp;

    Path cwd;

    static final Instant NOW = Instant.parse("2026-01-01T03:00:00Z");

    record Result(int exit, String out, String err) {}

    @BeforeEach
    void project() throws IOException {
        cwd = Files.createDirectories(tmp.resolve("p")).toRealPath();
    }

    Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TouchesCommand.run(args, NOW, out, err);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A Claude Code session: a user prompt, then an edit of each file at the given times, each with a result. */
    static String claude(String[][] edits) {
        StringBuilder s = new StringBuilder("{\"type\":\"user\",\"uuid\":\"u0\",\"parentUuid\":null,"
                + "\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n");
        String parent = "u0";
        for (int i = 0; i < edits.length; i++) {
            String a = "a" + i;
            String r = "r" + i;
            s.append("{\"type\":\"assistant\",\"uuid\":\"")
                    .append(a)
                    .append("\",\"parentUuid\":\"")
                    .append(parent)
                    .append("\",\"timestamp\":\"")
                    .append(edits[i][1])
                    .append("\",\"message\":{\"id\":\"m")
                    .append(i)
                    .append("\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t")
                    .append(i)
                    .append("\",\"name\":\"")
                    .append(edits[i][2])
                    .append("\",\"input\":{\"file_path\":")
                    .append(Fixtures.jsonString(edits[i][0]))
                    .append("}}]}}\n");
            s.append("{\"type\":\"user\",\"uuid\":\"")
                    .append(r)
                    .append("\",\"parentUuid\":\"")
                    .append(a)
                    .append("\",\"timestamp\":\"")
                    .append(edits[i][1])
                    .append(
                            "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t")
                    .append(i)
                    .append("\",\"content\":\"ok\"}]}}\n");
            parent = r;
        }
        return s.toString();
    }

    void peer(String self, String peer, String[][] edits) throws IOException {
        Fixtures.link(cwd, self, peer);
        Fixtures.index(
                cwd,
                peer,
                Fixtures.write(tmp.resolve(peer + ".jsonl"), claude(edits)).toString());
    }

    @Test
    void eachPeersFilesNewestFirst() throws IOException {
        peer("me", "be", new String[][] {
            {cwd + "/src/A.java", "2026-01-01T01:00:00Z", "Edit"},
            {"src/B.java", "2026-01-01T02:00:00Z", "Write"},
            {cwd + "/src/A.java", "2026-01-01T02:30:00Z", "Edit"},
            {"/etc/hosts", "2026-01-01T02:40:00Z", "Edit"}
        });
        Result r = run("--cwd", cwd.toString(), "--self", "me");
        assertEquals(0, r.exit());
        assertEquals("", r.err());
        assertEquals(
                "files changed by be (claude), newest first:\n"
                        + "  2026-01-01T02:30:00Z  edit  turn 5  src/A.java\n"
                        + "  2026-01-01T02:00:00Z  create  turn 3  src/B.java\n",
                r.out());
        assertEquals(
                "changed by be (claude), newest first:\n"
                        + "  2026-01-01T02:30:00Z  edit  turn 5  src/A.java\n"
                        + "  2026-01-01T01:00:00Z  edit  turn 1  src/A.java\n",
                run("--cwd", cwd.toString(), "--self", "me", "--file", cwd + "/src/./A.java")
                        .out());
        assertEquals(
                "changed by be (claude), newest first:\n  2026-01-01T02:30:00Z  edit  turn 5  src/A.java\n",
                run("--cwd", cwd.toString(), "--self", "me", "--file", "src/A.java", "--since", "1h")
                        .out());
        assertEquals(
                "{\"version\":1,\"peers\":[{\"node\":\"be\",\"store\":\"claude\",\"touches\":[{\"path\":\"src/B.java\","
                        + "\"kind\":\"create\",\"time\":\"2026-01-01T02:00:00Z\",\"turn\":3,\"success\":true,"
                        + "\"rewound\":false,\"command\":null}]}]}\n",
                run("--cwd", cwd.toString(), "--self", "me", "--file", "src/B.java", "--json")
                        .out());
        assertTrue(Files.exists(cwd.resolve(".termsprawl/transcripts/be.touches")));
    }

    @Test
    void nothingToSayPrintsNothing() throws IOException {
        peer("me", "be", new String[][] {{cwd + "/src/A.java", "2026-01-01T01:00:00Z", "Edit"}});
        assertEquals(new Result(0, "", ""), run("--cwd", cwd.toString(), "--self", "me", "--file", "src/B.java"));
        assertEquals(new Result(0, "", ""), run("--cwd", cwd.toString(), "--self", "me", "--since", "30m"));
    }

    /**
     * From a folder inside the project, {@code --cwd} finds the project's root as git finds its repository
     * (docs/planted.md); a relative {@code --file} is the caller's: relative to the folder given.
     */
    @Test
    void aFolderInsideTheProjectFindsItsRootAndTheFileIsRelativeToIt() throws IOException {
        peer("me", "be", new String[][] {{cwd + "/module-a/src/A.java", "2026-01-01T01:00:00Z", "Edit"}});
        Fixtures.write(cwd.resolve(".termsprawl/project.json"), "{\"nodes\":[]}\n");
        Path module = Files.createDirectories(cwd.resolve("module-a/src"));
        Result all = run("--cwd", cwd.toString(), "--self", "me");
        assertTrue(all.out().contains("  edit  turn 1  module-a/src/A.java\n"), all.toString());
        assertEquals(all, run("--cwd", module.toString(), "--self", "me"));
        Result one = run("--cwd", cwd.toString(), "--self", "me", "--file", "module-a/src/A.java");
        assertTrue(one.out().startsWith("changed by be (claude), newest first:\n"), one.toString());
        assertEquals(one, run("--cwd", module.getParent().toString(), "--self", "me", "--file", "src/A.java"));
        assertEquals(one, run("--cwd", module.toString(), "--self", "me", "--file", "A.java"));
        assertEquals(new Result(0, "", ""), run("--cwd", module.toString(), "--self", "me", "--file", "src/A.java"));
    }

    /** Silence that is a mistake gets one stderr line with its fix, and still exit 0 (docs/touches.md). */
    @Test
    void aWrongCwdOrAnUnknownNodeIsNamedWithItsFix() throws IOException {
        peer("me", "be", new String[][] {{cwd + "/src/A.java", "2026-01-01T01:00:00Z", "Edit"}});
        assertEquals(
                new Result(
                        0,
                        "",
                        "termsprawl-touches: unknown node nobody (no link, transcript or project.json names it; known:"
                                + " be, me): start the agent with TERMSPRAWL_NODE_ID set to its node, or link it (the"
                                + " link goal)\n"),
                run("--cwd", cwd.toString(), "--self", "nobody"));
        Path module = Files.createDirectories(cwd.resolve("module"));
        assertEquals(
                new Result(
                        0,
                        "",
                        "termsprawl-touches: " + module + " is not the project root: run it with --cwd " + cwd + "\n"),
                run("--cwd", module.toString(), "--self", "me"));
        assertEquals(
                new Result(
                        0,
                        "",
                        "termsprawl-touches: no folder " + tmp.resolve("missing")
                                + ": pass the project root as --cwd\n"),
                run("--cwd", tmp.resolve("missing").toString(), "--self", "me"));
        assertTrue(run("--cwd", cwd.toString(), "--self", "../x").err().contains("is no node id"));
    }

    /** --help where a flag may stand: the usage and each option on stdout, exit 0 (docs/touches.md). */
    @Test
    void helpPrintsTheUsageAndEachOption() {
        assertEquals(new Result(0, TouchesArgs.HELP, ""), run("--help"));
        assertEquals(new Result(0, TouchesArgs.HELP, ""), run("--cwd", "x", "--json", "--help", "--nope"));
        assertTrue(TouchesArgs.HELP.startsWith(TouchesArgs.USAGE + "\n\n"));
        for (String option : new String[] {"--cwd <dir>", "--self <nodeId>", "--file <path>", "--since", "--json"}) {
            assertTrue(TouchesArgs.HELP.contains("  " + option), option);
        }
        // the value of a flag, or after an error: as before
        assertEquals(new Result(2, "", "termsprawl-touches: unexpected argument: --nope\n"), run("--nope", "--help"));
        assertEquals(new Result(2, "", "termsprawl-touches: expected --cwd and --self\n"), run("--file", "--help"));
    }

    @Test
    void usageErrorsExit2() {
        assertEquals(new Result(2, "", "termsprawl-touches: expected --cwd and --self\n"), run("--cwd", "x"));
        assertEquals(new Result(2, "", "termsprawl-touches: unexpected argument: --nope\n"), run("--nope"));
        assertEquals(2, run("--cwd", "x", "--self", "me", "--since", "soon").exit());
        assertEquals(2, run("--cwd", "x", "--self").exit());
    }

    @Test
    void aBrokenIndexIsReadAgainAndControlCharactersPrintEscaped() throws IOException {
        peer("me", "be", new String[][] {{cwd + "/a\nb\u001b.txt", "2026-01-01T01:00:00Z", "Edit"}});
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts"));
        Files.writeString(cwd.resolve(".termsprawl/transcripts/be.touches"), "\0\0garbage");
        assertEquals(
                "files changed by be (claude), newest first:\n  2026-01-01T01:00:00Z  edit  turn 1  a\\nb\\x1b.txt\n",
                run("--cwd", cwd.toString(), "--self", "me").out());
    }
}
