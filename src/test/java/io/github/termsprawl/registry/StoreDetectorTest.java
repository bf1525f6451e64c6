package io.github.termsprawl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.cursor.CursorTranscript;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreDetectorTest {
    @TempDir
    Path dir;

    @Test
    void recognisesEachStoreFromItsFirstRecords() throws Exception {
        assertEquals(
                Store.CLAUDE,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("c.jsonl"),
                        "{\"type\":\"summary\",\"summary\":\"s\",\"leafUuid\":\"u\"}",
                        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}")));
        assertEquals(
                Store.CODEX,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("x.jsonl"),
                        "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s\"}}")));
        assertEquals(
                Store.PI,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("p.jsonl"),
                        "{\"type\":\"session\",\"id\":\"s\",\"timestamp\":\"t\",\"cwd\":\"/p\"}")));
        assertEquals(
                Store.GEMINI,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("g.jsonl"),
                        "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"startTime\":\"t\",\"kind\":\"main\"}")));
        assertEquals(
                Store.CURSOR,
                StoreFixtures.detect(StoreFixtures.jsonl(
                        dir.resolve("k.jsonl"),
                        "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}")));
        Path db = dir.resolve("opencode.sqlite");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
        }
        assertEquals(Store.OPENCODE, StoreFixtures.detect(db));
        assertEquals(Store.CLAUDE, StoreFixtures.detect(StoreFixtures.write(dir.resolve("empty.jsonl"), "")));
        assertEquals(Store.CLAUDE, StoreFixtures.detect(dir.resolve("missing.jsonl")));
    }

    @Test
    void aClaudeRecordInTheHeadOutweighsOddLinesThatLookLikeAnotherStore() throws Exception {
        // a test of the Claude rule (docs/context.md) may well write a record with "role" and no "type" before real
        // ones: it stays Claude
        Path file = StoreFixtures.jsonl(
                dir.resolve("odd.jsonl"),
                "{\"role\":\"user\",\"message\":{\"content\":\"no type: skipped\"}}",
                "{\"type\":\"error\",\"id\":\"e\",\"content\":\"not Gemini either\"}",
                "{\"type\":\"assistant\",\"message\":{\"content\":\"printed\"}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(file));
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            PeerTurns r = readers.lastTurns(StoreFixtures.entry(file, null, null), StoreFixtures.LIMITS);
            assertEquals(StoreFixtures.turns("assistant", "printed"), r.turns());
            assertEquals(null, r.refusal());
        }
    }

    /** Issue 12: another store needs positive evidence, and a file with Claude records always reads as docs/context.md says. */
    @Test
    void aClaudeFileNeverReadsAsAnotherStore() throws Exception {
        String claude1 = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"q\"}}";
        String claude2 = "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"a\"}]}}";
        List<String> codexLike = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            codexLike.add("{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"n\":" + i + "}}");
        }
        List<String> lines = new ArrayList<>(codexLike);
        lines.add(claude1);
        lines.add(claude2);
        List<Path> files = new ArrayList<>();
        files.add(StoreFixtures.jsonl(dir.resolve("codex-like-head.jsonl"), lines.toArray(new String[0])));
        // named like a database, or opening with the SQLite header, but JSONL
        files.add(StoreFixtures.jsonl(dir.resolve("session.db"), claude1, claude2));
        files.add(StoreFixtures.jsonl(dir.resolve("magic.jsonl"), "SQLite format 3\u0000@  ", claude1, claude2));
        // more than a head of pi-looking records before the first Claude record
        List<String> piLike = new ArrayList<>();
        piLike.add("{\"type\":\"session\",\"id\":\"s\",\"cwd\":\"/p\"}");
        for (int i = 0; i < 2000; i++) {
            piLike.add("{\"type\":\"message\",\"id\":\"m" + i
                    + "\",\"parentId\":null,\"message\":{\"role\":\"user\",\"content\":\"pi " + i + "\"}}");
        }
        piLike.add(claude1);
        piLike.add(claude2);
        files.add(StoreFixtures.jsonl(dir.resolve("pi-like-head.jsonl"), piLike.toArray(new String[0])));
        try (TranscriptReaders readers = io.github.termsprawl.store.StoreFixtures.readers()) {
            for (Path file : files) {
                assertEquals(Store.CLAUDE, StoreFixtures.detect(file), file.toString());
                assertEquals(
                        StoreFixtures.turns("user", "q", "assistant", "a"),
                        readers.lastTurns(StoreFixtures.entry(file, null, null), StoreFixtures.LIMITS)
                                .turns(),
                        file.toString());
            }
        }
        // a file that merely opens with the SQLite magic is no database; a SQLite file without OpenCode's schema is not
        // OpenCode's
        assertEquals(
                Store.CLAUDE,
                StoreFixtures.detect(StoreFixtures.write(dir.resolve("o.db"), "SQLite format 3\u0000 not a database")));
        Path other = dir.resolve("other.db");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
                java.sql.Statement st = c.createStatement()) {
            st.execute("CREATE TABLE notes (id TEXT, body TEXT)");
        }
        assertEquals(Store.CLAUDE, StoreFixtures.detect(other));
    }

    @Test
    void aHugeFirstLineCostsNoMemory() throws Exception {
        String big = "x".repeat(5_000_000);
        Path file = StoreFixtures.jsonl(
                dir.resolve("big.jsonl"),
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + big + "\"}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(file));
        // a huge first line is not read to its end: the head is capped, and an undecided file is Claude's
        Path codex = StoreFixtures.jsonl(
                dir.resolve("bigcodex.jsonl"),
                "{\"type\":\"x\",\"big\":\"" + big + "\"}",
                "{\"type\":\"session_meta\",\"payload\":{}}");
        assertEquals(Store.CLAUDE, StoreFixtures.detect(codex));
    }

    @Test
    void aBigOlderGeminiDocumentIsRecognisedByItsFirstKeys() throws Exception {
        String messages = ("{\"id\":\"m\",\"type\":\"user\",\"content\":\"" + "y".repeat(1000) + "\"},").repeat(3000);
        Path file = StoreFixtures.write(
                dir.resolve("session-x.json"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\",\"messages\":[" + messages
                        + "{\"id\":\"z\",\"type\":\"gemini\",\"content\":\"end\"}]}");
        assertEquals(Store.GEMINI, StoreFixtures.detect(file));
    }

    @Test
    void cursorAgentIsRefusedNamingTheStoreAndWhy() throws Exception {
        Path file = StoreFixtures.jsonl(
                dir.resolve("cursor.jsonl"),
                "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Run ls.\"}]}}",
                "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Running.\"},{\"type\":\"tool_use\",\"name\":\"Bash\",\"input\":{}}]}}",
                "{\"type\":\"turn_ended\",\"status\":\"success\"}");
        try (TranscriptReaders readers = StoreFixtures.readers()) {
            for (String store : new String[] {null, "cursor"}) {
                PeerTurns r = readers.lastTurns(StoreFixtures.entry(file, store, null), StoreFixtures.LIMITS);
                assertEquals(List.of(), r.turns());
                assertEquals(CursorTranscript.REFUSAL, r.refusal());
            }
            assertEquals(new ReadStats("cursor", 3, 0, 0), readers.stats(StoreFixtures.entry(file, null, null)));
        }
    }
}
