package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Agent.Windows.Subagent;
import io.github.termsprawl.store.Describe;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionCorpus;
import io.github.termsprawl.store.StoreFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three subagent layouts of docs/stores.md, found from the parent and read as sessions of their own. */
class ClaudeSubagentsTest {
    @TempDir
    Path dir;

    static String describe(Subagent s, Path base) {
        return s.layout() + " " + s.agentId() + " " + s.toolUseId() + " "
                + base.relativize(s.file().toAbsolutePath().normalize()) + " " + s.rootUuid();
    }

    static List<String> describe(List<Subagent> subagents, Path base) {
        List<String> out = new ArrayList<>();
        for (Subagent s : subagents) {
            out.add(describe(s, base.toAbsolutePath().normalize()));
        }
        return out;
    }

    @Test
    void folderLayoutLinkedByToolResultAndProgress() {
        Path parent =
                SessionCorpus.file("claude/spotter-2.1.39-compact-258c7280/258c7280-ae70-4798-800f-63464d01a85d.jsonl");
        List<Subagent> found = ClaudeSubagents.of(parent);
        assertEquals(
                List.of(
                        "FOLDER a881341 toolu_01VmaERAwhb19LGUwu9GenaK 258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-a881341.jsonl null",
                        // the compaction's summarizer: in the folder, named by no tool call
                        "FOLDER acompact-fffbd0 null 258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-acompact-fffbd0.jsonl null"),
                describe(found, parent.getParent()));
        ClaudeSession.Window child = new ClaudeSession().live(found.get(0));
        assertTrue(child.messages().size() > 5);
        for (Message m : child.messages()) {
            assertTrue(m.has(Message.Flag.SIDECHAIN) || m.has(Message.Flag.SYNTHETIC), Describe.of(m, 60));
        }
        assertEquals(Role.USER, child.messages().get(0).role(), "a subagent starts from its task");
    }

    @Test
    void folderLayoutWithTeammatesSomeMissing() {
        Path parent = SessionCorpus.file(
                "claude/cclog-2.1.114-teammates-ef958aa1/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl");
        String folder = "ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/";
        // six Agent results name six children; three of their transcripts are in the corpus
        assertEquals(
                List.of(
                        "FOLDER a4ca7529859c158c2 toolu_01GmrK6tgdD9D5xD6W5X9UUy " + folder
                                + "agent-a4ca7529859c158c2.jsonl null",
                        "FOLDER a6aa8ad077d9ea083 toolu_0151DrVyXBXfb63SXGNF1qDb " + folder
                                + "agent-a6aa8ad077d9ea083.jsonl null",
                        "FOLDER a36efb2a1231c41e2 toolu_017y4gSjMWeQ3L2DAKiygU2y " + folder
                                + "agent-a36efb2a1231c41e2.jsonl null"),
                describe(ClaudeSubagents.of(parent), parent.getParent()));
    }

    @Test
    void besideLayoutLinkedBySessionIdOrAgentId() throws IOException {
        // the corpus renamed the files; put them back under the names Claude Code gave them
        Path parent = Files.copy(
                SessionCorpus.file("claude/cclog-2.0.42-queueop-7acd37a8.jsonl"),
                dir.resolve("7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl"));
        Files.copy(SessionCorpus.file("claude/cclog-2.0.42-agent-3430b97e.jsonl"), dir.resolve("agent-3430b97e.jsonl"));
        StoreFixtures.jsonl(dir.resolve("agent-other.jsonl"), "{\"sessionId\":\"another-session\",\"uuid\":\"o\"}");
        assertEquals(
                List.of("BESIDE 3430b97e null agent-3430b97e.jsonl null"), describe(ClaudeSubagents.of(parent), dir));
        List<Message> child =
                new ClaudeSession().live(ClaudeSubagents.of(parent).get(0)).messages();
        assertEquals(1, child.size());
        assertEquals(Role.ASSISTANT, child.get(0).role());

        Path named = StoreFixtures.jsonl(
                dir.resolve("p.jsonl"),
                "{\"type\":\"user\",\"uuid\":\"u\",\"sessionId\":\"p\",\"toolUseResult\":{\"agentId\":\"3430b97e\"},"
                        + "\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_x\",\"content\":\"done\"}]}}");
        assertEquals(
                List.of("BESIDE 3430b97e toolu_x agent-3430b97e.jsonl null"), describe(ClaudeSubagents.of(named), dir));
    }

    @Test
    void inlineLayoutLinkedByPrompt() throws IOException {
        Path parent = SessionCorpus.file("claude/claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl");
        List<Subagent> found = ClaudeSubagents.of(parent);
        assertEquals(
                List.of(
                        "INLINE null toolu_014YF9TXhDRR7BnpasNJ7gjC claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl 6340ddef-f656-4b72-a065-82390f637678",
                        "INLINE null toolu_01LKfUwrsnof18CpWZQcJH44 claude-1.0.108-ccviewer-inline-sidechain-5c0375b4.jsonl 83e2917c-8940-4df6-a5a5-f2514f0d08c5"),
                describe(found, parent.getParent()));
        ClaudeSession session = new ClaudeSession();
        List<Message> first = session.live(found.get(0)).messages();
        assertEquals("6340ddef-f656-4b72-a065-82390f637678", first.get(0).id());
        assertTrue(first.get(0).text().startsWith("Examine the package.json"));
        assertEquals("b766c46a", first.get(first.size() - 1).id().substring(0, 8), "ends at its last record, line 22");
        List<String> inline = new ArrayList<>(); // the second subagent's records: lines 26 to 40
        for (String line : Files.readAllLines(parent).subList(25, 40)) {
            inline.add((String) Json.asObject(Json.parse(line)).get("uuid"));
        }
        List<Message> live = session.live(found.get(1)).messages();
        assertEquals(inline.get(0), live.get(0).id());
        for (Message m : live) {
            assertTrue(inline.contains(m.id()), "the branch is made of the subagent's records");
        }
    }
}
