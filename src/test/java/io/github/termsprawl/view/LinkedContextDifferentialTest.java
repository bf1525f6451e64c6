package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.Utf8Output;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random small projects: the stdout bytes of {@link LinkedContext} must equal the node reference
 * model's on every one of them.
 */
class LinkedContextDifferentialTest {
    static final int CASES = 200;
    static final long SEED = Long.getLong("termsprawl.diffSeed", 0x7e57_5eedL);
    static final String SELF = "me";
    static final String[] PEER_POOL = {"alpha", "beta", "Gamma", "d-1", "e_2", "zeta9", "Zz", "m0"};

    @TempDir
    Path scratch;

    @Test
    void sameBytesAsTheReference() throws Exception {
        SharedFolder.assumeReference();
        List<Path> cwds = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            Path cwd = scratch.resolve("case-" + i);
            new Generator(new Random(SEED + i), cwd).project();
            cwds.add(cwd);
        }
        List<byte[]> expected = Fixtures.referenceBatch(cwds, SELF, scratch);
        assertEquals(CASES, expected.size());
        // the batch driver is checked against the plain command line on a few cases
        for (int i = 0; i < 3; i++) {
            Fixtures.Run run = Fixtures.reference(cwds.get(i), SELF);
            assertEquals(0, run.exit());
            assertArrayEquals(run.stdout(), expected.get(i), "batch driver differs from the reference command");
        }
        int printed = 0;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            byte[] actual = Utf8Output.encode(
                    new LinkedContext(cwds.get(i)).render(SELF).stdout());
            if (expected.get(i).length > 0) {
                printed++;
            }
            if (!java.util.Arrays.equals(expected.get(i), actual)) {
                failures.add("case " + i + " (seed " + (SEED + i) + ", " + cwds.get(i) + "): "
                        + firstDifference(expected.get(i), actual));
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + CASES + " projects differ from the reference:\n"
                    + String.join("\n", failures));
        }
        // the generator must produce real output most of the time, or the comparison proves little
        if (printed < CASES / 2) {
            fail("only " + printed + " of " + CASES + " projects printed anything");
        }
    }

    static String firstDifference(byte[] expected, byte[] actual) {
        int n = Math.min(expected.length, actual.length);
        int i = 0;
        while (i < n && expected[i] == actual[i]) {
            i++;
        }
        int from = Math.max(0, i - 60);
        return "lengths " + expected.length + " vs " + actual.length + ", first difference at byte " + i
                + "\n  expected: "
                + Fixtures.str(java.util.Arrays.copyOfRange(expected, from, Math.min(expected.length, i + 60)))
                        .replace("\n", "\\n")
                + "\n  actual:   "
                + Fixtures.str(java.util.Arrays.copyOfRange(actual, from, Math.min(actual.length, i + 60)))
                        .replace("\n", "\\n");
    }

    /** Builds one random project under {@code cwd}. */
    static final class Generator {
        final Random r;
        final Path cwd;

        Generator(Random r, Path cwd) {
            this.r = r;
            this.cwd = cwd;
        }

        boolean chance(int percent) {
            return r.nextInt(100) < percent;
        }

        <T> T pick(T[] values) {
            return values[r.nextInt(values.length)];
        }

        void project() throws IOException {
            int peers = 1 + r.nextInt(4);
            List<String> ids = new ArrayList<>();
            while (ids.size() < peers) {
                String id = pick(PEER_POOL);
                if (!ids.contains(id)) {
                    ids.add(id);
                }
            }
            StringBuilder nodes = new StringBuilder("{\"nodes\": [");
            for (String id : ids) {
                link(id);
                index(id);
                if (chance(60)) {
                    nodes.append(titleNode(id)).append(", ");
                }
                if (chance(15)) {
                    nodes.append(pick(new String[] {"null", "5", "\"x\"", "[]", "{}", "{\"id\": 3}"}))
                            .append(", ");
                }
            }
            nodes.append("null]}");
            if (chance(60)) {
                Fixtures.write(
                        cwd.resolve(".termsprawl/project.json"), chance(10) ? "{\"nodes\": [" : nodes.toString());
            }
            junkLinks();
        }

        String titleNode(String id) {
            String title = switch (r.nextInt(6)) {
                case 0 -> "\"\"";
                case 1 -> "5";
                case 2 -> "null";
                default -> quote(text(20));
            };
            String data = chance(10) ? "null" : "{\"title\": " + title + loneSurrogateKey() + "}";
            return "{\"id\": \"" + id + "\", \"data\": " + data + "}";
        }

        /** Sometimes an extra key spelled as an escaped lone surrogate, which JSON.parse takes. */
        String loneSurrogateKey() {
            return chance(10) ? ", " + pick(new String[] {"\"\\ud800\"", "\"\\uDFFF\"", "\"x\\udbffy\""}) + ": 1" : "";
        }

        void link(String peer) throws IOException {
            String lo = peer.compareTo(SELF) < 0 ? peer : SELF;
            String hi = peer.compareTo(SELF) < 0 ? SELF : peer;
            String name = chance(80) ? lo + "--" + hi + ".json" : "l" + r.nextInt(1000) + ".json";
            boolean swap = chance(30);
            String version = pick(new String[] {"1", "1", "1", "1", "1.0", "2", "\"1\""});
            String body = "{\"version\": " + version + ", \"a\": \"" + (swap ? hi : lo) + "\", \"b\": \""
                    + (swap ? lo : hi) + "\"" + loneSurrogateKey() + "}";
            if (chance(5)) {
                body = "\uFEFF" + body;
            }
            Fixtures.linkFile(cwd, name, body);
            if (chance(10)) {
                Fixtures.linkFile(cwd, "dup" + r.nextInt(100) + ".json", body);
            }
        }

        void junkLinks() throws IOException {
            if (chance(30)) {
                Fixtures.linkFile(cwd, "junk1.json", "{\"version\": 1, \"a\": \"me\", \"b\": \"me\"}");
                Fixtures.linkFile(cwd, "junk2.json", "{\"version\": 1, \"a\": \"me\", \"b\": \"a b\"}");
                Fixtures.linkFile(cwd, "junk3.json", "not json");
                Fixtures.linkFile(cwd, "junk4.JSON", "{\"version\": 1, \"a\": \"me\", \"b\": \"alpha\"}");
            }
        }

        void index(String id) throws IOException {
            Path file = cwd.resolve("logs").resolve(id + ".jsonl");
            if (!chance(5)) {
                Fixtures.writeBytes(file, transcript());
            }
            String path = switch (r.nextInt(20)) {
                case 0, 1 -> "logs/" + id + ".jsonl";
                case 2 -> "nosuch/../logs/" + id + ".jsonl";
                case 3 -> cwd.resolve("nosuch").toString() + "/../logs/" + id + ".jsonl";
                case 4 -> cwd.resolve("logs").toString() + "/./" + id + ".jsonl";
                default -> file.toString();
            };
            String version = chance(5) ? "\"1\"" : "1";
            if (chance(5)) {
                return;
            }
            String body = "{\"version\": " + version + ", \"path\": " + Fixtures.jsonString(path)
                    + ", \"store\": \"claude\"" + loneSurrogateKey() + "}";
            Fixtures.write(
                    cwd.resolve(".termsprawl/transcripts").resolve(id + ".json"), chance(5) ? "\uFEFF" + body : body);
        }

        byte[] transcript() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (chance(10)) {
                out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            }
            int lines = chance(15) ? 40 + r.nextInt(70) : r.nextInt(30);
            for (int i = 0; i < lines; i++) {
                out.writeBytes(line());
                out.writeBytes(Fixtures.utf8(chance(10) ? "\r\n" : "\n"));
            }
            if (chance(30)) {
                out.writeBytes(line()); // no final newline
            }
            return out.toByteArray();
        }

        byte[] line() {
            int kind = r.nextInt(100);
            String type = chance(50) ? "user" : "assistant";
            if (kind < 35) {
                return Fixtures.utf8("{\"type\":\"" + type + "\",\"message\":{\"role\":\"" + type + "\",\"content\":"
                        + quote(text(80)) + "}}");
            }
            if (kind < 55) {
                return Fixtures.utf8("{\"parentUuid\":null,\"type\":\"" + type + "\",\"message\":{\"content\":"
                        + blocks() + "},\"uuid\":\"u\"}");
            }
            if (kind < 60) {
                // a long text around the 2000-char cut, often with a pair at the boundary
                String base = "a".repeat(1995 + r.nextInt(8));
                String text = base + pick(new String[] {"\uD83D\uDE00", "\uD83D", "\uDE00", "bb", "\u00e9"}) + text(10);
                return Fixtures.utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":" + quote(text) + "}}");
            }
            if (kind < 65) {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                b.writeBytes(Fixtures.utf8("{\"type\":\"" + type + "\",\"message\":{\"content\":\"x"));
                int n = 1 + r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    b.writeBytes(pick(new byte[][] {
                        {(byte) 0xFF},
                        {(byte) 0xC3},
                        {(byte) 0xE2, (byte) 0x82},
                        {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
                        {(byte) 0x80},
                        {(byte) 0xC0, (byte) 0xAF},
                        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                        {(byte) 0xE0, (byte) 0x9F, (byte) 0xBF},
                        {'y'}
                    }));
                }
                b.writeBytes(Fixtures.utf8("z\"}}"));
                return b.toByteArray();
            }
            if (kind < 72) {
                return Fixtures.utf8(pick(new String[] {
                    "{\"type\":\"system\",\"content\":\"s\"}",
                    "{\"type\":\"summary\",\"summary\":\"x\"}",
                    "{\"type\":\"progress\",\"data\":{\"message\":{\"type\":\"user\",\"message\":{\"content\":\"p\"}}}}",
                    "{\"type\":\"file-history-snapshot\",\"snapshot\":{}}",
                    "{\"type\":\"queue-operation\",\"content\":\"q\"}"
                }));
            }
            if (kind < 85) {
                return Fixtures.utf8(pick(new String[] {
                    "",
                    " ",
                    "\t",
                    "null",
                    "5",
                    "\"x\"",
                    "[]",
                    "{",
                    "}",
                    "garbage",
                    "{\"type\":\"user\",\"message\":{\"content\":\"t\"}} trailing",
                    "{\"type\":\"user\",\"message\":{\"content\":\"t\"}}{}",
                    "{\"type\":\"user\",\"message\":\"str\"}",
                    "{\"type\":\"user\",\"message\":null}",
                    "{\"type\":\"User\",\"message\":{\"content\":\"t\"}}",
                    "{\"type\":\"user\",\"message\":{\"content\":{\"text\":\"obj\"}}}",
                    "{\"type\":\"user\",\"message\":{\"content\":5}}",
                    "[{\"type\":\"user\",\"message\":{\"content\":\"arr\"}}]",
                    "\uFEFF{\"type\":\"user\",\"message\":{\"content\":\"bom line\"}}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"dup\"},\"type\":\"system\"}",
                    "{\"type\":\"system\",\"message\":{\"content\":\"dup2\"},\"type\":\"assistant\"}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"a\"},\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"last\"}]}}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"n\"},\"n\":1e999}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"n\"},\"n\":-0.0e-0}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"deep\",\"x\":" + "[".repeat(200) + "]".repeat(200)
                            + "}}",
                    "{\"type\":\"user\",\"message\":{\"content\":[" + "[{\"a\":".repeat(3000) + "1" + "}]".repeat(3000)
                            + ",{\"type\":\"text\",\"text\":\"very deep\"}]}}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"lone\\udbff\"}}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"hi\"},\"x\":{\"\\ud800\":1}}",
                    "{\"\\udc00\":0,\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"\\ud800\":1,\"text\":\"k\"}]}}",
                    "{\"type\":\"user\",\"message\":{\"content\":\"\\u0000\\u001f\\\"\\\\\\/\\b\\f\\n\\r\\t\"}}"
                }));
            }
            return Fixtures.utf8(
                    "{\"type\":\"" + type + "\",\"isSidechain\":false,\"message\":{\"id\":\"m\",\"content\":"
                            + quote(text(300)) + ",\"usage\":{\"in\":1.5e3}},\"ts\":\"2025\"}");
        }

        String blocks() {
            int n = r.nextInt(5);
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                parts.add(
                        switch (r.nextInt(8)) {
                            case 0, 1, 2 -> "{\"type\":\"text\",\"text\":" + quote(text(60)) + "}";
                            case 3 ->
                                "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\",\"input\":{\"command\":"
                                        + quote(text(20)) + "}}";
                            case 4 ->
                                "{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":[{\"type\":\"text\",\"text\":\"inner\"}]}";
                            case 5 ->
                                "{\"type\":\"thinking\",\"thinking\":" + quote(text(30)) + ",\"signature\":\"s\"}";
                            case 6 ->
                                "{\"type\":\"text\",\"text\":" + pick(new String[] {"5", "null", "[\"a\"]", "{}"})
                                        + "}";
                            default ->
                                pick(new String[] {"null", "7", "\"str\"", "[]", "{\"type\":\"image\",\"source\":{}}"});
                        });
            }
            return "[" + String.join(",", parts) + "]";
        }

        static final String[] CHARS = {
            "a",
            "b",
            "z",
            "Q",
            " ",
            " ",
            "\n",
            "\t",
            "\"",
            "\\",
            "/",
            "\u00e9",
            "\u4e2d",
            "\uD83D\uDE00",
            "\u2028",
            "\u0001",
            "\r",
            "\uD800",
            "\uDC00",
            "\u00a0",
            "\uFEFF",
            "#",
            "-",
            "<",
            "0"
        };

        String text(int max) {
            int n = r.nextInt(max + 1);
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < n; i++) {
                s.append(pick(CHARS));
            }
            return s.toString();
        }

        String quote(String s) {
            return Fixtures.jsonString(r, s);
        }
    }
}
