package io.github.termsprawl.store.claude;

import static io.github.termsprawl.core.Fixtures.record;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.store.Prose;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.StoreFixtures;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.view.LinkedContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/context.md's Claude Code rule through {@link ClaudeTranscript#lastTurns}: every tail configuration must give the same turns. */
class ClaudeTranscriptTest {
    @TempDir
    Path dir;

    private int files;

    /** Default tail, tiny chunks, and tiny chunks with every line streamed as a "long" line. */
    static final List<JsonlTail> TAILS = List.of(new JsonlTail(), new JsonlTail(7, 1 << 20), new JsonlTail(5, 0));

    /** For files of many MB: tiny chunks would cost a read call every few bytes. */
    static final List<JsonlTail> LONG_TAILS = List.of(new JsonlTail(), new JsonlTail(4096, 1024));

    List<Turn> turnsOfBytes(byte[] content) throws IOException {
        return turnsOfBytes(content, TAILS);
    }

    List<Turn> turnsOfBytes(byte[] content, List<JsonlTail> tails) throws IOException {
        Path file = Fixtures.writeBytes(dir.resolve("t" + (files++) + ".jsonl"), content);
        List<Turn> first = null;
        for (JsonlTail tail : tails) {
            List<Turn> turns = new ClaudeTranscript(tail).lastTurns(file, StoreFixtures.LIMITS);
            if (first == null) {
                first = turns;
            } else {
                assertEquals(first, turns, "tail configurations disagree");
            }
        }
        return first;
    }

    List<Turn> turns(String... lines) throws IOException {
        return turnsOfBytes(Fixtures.utf8(String.join("\n", lines) + "\n"));
    }

    static Turn user(String text) {
        return new Turn("user", text);
    }

    static Turn assistant(String text) {
        return new Turn("assistant", text);
    }

    static String msg(String type, String contentJson) {
        return "{\"type\":\"" + type + "\",\"message\":{\"role\":\"x\",\"content\":" + contentJson + "}}";
    }

    @Test
    void stringContentAsIsIncludingEmpty() throws IOException {
        assertEquals(
                List.of(user("hello"), assistant(""), user("multi\nline\ttext")),
                turns(msg("user", "\"hello\""), msg("assistant", "\"\""), msg("user", "\"multi\\nline\\ttext\"")));
    }

    @Test
    void arrayOfTextBlocksJoinedWithNewline() throws IOException {
        assertEquals(
                List.of(assistant("one\ntwo\n\nthree")),
                turns(msg(
                        "assistant",
                        "[{\"type\":\"text\",\"text\":\"one\"},{\"type\":\"text\",\"text\":\"two\"},"
                                + "{\"type\":\"text\",\"text\":\"\"},{\"type\":\"text\",\"text\":\"three\"}]")));
    }

    @Test
    void nonTextBlocksAreDropped() throws IOException {
        assertEquals(
                List.of(assistant("a\nb")),
                turns(msg(
                        "assistant",
                        "["
                                + "{\"type\":\"thinking\",\"thinking\":\"hmm\",\"text\":\"no\"},"
                                + "{\"type\":\"text\",\"text\":\"a\"},"
                                + "{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}},"
                                + "{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":\"out\",\"text\":\"no\"},"
                                + "{\"type\":\"image\",\"source\":{}},"
                                + "{\"type\":\"Text\",\"text\":\"no\"},"
                                + "{\"text\":\"no type\"},"
                                + "{\"type\":\"text\",\"text\":5},"
                                + "{\"type\":\"text\",\"text\":null},"
                                + "{\"type\":\"text\",\"text\":[\"no\"]},"
                                + "{\"type\":\"text\"},"
                                + "null, 5, \"plain string\", [{\"type\":\"text\",\"text\":\"nested\"}], true,"
                                + "{\"type\":\"text\",\"text\":\"b\"}]")));
    }

