package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.jsonl.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two simulated agents: {@code be} edited files; {@code me}'s PreToolUse hook runs before its own edit. */
class TouchHookTest {
    @TempDir
    Path tmp;

    Path cwd;

    static final Instant NOW = Instant.parse("2026-01-01T03:00:00Z");

    @BeforeEach
    void twoAgents() throws IOException {
        cwd = Files.createDirectories(tmp.resolve("p")).toRealPath();
        Fixtures.link(cwd, "me", "be");
        Fixtures.index(
                cwd,
                "be",
                Fixtures.write(tmp.resolve("be.jsonl"), TouchesCommandTest.claude(new String[][] {
                            {cwd + "/src/A.java", "2026-01-01T02:30:00Z", "Edit"},
                            {cwd + "/src/Old.java", "2026-01-01T00:30:00Z", "Edit"}
                        }))
                        .toString());
    }

    String hook(String file, String self, String... args) {
        String input = "{\"session_id\":\"s\",\"hook_event_name\":\"PreToolUse\",\"cwd\":"
                + Fixtures.jsonString(cwd.toString())
                + ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":" + Fixtures.jsonString(file)
                + ",\"old_string\":\"a\",\"new_string\":\"b\"}}";
        return warned(input, self, TouchHook.BUDGET_NANOS, args);
    }

