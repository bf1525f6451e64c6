package io.github.termsprawl.store.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeminiReplayTest {
    private static Map<String, Object> message(String id) {
        return Map.of("id", id, "type", "user");
    }

    @Test
    void anUpdateKeepsItsPlaceAndARewindCutsTheTail() {
        GeminiReplay<String> replay = new GeminiReplay<>();
        replay.put(message("a"), "a1");
        replay.put(message("b"), "b1");
        replay.put(message("c"), "c1");
        replay.put(message("a"), "a2");
        replay.rewind("b");
        replay.rewind("nowhere");
        replay.put(message("d"), "d1");
        replay.put(Map.of("type", "user"), "anonymous");
        assertEquals(List.of("a2", "d1", "anonymous"), replay.values());
        replay.clear();
        assertEquals(List.of(), replay.values());
    }

    /** Each rewind drops the message just added, and only it: every message before it stays, in its place. */
    @Test
    void twentyThousandRewindsDropEachMessageOnce() {
        GeminiReplay<String> replay = new GeminiReplay<>();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            replay.put(message("m" + i), "m" + i);
            replay.put(message("x" + i), "x" + i);
            replay.rewind("x" + i);
        }
        assertEquals(n, replay.values().size());
        assertEquals("m" + (n - 1), replay.values().get(n - 1));
    }
}
