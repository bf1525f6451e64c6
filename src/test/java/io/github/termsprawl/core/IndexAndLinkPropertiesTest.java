package io.github.termsprawl.core;

import static io.github.termsprawl.core.PropertyRuns.pick;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties of the index-entry and link-file parsers (docs/files.md, "Transcript index" and "Links") over generated files whose expected
 * reading is known by construction: valid and invalid versions, paths and ids, keys in any order and
 * repeated (the last wins), extra keys (escaped lone surrogates, nesting), white space, a BOM, trailing
 * text. The parsers never throw and read exactly what the rules say.
 */
class IndexAndLinkPropertiesTest {
    @TempDir
    Path cwd;

    static final String[] VALID_VERSIONS = {"1", "1.0", "1e0", "10e-1", "0.1e1"};
    static final String[] INVALID_VERSIONS = {"\"1\"", "2", "true", "null", "[1]", "{}", "-1", "1.5"};
    static final String[] EXTRA_VALUES = {
        "null", "0", "\"x\"", "[]", "{}", "[[[[{\"a\":[1,2,{\"b\":null}]}]]]]", "\"\\ud800\"", "-0.0e+5", "true"
    };
    static final String[] EXTRA_KEYS = {
        "\"\\ud800\"", "\"\\uDFFF\"", "\"x\\udbffy\"", "\"note\"", "\"\"", "\"v\\u0065rsion2\""
    };
    static final String[] SAFE_IDS = {"a", "b", "Zz", "d-1", "e_2", "m0", "backend", "x".repeat(128)};
    static final String[] UNSAFE_IDS = {"a b", "../x", "", "x\n", "-a", "x".repeat(129), "é"};

    /** One generated JSON object: members in order, then its text with random spacing and escapes. */
    static final class Body {
        final Random r;
        final List<String[]> members = new ArrayList<>();

        Body(Random r) {
            this.r = r;
        }

        void put(String key, String valueJson) {
            members.add(new String[] {quote(r, key), valueJson});
        }

        void extras() {
            for (int i = r.nextInt(3); i > 0; i--) {
                members.add(r.nextInt(members.size() + 1), new String[] {pick(r, EXTRA_KEYS), pick(r, EXTRA_VALUES)});
            }
        }

        String text() {
            StringBuilder s = new StringBuilder(r.nextInt(10) == 0 ? "\uFEFF" : "")
                    .append(space())
                    .append('{');
            for (int i = 0; i < members.size(); i++) {
                s.append(i == 0 ? "" : ",")
                        .append(space())
                        .append(members.get(i)[0])
                        .append(space())
                        .append(':')
                        .append(space())
                        .append(members.get(i)[1])
                        .append(space());
            }
            return s.append('}').append(space()).toString();
        }

        String space() {
            return pick(r, new String[] {"", "", " ", "\n", "\t", "\r\n  "});
        }
    }

