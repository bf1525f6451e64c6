package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exact output (docs/context.md) for a peer of every store, through the one implementation both entry points use. */
class LinkedContextStoresTest {
    @TempDir
    Path cwd;

    private void link(String a, String b) throws Exception {
        StoreFixtures.write(
                cwd.resolve(".termsprawl/links/" + a + "--" + b + ".json"),
                "{\"version\": 1, \"a\": \"" + a + "\", \"b\": \"" + b + "\"}\n");
    }

    private void index(String node, String body) throws Exception {
        StoreFixtures.write(cwd.resolve(".termsprawl/transcripts/" + node + ".json"), body);
    }

    @Test
    void everyStorePrintsTheSameView() throws Exception {
        Path t = cwd.resolve("t");
        StoreFixtures.jsonl(
                t.resolve("claude.jsonl"),
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"c-q\"}}",
                "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"c-a\"}]}}");
        StoreFixtures.jsonl(
                t.resolve("codex.jsonl"),
                "{\"type\":\"session_meta\",\"payload\":{\"cwd\":\"/p\"}}",
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\",\"message\":\"x-q\"}}",
                "{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"x-q\"}]}}",
                "{\"type\":\"event_msg\",\"payload\":{\"type\":\"agent_message\",\"message\":\"x-a\"}}",
                "{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"x-a\"}]}}");
        StoreFixtures.jsonl(
                t.resolve("gemini.jsonl"),
                "{\"sessionId\":\"s\",\"projectHash\":\"h\"}",
                "{\"id\":\"1\",\"type\":\"user\",\"content\":\"g-q\"}",
                "{\"id\":\"2\",\"type\":\"gemini\",\"content\":\"g-a draft\"}",
                "{\"id\":\"2\",\"type\":\"gemini\",\"content\":\"g-a\"}");
        StoreFixtures.jsonl(
                t.resolve("pi.jsonl"),
                "{\"type\":\"session\",\"id\":\"s\",\"cwd\":\"/p\"}",
                "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"p-q\"}]}}",
                "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"message\":{\"role\":\"toolResult\",\"content\":[{\"type\":\"text\",\"text\":\"tool out\"}]}}",
                "{\"type\":\"message\",\"id\":\"c\",\"parentId\":\"b\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"p-a\"}]}}");
        StoreFixtures.jsonl(
                t.resolve("cursor.jsonl"),
                "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"k-q\"}]}}");
        Path db = t.resolve("opencode.db");
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
            w.session("ses_1", null, cwd.toString(), 1);
            w.message("msg_1", "ses_1", 1, "user");
            w.part("prt_1", "msg_1", "ses_1", OpenCodeDbFixture.text("o-q"));
            w.message("msg_2", "ses_1", 2, "assistant");
            w.part("prt_2", "msg_2", "ses_1", OpenCodeDbFixture.tool("completed", "out"));
            w.part("prt_3", "msg_2", "ses_1", OpenCodeDbFixture.text("o-a"));
        }
        String[] peers = {"claude", "codex", "gemini", "opencode", "pi", "zcursor"};
        for (String peer : peers) {
            link("me".compareTo(peer) < 0 ? "me" : peer, "me".compareTo(peer) < 0 ? peer : "me");
        }
        index("claude", "{\"version\": 1, \"path\": \"t/claude.jsonl\"}");
        index("codex", "{\"version\": 1, \"path\": \"t/codex.jsonl\", \"store\": \"codex\"}");
        index("gemini", "{\"version\": 1, \"path\": \"t/gemini.jsonl\"}");
        index(
                "opencode",
                "{\"version\": 1, \"path\": \"t/opencode.db\", \"store\": \"opencode\", \"session\": \"ses_1\"}");
        index("pi", "{\"version\": 1, \"path\": \"" + t.resolve("pi.jsonl") + "\", \"store\": \"pi\"}");
        index("zcursor", "{\"version\": 1, \"path\": \"t/cursor.jsonl\"}");
        StoreFixtures.write(
                cwd.resolve(".termsprawl/project.json"),
                "{\"nodes\": [{\"id\": \"codex\", \"data\": {\"title\": \"Codex CLI\"}}]}");
        try (LinkedContext context = new LinkedContext(cwd)) {
            LinkedContext.Output out = context.render("me");
            assertEquals(
                    "# linked context from claude (claude)\n## user\nc-q\n## assistant\nc-a\n---\n"
                            + "# linked context from Codex CLI (codex)\n## user\nx-q\n## assistant\nx-a\n---\n"
                            + "# linked context from gemini (gemini)\n## user\ng-q\n## assistant\ng-a\n---\n"
                            + "# linked context from opencode (opencode)\n## user\no-q\n## assistant\no-a\n---\n"
                            + "# linked context from pi (pi)\n## user\np-q\n## assistant\np-a\n",
                    out.stdout());
            assertEquals(
                    List.of(
                            "zcursor: store-incomplete: cursor-agent transcripts record prompts, prose and bare tool calls but no"
                                    + " tool results, timestamps or ids, so they cannot show what the agent did"),
                    out.notes());
            assertEquals(
                    List.of(
                            "claude: store=claude records=2 turns=2 unknown=0",
                            "codex: store=codex records=5 turns=2 unknown=0",
                            "gemini: store=gemini records=4 turns=2 unknown=0",
                            "opencode: store=opencode records=5 turns=2 unknown=0",
                            "pi: store=pi records=4 turns=2 unknown=0",
                            "zcursor: store=cursor records=1 turns=0 unknown=0"),
                    context.stats("me"));
        }
    }
}