    /** The hook's answer to {@code input}, exit 0; with Claude Code's warn unless {@code args} name a guard. */
    private static String warned(String input, String self, long budgetNanos, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // these tests are of Claude Code's warn, ask and deny: the default, hold, is below
        boolean guarded = java.util.Arrays.asList(args).contains("--guard");
        String[] argv = new String[args.length + (guarded ? 1 : 3)];
        argv[0] = "--hook";
        System.arraycopy(args, 0, argv, 1, args.length);
        if (!guarded) {
            argv[args.length + 1] = "--guard";
            argv[args.length + 2] = "warn";
        }
        assertEquals(
                0,
                TouchHook.run(
                        argv,
                        NOW,
                        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                        out,
                        OutputStream.nullOutputStream(),
                        self,
                        budgetNanos));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** One run of the hook as {@code agent}'s: its exit code, stdout and stderr. */
    record Run(int exit, String out, String err) {}

    Run held(String agent, String self, String toolName, String toolInput, String sessionCwd) {
        String input = "{\"session_id\":\"s\",\"cwd\":" + Fixtures.jsonString(sessionCwd) + ",\"tool_name\":"
                + Fixtures.jsonString(toolName) + ",\"tool_input\":" + toolInput + "}";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = TouchHook.run(
                new String[] {"--hook", "--agent", agent, "--cwd", cwd.toString()},
                NOW,
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                out,
                err,
                self,
                TouchHook.BUDGET_NANOS);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theFirstOverlappingEditIsHeldOnceForEveryAgentAndTheRetryGoesThrough() throws IOException {
        String[][] calls = {
            {"claude", "Edit", "{\"file_path\":" + Fixtures.jsonString(cwd + "/src/A.java") + "}"},
            {
                "codex",
                "apply_patch",
                "{\"command\":\"*** Begin Patch\\n*** Update File: src/A.java\\n@@\\n-a\\n+b\\n*** End Patch\\n\"}"
            },
            {"gemini", "replace", "{\"file_path\":" + Fixtures.jsonString(cwd + "/src/A.java") + "}"},
            {"opencode", "edit", "{\"filePath\":" + Fixtures.jsonString(cwd + "/src/A.java") + "}"},
            {"pi", "edit", "{\"path\":\"src/A.java\"}"},
        };
        for (String[] call : calls) {
            String self = "me-" + call[0];
            Fixtures.link(cwd, self, "be");
            new io.github.termsprawl.core.EditLists(new io.github.termsprawl.core.ProjectLayout(cwd)).reset(self);
            Run first = held(call[0], self, call[1], call[2], cwd.toString());
            assertEquals(2, first.exit(), call[0] + ": " + first);
            assertEquals("", first.out());
            assertTrue(
                    first.err()
                            .startsWith(TouchHook.HELD + "termsprawl: another agent linked to you changed src/A.java"),
                    first.err());
            assertTrue(first.err().contains("- be (claude): edit at 2026-01-01T02:30:00Z, turn 1\n"), first.err());
            assertTrue(first.err().endsWith("The same edit, made again, will go through.\n"), first.err());
            // byte for byte as docs/touches.md shows it
            assertEquals(
                    "termsprawl held this edit once, on purpose (this is not an error):\n"
                            + "termsprawl: another agent linked to you changed src/A.java recently; it may be working on"
                            + " it now.\n- be (claude): edit at 2026-01-01T02:30:00Z, turn 1\nBefore you edit it, see what"
                            + " they are doing: " + cwd + "/.termsprawl/bin/termsprawl-context --cwd " + cwd
                            + " --self "
                            + self + "\nand every change of this file: " + cwd
                            + "/.termsprawl/bin/termsprawl-touches --cwd "
                            + cwd + " --self " + self
                            + " --file src/A.java\nThe same edit, made again, will go through.\n",
                    first.err());
            Run retry = held(call[0], self, call[1], call[2], cwd.toString());
            assertEquals(new Run(0, "", ""), retry, call[0]);
            // the node's own edits list names the file, for its peers' launchers
            assertEquals(
                    "src/A.java\n",
                    Files.readString(cwd.resolve(".termsprawl/transcripts/" + self + ".edits")),
                    call[0]);
        }
    }

    @Test
    void aRelativePathIsTheSessionFoldersAndAShellWriteIsHeldToo() throws IOException {
        Files.createDirectories(cwd.resolve("src"));
        Run fromModule = held(
                "codex",
                "me",
                "apply_patch",
                "{\"command\":\"*** Begin Patch\\n*** Update File: A.java\\n*** End Patch\\n\"}",
                cwd.resolve("src").toString());
        assertEquals(2, fromModule.exit(), fromModule.toString());
        Run shell = held("codex", "me2", "exec_command", "{\"cmd\":\"sed -i s/a/b/ src/A.java\"}", cwd.toString());
        assertEquals(0, shell.exit(), "me2 is not linked: " + shell);
        Fixtures.link(cwd, "me2", "be");
        shell = held("codex", "me2", "exec_command", "{\"cmd\":\"sed -i s/a/b/ src/A.java\"}", cwd.toString());
        assertEquals(2, shell.exit(), shell.toString());
        assertEquals(new Run(0, "", ""), held("codex", "me2", "exec_command", "{\"cmd\":\"ls src\"}", cwd.toString()));
    }

    /** A {@code --cwd} ending in {@code /.} (a hook run as {@code --cwd .}) names the commands by the plain path. */
    @Test
    void theHeldReasonNamesTheProjectByItsPlainPath() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String input = "{\"cwd\":" + Fixtures.jsonString(cwd.toString())
                + ",\"tool_name\":\"replace\",\"tool_input\":{\"file_path\":\"src/A.java\"}}";
        int exit = TouchHook.run(
                new String[] {"--hook", "--agent", "gemini", "--cwd", cwd + "/."},
                NOW,
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                OutputStream.nullOutputStream(),
                err,
                "me",
                TouchHook.BUDGET_NANOS);
        assertEquals(2, exit);
        String reason = err.toString(StandardCharsets.UTF_8);
        assertTrue(
                reason.contains("see what they are doing: " + cwd + "/.termsprawl/bin/termsprawl-context --cwd " + cwd
                        + " --self me\n"),
                reason);
    }

    @Test
    void denyHoldsEveryTimeAndOffNever() {
        for (int i = 0; i < 2; i++) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            String input = "{\"cwd\":" + Fixtures.jsonString(cwd.toString())
                    + ",\"tool_name\":\"replace\",\"tool_input\":{\"file_path\":\"src/A.java\"}}";
            int exit = TouchHook.run(
                    new String[] {"--hook", "--agent", "gemini", "--cwd", cwd.toString(), "--guard", "deny"},
                    NOW,
                    new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                    OutputStream.nullOutputStream(),
                    err,
                    "me",
                    TouchHook.BUDGET_NANOS);
            assertEquals(2, exit);
            assertTrue(
                    err.toString(StandardCharsets.UTF_8).startsWith("termsprawl: another agent linked to you changed"));
        }
    }

