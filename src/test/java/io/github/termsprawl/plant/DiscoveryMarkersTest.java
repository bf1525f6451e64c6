package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DiscoveryMarkersTest {
    static final String OPEN = "<!-- termsprawl:context-links -->";
    static final String CLOSE = "<!-- /termsprawl:context-links -->";
    static final String BLOCK = OPEN + "\n"
            + "Linked agent context: run\n"
            + "`.termsprawl/bin/termsprawl-context --cwd . --self \"$TERMSPRAWL_NODE_ID\"`\n"
            + "to print peer transcripts. Only read what that command prints.\n"
            + "Before you edit a file another agent may be working on, run\n"
            + "`.termsprawl/bin/termsprawl-touches --cwd . --self \"$TERMSPRAWL_NODE_ID\" --file <path>`.\n"
            + CLOSE;
    static final String SKILL = "---\n"
            + "name: termsprawl-context\n"
            + "description: When you need another termsprawl agent's conversation.\n"
            + "---\n"
            + "# termsprawl context\n"
            + "\n"
            + "Run `.termsprawl/bin/termsprawl-context --cwd . --self \"$TERMSPRAWL_NODE_ID\"`\n"
            + "to print the recent turns of agents linked to this node. Only read what\n"
            + "that command prints.\n";

    static String upsert(String text) {
        String once = DiscoveryMarkers.upsert(text);
        assertEquals(once, DiscoveryMarkers.upsert(once), () -> "not idempotent for " + text);
        return once;
    }

    @Test
    void exactTexts() {
        assertEquals(OPEN, DiscoveryMarkers.OPEN);
        assertEquals(CLOSE, DiscoveryMarkers.CLOSE);
        assertEquals(BLOCK, DiscoveryMarkers.BLOCK);
        assertEquals(7, BLOCK.split("\n", -1).length);
        assertEquals(SKILL, DiscoveryMarkers.SKILL);
    }

    @Test
    void emptyAndWhitespaceOnly() {
        assertEquals(BLOCK + "\n", upsert(""));
        assertEquals(BLOCK + "\n", upsert("  \n\t\n\r\n  "));
        assertEquals(BLOCK + "\n", upsert(BLOCK));
        assertEquals(BLOCK + "\n", upsert("\n\n" + BLOCK + "\n\n\n"));
    }

    @Test
    void proseAroundIsKept() {
        assertEquals(
                "# Notes\nmine\n\n" + BLOCK + "\n\nbelow\n  indented\n",
                upsert("# Notes\nmine\n" + BLOCK + "\nbelow\n  indented\n\n"));
        assertEquals("  lead\n\n" + BLOCK + "\n", upsert("  lead  \n"));
        assertEquals("prose only\n\n" + BLOCK + "\n", upsert("prose only"));
    }

    @Test
    void oldBlockContentIsReplaced() {
        assertEquals("top\n\n" + BLOCK + "\n\nbottom\n", upsert("top\n" + OPEN + "\nold text\n" + CLOSE + "\nbottom"));
    }

    @Test
    void strayCloseBeforeOpen() {
        assertEquals("a  b\n\n" + BLOCK + "\n\nd\n", upsert("a " + CLOSE + " b " + OPEN + " c " + CLOSE + " d"));
    }

    @Test
    void openWithoutClose() {
        assertEquals("x  y\n\n" + BLOCK + "\n", upsert("x " + OPEN + " y"));
        assertEquals(BLOCK + "\n", upsert(OPEN));
        assertEquals(BLOCK + "\n", upsert(CLOSE + "\n" + OPEN));
    }

    @Test
    void twoBlocksSettleInOnePass() {
        String second = OPEN + "\nsecond\n" + CLOSE;
        assertEquals(
                "p\n\n" + BLOCK + "\n\nq \nsecond\n r\n",
                upsert("p\n" + OPEN + "\nfirst\n" + CLOSE + "\nq " + second + " r"));
        assertEquals(
                BLOCK + "\n\nLinked agent context: run\n"
                        + "`.termsprawl/bin/termsprawl-context --cwd . --self \"$TERMSPRAWL_NODE_ID\"`\n"
                        + "to print peer transcripts. Only read what that command prints.\n"
                        + "Before you edit a file another agent may be working on, run\n"
                        + "`.termsprawl/bin/termsprawl-touches --cwd . --self \"$TERMSPRAWL_NODE_ID\" --file <path>`.\n",
                upsert(BLOCK + "\n" + BLOCK));
    }

    @Test
    void markersGluedToProse() {
        assertEquals("abc\n\n" + BLOCK + "\n\ndef\n", upsert("abc" + OPEN + "x" + CLOSE + "def"));
        assertEquals("abcdef\n\n" + BLOCK + "\n", upsert("abc" + CLOSE + "def"));
    }

    @Test
    void markersRebuiltByDeletionAreDeletedToo() {
        String nested = "<!-- termsprawl:" + OPEN + "context-links -->";
        assertEquals("a b\n\n" + BLOCK + "\n", upsert("a " + nested + "b"));
        assertEquals(
                "x\n\n" + BLOCK + "\n\ny\n",
                upsert("x" + OPEN + CLOSE + "y" + "<!-- /termsprawl:" + CLOSE + "context-links -->"));
    }

    @Test
    void resultHasExactlyOneOfEachMarker() {
        String r = upsert("a" + OPEN + OPEN + "b" + CLOSE + CLOSE + CLOSE + OPEN);
        assertEquals(1, count(r, OPEN));
        assertEquals(1, count(r, CLOSE));
        assertEquals("a\n\n" + BLOCK + "\n", r);
    }

    static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void randomizedIdempotence() {
        List<String> fragments = List.of(
                OPEN,
                CLOSE,
                BLOCK,
                "<!-- ",
                "termsprawl:",
                "/termsprawl:",
                "context-links",
                " -->",
                "<!--",
                "-->",
                "prose",
                "# Title",
                "é",
                "\uD83D\uDE00",
                " ",
                "  ",
                "\t",
                "\n",
                "\n\n",
                "\r\n",
                "\u00a0",
                "\u2003",
                "x",
                "<",
                "!",
                "-",
                "/",
                "\u000b",
                "\u001c");
        Random random = new Random(20261129L);
        for (int i = 0; i < 5000; i++) {
            StringBuilder text = new StringBuilder();
            int n = random.nextInt(14);
            for (int j = 0; j < n; j++) {
                text.append(fragments.get(random.nextInt(fragments.size())));
            }
            String once = upsert(text.toString());
            assertEquals(1, count(once, OPEN), text::toString);
            assertEquals(1, count(once, CLOSE), text::toString);
            assertTrue(once.endsWith(BLOCK + "\n") || once.contains(BLOCK + "\n\n"), text::toString);
            assertTrue(once.endsWith("\n") && !once.endsWith("\n\n"), text::toString);
        }
    }

    @Test
    void theAskSkillIsWhatPlantedMdShows() throws Exception {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs/planted.md"));
        String heading = "### `.claude/skills/termsprawl-ask/SKILL.md`";
        String fenced = doc.substring(doc.indexOf(heading)).split("```\n", 3)[1];
        assertEquals(DiscoveryMarkers.ASK_SKILL, fenced);
        assertTrue(
                DiscoveryMarkers.ASK_SKILL.contains(
                        "`.termsprawl/bin/termsprawl-ask --cwd . --self \"$TERMSPRAWL_NODE_ID\" --node <peer> \"<question>\"`"));
    }
}
