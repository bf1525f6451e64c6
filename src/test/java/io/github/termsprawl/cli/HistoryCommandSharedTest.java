package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** termsprawl-history on a received shared node: its turn files as shared (docs/sharing.md). */
class HistoryCommandSharedTest {
    @TempDir
    Path cwd;

    private String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        HistoryCommand.run(args, out, err);
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void showListAndIndexReadASharedNodesTurnFiles() throws Exception {
        Path dir = cwd.resolve(".termsprawl/shared/alice__backend/history");
        Fixtures.write(dir.resolve("index.md"), "0 user question\n");
        Fixtures.write(dir.resolve("turn-0000-user.md"), "---\nturn: 0000\n---\n\nquestion\n");
        Fixtures.write(dir.resolve("turn-0001-assistant.md"), "---\nturn: 0001\n---\n\nanswer\n");
        String c = cwd.toString();
        assertEquals("---\nturn: 0001\n---\n\nanswer\n", run("--cwd", c, "--node", "alice__backend", "--show", "1")[0]);
        assertEquals("", run("--cwd", c, "--node", "alice__backend", "--show", "1")[1]);
        String list = run("--cwd", c, "--node", "alice__backend", "--list")[0];
        assertEquals(2, list.lines().count(), list);
        assertEquals(true, list.lines().findFirst().get().endsWith("turn-0000-user.md"), list);
        assertEquals(true, run("--cwd", c, "--node", "alice__backend")[0].trim().endsWith("index.md"));
        assertEquals(
                "termsprawl-history: alice__backend: no turn 7\n",
                run("--cwd", c, "--node", "alice__backend", "--show", "7")[1]);
    }

    /**
     * A cloned repository can carry {@code .termsprawl/shared/<id>/} with a linked {@code history} folder and a fake
     * {@code .commit} and {@code .files}: nothing outside the project is read, printed or written through it
     * (docs/sharing.md, "Caps").
     */
    @Test
    void aLinkedHistoryFolderOfASharedNodeIsNeitherReadNorWrittenThrough(
            @org.junit.jupiter.api.io.TempDir Path elsewhere) throws Exception {
        Path outside = Fixtures.write(
                        elsewhere.resolve("turn-0000-user.md"), "---\nturn: 0000\n---\n\nOUTSIDE SECRET\n")
                .getParent();
        Fixtures.write(outside.resolve("index.md"), "OUTSIDE INDEX\n");
        Path dir = cwd.resolve(".termsprawl/shared/alice__backend");
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.createSymbolicLink(dir.resolve("history"), outside);
        String id = "0".repeat(40);
        Fixtures.write(dir.resolve(".commit"), id + "\n");
        Fixtures.write(dir.resolve(".files"), id + " history/index.md\n" + id + " history/turn-0000-user.md\n");
        Fixtures.write(dir.resolve("context.md"), "# linked context from x (x)\n## user\nhi\n");
        String c = cwd.toString();
        String[] show = run("--cwd", c, "--node", "alice__backend", "--show", "0");
        assertEquals("", show[0]);
        assertEquals(false, show[1].contains("OUTSIDE"), show[1]);
        String[] list = run("--cwd", c, "--node", "alice__backend", "--list");
        assertEquals("", list[0]);
        assertEquals(true, list[1].contains("is a link to"), list[1]);
        Fixtures.link(cwd, "me", "alice__backend");
        for (io.github.termsprawl.view.View view : io.github.termsprawl.view.View.values()) {
            try (io.github.termsprawl.view.LinkedContext context = new io.github.termsprawl.view.LinkedContext(
                    cwd, view, view == io.github.termsprawl.view.View.LIVE)) {
                String printed = context.render("me").stdout();
                assertEquals(false, printed.contains("OUTSIDE"), printed);
            }
        }
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(outside)) {
            assertEquals(2, files.count(), "nothing written outside");
        }
    }

    private static String git(Path dir, byte[] stdin, String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("git"));
        command.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).start();
        try (var in = p.getOutputStream()) {
            in.write(stdin);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.getErrorStream().readAllBytes();
        org.junit.jupiter.api.Assertions.assertEquals(0, p.waitFor(), String.join(" ", command));
        return out.trim();
    }

    /** A node as receive leaves it: .commit, .files and the small files; its turn files in git's object store. */
    @Test
    void aReceivedNodesTurnFilesAreReadFromGitAndWrittenAtFirstUseForAGrep() throws Exception {
        boolean hasGit;
        try {
            hasGit = new ProcessBuilder("git", "--version").start().waitFor() == 0;
        } catch (java.io.IOException e) {
            hasGit = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(hasGit, "git is not on the PATH");
        git(cwd, new byte[0], "init", "-q");
        Path dir = cwd.resolve(".termsprawl/shared/alice__backend");
        java.util.Map<String, String> files = new java.util.TreeMap<>();
        String[][] content = {
            {"history/index.md", "0 user question\n"},
            {"history/turn-0000-user.md", "---\nturn: 0000\n---\n\nquestion\n"},
            {"history/turn-0001-assistant.md", "---\nturn: 0001\n---\n\nanswer\n"}
        };
        for (String[] f : content) {
            files.put(f[0], git(cwd, f[1].getBytes(StandardCharsets.UTF_8), "hash-object", "-w", "--stdin"));
        }
        Fixtures.write(dir.resolve("history/index.md"), content[0][1]);
        Fixtures.write(dir.resolve(".files"), io.github.termsprawl.core.SharedNode.listingText(files));
        Fixtures.write(dir.resolve(".commit"), files.get("history/index.md") + "\n"); // any object id will do here
        String c = cwd.toString();
        assertEquals("---\nturn: 0001\n---\n\nanswer\n", run("--cwd", c, "--node", "alice__backend", "--show", "1")[0]);
        assertEquals(
                false,
                java.nio.file.Files.exists(dir.resolve("history/turn-0001-assistant.md")),
                "--show writes nothing");
        String[] list = run("--cwd", c, "--node", "alice__backend", "--list");
        assertEquals("", list[1]);
        assertEquals(2, list[0].lines().count(), list[0]);
        assertEquals(
                "---\nturn: 0001\n---\n\nanswer\n",
                java.nio.file.Files.readString(dir.resolve("history/turn-0001-assistant.md")),
                "written at first use, for a grep");
        assertEquals(
                files.get("history/index.md"),
                java.nio.file.Files.readString(dir.resolve(".complete")).trim());
    }
}