    @Test
    void theSameFileWarnsAndTheEditGoesOn() throws IOException {
        String out = hook(cwd + "/src/A.java", "me");
        Map<String, Object> specific =
                Json.asObject(Json.asObject(Json.parse(out)).get("hookSpecificOutput"));
        assertEquals("PreToolUse", specific.get("hookEventName"));
        assertEquals(null, specific.get("permissionDecision"));
        assertEquals(
                "termsprawl: another agent linked to you changed src/A.java recently; it may be working on it now.\n"
                        + "- be (claude): edit at 2026-01-01T02:30:00Z, turn 1\n"
                        + "Before you edit it, see what they are doing: " + cwd
                        + "/.termsprawl/bin/termsprawl-context --cwd "
                        + cwd + " --self me\n"
                        + "and every change of this file: " + cwd + "/.termsprawl/bin/termsprawl-touches --cwd " + cwd
                        + " --self me --file src/A.java",
                specific.get("additionalContext"));
        assertTrue(out.endsWith("}\n"));
    }

    /** A --cwd inside the project (a module folder) finds the project's root; the message names the root. */
    @Test
    void aModuleFolderAsCwdWarnsAsTheRootDoes() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/bin"));
        Path module = Files.createDirectories(cwd.resolve("module-a"));
        String atRoot = hook(cwd + "/src/A.java", "me", "--cwd", cwd.toString());
        assertTrue(atRoot.contains("changed src/A.java recently"), atRoot);
        assertEquals(atRoot, hook(cwd + "/src/A.java", "me", "--cwd", module.toString()));
    }

    @Test
    void askAndDenyDecide() throws IOException {
        for (String mode : new String[] {"ask", "deny"}) {
            Map<String, Object> specific = Json.asObject(
                    Json.asObject(Json.parse(hook(cwd + "/src/A.java", "me", "--cwd", cwd.toString(), "--guard", mode)))
                            .get("hookSpecificOutput"));
            assertEquals(mode, specific.get("permissionDecision"));
            assertTrue(((String) specific.get("permissionDecisionReason")).contains("be (claude): edit"));
        }
        assertEquals("", hook(cwd + "/src/A.java", "me", "--guard", "off"));
    }

    @Test
    void silenceOtherwise() {
        assertEquals("", hook(cwd + "/src/B.java", "me")); // a different file
        assertEquals("", hook(cwd + "/src/Old.java", "me")); // outside the window of 2 hours
        assertTrue(!hook(cwd + "/src/Old.java", "me", "--window", "3h").isEmpty());
        assertEquals("", hook(cwd + "/src/A.java", "be")); // its own edit
        assertEquals("", hook(cwd + "/src/A.java", null)); // no TERMSPRAWL_NODE_ID
        assertEquals("", hook("/elsewhere/A.java", "me"));
    }

    @Test
    void aFailingIndexLetsTheEditGoOn() throws IOException {
        // the touch index cannot be written (a folder where its file goes): the answer still comes from the transcript
        Files.createDirectories(cwd.resolve(".termsprawl/transcripts/be.touches/x"));
        assertTrue(hook(cwd + "/src/A.java", "me").contains("additionalContext"));
        // the transcript index is unreadable: silence, exit 0
        Fixtures.write(cwd.resolve(".termsprawl/transcripts/be.json"), "{not json");
        assertEquals("", hook(cwd + "/src/A.java", "me", "--guard", "deny"));
        // garbage on stdin: silence, exit 0
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, plainHook(new ByteArrayInputStream(new byte[] {0, 1, 2}), out));
        assertEquals(0, out.size());
    }

    @Test
    void aStdinThatNeverClosesLetsTheEditGoOn() throws IOException {
        // the payload of a warning, then stdin stays open: the hook gives up on it (docs/touches.md), silent, exit 0
        String input = "{\"cwd\":" + Fixtures.jsonString(cwd.toString())
                + ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":"
                + Fixtures.jsonString(cwd + "/src/A.java") + "}}";
        java.io.PipedOutputStream writer = new java.io.PipedOutputStream();
        java.io.PipedInputStream open = new java.io.PipedInputStream(writer, 1 << 16);
        writer.write(input.getBytes(StandardCharsets.UTF_8));
        writer.flush();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                Fixtures.HANG_GUARD, () -> plainHook(open, out));
        assertEquals(0, code);
        assertEquals(0, out.size());
        writer.close();
    }

    @Test
    void anEndlessStdinIsCutAtItsCap() {
        // more than a payload can be, and it goes on: the hook keeps at most its cap and gives up, silent, exit 0
        java.util.concurrent.atomic.AtomicLong served = new java.util.concurrent.atomic.AtomicLong();
        java.io.InputStream endless = new java.io.InputStream() {
            @Override
            public int read() {
                served.incrementAndGet();
                return ' ';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) ' ');
                served.addAndGet(len);
                return len;
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                Fixtures.HANG_GUARD, () -> plainHook(endless, out));
        assertEquals(0, code);
        assertEquals(0, out.size());
        assertTrue(served.get() <= 2L * TouchHook.MAX_INPUT + (1 << 16), served.get() + " bytes read");
    }

    @Test
    void aLongSessionIsIndexedAcrossHookRunsAndThenAnswersAsAWholeRead() throws IOException {
        // issue 38's session: 72 MB, 75,000 tool calls, 750 of them edits of 40 files, over about 2 hours
        Path file = io.github.termsprawl.touch.LongClaudeSession.write(
                tmp.resolve("long.jsonl"), cwd, 75_000, 100, 40, 540);
        long size = Files.size(file);
        assertTrue(size > 70_000_000L, size + " bytes");
        Fixtures.index(cwd, "be", file.toString());
        Path index = cwd.resolve(".termsprawl/transcripts/be.touches");
        String target = cwd + "/src/F7.java";
        long reached = 0;
        int runs = 0;
        String out;
        do {
            // a time budget no load reaches: the work of a run is bounded by its bytes, which is what is asserted
            out = hookWith(target, Fixtures.HANG_GUARD.toNanos(), "--window", "3h");
            runs++;
            long end = Long.parseLong(Files.readAllLines(index).get(4).split("\t")[1]);
            assertTrue(end > reached, "run " + runs + " went no further");
            assertTrue(end - reached <= TouchHook.READ_BYTES + 4096, "run " + runs + " read " + (end - reached));
            reached = end;
        } while (reached < size && runs < 100);
        assertEquals(size, reached);
        assertTrue(runs <= size / TouchHook.READ_BYTES + 1, runs + " runs");
        // built: what the hook says is what a whole read of the session says
        io.github.termsprawl.touch.SessionTouches.Result whole;
        try (io.github.termsprawl.registry.TranscriptReaders readers =
                new io.github.termsprawl.registry.TranscriptReaders(new io.github.termsprawl.jsonl.JsonlTail(), null)) {
            whole = io.github.termsprawl.touch.SessionTouches.read(
                    "be",
                    io.github.termsprawl.store.StoreFixtures.entry(file, "claude", null),
                    io.github.termsprawl.store.Store.CLAUDE,
                    new io.github.termsprawl.touch.ProjectPaths(cwd),
                    readers);
        }
        assertEquals(750, whole.events().size());
        java.util.List<io.github.termsprawl.touch.TouchEvent> ofF7 = new java.util.ArrayList<>();
        for (io.github.termsprawl.touch.TouchEvent e : whole.events()) {
            if (e.path().equals("src/F7.java") && !e.time().isBefore(NOW.minusSeconds(3 * 3600))) {
                ofF7.add(0, e); // newest first: the session's order, reversed (every time differs)
            }
        }
        String expected = TouchHook.message(
                "src/F7.java",
                java.util.List.of(new io.github.termsprawl.touch.PeerTouches.Peer(
                        "be", io.github.termsprawl.store.Store.CLAUDE, ofF7)),
                "me",
                cwd.toString());
        String answer = hookWith(target, Fixtures.HANG_GUARD.toNanos(), "--window", "3h");
        Map<String, Object> json = Json.asObject(Json.parse(answer));
        assertEquals(expected, Json.asObject(json.get("hookSpecificOutput")).get("additionalContext"));
    }

    String hookWith(String file, long budgetNanos, String... args) {
        String input = "{\"cwd\":" + Fixtures.jsonString(cwd.toString())
                + ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":" + Fixtures.jsonString(file) + "}}";
        return warned(input, "me", budgetNanos, args); // Claude Code's warn: what the model reads is the test's
    }

    @Test
    void aTouchIndexPastItsSaneSizeIsMadeAgain() throws IOException {
        // 50 GB of nothing where the touch index goes (docs/files.md, "Sane sizes"): broken, read again, written small
        Path index = cwd.resolve(".termsprawl/transcripts/be.touches");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(index.toFile(), "rw")) {
            f.setLength(50L << 30);
        }
        assertTrue(hook(cwd + "/src/A.java", "me").contains("additionalContext"));
        assertTrue(Files.size(index) < io.github.termsprawl.core.StateCaps.TOUCH_INDEX, Files.size(index) + " bytes");
        assertTrue(hook(cwd + "/src/A.java", "me").contains("additionalContext"));
    }

    @Test
    void aPlainWordNeedsNoQuotes() {
        org.junit.jupiter.api.Assertions.assertTrue(TouchHook.plainWord("src/a-b_c.java"));
        org.junit.jupiter.api.Assertions.assertTrue(TouchHook.plainWord("x@1%2+3,4:5=6"));
        for (String s : new String[] {"", "a b", "a'b", "$x", "a\nb", "\u00e9", "a;b", "*"}) {
            org.junit.jupiter.api.Assertions.assertFalse(TouchHook.plainWord(s), s);
            org.junit.jupiter.api.Assertions.assertEquals(
                    !s.isEmpty() && s.matches("[A-Za-z0-9_./@%+,:=-]+"), TouchHook.plainWord(s), s);
        }
    }

    @Test
    void aReceivedSharedNodeWarnsLikeALinkedPeer() throws IOException {
        // a teammate's node as receive leaves it: its touches.json, paths relative to the project (docs/sharing.md)
        Fixtures.write(
                cwd.resolve(".termsprawl/shared/alice__backend/" + io.github.termsprawl.touch.SharedTouches.FILE),
                io.github.termsprawl.touch.SharedTouches.json(
                        "backend",
                        io.github.termsprawl.store.Store.CODEX,
                        java.util.List.of(new io.github.termsprawl.touch.TouchEvent(
                                "backend",
                                "src/C.java",
                                io.github.termsprawl.edits.FileTouch.Kind.EDIT,
                                null,
                                Instant.parse("2026-01-01T02:40:00Z"),
                                7,
                                true,
                                false,
                                null))));
        Fixtures.link(cwd, "me", "alice__backend");
        Map<String, Object> specific = Json.asObject(
                Json.asObject(Json.parse(hook(cwd + "/src/C.java", "me"))).get("hookSpecificOutput"));
        assertTrue(
                ((String) specific.get("additionalContext"))
                        .contains("\n- alice__backend (codex): edit at 2026-01-01T02:40:00Z, turn 7\n"),
                specific.toString());
        assertEquals("", hook(cwd + "/src/D.java", "me"), "another file: silence");
        // a touches.json that does not read: silence, and the edit goes on
        Fixtures.write(cwd.resolve(".termsprawl/shared/alice__backend/touches.json"), "{\"version\":1,");
        assertEquals("", hook(cwd + "/src/C.java", "me"));
    }

    /** The hook with no arguments of its own, as "me", its stderr dropped. */
    private static int plainHook(java.io.InputStream in, OutputStream out) {
        return TouchHook.run(
                new String[] {"--hook"}, NOW, in, out, OutputStream.nullOutputStream(), "me", TouchHook.BUDGET_NANOS);
    }
}
