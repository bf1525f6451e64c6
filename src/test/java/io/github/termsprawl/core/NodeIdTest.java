package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NodeIdTest {
    @ParameterizedTest
    @ValueSource(strings = {"a", "backend", "frontend", "A", "0", "9z", "a-b", "a_b", "a--b", "x_", "x-", "Node-01_x"})
    void safeIds(String id) {
        assertTrue(NodeId.isSafe(id), id);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "../etc",
                "a b",
                "",
                "x\n",
                "\nx",
                "_a",
                "-a",
                ".a",
                "a.b",
                "a/b",
                "a\\b",
                "é",
                "a\u0000",
                "a\r",
                " a",
                "a ",
                "a\tb",
                "ünï",
                "a:b",
                "a--b.json/..",
                "ａ"
            })
    void unsafeIds(String id) {
        assertFalse(NodeId.isSafe(id), id);
    }

    @Test
    void nullIsUnsafe() {
        assertFalse(NodeId.isSafe(null));
    }

    @Test
    void lengthLimitIs128() {
        assertTrue(NodeId.isSafe("a".repeat(128)));
        assertTrue(NodeId.isSafe("a" + "_".repeat(127)));
        assertFalse(NodeId.isSafe("a".repeat(129)));
        assertFalse(NodeId.isSafe("a".repeat(128) + "\n"));
    }

    @Test
    void leadingUnderscoreOrDashIsUnsafeButInsideIsFine() {
        assertFalse(NodeId.isSafe("_"));
        assertFalse(NodeId.isSafe("-"));
        assertFalse(NodeId.isSafe("__x"));
        assertFalse(NodeId.isSafe("--x"));
        assertTrue(NodeId.isSafe("x__"));
        assertTrue(NodeId.isSafe("x--"));
    }
}
