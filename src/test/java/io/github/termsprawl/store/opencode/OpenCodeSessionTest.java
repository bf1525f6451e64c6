package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.WalkStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenCodeSessionTest {
    @TempDir
    Path dir;

    static List<String> walk(OpenCodeSession reader, TranscriptIndex.Entry entry, WalkStats expected) {
        List<Message> out = new ArrayList<>();
        assertEquals(expected, reader.walk(entry, m -> out.add(m)));
        assertEquals(Describe.all(out), Describe.all(reader.live(entry)), "database order");
        return Describe.all(out);
    }

    @Test
    void oneSessionOfTheDatabaseWithReasoningToolCallsAndTheirResults() throws Exception {
        Path db = dir.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db);
                OpenCodeDatabases databases = new OpenCodeDatabases()) {
            w.schema();
            w.session("ses_a", null, "/p", 10);
            w.message("msg_01", "ses_a", 1000, "user");
            w.part("prt_01", "msg_01", "ses_a", OpenCodeDbFixture.text("list the files"));
            w.part(
                    "prt_02",
                    "msg_01",
                    "ses_a",
                    "{\"type\":\"file\",\"mime\":\"image/png\",\"url\":\"data:image/png;base64,AAAA\"}");
            w.message("msg_02", "ses_a", 2000, "assistant");
            w.part("prt_03", "msg_02", "ses_a", "{\"type\":\"step-start\"}");
            w.part("prt_04", "msg_02", "ses_a", "{\"type\":\"reasoning\",\"text\":\"let me look\"}");
            w.part("prt_05", "msg_02", "ses_a", OpenCodeDbFixture.tool("completed", "a.txt"));
            w.part(
                    "prt_06",
                    "msg_02",
                    "ses_a",
                    "{\"type\":\"tool\",\"callID\":\"call_2\",\"tool\":\"read\",\"state\":{\"status\":\"error\",\"input\":{},\"error\":\"denied\"}}");
            w.part(
                    "prt_07",
                    "msg_02",
                    "ses_a",
                    "{\"type\":\"tool\",\"callID\":\"call_3\",\"tool\":\"bash\",\"state\":{\"status\":\"running\",\"input\":{\"command\":\"sleep 9\"}}}");
            w.part("prt_08", "msg_02", "ses_a", OpenCodeDbFixture.text("One file."));
            w.part("prt_09", "msg_02", "ses_a", "{\"type\":\"hologram\"}");
            w.message("msg_03", "ses_b", 1500, "user"); // another session, between them in time
            w.part("prt_10", "msg_03", "ses_b", OpenCodeDbFixture.text("not this one"));
            w.message("msg_04", "ses_a", 3000, "user");
            OpenCodeSession reader = new OpenCodeSession(databases);
            assertEquals(
                    List.of(
                            "user @msg_01: \"list the files\" [image image/png, 3 bytes]",
                            "assistant @msg_02: <thinking \"let me look\"> call(call_1 bash {\"command\":\"ls\"})"
                                    + " call(call_2 read {}) call(call_3 bash {\"command\":\"sleep 9\"}) \"One file.\"",
                            "tool: result(call_1 \"a.txt\") result(call_2 error \"denied\")",
                            "user @msg_04:"),
                    walk(reader, StoreFixtures.entry(db, "opencode", "ses_a"), new WalkStats(12, 1, 0, 4)));
        }
    }

    @Test
    void thePre12StorageFolders() {
        Path v2 = SessionCorpus.file("opencode/agentsessions-opencode-json/storage_v2");
        OpenCodeSession reader = new OpenCodeSession(null);
        assertEquals(
                List.of(
                        "user @m_user_large_1: \"Step 1\"",
                        "assistant @m_assistant_large_1: attachment(file \"error.log\") <thinking \"Investigating failing command.\">"
                                + " \"Command failed with exit code 1.\" call(call_large_1 bash {\"command\":\"ls /non-existent-directory\",\"cwd\":\"/tmp/large\"}) #API_ERROR",
                        "tool: result(call_large_1 \"ls: /non-existent-directory: No such file or directory\\n\")",
                        "user @m_user_large_2: \"Step 2\"",
                        "assistant @m_assistant_large_2: \"Ok\""),
                walk(reader, StoreFixtures.entry(v2, "opencode", "s_stage0_large"), new WalkStats(15, 0, 0, 5)));
        Path legacy = SessionCorpus.file("opencode/agentsessions-opencode-json/storage_legacy");
        assertEquals(
                List.of(
                        "user @m_user_drift:", // its parts are not in the corpus
                        "assistant @m_assistant_drift: \"Read README and extracted the title.\"" // parts in id order
                                + " call(call_legacy_1 bash {\"command\":\"cat README.md\",\"cwd\":\"/tmp/drift\"})",
                        "tool: result(call_legacy_1 \"# Title\\n\\nBody\\n\")"),
                walk(reader, StoreFixtures.entry(legacy, "opencode", "s_stage0_drift"), new WalkStats(4, 0, 0, 3)));
    }
}
