package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TurnFileNameTest {
    @Test
    void madeAndReadBackByTheOneOwner() {
        for (int n : new int[] {0, 7, 42, 999, 9999, 10000, 123456}) {
            for (String role : new String[] {"user", "assistant", "tool", "system"}) {
                String name = TurnFileName.of(n, role);
                assertTrue(TurnFileName.is(name), name);
                assertEquals(n, TurnFileName.turnNumber(name), name);
                assertEquals(role, TurnFileName.roleOf(name), name);
                assertTrue(name.startsWith(TurnFileName.prefix(n)), name);
            }
        }
        assertEquals("turn-0042-assistant.md", TurnFileName.of(42, "assistant"));
        assertEquals("turn-12345-user.md", TurnFileName.of(12345, "user"));
    }

    @Test
    void otherNamesAreNotTurnFiles() {
        for (String name : new String[] {
            "index.md",
            "turn-.md",
            "turn-x-user.md",
            "turn-0001.md",
            "a/turn-0001-user.md",
            "turn-0001-user.txt",
            ".turns",
            "turn-0001-user.md.tmp"
        }) {
            assertEquals(-1, TurnFileName.turnNumber(name), name);
            assertNull(TurnFileName.roleOf(name), name);
        }
        assertFalse(TurnFileName.is("turn-0001-user.md/x"));
    }
}
