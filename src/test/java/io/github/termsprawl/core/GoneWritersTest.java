package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GoneWritersTest {
    /** The id read from /proc/self (or, without it, the JDK's) is this process's, as a temp file's name needs. */
    @Test
    void pidIsThisProcesssId() {
        assertEquals(ProcessHandle.current().pid(), GoneWriters.pid());
    }
}
