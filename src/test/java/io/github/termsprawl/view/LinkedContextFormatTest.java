package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.store.Turn;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinkedContextFormatTest {
    @Test
    void exactBlock() {
        assertEquals(
                "# linked context from Backend (be)\n## user\nhi\n## assistant\nline1\nline2",
                LinkedContextFormat.block(
                        "be", "Backend", List.of(new Turn("user", "hi"), new Turn("assistant", "line1\nline2"))));
    }

    @Test
    void emptyTextAndEmptyTitle() {
        assertEquals(
                "# linked context from  (be)\n## user\n\n## assistant\nx",
                LinkedContextFormat.block("be", "", List.of(new Turn("user", ""), new Turn("assistant", "x"))));
    }

    @Test
    void documentJoinsWithSeparatorAndOneTrailingNewline() {
        assertEquals("", LinkedContextFormat.document(List.of()));
        assertEquals("A\n", LinkedContextFormat.document(List.of("A")));
        assertEquals("A\n---\nB\n---\nC\n", LinkedContextFormat.document(List.of("A", "B", "C")));
    }

    @Test
    void textEndingInNewlineIsPrintedRaw() {
        // text is raw: its own trailing newline stays, the document still adds exactly one
        String block = LinkedContextFormat.block("p", "p", List.of(new Turn("user", "ends\n")));
        assertEquals("# linked context from p (p)\n## user\nends\n\n", LinkedContextFormat.document(List.of(block)));
    }

    /** Encoding block by block gives the bytes of the whole document, lone surrogates at block edges included. */
    @Test
    void documentBytesAreTheEncodedDocument() {
        List<List<String>> cases = List.of(
                List.of(),
                List.of("A"),
                List.of("a\uD83D", "\uDE00b", "h\u00e9 \uD83D\uDE00"),
                List.of("\uDC00", "x\uD800", "\u65e5\u672c"));
        for (List<String> blocks : cases) {
            List<byte[]> encoded = new java.util.ArrayList<>();
            for (String block : blocks) {
                encoded.add(Utf8Output.encode(block));
            }
            assertArrayEquals(
                    Utf8Output.encode(LinkedContextFormat.document(blocks)), LinkedContextFormat.documentUtf8(encoded));
        }
    }

    /** A block's bytes, encoded turn by turn, are those of the whole block, lone surrogates at the edges included. */
    @Test
    void blockBytesAreTheEncodedBlock() {
        List<Turn> turns = List.of(
                new Turn("user", "\uDE00starts low"),
                new Turn("assistant", "ends high\uD83D"),
                new Turn("user", "h\u00e9 \uD83D\uDE00 \u65e5"),
                new Turn("assistant", ""));
        for (String title : new String[] {"T", "\uD800", "x\uDC00", "\uD83D\uDE00"}) {
            assertArrayEquals(
                    Utf8Output.encode(LinkedContextFormat.block("p", title, turns)),
                    LinkedContextFormat.blockUtf8("p", title, turns));
        }
    }
}
