package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A record of an unexpected shape is the store's to skip, never a reader's exception: the readers no longer
 * catch {@code RuntimeException} around a walk (a reader's bug would read as a short transcript), so every value
 * of a wrong type (a number where a string was, an array for an object, a null) must be met by the record rule
 * itself. Random logs of each JSONL store, with values of random records swapped for values of other types,
 * are read every way a command reads them: the tail walk, the whole-session walk, the live messages, the stats.
 */
class MalformedRecordsTest {
    enum Format {
        CLAUDE(Store.CLAUDE),
        CODEX(Store.CODEX),
        GEMINI_JSONL(Store.GEMINI),
        PI(Store.PI),
        OPENCODE_JSON(Store.OPENCODE),
        OPENCODE_SQLITE(Store.OPENCODE);

        final Store store;

        Format(Store store) {
            this.store = store;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TranscriptReaders readers;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        readers = StoreFixtures.readers();
    }

    @AfterAll
    static void close() {
        readers.close();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Format.class)
    void valuesOfTheWrongTypeAreSkippedNotThrown(Format format) throws Exception {
        for (int seed = 0; seed < Integer.getInteger("malformed.seeds", 150); seed++) {
            RandomLogs gen = new RandomLogs(seed * 17L + format.ordinal());
            Random random = new Random(seed);
            TranscriptIndex.Entry entry = entry(format, gen, random, seed);
            String what = format + " seed " + seed;
            SessionReader reader = readers.sessionReader(format.store);
            assertDoesNotThrow(() -> readers.lastTurns(entry, StoreFixtures.LIMITS), what + ": tail walk");
            assertDoesNotThrow(() -> reader.walk(entry, m -> true), what + ": whole walk");
            assertDoesNotThrow(() -> reader.live(entry), what + ": live");
            assertDoesNotThrow(() -> readers.stats(entry), what + ": stats");
        }
    }

    private TranscriptIndex.Entry entry(Format format, RandomLogs gen, Random random, int seed) throws Exception {
        if (format == Format.OPENCODE_JSON || format == Format.OPENCODE_SQLITE) {
            List<RandomLogs.OcMessage> messages = gen.openCode("s" + seed + "_");
            for (RandomLogs.OcMessage m : messages) {
                m.parts().replaceAll(part -> random.nextInt(3) == 0 ? mutated(part, random) : part);
            }
            Path at = format == Format.OPENCODE_JSON
                    ? FastPathEqualsFullPathTest.storage(messages, dir.resolve("storage"), seed)
                    : FastPathEqualsFullPathTest.sqlite(messages, dir.resolve("opencode.db"), seed);
            return StoreFixtures.entry(at, "opencode", "ses_" + seed);
        }
        List<String> lines = new ArrayList<>();
        for (String line : switch (format) {
            case CLAUDE -> gen.claude();
            case CODEX -> gen.codex();
            case GEMINI_JSONL -> gen.geminiLog();
            default -> gen.pi();
        }) {
            lines.add(random.nextInt(3) == 0 ? mutate(line, random) : line);
        }
        String name = format == Format.CODEX ? "rollout-x.jsonl" : "s.jsonl";
        return StoreFixtures.entry(
                gen.write(dir.resolve(format + "-" + seed).resolve(name), lines), format.store.id(), null);
    }

    /** A part with values of other types, its id kept: the fixture files and keys the part by it. */
    private static Map<String, Object> mutated(Map<String, Object> part, Random random) {
        Map<String, Object> m = parse(mutate(RandomLogs.json(part), random));
        m.put("id", part.get("id"));
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(String json) {
        try {
            return JSON.readValue(json, java.util.LinkedHashMap.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The line with one to three of its values, at any depth, replaced by a value of another type. */
    static String mutate(String line, Random random) {
        JsonNode root;
        try {
            root = JSON.readTree(line);
        } catch (Exception e) {
            return line;
        }
        if (!(root instanceof ObjectNode)) {
            return line;
        }
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            List<Object[]> slots = new ArrayList<>();
            slots(root, slots);
            if (slots.isEmpty()) {
                break;
            }
            Object[] slot = slots.get(random.nextInt(slots.size()));
            JsonNode other = other((JsonNode) slot[2], random);
            if (slot[0] instanceof ObjectNode o) {
                o.set((String) slot[1], other);
            } else {
                ((ArrayNode) slot[0]).set((Integer) slot[1], other);
            }
        }
        return root.toString();
    }

    /** Every (container, key or index, value) under {@code node}. */
    private static void slots(JsonNode node, List<Object[]> out) {
        if (node instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.add(new Object[] {o, e.getKey(), e.getValue()});
                slots(e.getValue(), out);
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                out.add(new Object[] {a, i, a.get(i)});
                slots(a.get(i), out);
            }
        }
    }

    private static JsonNode other(JsonNode was, Random random) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        for (; ; ) {
            JsonNode n = switch (random.nextInt(7)) {
                case 0 -> f.nullNode();
                case 1 -> f.numberNode(random.nextInt(1000) - 500);
                case 2 -> f.textNode(random.nextBoolean() ? "" : "x" + random.nextInt(99));
                case 3 -> f.booleanNode(random.nextBoolean());
                case 4 -> f.arrayNode().add(f.textNode("a")).add(f.numberNode(1));
                case 5 -> f.objectNode().put("type", "text");
                default -> f.numberNode(1e308);
            };
            if (n.getNodeType() != was.getNodeType()) {
                return n;
            }
        }
    }
}
