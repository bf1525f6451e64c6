package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.registry.TranscriptReaders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectStatusTest {
    @TempDir
    Path cwd;

    @Test
    void oneLinePerNodeWithEntryOrLink() throws Exception {
        Path t = Fixtures.write(
                cwd.resolve("a b/codex.jsonl"),
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"q\"}}\n");
        Files.setLastModifiedTime(t, FileTime.fromMillis(1_767_225_600_123L));
        Fixtures.index(cwd, "rev", t.toString());
        Fixtures.write(cwd.resolve(".termsprawl/transcripts/gone.json"), "{\"version\":1,\"path\":\"/no/such.jsonl\"}");
        Fixtures.write(cwd.resolve(".termsprawl/transcripts/bad id.json"), "{\"version\":1,\"path\":\"/x\"}");
        Fixtures.write(cwd.resolve(".termsprawl/transcripts/broken.json"), "not json");
        Fixtures.link(cwd, "rev", "gone");
        Fixtures.link(cwd, "rev", "solo");
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            ProjectStatus status = new ProjectStatus(new ProjectLayout(cwd), readers);
            assertEquals(List.of("broken", "gone", "rev", "solo"), status.nodes());
            assertEquals(
                    List.of(
                            "broken unrecorded links=-",
                            "gone store=claude missing links=rev path=/no/such.jsonl",
                            "rev store=codex turns=1 size=" + Files.size(t)
                                    + " modified=2026-01-01T00:00:00Z changed=0 links=gone,solo path=" + t,
                            "solo unrecorded links=rev"),
                    status.lines());
        }
    }

    @Test
    void anEmptyProjectHasNoLines() {
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            assertEquals(List.of(), new ProjectStatus(new ProjectLayout(cwd), readers).lines());
        }
    }

    /** A status line names a path, which can hold a secret (a credential in a URL-like folder name). */
    @Test
    void secretsInALineAreRedactedUnlessTurnedOff() throws Exception {
        String pat = "ghp_" + "8aF3kQ9zL2mX7pR4tW6yB1cD5eG0hJ2nK4sV";
        Fixtures.index(cwd, "rev", "/no/" + pat + "/s.jsonl");
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            ProjectStatus status = new ProjectStatus(new ProjectLayout(cwd), readers);
            String redacted = status.lines(true).get(0);
            assertEquals(false, redacted.contains(pat), redacted);
            assertEquals(true, redacted.contains("[redacted:"), redacted);
            assertEquals(true, status.lines(false).get(0).contains(pat));
        }
    }

    /** issue 26: per node, how many files its session changed (each file once, however often). */
    @Test
    void eachNodeSaysHowManyFilesItChanged() throws Exception {
        Path root = cwd.toRealPath();
        Path t = Fixtures.write(root.resolve("logs/be.jsonl"), claude(new String[][] {
            {root + "/src/A.java", "2026-01-01T00:00:01Z", "Edit"},
            {root + "/src/B.java", "2026-01-01T00:00:02Z", "Write"},
            {root + "/src/A.java", "2026-01-01T00:00:03Z", "Edit"},
            {"/elsewhere/C.java", "2026-01-01T00:00:04Z", "Edit"}
        }));
        Files.setLastModifiedTime(t, FileTime.fromMillis(1_767_225_600_000L));
        Fixtures.index(root, "be", t.toString());
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            String line =
                    new ProjectStatus(new ProjectLayout(root), readers).lines().get(0);
            assertEquals(
                    "be store=claude turns=1 size=" + Files.size(t) + " modified=2026-01-01T00:00:00Z changed=2 links=-"
                            + " path=" + t,
                    line);
        }
    }

    /** A Claude Code transcript: a prompt, then per edit a tool call ({@code path, time, tool}) and its result. */
    static String claude(String[][] edits) {
        StringBuilder s = new StringBuilder("{\"type\":\"user\",\"uuid\":\"u0\",\"parentUuid\":null,"
                + "\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n");
        String parent = "u0";
        for (int i = 0; i < edits.length; i++) {
            s.append("{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":\"" + parent
                    + "\",\"timestamp\":\"" + edits[i][1] + "\",\"message\":{\"id\":\"m" + i
                    + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i + "\",\"name\":\""
                    + edits[i][2] + "\",\"input\":{\"file_path\":" + Fixtures.jsonString(edits[i][0]) + "}}]}}\n");
            s.append("{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"a" + i + "\",\"timestamp\":\""
                    + edits[i][1] + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                    + "\"tool_use_id\":\"t" + i + "\",\"content\":\"ok\"}]}}\n");
            parent = "r" + i;
        }
        return s.toString();
    }

    /** OpenCode keeps its newest writes in the write-ahead log: the session's size and time count it (issue 40). */
    @Test
    void anOpenCodeSessionCountsItsWriteAheadLog() throws Exception {
        Path db = cwd.resolve("oc/opencode.db");
        Files.createDirectories(db.getParent());
        try (io.github.termsprawl.store.opencode.OpenCodeDbFixture w =
                new io.github.termsprawl.store.opencode.OpenCodeDbFixture(db)) {
            w.schema();
            w.session("ses_1", null, cwd.toString(), 1);
            w.message("msg_1", "ses_1", 1, "user");
            w.part("prt_1", "msg_1", "ses_1", io.github.termsprawl.store.opencode.OpenCodeDbFixture.text("hi"));
            // the writer still open, as OpenCode is: its writes sit in opencode.db-wal
            Path wal = cwd.resolve("oc/opencode.db-wal");
            Files.setLastModifiedTime(db, FileTime.fromMillis(1_767_225_600_000L));
            Files.setLastModifiedTime(wal, FileTime.fromMillis(1_767_229_200_000L));
            Fixtures.write(
                    cwd.resolve(".termsprawl/transcripts/ui.json"),
                    "{\"version\":1,\"path\":" + Fixtures.jsonString(db.toString())
                            + ",\"store\":\"opencode\",\"session\":\"ses_1\"}");
            try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
                String line = new ProjectStatus(new ProjectLayout(cwd), readers)
                        .lines()
                        .get(0);
                long size = Files.size(db) + Files.size(wal);
                assertEquals(
                        "ui store=opencode turns=1 size=" + size
                                + " modified=2026-01-01T01:00:00Z changed=0 links=- path=" + db,
                        line);
            }
        }
    }
}