    /** A JSON string literal of {@code s}, with some chars escaped as backslash-u. */
    static String quote(Random r, String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                // a pair is escaped whole or not at all: half of it could not be written as UTF-8
                boolean escape = r.nextInt(8) == 0;
                for (char half : new char[] {c, s.charAt(++i)}) {
                    out.append(escape ? String.format("\\u%04x", (int) half) : String.valueOf(half));
                }
            } else if (c < 0x20 || r.nextInt(8) == 0) {
                out.append(String.format(r.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    static String path(Random r) {
        StringBuilder p = new StringBuilder(r.nextBoolean() ? "/t/" : "logs/");
        for (int i = 1 + r.nextInt(12); i > 0; i--) {
            p.append(pick(r, new String[] {"a", "Z", "0", "-", "_", " ", "é", "中", "\uD83D\uDE00", "."}));
        }
        return p.append(".jsonl").toString();
    }

    @Test
    void indexEntriesReadAsTheRulesSay() {
        TranscriptIndex index = new TranscriptIndex(new ProjectLayout(cwd));
        PropertyRuns.forAll("index entry", (Random r) -> {
            Body body = new Body(r);
            String version = null;
            String path = null;
            String store = null;
            boolean versionOk = false;
            boolean pathOk = false;
            for (int i = 1 + r.nextInt(3); i > 0; i--) { // a key may repeat: the last one counts
                switch (r.nextInt(3)) {
                    case 0 -> {
                        versionOk = r.nextInt(4) != 0;
                        version = versionOk ? pick(r, VALID_VERSIONS) : pick(r, INVALID_VERSIONS);
                        body.put("version", version);
                    }
                    case 1 -> {
                        pathOk = r.nextInt(4) != 0;
                        path = pathOk ? path(r) : null;
                        body.put(
                                "path",
                                pathOk ? quote(r, path) : pick(r, new String[] {"\"\"", "5", "null", "[\"/x\"]"}));
                    }
                    default -> {
                        store = r.nextBoolean() ? pick(r, new String[] {"codex", "claude", "pi"}) : null;
                        body.put("store", store == null ? "\"\"" : quote(r, store));
                    }
                }
            }
            body.extras();
            String text = body.text();
            boolean trailing = r.nextInt(10) == 0;
            Fixtures.write(index.fileOf("node"), trailing ? text + "x" : text);
            TranscriptIndex.Entry expected = null;
            if (versionOk && pathOk && version != null && path != null && !trailing) {
                try {
                    Path given = Path.of(path);
                    expected = new TranscriptIndex.Entry(
                            given.isAbsolute() ? given : cwd.resolve(given).normalize(), store, null);
                } catch (java.nio.file.InvalidPathException e) {
                    // a locale whose file names cannot hold the path: no entry
                }
            }
            assertEquals(expected, index.read("node"), text.replace("\r", "\\r").replace("\n", "\\n"));
        });
    }

    @Test
    void linkFilesListAsTheRulesSay() {
        Links links = new Links(new ProjectLayout(cwd));
        PropertyRuns.forAll("link files", PropertyRuns.tries(4), (Random r) -> {
            Path dir = cwd.resolve(".termsprawl/links");
            if (Files.isDirectory(dir)) {
                try (java.util.stream.Stream<Path> old = Files.list(dir)) {
                    for (Path f : old.toList()) {
                        Files.delete(f);
                    }
                }
            }
            Map<String, Link> expected = new TreeMap<>();
            for (int n = r.nextInt(6); n > 0; n--) {
                Body body = new Body(r);
                boolean versionOk = r.nextInt(5) != 0;
                String a = r.nextInt(6) == 0 ? pick(r, UNSAFE_IDS) : pick(r, SAFE_IDS);
                String b = r.nextInt(6) == 0 ? pick(r, UNSAFE_IDS) : pick(r, SAFE_IDS);
                Map<String, String> members = new LinkedHashMap<>();
                members.put("version", versionOk ? pick(r, VALID_VERSIONS) : pick(r, INVALID_VERSIONS));
                members.put("a", quote(r, a));
                members.put("b", quote(r, b));
                for (Map.Entry<String, String> m : members.entrySet()) {
                    if (r.nextInt(8) == 0) {
                        body.put(m.getKey(), "\"shadowed\""); // an earlier duplicate: the last one counts
                    }
                }
                List<Map.Entry<String, String>> order = new ArrayList<>(members.entrySet());
                java.util.Collections.shuffle(order, r);
                for (Map.Entry<String, String> m : order) {
                    body.put(m.getKey(), m.getValue());
                }
                body.extras();
                String name = pick(r, new String[] {"l" + r.nextInt(100), a + "--" + b, "z" + n})
                        + pick(r, new String[] {".json", ".json", ".JSON", ".json.bak"});
                if (name.contains("/") || name.contains("\n") || name.startsWith(".") || name.length() > 200) {
                    continue;
                }
                Files.createDirectories(dir);
                Files.write(dir.resolve(name), body.text().getBytes(StandardCharsets.UTF_8));
                if (name.endsWith(".json")) {
                    boolean ok = versionOk && NodeId.isSafe(a) && NodeId.isSafe(b) && !a.equals(b);
                    if (ok) {
                        expected.put(name, new Link(a, b));
                    } else {
                        expected.remove(name);
                    }
                }
            }
            assertEquals(new ArrayList<>(expected.values()), links.list());
            LinkedHashSet<String> peers = new LinkedHashSet<>();
            for (Link link : expected.values()) {
                String peer = link.a().equals("a") ? link.b() : link.b().equals("a") ? link.a() : null;
                if (peer != null) {
                    peers.add(peer);
                }
            }
            assertEquals(List.copyOf(peers), links.peersOf("a"));
        });
    }
}
