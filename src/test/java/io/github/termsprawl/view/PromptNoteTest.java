package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The note at each prompt: what linked peers did since the node's previous prompt, within its budget, once. */
class PromptNoteTest {
    static final Instant NOW = Instant.parse("2026-01-01T03:00:00Z");

    @TempDir
    Path tmp;

    Path cwd;
    int n;

    @BeforeEach
    void project() throws IOException {
        cwd = Files.createDirectories(tmp.resolve("p")).toRealPath();
    }

    /** A Claude Code exchange appended to {@code file}: the user's prompt, an edit of {@code edited}, the reply. */
    void exchange(Path file, String prompt, String edited, String reply) throws IOException {
        int i = n++;
        String parent = i == 0 ? "null" : "\"r" + (i - 1) + "\"";
        String time = "2026-01-01T02:" + String.format("%02d", 10 + i) + ":00Z";
        String s = "{\"type\":\"user\",\"uuid\":\"u" + i + "\",\"parentUuid\":" + parent + ",\"timestamp\":\"" + time
                + "\",\"message\":{\"role\":\"user\",\"content\":" + Fixtures.jsonString(prompt) + "}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":\"u" + i + "\",\"timestamp\":\""
                + time
                + "\",\"message\":{\"id\":\"m" + i + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t" + i + "\",\"name\":\"Edit\",\"input\":{\"file_path\":"
                + Fixtures.jsonString(cwd + "/" + edited) + "}}]}}\n"
                + "{\"type\":\"user\",\"uuid\":\"x" + i + "\",\"parentUuid\":\"a" + i + "\",\"timestamp\":\"" + time
                + "\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t" + i
                + "\",\"content\":\"ok\"}]}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"r" + i + "\",\"parentUuid\":\"x" + i + "\",\"timestamp\":\""
                + time
                + "\",\"message\":{\"id\":\"n" + i + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
                + "\"text\":" + Fixtures.jsonString(reply) + "}]}}\n";
        Files.writeString(file, s, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    Path peer(String self, String peer) throws IOException {
        Path file = tmp.resolve(peer + ".jsonl");
        Files.writeString(file, "");
        Fixtures.link(cwd, self, peer);
        Fixtures.index(cwd, peer, file.toString());
        return file;
    }

    String note(String self) throws IOException {
        return new PromptNote(new ProjectLayout(cwd), self).note(NOW);
    }

    @Test
    void whatAPeerDidSinceTheLastPromptIsToldOnce() throws IOException {
        Path be = peer("me", "be");
        exchange(be, "set up the project", "pom.xml", "Done.");
        assertNull(note("me"), "the first prompt: what is told from then on");
        assertNull(note("me"), "nothing new");
        exchange(be, "rename the /orders API\nto /purchases", "src/Api.java", "Renamed.");
        String note = note("me");
        assertEquals(
                "termsprawl: since your last prompt, linked agents did this:\n"
                        + "- be (claude): 2 turns; last asked: \"rename the /orders API to /purchases\"; changed"
                        + " src/Api.java\n"
                        + "More: " + cwd + "/.termsprawl/bin/termsprawl-context --cwd " + cwd
                        + " --self me; who changed"
                        + " what: " + cwd + "/.termsprawl/bin/termsprawl-touches --cwd " + cwd + " --self me",
                note);
        assertNull(note("me"), "never the same news twice");
    }

    @Test
    void aSecretInThePeersPromptNeverReachesTheNote() throws IOException {
        Path be = peer("me", "be");
        exchange(be, "hi", "a.txt", "ok");
        assertNull(note("me"));
        String secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
        exchange(be, "use the token " + secret + " for the deploy", "b.txt", "ok");
        String note = note("me");
        assertFalse(note.contains(secret), note);
        assertTrue(note.contains("[redacted:"), note);
    }

    @Test
    void fiftyBusyPeersStayWithinTheBudget() throws IOException {
        for (int p = 0; p < 50; p++) {
            peer("me", "peer" + p);
        }
        assertNull(note("me"));
        for (int p = 0; p < 50; p++) {
            Path file = tmp.resolve("peer" + p + ".jsonl");
            exchange(
                    file,
                    "a long prompt that goes on and on about the thing it wants done ".repeat(5),
                    "src/F" + p + ".java",
                    "ok");
        }
        String note = note("me");
        assertTrue(note.getBytes(StandardCharsets.UTF_8).length <= PromptNote.MAX_BYTES, note.length() + ": " + note);
        assertTrue(note.split("\n").length <= PromptNote.MAX_LINES, note);
        assertTrue(note.contains("more linked agents"), note);
    }

    @Test
    void theProjectMayTurnTheNotesOff() throws IOException {
        Path be = peer("me", "be");
        exchange(be, "one", "a.txt", "ok");
        assertNull(note("me"));
        exchange(be, "two", "b.txt", "ok");
        Files.writeString(cwd.resolve(".termsprawl/project.json"), "{\"notes\": false}");
        assertNull(note("me"));
    }
}
