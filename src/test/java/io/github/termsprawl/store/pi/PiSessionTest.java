package io.github.termsprawl.store.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.WalkStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PiSessionTest {
    static List<Message> walk(String relative, WalkStats expected) {
        TranscriptIndex.Entry entry = StoreFixtures.entry(SessionCorpus.file(relative), "pi", null);
        List<Message> out = new ArrayList<>();
        assertEquals(expected, new PiSession().walk(entry, m -> out.add(m)));
        assertEquals(Describe.all(out), Describe.all(new PiSession().live(entry)), "file order");
        return out;
    }

    @Test
    void toolCallsResultsAndThinkingWithTheirIds() {
        assertEquals(
                List.of(
                        "user @cccccccc: \"xxxxx xxxxx xxxxx\"",
                        "assistant @dddddddd: <thinking \"xxxxx xxxxx\"> call(read_0 read {\"path\":\"./xxxxx.txt\"})",
                        "tool @eeeeeeee: result(read_0 \"xxxxxxxxxxxxxxxx\\n\")",
                        "assistant @ffffffff: <thinking \"xxxxx\"> \"xxxxxxxxxxxxxxxx\"",
                        "assistant @11111111: call(bash_0 bash {\"command\":\"xxxxx\"})",
                        "tool @22222222: result(bash_0 error \"xxxxx: xxxxx xx xxxxx\")"),
                Describe.all(walk("tma-synthetic/pi-0.84.2-tool-call.jsonl", new WalkStats(9, 0, 0, 6))));
    }

    @Test
    void aV1SessionWithCompactionsAndTheUsersShellCommands() {
        List<Message> all = walk("pi/pi-v1-before-compaction-ffae836b.jsonl", new WalkStats(1003, 0, 0, 992));
        List<String> summaries = new ArrayList<>();
        List<String> shell = new ArrayList<>();
        for (Message m : all) {
            if (m.has(Message.Flag.COMPACT_SUMMARY)) {
                summaries.add(m.text().substring(0, 30));
            }
            if (m.role() == Role.USER && m.has(Message.Flag.META)) {
                shell.add(Describe.of(m, 20));
            }
        }
        assertEquals(List.of("# Context Checkpoint: Coding A", "# Context Checkpoint: Coding A"), summaries);
        assertEquals(3, shell.size());
        assertEquals(
                "user: call(null bash {\"command\":\"ls\"}) result(null \"AGENTS.md\\nbiome.json\"…(156)) #META",
                shell.get(0));
    }
}
