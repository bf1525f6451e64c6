package io.github.termsprawl.plant;

import static io.github.termsprawl.core.PropertyRuns.pick;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.PropertyRuns;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of the AGENTS.md upsert (docs/planted.md, "The markers") over generated texts made of prose, white space, whole
 * blocks, stray and partial markers in any order: one pass settles (idempotent), the block is there
 * exactly once, the result ends with one newline, and the user's prose outside the markers survives.
 */
class DiscoveryMarkersPropertiesTest {
    static final String[] PIECES = {
        "# My notes\n",
        "prose line\n",
        "  indented\n",
        "\n",
        "\n\n\n",
        " \t ",
        "\r\n",
        "\u00a0",
        "\u2028",
        "é中\uD83D\uDE00",
        DiscoveryMarkers.OPEN,
        DiscoveryMarkers.CLOSE,
        DiscoveryMarkers.BLOCK,
        DiscoveryMarkers.OPEN + "\nold body\n" + DiscoveryMarkers.CLOSE,
        "<!-- termsprawl:context-links",
        "<!-- /termsprawl:context-links -->x",
        "<!-- termsprawl:context-links --><!-- termsprawl:context-links -->",
        "<!-- <!-- termsprawl:context-links -->termsprawl:context-links -->",
    };

    static String text(Random r) {
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
            s.append(pick(r, PIECES));
        }
        return s.toString();
    }

    @Test
    void upsertSettlesInOnePass() {
        PropertyRuns.forAll("upsert idempotent", PropertyRuns.TRIES * 5, (Random r) -> {
            String x = text(r);
            String once = DiscoveryMarkers.upsert(x);
            assertEquals(once, DiscoveryMarkers.upsert(once), () -> "input: " + x);
            assertTrue(once.endsWith("\n") && !once.endsWith("\n\n") || once.equals(DiscoveryMarkers.BLOCK + "\n"));
            int first = once.indexOf(DiscoveryMarkers.BLOCK);
            assertTrue(first >= 0, once);
            assertFalse(once.indexOf(DiscoveryMarkers.OPEN, first + 1) >= 0, once);
            assertFalse(once.indexOf(DiscoveryMarkers.CLOSE, first + DiscoveryMarkers.BLOCK.length()) >= 0, once);
            assertEquals(first, once.indexOf(DiscoveryMarkers.OPEN), once);
        });
    }

    /** Prose without any marker text is kept, in order, around the block. */
    @Test
    void proseOutsideTheMarkersIsKept() {
        PropertyRuns.forAll("prose kept", (Random r) -> {
            String before = "top " + r.nextInt(1000);
            String after = "bottom " + r.nextInt(1000);
            String x = before + pick(r, new String[] {"\n", "\n\n", " \n\t"}) + DiscoveryMarkers.OPEN + "\nold\n"
                    + DiscoveryMarkers.CLOSE + pick(r, new String[] {"", "\n", "\n\n  "}) + after + "\n";
            assertEquals(before + "\n\n" + DiscoveryMarkers.BLOCK + "\n\n" + after + "\n", DiscoveryMarkers.upsert(x));
        });
    }
}
