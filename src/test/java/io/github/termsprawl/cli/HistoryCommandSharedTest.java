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
}
