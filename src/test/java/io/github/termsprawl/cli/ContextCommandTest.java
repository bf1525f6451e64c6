package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContextCommandTest {
    @TempDir
    Path cwd;

    record Result(int exit, String out, byte[] outBytes, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ContextCommand.run(args, out, err);
        return new Result(exit, Fixtures.str(out.toByteArray()), out.toByteArray(), Fixtures.str(err.toByteArray()));
    }

    static void usageError(String message, String... args) {
        Result r = run(args);
        assertEquals(2, r.exit(), message);
        assertEquals("termsprawl-context: " + message + "\n", r.err());
        assertEquals(0, r.outBytes().length);
    }

    /** --help where a flag may stand: the usage and each option on stdout, exit 0 (docs/context.md, "Options"). */
    @Test
    void helpPrintsTheUsageAndEachOption() {
        for (String[] args : new String[][] {
            {"--help"}, {"--cwd", ".", "--help"}, {"--self", "x", "--view", "live", "--help", "--bogus"}
        }) {
            Result r = run(args);
            assertEquals(0, r.exit(), String.join(" ", args));
            assertEquals("", r.err());
            assertEquals(ContextArgs.HELP, r.out());
        }
        assertTrue(ContextArgs.HELP.startsWith(ContextArgs.USAGE + "\n\n"));
        for (String option :
                new String[] {"--cwd <dir>", "--self <nodeId>", "--view live", "--redact", "--no-redact"}) {
            assertTrue(ContextArgs.HELP.contains(option), option);
        }
        // as the value of a flag it is that value; after an error, the error stands (the first problem met)
        assertEquals(
                "--help", ContextArgs.parse("--cwd", "--help", "--self", "x").cwd());
        usageError("unexpected argument: --bogus", "--bogus", "--help");
        usageError("unexpected argument: -h", "-h");
    }

    @Test
    void argumentErrors() {
        usageError("missing value for --cwd", "--cwd");
        usageError("missing value for --self", "--self");
        usageError("missing value for --self", "--cwd", ".", "--self");
        usageError("unexpected argument: --cwd=.", "--cwd=.", "--self", "x");
        usageError("unexpected argument: -h", "-h");
        usageError("expected --cwd and --self");
        usageError("expected --cwd and --self", "--cwd", ".");
        usageError("expected --cwd and --self", "--self", "x");
        usageError("missing value for --view", "--cwd", ".", "--self", "x", "--view");
        usageError("unknown view: full", "--cwd", ".", "--self", "x", "--view", "full");
    }

    /** A rewound Claude session: the live view prints the branch the agent is on, the default view every branch. */
    static String rewound() {
        return "{\"type\":\"user\",\"uuid\":\"u\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:01Z\","
                + "\"message\":{\"content\":\"q\"}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u\",\"timestamp\":\"2026-01-01T00:00:02Z\","
                + "\"message\":{\"id\":\"m1\",\"content\":[{\"type\":\"text\",\"text\":\"abandoned\"}]}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a2\",\"parentUuid\":\"u\",\"timestamp\":\"2026-01-01T00:00:03Z\","
                + "\"message\":{\"id\":\"m2\",\"content\":[{\"type\":\"text\",\"text\":\"live \u00e9\"}]}}\n";
    }

    @Test
    void liveView() throws IOException {
        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd, "be", Fixtures.write(cwd.resolve("be.jsonl"), rewound()).toString());
        Result live = run("--cwd", cwd.toString(), "--self", "me", "--view", "live");
        assertEquals(0, live.exit());
        assertEquals("", live.err());
        assertEquals("# linked context from be (be)\n## user\nq\n## assistant\nlive \u00e9\n", live.out());
        assertEquals(
                "# linked context from be (be)\n## user\nq\n## assistant\nabandoned\n## assistant\nlive \u00e9\n",
                run("--cwd", cwd.toString(), "--self", "me").out());
        assertEquals(
                run("--cwd", cwd.toString(), "--self", "me").out(),
                run("--view", "file", "--cwd", cwd.toString(), "--self", "me").out());
    }

    @Test
    void plantedCommandWithTheLiveView() throws Exception {
        Fixtures.assumeShell();
        new io.github.termsprawl.plant.Discovery(
                        new io.github.termsprawl.core.ProjectLayout(cwd), "mvn termsprawl:discover")
                .discover();
        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd, "be", Fixtures.write(cwd.resolve("be.jsonl"), rewound()).toString());
        String cmd = cwd.resolve(".termsprawl/bin/termsprawl-context").toString();
        Fixtures.Run live = Fixtures.run(java.util.List.of(cmd, "--cwd", ".", "--self", "me", "--view", "live"), cwd);
        assertEquals(0, live.exit(), Fixtures.str(live.stderr()));
        assertEquals("", Fixtures.str(live.stderr()));
        assertArrayEquals(
                Fixtures.utf8("# linked context from be (be)\n## user\nq\n## assistant\nlive \u00e9\n"), live.stdout());
        Fixtures.Run bad = Fixtures.run(java.util.List.of(cmd, "--cwd", ".", "--self", "me", "--view", "nope"), cwd);
        assertEquals(2, bad.exit());
        assertEquals("termsprawl-context: unknown view: nope\n", Fixtures.str(bad.stderr()));
        assertEquals(0, bad.stdout().length);
    }

    @Test
    void exitZeroWithNothingWhenThereIsNothingToPrint() {
        for (String[] args : new String[][] {
            {"--cwd", cwd.toString(), "--self", "me"},
            {"--cwd", cwd.resolve("missing").toString(), "--self", "me"},
            {"--cwd", cwd.toString(), "--self", "../bad id"},
            {"--cwd", "", "--self", "x"},
            {"--cwd", "\u0000bad", "--self", "x"},
            {"--cwd", "--self", "--self", "--cwd"}
        }) {
            Result r = run(args);
            assertEquals(0, r.exit());
            assertEquals("", r.out());
            // each is a mistake: one line says so (the hints are tested below)
            assertTrue(
                    r.err().startsWith("termsprawl-context: ")
                            && r.err().indexOf('\n') == r.err().length() - 1,
                    r.err());
        }
    }

    @Test
    void nothingPrintedWithoutAMistakeSaysNothing() throws IOException {
        Fixtures.link(cwd, "me", "be"); // be has no transcript: nothing to print, and nothing wrong
        Fixtures.index(cwd, "solo", cwd.resolve("none.jsonl").toString()); // known by its entry, no link
        for (String self : new String[] {"me", "be", "solo", ""}) {
            Result r = run("--cwd", cwd.toString(), "--self", self);
            assertEquals(0, r.exit());
            assertEquals("", r.out());
            assertEquals("", r.err(), self);
        }
    }

    /** From a folder inside a discovered project, --cwd finds the project's root (docs/context.md, "Options"). */
    @Test
    void aFolderInsideTheProjectPrintsTheProjectsContext() throws IOException {
        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd,
                "be",
                Fixtures.write(
                                cwd.resolve("be.jsonl"),
                                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":"
                                        + "\"2026-01-01T00:00:00Z\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}\n")
                        .toString());
        java.nio.file.Files.createDirectories(cwd.resolve(".termsprawl/bin")); // what discover plants
        Path module = java.nio.file.Files.createDirectories(cwd.resolve("core/src"));
        Result root = run("--cwd", cwd.toString(), "--self", "me");
        assertEquals("# linked context from be (be)\n## user\nx\n", root.out());
        Result inside = run("--cwd", module.toString(), "--self", "me");
        assertEquals(0, inside.exit());
        assertEquals(root.out() + root.err(), inside.out() + inside.err());
        Result live = run("--cwd", module.toString(), "--self", "me", "--view", "live");
        assertEquals(
                run("--cwd", cwd.toString(), "--self", "me", "--view", "live").out(), live.out());
        assertTrue(live.out().contains("## user\nx\n"), live.out());
        // an unknown node from there is named with the project's nodes, not called a wrong folder
        assertTrue(run("--cwd", module.toString(), "--self", "nobody").err().contains("unknown node nobody"));
    }

    /** A .termsprawl/ above with neither project.json nor bin/ is not taken by itself: the hint names it. */
    @Test
    void aModuleFolderIsNotTheRoot() throws IOException {
        Fixtures.link(cwd, "me", "be");
        Path module = java.nio.file.Files.createDirectories(cwd.resolve("core/src"));
        Result r = run("--cwd", module.toString(), "--self", "me");
        assertEquals(0, r.exit());
        assertEquals("", r.out());
        assertEquals(
                "termsprawl-context: " + module + " is not the project root: run it with --cwd " + cwd + "\n", r.err());
    }

    @Test
    void beforeDiscoverItSaysToRunDiscover() {
        Result r = run("--cwd", cwd.toString(), "--self", "me");
        assertEquals(0, r.exit());
        assertEquals("", r.out());
        assertEquals(
                "termsprawl-context: no .termsprawl folder in " + cwd
                        + ": run termsprawl's discover goal in the project root first\n",
                r.err());
    }

    @Test
    void anUnknownSelfNamesTheKnownNodes() throws IOException {
        Fixtures.link(cwd, "me", "backend");
        Result r = run("--cwd", cwd.toString(), "--self", "bakend");
        assertEquals(0, r.exit());
        assertEquals("", r.out());
        assertEquals(
                "termsprawl-context: unknown node bakend (no link, transcript or project.json names it; known:"
                        + " backend, me): start the agent with TERMSPRAWL_NODE_ID set to its node, or link it (the link goal)\n",
                r.err());
    }

    @Test
    void printsTheContextAsUtf8() throws IOException {
        Fixtures.link(cwd, "me", "be");
        Path t = Fixtures.write(
                cwd.resolve("be.jsonl"), "{\"type\":\"user\",\"message\":{\"content\":\"h\u00e9 \\ud800\"}}\n");
        Fixtures.index(cwd, "be", t.toString());
        Result r = run("--cwd", cwd.toString(), "--self", "me");
        assertEquals(0, r.exit());
        assertEquals("", r.err());
        assertArrayEquals(Fixtures.utf8("# linked context from be (be)\n## user\nh\u00e9 \uFFFD\n"), r.outBytes());
    }

    @Test
    void lastRepeatedFlagWins() throws IOException {
        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd,
                "be",
                Fixtures.write(cwd.resolve("be.jsonl"), "{\"type\":\"user\",\"message\":{\"content\":\"x\"}}\n")
                        .toString());
        Result r = run("--cwd", "/nonexistent", "--self", "nobody", "--cwd", cwd.toString(), "--self", "me");
        assertEquals("# linked context from be (be)\n## user\nx\n", r.out());
        assertEquals(
                "",
                run("--cwd", cwd.toString(), "--self", "me", "--cwd", "/nonexistent")
                        .out());
    }

    @Test
    void plantedCommandArgumentErrorsAndOutput() throws Exception {
        Fixtures.assumeShell();
        new io.github.termsprawl.plant.Discovery(
                        new io.github.termsprawl.core.ProjectLayout(cwd), "mvn termsprawl:discover")
                .discover();
        String cmd = cwd.resolve(".termsprawl/bin/termsprawl-context").toString();
        // --help on every planted command: the usage and what each option does on stdout, exit 0 (docs/planted.md)
        java.util.Map<String, String> helps = java.util.Map.of(
                "termsprawl-context", ContextArgs.HELP,
                "termsprawl-touches", TouchesArgs.HELP,
                "termsprawl-record", RecordCommand.HELP,
                "termsprawl-history", HistoryArgs.HELP,
                "termsprawl-ask", AskArgs.HELP);
        for (java.util.Map.Entry<String, String> e : helps.entrySet()) {
            Fixtures.Run help = Fixtures.run(
                    java.util.List.of(
                            cwd.resolve(".termsprawl/bin/" + e.getKey()).toString(), "--help"),
                    null);
            assertEquals(0, help.exit(), e.getKey() + ": " + Fixtures.str(help.stderr()));
            assertEquals("", Fixtures.str(help.stderr()), e.getKey());
            assertEquals(e.getValue(), Fixtures.str(help.stdout()), e.getKey());
            assertTrue(e.getValue().startsWith("usage: " + e.getKey()), e.getKey());
            assertTrue(e.getValue().contains("  --help "), e.getKey());
        }
        Fixtures.Run none = Fixtures.run(java.util.List.of(cmd), null);
        assertEquals(2, none.exit());
        assertEquals("termsprawl-context: expected --cwd and --self\n", Fixtures.str(none.stderr()));

        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd,
                "be",
                Fixtures.write(
                                cwd.resolve("be.jsonl"),
                                "{\"type\":\"assistant\",\"message\":{\"content\":\"\u00e9 \\ud83d\\ude00 \\udc00\"}}\n")
                        .toString());
        // from another folder, with a relative --cwd, as an agent runs it
        Fixtures.Run ok = Fixtures.run(
                java.util.List.of(".termsprawl/bin/termsprawl-context", "--cwd", ".", "--self", "me"), cwd);
        assertEquals(0, ok.exit(), Fixtures.str(ok.stderr()));
        assertEquals("", Fixtures.str(ok.stderr()));
        assertArrayEquals(
                Fixtures.utf8("# linked context from be (be)\n## assistant\n\u00e9 \uD83D\uDE00 \uFFFD\n"),
                ok.stdout());
        // from a module folder, as an agent whose shell is there runs it: --cwd . finds the project's root
        Path module = java.nio.file.Files.createDirectories(cwd.resolve("module-a"));
        Fixtures.Run inModule = Fixtures.run(java.util.List.of(cmd, "--cwd", ".", "--self", "me"), module);
        assertEquals(0, inModule.exit(), Fixtures.str(inModule.stderr()));
        assertEquals("", Fixtures.str(inModule.stderr()));
        assertArrayEquals(ok.stdout(), inModule.stdout());
        // the history command's paths are spelled from there, so they open from there
        Fixtures.Run history = Fixtures.run(
                java.util.List.of("../.termsprawl/bin/termsprawl-history", "--cwd", ".", "--node", "be"), module);
        assertEquals(0, history.exit(), Fixtures.str(history.stderr()));
        assertEquals("../.termsprawl/history/be/index.md\n", Fixtures.str(history.stdout()));
        assertTrue(java.nio.file.Files.isRegularFile(module.resolve("../.termsprawl/history/be/index.md")));
        // UTF-8 whatever the platform's charset
        Fixtures.Run ascii = Fixtures.run(
                java.util.List.of(cmd, "--cwd", cwd.toString(), "--self", "me"),
                null,
                java.util.Map.of(
                        "LC_ALL",
                        "C",
                        "LANG",
                        "C",
                        "JAVA_TOOL_OPTIONS",
                        "-Dfile.encoding=US-ASCII -Dstdout.encoding=US-ASCII -Dsun.stdout.encoding=US-ASCII"));
        assertEquals(0, ascii.exit(), Fixtures.str(ascii.stderr()));
        assertArrayEquals(ok.stdout(), ascii.stdout());
    }

    @Test
    void plantedCommandFailsOpenWhenTheJvmCannotStart() throws Exception {
        // e.g. a Java 11 on JAVA_HOME: the JVM exits 1 with its own error; the command still exits 0
        Fixtures.assumeShell();
        new io.github.termsprawl.plant.Discovery(
                        new io.github.termsprawl.core.ProjectLayout(cwd), "mvn termsprawl:discover")
                .discover();
        Path fakeHome = cwd.resolve("old-jdk");
        Path fakeJava = Fixtures.write(
                fakeHome.resolve("bin/java"), "#!/bin/sh\necho 'UnsupportedClassVersionError' >&2\nexit 1\n");
        fakeJava.toFile().setExecutable(true);
        Fixtures.Run run = Fixtures.run(
                java.util.List.of(
                        cwd.resolve(".termsprawl/bin/termsprawl-context").toString(),
                        "--cwd",
                        cwd.toString(),
                        "--self",
                        "me"),
                null,
                java.util.Map.of("JAVA_HOME", fakeHome.toString()));
        assertEquals(0, run.exit());
        assertEquals(0, run.stdout().length);
        Fixtures.Run record = Fixtures.run(
                java.util.List.of(
                        cwd.resolve(".termsprawl/bin/termsprawl-record").toString()),
                null,
                java.util.Map.of("JAVA_HOME", fakeHome.toString()));
        assertEquals(0, record.exit());
        assertEquals(0, record.stdout().length);
    }

    @Test
    void plantedCommandReadsNonAsciiPathsUnderAnAsciiLocale() throws Exception {
        // a JVM in the C locale cannot even name such a file; node can: the launcher asks for UTF-8
        Fixtures.assumeShell();
        new io.github.termsprawl.plant.Discovery(
                        new io.github.termsprawl.core.ProjectLayout(cwd), "mvn termsprawl:discover")
                .discover();
        Fixtures.link(cwd, "me", "bé");
        Fixtures.link(cwd, "me", "jp");
        Fixtures.index(
                cwd,
                "jp",
                Fixtures.write(
                                cwd.resolve("séssions/日本.jsonl"),
                                "{\"type\":\"user\",\"message\":{\"content\":\"from a non-ASCII path\"}}\n")
                        .toString());
        Fixtures.Run c = Fixtures.run(
                java.util.List.of(
                        cwd.resolve(".termsprawl/bin/termsprawl-context").toString(),
                        "--cwd",
                        cwd.toString(),
                        "--self",
                        "me"),
                null,
                java.util.Map.of("LC_ALL", "C", "LANG", "C"));
        assertEquals(0, c.exit(), Fixtures.str(c.stderr()));
        assertEquals("# linked context from jp (jp)\n## user\nfrom a non-ASCII path\n", Fixtures.str(c.stdout()));

        // a UTF-8 locale that is named but not installed on this machine: the JVM would fall back to ASCII
        Fixtures.Run missing = Fixtures.run(
                java.util.List.of(
                        cwd.resolve(".termsprawl/bin/termsprawl-context").toString(),
                        "--cwd",
                        cwd.toString(),
                        "--self",
                        "me"),
                null,
                java.util.Map.of("LC_ALL", "xx_NOWHERE.UTF-8", "LANG", "xx_NOWHERE.UTF-8"));
        assertEquals(0, missing.exit(), Fixtures.str(missing.stderr()));
        assertEquals("# linked context from jp (jp)\n## user\nfrom a non-ASCII path\n", Fixtures.str(missing.stdout()));
    }
}
