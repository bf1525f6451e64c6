package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a later reader takes from a received node's folder, whatever a cloned repository put there: no more than
 * the caps (docs/sharing.md, "Caps").
 */
class SharedNodeCapsTest {
    @TempDir
    Path cwd;

    private static final ShareCaps SMALL = new ShareCaps(1000, 250, 10, 1 << 20);

    private SharedNode node() {
        return SharedNode.open(new ProjectLayout(cwd), "alice__backend", SMALL);
    }

    private void turn(int n, int bytes) throws Exception {
        Fixtures.write(
                cwd.resolve(".termsprawl/shared/alice__backend/history/turn-" + String.format("%04d", n) + "-user.md"),
                "x".repeat(bytes));
    }

    @Test
    void aFolderIsReadUpToANodesCapAndAFileUpToAFilesCap() throws Exception {
        for (int i = 0; i < 3; i++) {
            turn(i, 100);
        }
        turn(3, 1001);
        SharedNode node = node();
        assertEquals(2, node.readAll(node.turnFiles().subList(0, 3), 1000).size(), "250 bytes: two files of 100");
        assertNull(node.read(node.turnFiles().get(3), 1000), "a file past the cap of a file is not read");
    }

    @Test
    void aFolderListsNoMoreFilesThanTheCap() throws Exception {
        for (int i = 0; i < 12; i++) {
            turn(i, 1);
        }
        assertEquals(10, node().paths().size());
    }
}
