package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A received node's touches.json as the guard and termsprawl-touches print it (docs/sharing.md). */
class SharedTouchesTest {
    @Test
    void aTeammatesPathAndCommandLoseTheirEscapeSequences() throws Exception {
        PeerTouches.Peer peer = SharedTouches.parse(
                "mallory__api",
                "{\"version\":1,\"node\":\"api\",\"store\":\"claude\",\"touches\":[{\"path\":\"src/A\\u001b[2J.java\","
                        + "\"kind\":\"edit\",\"command\":\"echo \\u001b]0;title\\u0007hi\"}]}");
        TouchEvent e = peer.touches().get(0);
        assertEquals("src/A[2J.java", e.path());
        assertEquals("echo ]0;titlehi", e.command());
    }
}
