package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeTitlesTest {
    @TempDir
    Path cwd;

    private NodeTitles titles(String projectJson) throws IOException {
        Fixtures.write(cwd.resolve(".termsprawl/project.json"), projectJson);
        return NodeTitles.load(new ProjectLayout(cwd));
    }

    @Test
    void titleOfMatchingNode() throws IOException {
        NodeTitles t = titles("{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"Backend\"}},"
                + " {\"id\": \"fe\", \"data\": {\"title\": \"Frontend UI\"}}]}");
        assertEquals("Backend", t.titleOf("be"));
        assertEquals("Frontend UI", t.titleOf("fe"));
        assertEquals("other", t.titleOf("other"));
    }

    @Test
    void firstMatchingNodeWithObjectDataWins() throws IOException {
        NodeTitles t = titles("{\"nodes\": ["
                + "{\"id\": \"be\"},"
                + "{\"id\": \"be\", \"data\": null},"
                + "{\"id\": \"be\", \"data\": [\"x\"]},"
                + "{\"id\": \"be\", \"data\": \"str\"},"
                + "{\"id\": \"be\", \"data\": {\"title\": \"First\"}},"
                + "{\"id\": \"be\", \"data\": {\"title\": \"Second\"}}]}");
        assertEquals("First", t.titleOf("be"));
    }

    @Test
    void nonStringTitleOfFirstMatchGivesIdEvenIfALaterNodeHasOne() throws IOException {
        NodeTitles t = titles("{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": 5}},"
                + " {\"id\": \"be\", \"data\": {\"title\": \"Later\"}},"
                + " {\"id\": \"n\", \"data\": {\"title\": null}},"
                + " {\"id\": \"o\", \"data\": {\"title\": [\"a\"]}},"
                + " {\"id\": \"p\", \"data\": {}}]}");
        assertEquals("be", t.titleOf("be"));
        assertEquals("n", t.titleOf("n"));
        assertEquals("o", t.titleOf("o"));
        assertEquals("p", t.titleOf("p"));
    }

    @Test
    void emptyStringTitleIsUsed() throws IOException {
        assertEquals(
                "",
                titles("{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"\"}}]}")
                        .titleOf("be"));
    }

    @Test
    void oddElementsNeverSpoilOtherTitles() throws IOException {
        NodeTitles t = titles("{\"nodes\": [null, 5, 1.5, \"be\", [\"be\"], true, {}, {\"id\": 7},"
                + " {\"id\": \"be\", \"data\": {\"title\": \"Backend\"}}, null]}");
        assertEquals("Backend", t.titleOf("be"));
        assertEquals("x", t.titleOf("x"));
    }

    @Test
    void idIsComparedExactly() throws IOException {
        NodeTitles t = titles("{\"nodes\": [{\"id\": \"BE\", \"data\": {\"title\": \"upper\"}}]}");
        assertEquals("be", t.titleOf("be"));
        assertEquals("upper", t.titleOf("BE"));
    }

    @Test
    void titleKeepsUnicodeAndBomIsIgnored() throws IOException {
        NodeTitles t =
                titles("\uFEFF{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"Bäckend \\ud83d\\ude00\\n2\"}}]}");
        assertEquals("Bäckend \uD83D\uDE00\n2", t.titleOf("be"));
    }

    @Test
    void badFilesGiveTheId() throws IOException {
        for (String body : new String[] {
            "",
            "{",
            "not json",
            "null",
            "[]",
            "{\"nodes\": {}}",
            "{\"nodes\": null}",
            "{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"T\"}}]} trailing",
            "{}"
        }) {
            assertEquals("be", titles(body).titleOf("be"), body);
        }
    }

    @Test
    void noFileGivesTheId() {
        assertEquals("be", NodeTitles.load(new ProjectLayout(cwd)).titleOf("be"));
    }

    @Test
    void directoryGivesTheId() throws IOException {
        Files.createDirectories(cwd.resolve(".termsprawl/project.json"));
        assertEquals("be", NodeTitles.load(new ProjectLayout(cwd)).titleOf("be"));
    }

    @Test
    void invalidUtf8InTitlesDecodesLikeNode() throws IOException {
        // ED A0 80 (an encoded surrogate) is three bad bytes to node, one to the JDK's decoder
        byte[] head = Fixtures.utf8("{\"nodes\": [{\"id\": \"be\", \"data\": {\"title\": \"a");
        byte[] bad = {
            (byte) 0xED,
            (byte) 0xA0,
            (byte) 0x80,
            'b',
            (byte) 0xE2,
            (byte) 0x82,
            'c',
            (byte) 0xF4,
            (byte) 0x90,
            (byte) 0x80,
            (byte) 0x80
        };
        byte[] tail = Fixtures.utf8("\"}}]}");
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        all.writeBytes(head);
        all.writeBytes(bad);
        all.writeBytes(tail);
        Fixtures.writeBytes(cwd.resolve(".termsprawl/project.json"), all.toByteArray());
        assertEquals(
                "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFD\uFFFD\uFFFD",
                NodeTitles.load(new ProjectLayout(cwd)).titleOf("be"));
    }
}