    @Test
    void arrayWithoutQualifyingBlockIsSkipped() throws IOException {
        assertEquals(
                List.of(user("kept")),
                turns(
                        msg("user", "[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":\"x\"}]"),
                        msg("assistant", "[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"x\",\"input\":{}}]"),
                        msg("assistant", "[{\"type\":\"thinking\",\"thinking\":\"x\"}]"),
                        msg("user", "[{\"type\":\"image\",\"source\":{}}]"),
                        msg("user", "[]"),
                        msg("user", "[{\"type\":\"text\",\"text\":7}]"),
                        msg("user", "\"kept\"")));
    }

    @Test
    void otherContentShapesAreSkipped() throws IOException {
        assertEquals(
                List.of(),
                turns(
                        msg("user", "{\"type\":\"text\",\"text\":\"obj\"}"),
                        msg("user", "5"),
                        msg("user", "null"),
                        msg("user", "true"),
                        "{\"type\":\"user\",\"message\":{\"role\":\"user\"}}"));
    }

    @Test
    void typeMustBeExactlyUserOrAssistant() throws IOException {
        assertEquals(
                List.of(user("u"), assistant("a")),
                turns(
                        msg("system", "\"s\""),
                        msg("summary", "\"s\""),
                        msg("User", "\"s\""),
                        msg("user ", "\"s\""),
                        msg("progress", "\"s\""),
                        msg("file-history-snapshot", "\"s\""),
                        "{\"message\":{\"content\":\"no type\"}}",
                        "{\"type\":5,\"message\":{\"content\":\"n\"}}",
                        "{\"type\":[\"user\"],\"message\":{\"content\":\"n\"}}",
                        "{\"type\":null,\"message\":{\"content\":\"n\"}}",
                        msg("user", "\"u\""),
                        msg("assistant", "\"a\"")));
    }

    @Test
    void messageMustBeAnObject() throws IOException {
        assertEquals(
                List.of(),
                turns(
                        "{\"type\":\"user\",\"message\":\"text\"}",
                        "{\"type\":\"user\",\"message\":[{\"content\":\"x\"}]}",
                        "{\"type\":\"user\",\"message\":null}",
                        "{\"type\":\"user\",\"message\":5}",
                        "{\"type\":\"user\",\"content\":\"no message\"}"));
    }

    @Test
    void nonObjectLinesAreSkipped() throws IOException {
        assertEquals(
                List.of(user("ok")),
                turns(
                        "null",
                        "5",
                        "\"x\"",
                        "[]",
                        "true",
                        "[" + record("user", "arr") + "]",
                        "{",
                        "}",
                        "not json",
                        "{\"type\":\"user\"",
                        record("user", "ok")));
    }

    @Test
    void trailingTextAfterTheValueIsSkipped() throws IOException {
        assertEquals(
                List.of(user("ok")),
                turns(
                        record("user", "a") + " x",
                        record("user", "b") + record("user", "c"),
                        record("user", "d") + ",",
                        record("user", "e") + " // comment",
                        record("user", "ok") + "   \t"));
    }

