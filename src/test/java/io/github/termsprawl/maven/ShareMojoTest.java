package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

class ShareMojoTest {
    @Test
    void theCapTakesBytesOrASuffix() throws Exception {
        assertEquals(50L << 20, ShareMojo.cap("50M"));
        assertEquals(512L << 10, ShareMojo.cap("512kb"));
        assertEquals(1L << 30, ShareMojo.cap("1G"));
        assertEquals(1000, ShareMojo.cap("1000"));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> ShareMojo.cap("lots"));
        assertTrue(e.getMessage().contains("termsprawl.shareCap"), e.getMessage());
        assertThrows(MojoFailureException.class, () -> ShareMojo.cap("0"));
    }
}
