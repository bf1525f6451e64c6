package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.plant.Discovery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Claude transcript of the shared corpus, linked as a peer of one node: the planted
 * {@code termsprawl-context} prints exactly what the node reference model prints.
 */
class ContextCommandCorpusTest {
    @TempDir
    Path cwd;

    @Test
    void plantedCommandMatchesReferenceOnTheCorpus() throws Exception {
        Path corpus = SharedFolder.corpus("claude");
        SharedFolder.assumeReference();
        Fixtures.assumeShell();
        List<Path> transcripts;
        try (Stream<Path> s = Files.walk(corpus)) {
            transcripts = s.filter(p ->
                            Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jsonl"))
                    .sorted()
                    .toList();
        }
        assumeTrue(!transcripts.isEmpty(), "the corpus holds no .jsonl file");

        new Discovery(new ProjectLayout(cwd)).discover();
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < transcripts.size(); i++) {
            String peer = String.format("c%03d", i);
            peers.add(peer);
            Fixtures.link(cwd, "me", peer);
            Fixtures.index(cwd, peer, transcripts.get(i).toAbsolutePath().toString()); // never copied into the project
        }
        Fixtures.write(
                cwd.resolve(".termsprawl/project.json"),
                "{\"nodes\": [{\"id\": \"c000\", \"data\": {\"title\": \"First of the corpus\"}}]}");

        Fixtures.Run planted = Fixtures.run(
                List.of("sh", ".termsprawl/bin/termsprawl-context", "--cwd", cwd.toString(), "--self", "me"), cwd);
        Fixtures.Run reference = Fixtures.reference(cwd, "me");
        assertEquals(0, reference.exit(), Fixtures.str(reference.stderr()));
        assertEquals(0, planted.exit(), Fixtures.str(planted.stderr()));
        assertEquals("", Fixtures.str(planted.stderr()));
        assertTrue(reference.stdout().length > 0, "the corpus printed nothing at all");
        if (!Arrays.equals(reference.stdout(), planted.stdout())) {
            fail("planted command differs from the reference:\n"
                    + blockDiff(reference.stdout(), planted.stdout(), peers, transcripts));
        }
        assertFalse(Files.exists(cwd.resolve("AGENTS.md")));
    }

    /** Names the peers (and so the corpus files) whose blocks differ. */
    static String blockDiff(byte[] expected, byte[] actual, List<String> peers, List<Path> transcripts) {
        String e = Fixtures.str(expected);
        String a = Fixtures.str(actual);
        StringBuilder out = new StringBuilder("lengths " + expected.length + " vs " + actual.length + "\n");
        for (int i = 0; i < peers.size(); i++) {
            String be = block(e, peers.get(i));
            String ba = block(a, peers.get(i));
            if (!be.equals(ba)) {
                out.append("  ")
                        .append(peers.get(i))
                        .append(" = ")
                        .append(transcripts.get(i))
                        .append(": expected ")
                        .append(be.length())
                        .append(" chars, got ")
                        .append(ba.length())
                        .append('\n');
            }
        }
        return out.toString();
    }

    static String block(String doc, String peer) {
        for (String b : doc.split("\n---\n# linked context from ", -1)) {
            int nl = b.indexOf('\n');
            String head = nl < 0 ? b : b.substring(0, nl);
            if (head.endsWith("(" + peer + ")")) {
                return b;
            }
        }
        return "";
    }
}
