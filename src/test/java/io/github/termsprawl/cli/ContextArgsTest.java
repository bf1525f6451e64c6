package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContextArgsTest {
    static void error(String message, String... argv) {
        ContextArgs a = ContextArgs.parse(argv);
        assertFalse(a.ok());
        assertEquals(message, a.error());
        assertNull(a.cwd());
        assertNull(a.self());
    }

    @Test
    void bothFlags() {
        ContextArgs a = ContextArgs.parse("--cwd", "/p", "--self", "be");
        assertTrue(a.ok());
        assertEquals("/p", a.cwd());
        assertEquals("be", a.self());
        ContextArgs b = ContextArgs.parse("--self", "be", "--cwd", ".");
        assertEquals(".", b.cwd());
        assertEquals("be", b.self());
    }

    @Test
    void errors() {
        error("missing value for --cwd", "--cwd");
        error("missing value for --self", "--cwd", ".", "--self");
        error("missing value for --cwd", "--self", "x", "--cwd");
        error("unexpected argument: --cwd=.", "--cwd=.", "--self", "x");
        error("unexpected argument: extra", "--cwd", ".", "--self", "x", "extra");
        error("unexpected argument: ", "");
        error("unexpected argument: -cwd", "-cwd", ".");
        error("unexpected argument: --CWD", "--CWD", ".");
        error("expected --cwd and --self");
        error("expected --cwd and --self", "--cwd", ".");
        error("expected --cwd and --self", "--self", "x");
    }

    @Test
    void viewIsOptionalAndMustNameAView() {
        assertNull(ContextArgs.parse("--cwd", ".", "--self", "x").view());
        assertEquals(
                "live",
                ContextArgs.parse("--view", "live", "--cwd", ".", "--self", "x").view());
        assertEquals(
                "file",
                ContextArgs.parse("--cwd", ".", "--view", "live", "--self", "x", "--view", "file")
                        .view());
        error("missing value for --view", "--cwd", ".", "--self", "x", "--view");
        error("unknown view: LIVE", "--cwd", ".", "--self", "x", "--view", "LIVE");
        error("unknown view: ", "--cwd", ".", "--self", "x", "--view", "");
        // the default view's name is docs/context.md's, file; prose was this command's own name for it
        error("unknown view: prose", "--cwd", ".", "--self", "x", "--view", "prose");
        error("expected --cwd and --self", "--view", "bogus", "--self", "x");
    }

    @Test
    void firstErrorWins() {
        error("unexpected argument: --bogus", "--bogus", "--help");
        error("missing value for --self", "--self");
    }

    @Test
    void valueTakenVerbatimEvenIfItLooksLikeAFlag() {
        ContextArgs a = ContextArgs.parse("--cwd", "--self", "--self", "--cwd");
        assertTrue(a.ok());
        assertEquals("--self", a.cwd());
        assertEquals("--cwd", a.self());
        ContextArgs b = ContextArgs.parse("--cwd", "", "--self", "a b");
        assertEquals("", b.cwd());
        assertEquals("a b", b.self());
    }

    @Test
    void lastRepeatedFlagWins() {
        ContextArgs a = ContextArgs.parse("--cwd", "a", "--self", "x", "--cwd", "b", "--self", "y");
        assertEquals("b", a.cwd());
        assertEquals("y", a.self());
    }
}
