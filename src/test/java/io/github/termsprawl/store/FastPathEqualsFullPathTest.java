package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.opencode.OpenCodeDbFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The context command's fast path (the tail walk: the last N prose turns, read backwards) equals the prose
 * projection of the whole-session walk ({@link SessionReader#walk} and each store's {@code prose} rule), for
 * every store, on every corpus file and on a few hundred random logs per store — jackson's all-modes test.
 * A difference is a drift between the two readers of one format.
 */
class FastPathEqualsFullPathTest {
    /** Seeds per format: a few hundred, fewer for the folder layout, whose every part is a file of its own. */
    static int seeds(Format format) {
        return format == Format.OPENCODE_JSON ? 120 : 250;
    }

    /** The formats, as many as there are readers of them. */
    enum Format {
        CLAUDE(Store.CLAUDE),
        CODEX(Store.CODEX),
        GEMINI_JSONL(Store.GEMINI),
        GEMINI_JSON(Store.GEMINI),
        PI(Store.PI),
        OPENCODE_JSON(Store.OPENCODE),
        OPENCODE_SQLITE(Store.OPENCODE);

        final Store store;

        Format(Store store) {
            this.store = store;
        }
    }

    private static TranscriptReaders readers;
    /** The tail walk with a small chunk and line buffer: every chunk boundary, and long lines streamed with a cap. */
    private static TranscriptReaders smallBuffers;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        readers = StoreFixtures.readers();
        smallBuffers = new TranscriptReaders(new JsonlTail(97, 4096), null);
    }

    @AfterAll
    static void close() {
        readers.close();
        smallBuffers.close();
    }

    static void assertSamePaths(Store store, TranscriptIndex.Entry entry, String what) {
        StoreConformance.assertSamePaths(readers, smallBuffers, store, entry, what);
    }

    /**
     * The kit runs over the registry: every agent whose sessions are read has its formats here (and its random
     * logs below), so a store is tested the moment it is listed; one without them fails this test.
     */
    @Test
    void everyListedAgentHasItsFormats() {
        Set<Store> covered = new HashSet<>();
        for (Format f : Format.values()) {
            covered.add(f.store);
        }
        for (Agent agent : Agents.all()) {
            if (readers.sessionReader(agent.store()) != null) {
                assertTrue(
                        covered.contains(agent.store()), agent.store() + " is listed but has no format in this test");
            }
        }
    }

    // ---------------------------------------------------------------- the corpus

    static Stream<Object[]> corpusFiles() throws IOException {
        Path c = SharedFolder.dir().resolve("corpus");
        List<Object[]> cases = new ArrayList<>();
        if (!Files.isDirectory(c)) {
            return Stream.<Object[]>of(new Object[] {null, null, null});
        }
        for (Path f : files(c.resolve("claude"), ".jsonl")) {
            cases.add(new Object[] {Format.CLAUDE, f, null});
        }
        for (Path f : files(c.resolve("claude-reconstruction"), ".jsonl")) {
            cases.add(new Object[] {Format.CLAUDE, f, null});
        }
        for (Path f : files(c.resolve("tma-synthetic"), ".jsonl")) {
            String name = f.getFileName().toString();
            Format format =
                    name.startsWith("codex-") ? Format.CODEX : name.startsWith("pi-") ? Format.PI : Format.CLAUDE;
            cases.add(new Object[] {format, f, null});
        }
        for (Path f : files(c.resolve("codex"), ".jsonl")) {
            cases.add(new Object[] {Format.CODEX, f, null});
        }
        for (Path f : files(c.resolve("pi"), ".jsonl")) {
            cases.add(new Object[] {Format.PI, f, null});
        }
        for (Path f : files(c.resolve("gemini"), ".jsonl")) {
            cases.add(new Object[] {Format.GEMINI_JSONL, f, null});
        }
        for (Path f : files(c.resolve("gemini"), ".json")) {
            cases.add(new Object[] {Format.GEMINI_JSON, f, null});
        }
        Path oc = c.resolve("opencode/agentsessions-opencode-json");
        for (String storage : List.of("storage_legacy", "storage_v2")) {
            for (Path session : files(oc.resolve(storage).resolve("session"), ".json")) {
                String id = session.getFileName().toString().replace(".json", "");
                cases.add(new Object[] {Format.OPENCODE_JSON, oc.resolve(storage), id});
                cases.add(new Object[] {Format.OPENCODE_SQLITE, oc.resolve(storage), id});
            }
        }
        return cases.stream();
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("corpusFiles")
    void onEveryCorpusFile(Format format, Path file, String session) throws Exception {
        if (format == null) {
            SharedFolder.corpus(); // skips, or fails when the corpus is required
            return;
        }
        TranscriptIndex.Entry entry;
        if (format == Format.OPENCODE_SQLITE) {
            entry = StoreFixtures.entry(database(file, dir.resolve("opencode.db")), "opencode", session);
        } else {
            entry = StoreFixtures.entry(file, format.store.id(), session);
        }
        assertSamePaths(format.store, entry, format + " " + file);
    }

    /** The JSON storage folder's sessions written as OpenCode 1.2+ keeps them: one database. */
    private static Path database(Path storage, Path db) throws IOException, SQLException {
        try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
            w.schema();
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            for (Path sessionDir : files(storage.resolve("message"), ".json").stream()
                    .map(Path::getParent)
                    .distinct()
                    .toList()) {
                String session = sessionDir.getFileName().toString();
                for (Path m : files(sessionDir, ".json")) {
                    String data = Files.readString(m, StandardCharsets.UTF_8);
                    Map<String, Object> message = Json.asObject(Json.readFileOrNull(m));
                    if (message == null) {
                        continue;
                    }
                    String id = message.get("id") instanceof String s ? s : stem(m);
                    Map<String, Object> time = Json.asObject(message.get("time"));
                    long created =
                            time != null && time.get("created") instanceof Json.JsonNumber n ? (long) n.value() : 0;
                    insertMessage(c, id, session, created, data);
                    Path parts = storage.resolve("part").resolve(id);
                    for (Path p : files(parts, ".json")) {
                        Map<String, Object> part = Json.asObject(Json.readFileOrNull(p));
                        String partId = part != null && part.get("id") instanceof String s ? s : stem(p);
                        insertPart(c, partId, id, session, Files.readString(p, StandardCharsets.UTF_8));
                    }
                }
            }
            for (Path p : files(storage.resolve("part"), ".json")) { // the oldest, flat layout
                if (!p.getParent().equals(storage.resolve("part"))) {
                    continue;
                }
                Map<String, Object> part = Json.asObject(Json.readFileOrNull(p));
                if (part != null && part.get("messageID") instanceof String m) {
                    insertPart(
                            c,
                            part.get("id") instanceof String s ? s : stem(p),
                            m,
                            part.get("sessionID") instanceof String s ? s : "",
                            Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return db;
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".json".length());
    }

    private static void insertMessage(Connection c, String id, String session, long created, String data)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR REPLACE INTO message VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, session);
            s.setLong(3, created);
            s.setLong(4, created);
            s.setString(5, data);
            s.executeUpdate();
        }
    }

    private static void insertPart(Connection c, String id, String message, String session, String data)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR REPLACE INTO part VALUES (?, ?, ?, 0, 0, ?)")) {
            s.setString(1, id);
            s.setString(2, message);
            s.setString(3, session);
            s.setString(4, data);
            s.executeUpdate();
        }
    }

    // ---------------------------------------------------------------- random logs

    @ParameterizedTest(name = "{0}")
    @EnumSource(Format.class)
    void onRandomLogs(Format format) throws Exception {
        for (int seed = 0; seed < seeds(format); seed++) {
            RandomLogs gen = new RandomLogs(seed * 31L + format.ordinal());
            Path case_ = dir.resolve(format + "-" + seed);
            TranscriptIndex.Entry entry = randomEntry(format, gen, case_, seed);
            assertSamePaths(format.store, entry, format + " seed " + seed);
        }
    }

    /** One file per seed; OpenCode's sessions, one per seed, share one storage folder or database as they do in life. */
    private TranscriptIndex.Entry randomEntry(Format format, RandomLogs gen, Path at, int seed) throws Exception {
        boolean newline = gen.chance(80);
        switch (format) {
            case CLAUDE:
                return StoreFixtures.entry(gen.write(at.resolve("s.jsonl"), gen.claude()), "claude", null);
            case CODEX:
                return StoreFixtures.entry(gen.write(at.resolve("rollout-x.jsonl"), gen.codex()), "codex", null);
            case GEMINI_JSONL:
                return StoreFixtures.entry(gen.write(at.resolve("session-x.jsonl"), gen.geminiLog()), "gemini", null);
            case GEMINI_JSON:
                return StoreFixtures.entry(
                        RandomLogs.writeLines(at.resolve("session-x.json"), List.of(gen.geminiDocument()), newline),
                        "gemini",
                        null);
            case PI:
                return StoreFixtures.entry(gen.write(at.resolve("s.jsonl"), gen.pi()), "pi", null);
            case OPENCODE_JSON:
                return StoreFixtures.entry(
                        storage(gen.openCode("s" + seed + "_"), dir.resolve("storage"), seed),
                        "opencode",
                        "ses_" + seed);
            case OPENCODE_SQLITE:
                return StoreFixtures.entry(
                        sqlite(gen.openCode("s" + seed + "_"), dir.resolve("opencode.db"), seed),
                        "opencode",
                        "ses_" + seed);
            default:
                throw new IllegalArgumentException(format.toString());
        }
    }

    private static String messageData(RandomLogs.OcMessage m, String session) {
        Map<String, Object> data = RandomLogs.obj("id", m.id(), "sessionID", session, "role", m.role());
        if (m.created() != null) {
            data.put("time", RandomLogs.obj("created", m.created()));
        }
        return RandomLogs.json(data);
    }

    static Path storage(List<RandomLogs.OcMessage> messages, Path storage, int seed) throws IOException {
        String session = "ses_" + seed;
        Files.createDirectories(storage.resolve("session/prj_1"));
        Files.writeString(
                storage.resolve("session/prj_1/" + session + ".json"),
                "{\"id\":\"" + session + "\",\"directory\":\"/p\"}");
        Files.createDirectories(storage.resolve("message/" + session));
        Files.createDirectories(storage.resolve("part"));
        for (RandomLogs.OcMessage m : messages) {
            String id = m.id();
            String data = messageData(m, session);
            if (Math.floorMod(id.hashCode(), 5) == 0) { // no id in the file: its name's stem is the id
                id = id + ".json.x";
                data = data.replace("\"id\":\"" + m.id() + "\",", "");
            }
            Files.writeString(storage.resolve("message/" + session + "/" + id + ".json"), data, StandardCharsets.UTF_8);
            Path parts = storage.resolve("part/" + id);
            Files.createDirectories(parts);
            for (Map<String, Object> p : m.parts()) {
                Files.writeString(parts.resolve(p.get("id") + ".json"), RandomLogs.json(p), StandardCharsets.UTF_8);
            }
        }
        return storage;
    }

    static Path sqlite(List<RandomLogs.OcMessage> messages, Path db, int seed) throws Exception {
        String session = "ses_" + seed;
        if (!Files.exists(db)) {
            try (OpenCodeDbFixture w = new OpenCodeDbFixture(db)) {
                w.schema();
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            for (RandomLogs.OcMessage m : messages) {
                int odd = Math.floorMod(m.id().hashCode(), 23); // now and then a row whose data is no JSON object
                String data = odd == 0 ? "{\"role\":" : odd == 1 ? "[]" : messageData(m, session);
                insertMessage(c, m.id(), session, m.created() == null ? 0 : m.created(), data);
                for (Map<String, Object> p : m.parts()) {
                    String part = Math.floorMod(p.get("id").hashCode(), 29) == 0 ? "{\"type\":" : RandomLogs.json(p);
                    insertPart(c, (String) p.get("id"), m.id(), session, part);
                }
            }
            c.commit();
        }
        return db;
    }
}
