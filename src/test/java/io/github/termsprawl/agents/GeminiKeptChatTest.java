package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chat the real Gemini CLI 0.61.0 wrote in {@link GeminiCliTest} (kept as a test resource with its
 * {@code projects.json}), read without npm: the same proofs as on a chat just written.
 */
class GeminiKeptChatTest {
    @TempDir
    Path tmp;

    @Test
    void theKeptChatReadsAsTheFreshOne() throws Exception {
        Path kept = KeptSessions.unpack(GeminiCli.AGENT, tmp.resolve("kept"));
        List<Path> chats;
        try (Stream<Path> s = Files.list(kept)) {
            chats = s.filter(p -> p.getFileName().toString().startsWith("session-"))
                    .toList();
        }
        assertEquals(1, chats.size(), chats.toString());
        AgentProject project = AgentProject.create(tmp);
        Path chat = project.home()
                .resolve(".gemini/tmp/project/chats")
                .resolve(chats.get(0).getFileName());
        Files.createDirectories(chat.getParent());
        Files.copy(chats.get(0), chat);
        GeminiCliTest.proveChat(SessionProof.record(project, "backend", new Located(chat, Store.GEMINI.id(), null)));
    }

    @Test
    void theKeptSubagentChatReadsInTheFolderOfItsSession() throws Exception {
        Path kept = KeptSessions.unpack(GeminiCli.AGENT, tmp.resolve("kept")).resolve("subagent/chats");
        AgentProject project = AgentProject.create(tmp);
        Path chats = project.home().resolve(".gemini/tmp/project/chats");
        Path main = null;
        Path subagent = null;
        try (Stream<Path> s = Files.walk(kept)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Path to = chats.resolve(kept.relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
                if (to.getParent().equals(chats)) {
                    main = to;
                } else {
                    subagent = to;
                }
            }
        }
        assertEquals(List.of(subagent), io.github.termsprawl.store.gemini.GeminiSession.subagents(main));
        GeminiCliTest.proveSubagent(
                SessionProof.record(project, "backend", new Located(main, Store.GEMINI.id(), null)), subagent);
    }
}