    @Test
    void nonStandardJsonIsSkipped() throws IOException {
        assertEquals(
                List.of(),
                turns(
                        "{'type':'user','message':{'content':'single'}}",
                        "{type:\"user\",\"message\":{\"content\":\"bare\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\",}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"n\":NaN}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"n\":01}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"n\":.5}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"n\":+1}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"tab\tinside\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"bad \\x escape\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"}} /* c */",
                        "/* c */ {\"type\":\"user\",\"message\":{\"content\":\"x\"}}"));
    }

    @Test
    void repeatedKeysLastWins() throws IOException {
        assertEquals(
                List.of(user("second"), assistant("t")),
                turns(
                        "{\"type\":\"user\",\"message\":{\"content\":\"first\"},\"message\":{\"content\":\"second\"}}",
                        "{\"type\":\"system\",\"message\":{\"content\":\"t\"},\"type\":\"assistant\"}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"type\":\"summary\"}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"message\":5}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"x\",\"content\":{}}}"));
    }

    @Test
    void blankAndWhitespaceLinesAreSkipped() throws IOException {
        assertEquals(
                List.of(user("a"), user("b")),
                turns("", "   ", "\t", "\r", record("user", "a"), "", "", "  " + record("user", "b") + "  "));
    }

    @Test
    void bomAtFileStartDoesNotEatTheFirstRecord() throws IOException {
        assertEquals(
                List.of(user("first"), user("second")),
                turnsOfBytes(Fixtures.utf8("\uFEFF" + record("user", "first") + "\n" + record("user", "second"))));
        // a BOM only: no turns
        assertEquals(List.of(), turnsOfBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}));
    }

    @Test
    void crlfLines() throws IOException {
        assertEquals(
                List.of(user("a"), assistant("b\r\nc")),
                turnsOfBytes(Fixtures.utf8(record("user", "a") + "\r\n\r\n" + record("assistant", "b\r\nc") + "\r\n")));
    }

    @Test
    void lastLineWithoutNewlineCounts() throws IOException {
        assertEquals(
                List.of(user("a"), user("b")),
                turnsOfBytes(Fixtures.utf8(record("user", "a") + "\n" + record("user", "b"))));
    }

    @Test
    void emptyFileGivesNoTurns() throws IOException {
        assertEquals(List.of(), turnsOfBytes(new byte[0]));
        assertEquals(List.of(), turns("\n\n"));
    }

    @Test
    void invalidUtf8IsReplacedNotFatal() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(Fixtures.utf8("{\"type\":\"user\",\"message\":{\"content\":\"a"));
        b.writeBytes(new byte[] {
            (byte) 0xC3,
            '(',
            (byte) 0xE2,
            (byte) 0x82,
            'x',
            (byte) 0xED,
            (byte) 0xA0,
            (byte) 0x80,
            (byte) 0xC0,
            (byte) 0x80,
            (byte) 0xF5,
            (byte) 0xE0,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0xF0,
            (byte) 0x9F,
            (byte) 0x98,
            '!',
            (byte) 0xE2,
            (byte) 0x82,
            (byte) 0xAC,
            (byte) 0xF4,
            (byte) 0x90,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0xFF
        });
        b.writeBytes(Fixtures.utf8("z\"}}\n"));
        String f = "\uFFFD";
        assertEquals(
                List.of(user("a" + f + "(" + f + "x" + f.repeat(3) + f.repeat(2) + f + f.repeat(3) + f + "!" + "\u20AC"
                        + f.repeat(4) + f + "z")),
                turnsOfBytes(b.toByteArray()));
    }

    @Test
    void invalidUtf8OutsideStringsBreaksOnlyThatLine() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(Fixtures.utf8(record("user", "a") + "\n{\"type\":\"user\""));
        b.writeBytes(new byte[] {(byte) 0x80});
        b.writeBytes(Fixtures.utf8(",\"message\":{\"content\":\"x\"}}\n" + record("user", "b") + "\n"));
        // a truncated sequence right before the newline does not swallow it
        b.writeBytes(Fixtures.utf8("{\"type\":\"user\",\"message\":{\"content\":\"c\"}}"));
        b.writeBytes(new byte[] {(byte) 0xE2, (byte) 0x82, '\n'});
        b.writeBytes(Fixtures.utf8(record("user", "d")));
        assertEquals(List.of(user("a"), user("b"), user("d")), turnsOfBytes(b.toByteArray()));
    }

    @Test
    void truncationAt2000Chars() throws IOException {
        String a2000 = "a".repeat(2000);
        assertEquals(
                List.of(user(a2000), user(a2000), user("a".repeat(1999))),
                turns(record("user", a2000), record("user", a2000 + "bcd"), record("user", "a".repeat(1999))));
        assertEquals(2000, StoreFixtures.LIMITS.maxChars());
        assertEquals(40, StoreFixtures.LIMITS.maxTurns());
    }

    @Test
    void truncationNeverSplitsASurrogatePair() throws IOException {
        String emoji = "\uD83D\uDE00";
        assertEquals(
                List.of(
                        user("a".repeat(1999)), // the pair straddles the cut: its high half is dropped too
                        user("a".repeat(1998) + emoji), // the pair ends exactly at the cut
                        user("a".repeat(1999) + emoji.charAt(0)), // 2000 chars: no cut at all
                        user(emoji.repeat(1000)), // 2000 chars of pairs
                        user(emoji.repeat(999) + "b")), // 1999 + 2 = 2001: cut through the last pair
                turns(
                        record("user", "a".repeat(1999) + emoji + "tail"),
                        record("user", "a".repeat(1998) + emoji + "tail"),
                        record("user", "a".repeat(1999) + emoji.charAt(0)),
                        record("user", emoji.repeat(1000) + "x"),
                        record("user", emoji.repeat(999) + "b" + emoji)));
    }

    @Test
    void loneHighSurrogateAtTheCutIsDropped() throws IOException {
        // the model drops any high surrogate that ends the cut text, paired or not
        assertEquals(
                List.of(user("a".repeat(1999)), user("a".repeat(1999) + "\uDE00")),
                turns(record("user", "a".repeat(1999) + "\uD83Dx"), record("user", "a".repeat(1999) + "\uDE00\uDE00")));
    }

    @Test
    void truncationAppliesToTheJoinedText() throws IOException {
        String block = "{\"type\":\"text\",\"text\":\"" + "b".repeat(1500) + "\"}";
        assertEquals(
                List.of(assistant("b".repeat(1500) + "\n" + "b".repeat(499))),
                turns(msg("assistant", "[" + block + "," + block + "]")));
    }

    @Test
    void keepsTheLast40Of97() throws IOException {
        List<String> lines = new ArrayList<>();
        List<Turn> expected = new ArrayList<>();
        for (int i = 1; i <= 97; i++) {
            String type = i % 3 == 0 ? "assistant" : "user";
            lines.add(record(type, "turn " + i));
            lines.add("{\"type\":\"progress\",\"data\":{}}");
            lines.add("junk " + i);
            if (i > 57) {
                expected.add(new Turn(type, "turn " + i));
            }
        }
        List<Turn> got = turns(lines.toArray(String[]::new));
        assertEquals(40, got.size());
        assertEquals(expected, got);
    }

    @Test
    void fewerThan40AllKept() throws IOException {
        assertEquals(
                List.of(user("1"), assistant("2"), user("3")),
                turns(record("user", "1"), record("assistant", "2"), record("user", "3")));
    }

    @Test
    void unicodeEscapesAndLoneSurrogatesSurviveParsing() throws IOException {
        assertEquals(
                List.of(user("\uD83D\uDE00 \u00e9 \uD800 x \uDC00 \u2028")),
                turns(
                        "{\"type\":\"user\",\"message\":{\"content\":\"\\ud83d\\ude00 \\u00e9 \\ud800 x \\udc00 \\u2028\"}}"));
    }

    @Test
    void longLinesAreReadLikeShortOnes() throws IOException {
        String big = "x".repeat(5 * 1024 * 1024); // longer than the default in-memory line limit
        String emoji = "\uD83D\uDE00";
        List<Turn> got = turnsOfBytes(
                Fixtures.utf8(String.join(
                        "\n",
                        record("user", big),
                        record("assistant", "a".repeat(1999) + emoji + big),
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + big + "\"}} trailing",
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + big + "\\q\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + big + "\u0001\"}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + big + "}}",
                        "{\"type\":\"user\",\"junk\":\"" + big
                                + "\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"t\"}]}}",
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + "\\u00e9".repeat(3000) + "\"}}")),
                LONG_TAILS);
        assertEquals(
                List.of(user("x".repeat(2000)), assistant("a".repeat(1999)), user("t"), user("\u00e9".repeat(2000))),
                got);
    }

    @Test
    void missingFileOrDirectoryGivesNoTurns() throws IOException {
        assertEquals(
                List.of(),
                new ClaudeTranscript(new JsonlTail()).lastTurns(dir.resolve("missing.jsonl"), StoreFixtures.LIMITS));
        Files.createDirectories(dir.resolve("d.jsonl"));
        assertEquals(
                List.of(),
                new ClaudeTranscript(new JsonlTail()).lastTurns(dir.resolve("d.jsonl"), StoreFixtures.LIMITS));
    }

    @Test
    void devicesGiveNoTurnsAtOnce() {
        assertTimeoutPreemptively(Fixtures.HANG_GUARD, () -> {
            for (String dev : new String[] {"/dev/zero", "/dev/null", "/dev/urandom"}) {
                assertEquals(
                        List.of(),
                        new ClaudeTranscript(new JsonlTail()).lastTurns(Path.of(dev), StoreFixtures.LIMITS),
                        dev);
            }
        });
    }

    @Test
    void fifoGivesNoTurnsWithoutBlocking() throws Exception {
        Path fifo = dir.resolve("pipe.jsonl");
        boolean made;
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString())
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            made = p.waitFor() == 0;
        } catch (IOException e) {
            made = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(made, "mkfifo is not available");
        assertTimeoutPreemptively(
                Fixtures.HANG_GUARD,
                () -> assertEquals(
                        List.of(), new ClaudeTranscript(new JsonlTail()).lastTurns(fifo, StoreFixtures.LIMITS)));
    }

    @Test
    void symlinkToARegularFileIsRead() throws IOException {
        Path target = Fixtures.write(dir.resolve("real.jsonl"), record("user", "via link") + "\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), target);
        assertEquals(
                List.of(user("via link")), new ClaudeTranscript(new JsonlTail()).lastTurns(link, StoreFixtures.LIMITS));
    }

    @Test
    void contentTextDirectly() {
        assertEquals("x", Prose.join("x", true));
        assertEquals(null, Prose.join(List.of(), true));
        assertEquals(null, Prose.join(Json.NULL, true));
        assertEquals(null, Prose.join(new Json.JsonNumber("5"), true));
        assertArrayEquals(new Object[] {"user", "x"}, new Object[] {
            ClaudeTranscript.toTurn(java.util.Map.of("type", "user", "message", java.util.Map.of("content", "x")))
                    .role(),
            ClaudeTranscript.toTurn(java.util.Map.of("type", "user", "message", java.util.Map.of("content", "x")))
                    .text()
        });
    }

    @Test
    void deeplyNestedValuesParseAsInJsonParse() throws IOException {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertEquals(
                List.of(user("deep ok"), user("deep2")),
                turnsOfBytes(
                        Fixtures.utf8("{\"type\":\"user\",\"message\":{\"content\":[" + deep
                                + ",{\"type\":\"text\",\"text\":\"deep ok\"}]}}\n"
                                + "{\"type\":\"user\",\"message\":{\"x\":" + deep + ",\"content\":\"deep2\"}}\n"
                                + "{\"type\":\"user\",\"message\":{\"content\":\"unclosed\",\"x\":"
                                + "[".repeat(100_000) + "}}\n"),
                        List.of(new JsonlTail(), new JsonlTail(4096, 1024))));
    }

    /** Every lead byte with a spread of follow-up bytes, inside JSON strings: the printed bytes equal node's. */
    @Test
    void invalidUtf8DecodesExactlyLikeNode() throws Exception {
        SharedFolder.assumeReference();
        Path cwd = dir.resolve("project");
        int[] follow = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
        for (int peer = 0; peer < 4; peer++) {
            String id = "p" + peer;
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            for (int lead = 0x80 + peer * 32; lead < 0x80 + (peer + 1) * 32; lead++) {
                file.writeBytes(Fixtures.utf8(
                        "{\"type\":\"user\",\"message\":{\"content\":\"" + Integer.toHexString(lead) + ":"));
                for (int f1 : follow) {
                    for (int f2 : new int[] {0x80, 0xA0, 0xBF, 'z'}) {
                        if (f1 == 0x00 || f1 == 0x7F) {
                            continue; // a raw control char would break the JSON string
                        }
                        file.write(lead);
                        file.write(f1);
                        file.write(f2);
                        file.write(0x80);
                        file.write(' ');
                    }
                }
                file.write(lead); // a truncated sequence right before the closing quote
                file.writeBytes(Fixtures.utf8("\"}}\n"));
            }
            Fixtures.link(cwd, "me", id);
            Fixtures.index(
                    cwd,
                    id,
                    Fixtures.writeBytes(cwd.resolve(id + ".jsonl"), file.toByteArray())
                            .toString());
        }
        byte[] expected = Fixtures.reference(cwd, "me").stdout();
        byte[] actual = Utf8Output.encode(new LinkedContext(cwd).render("me").stdout());
        org.junit.jupiter.api.Assertions.assertTrue(expected.length > 1000);
        assertArrayEquals(expected, actual);
    }

    /** Claude Code 2.1.217+ writes file-history-delta records: a known type, never a turn. */
    @Test
    void fileHistoryDeltaIsAKnownRecordType() throws IOException {
        Path file = Fixtures.write(
                dir.resolve("delta.jsonl"),
                "{\"type\":\"file-history-delta\",\"messageId\":\"m\",\"delta\":{\"a.txt\":{\"backupFileName\":null}}}\n"
                        + record("user", "q") + "\n");
        ReadStats stats = new ClaudeTranscript(new JsonlTail()).stats(StoreFixtures.entry(file, "claude", null));
        assertEquals(new ReadStats("claude", 2, 1, 0), stats);
    }

    @Test
    void escapedKeysAreDecoded() throws IOException {
        assertEquals(
                List.of(user("esc")),
                turns("{\"typ\\u0065\":\"us\\u0065r\",\"m\\u0065ssage\":{\"cont\\u0065nt\":\"esc\"}}"));
    }

    /** Characters that JavaScript's trim() or a lenient parser might treat as white space, around and inside a record. */
    @Test
    void oddWhiteSpaceMatchesNode() throws Exception {
        SharedFolder.assumeReference();
        String[] odd = {
            "\u00a0", "\u2028", "\u2029", "\u000b", "\u000c", "\uFEFF", "\u0085", "\u3000", "\u0000", "\u001f", "\r",
            "\t", " ", "\u200b", "\u1680", "\u180e"
        };
        List<String> lines = new ArrayList<>();
        int n = 0;
        for (String c : odd) {
            String rec = "{\"type\":\"user\",\"message\":{\"content\":\"c" + (n++) + "\"}}";
            lines.add(c + rec);
            lines.add(rec + c);
            lines.add("{" + c + rec.substring(1));
            lines.add(rec.replace(":{", ":" + c + "{"));
            lines.add(c);
        }
        Path cwd = dir.resolve("odd");
        Path[] parts = {cwd.resolve("a.jsonl"), cwd.resolve("b.jsonl")};
        int half = lines.size() / 2;
        Fixtures.write(parts[0], String.join("\n", lines.subList(0, half)) + "\n");
        Fixtures.write(parts[1], String.join("\n", lines.subList(half, lines.size())) + "\n");
        Fixtures.link(cwd, "me", "a1");
        Fixtures.link(cwd, "me", "b2");
        Fixtures.index(cwd, "a1", parts[0].toString());
        Fixtures.index(cwd, "b2", parts[1].toString());
        byte[] expected = Fixtures.reference(cwd, "me").stdout();
        assertArrayEquals(
                expected, Utf8Output.encode(new LinkedContext(cwd).render("me").stdout()), Fixtures.str(expected));
    }
}
