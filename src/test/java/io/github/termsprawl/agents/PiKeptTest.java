package io.github.termsprawl.agents;

import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sessions the real pi 0.73.1 wrote in {@link PiTest} (one of its own; one it migrated from format v2 to
 * v3), kept as test resources and read without npm: the same proofs as on the files just written.
 */
class PiKeptTest {
    @TempDir
    Path tmp;

    private Located copy(AgentProject project, String name) throws Exception {
        Path file = project.home().resolve(".pi/agent/sessions/kept").resolve(name);
        Files.createDirectories(file.getParent());
        Files.copy(KeptSessions.unpack(Pi.AGENT, tmp.resolve("kept")).resolve(name), file);
        return new Located(file, Store.PI.id(), null);
    }

    @Test
    void theKeptSessionReadsAsTheFreshOne() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        PiTest.prove(SessionProof.record(project, "backend", copy(project, "session.jsonl")));
    }

    @Test
    void theKeptMigratedSessionReadsWithItsCustomRole() throws Exception {
        AgentProject project = AgentProject.create(tmp);
        PiTest.proveMigrated(SessionProof.record(project, "backend", copy(project, "migrated-v2.jsonl")));
    }
}
