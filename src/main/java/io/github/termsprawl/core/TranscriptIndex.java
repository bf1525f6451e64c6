package io.github.termsprawl.core;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Which transcript belongs to which node: {@code .termsprawl/transcripts/<nodeId>.json} (docs/files.md, "Transcript index"). */
public final class TranscriptIndex {
    /**
     * One node's entry. {@code store} and {@code session} are optional later keys (null when absent);
     * {@code path} is already resolved against the project folder.
     */
    public record Entry(Path path, String store, String session) {}

    /** What an entry is read for: the command reads one per peer, so no other key is built. */
    private static final JsonProjection KEYS = JsonProjection.whole("version", "path", "store", "session");

    /** What recording and the history read: the entry with its list of earlier sessions. */
    private static final JsonProjection SESSIONS =
            JsonProjection.whole("version", "path", "store", "session", "sessions");

    private final ProjectLayout layout;
    /** Entries are opened by name in it: one File each, not a chain of Paths. */
    private final File dir;

    public TranscriptIndex(ProjectLayout layout) {
        this.layout = layout;
        this.dir = layout.transcriptsDir().toFile();
    }

    public Path fileOf(String nodeId) {
        return layout.transcriptsDir().resolve(nodeId + ".json");
    }

    /** The ids of every node with an entry file, sorted (the entries may still be malformed). */
    public List<String> nodes() {
        String[] names = layout.transcriptsDir().toFile().list();
        List<String> ids = new ArrayList<>();
        if (names != null) {
            for (String name : names) {
                if (name.endsWith(".json") && NodeId.isSafe(name.substring(0, name.length() - 5))) {
                    ids.add(name.substring(0, name.length() - 5));
                }
            }
        }
        java.util.Collections.sort(ids);
        return ids;
    }

    /** The node's entry, or null ("no path") for an unsafe id or any missing or malformed file. */
    public Entry read(String nodeId) {
        if (!NodeId.isSafe(nodeId)) {
            return null;
        }
        Map<String, Object> o =
                Json.readObjectOrNull(new File(dir, nodeId + ".json"), KEYS, StateCaps.TRANSCRIPT_INDEX);
        if (o == null || !Json.isOne(o.get("version")) || !(o.get("path") instanceof String path) || path.isEmpty()) {
            return null;
        }
        try {
            // as node's isAbsolute(p) ? p : join(cwd, p): an absolute path is used as it is (normalizing it
            // would turn "/no/such/../x" into a readable "/x"); a relative one is joined and normalized
            Path given = Path.of(path);
            Path resolved =
                    given.isAbsolute() ? given : layout.cwd().resolve(given).normalize();
            if (path.endsWith("/")) {
                // node keeps a trailing slash, so the OS insists on a folder; a Path drops it, "/." keeps the rule
                resolved = resolved.resolve(".");
            }
            return new Entry(resolved, stringOrNull(o.get("store")), stringOrNull(o.get("session")));
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static String stringOrNull(Object value) {
        return value instanceof String s && !s.isEmpty() ? s : null;
    }

    /**
     * Records {@code path} for the node, replacing its current session; a no-op (false) for an unsafe id or
     * an empty path. {@code store} and {@code session} are written only when given. The session it replaces
     * (another path or session id) is added to the entry's {@code sessions}, the list of the node's earlier
     * sessions (docs/files.md, "Transcript index"), so their turn files are kept.
     *
     * @return whether the file changed
     */
    public boolean record(String nodeId, String path, String store, String session) throws IOException {
        if (!NodeId.isSafe(nodeId) || path == null || path.isEmpty()) {
            return false;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", new Json.JsonNumber("1"));
        body.put("path", path);
        if (store != null) {
            body.put("store", store);
        }
        if (session != null) {
            body.put("session", session);
        }
        List<Object> sessions = new ArrayList<>();
        Map<String, Object> old =
                Json.readObjectOrNull(new File(dir, nodeId + ".json"), SESSIONS, StateCaps.TRANSCRIPT_INDEX);
        if (old != null && Json.isOne(old.get("version"))) {
            if (old.get("sessions") instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof Map<?, ?> m && m.get("path") instanceof String p && !p.isEmpty()) {
                        sessions.add(o);
                    }
                }
            }
            if (old.get("path") instanceof String oldPath
                    && !oldPath.isEmpty()
                    && !(oldPath.equals(path) && Objects.equals(stringOrNull(old.get("session")), session))) {
                Map<String, Object> earlier = new LinkedHashMap<>();
                earlier.put("path", oldPath);
                if (old.get("store") instanceof String s && !s.isEmpty()) {
                    earlier.put("store", s);
                }
                if (old.get("session") instanceof String s && !s.isEmpty()) {
                    earlier.put("session", s);
                }
                earlier.put(
                        "replaced",
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                sessions.removeIf(o -> same((Map<?, ?>) o, oldPath, earlier.get("session")));
                sessions.add(earlier);
            }
            // the session made current again is no earlier one any more
            sessions.removeIf(o -> same((Map<?, ?>) o, path, session));
        }
        if (!sessions.isEmpty()) {
            body.put("sessions", sessions);
        }
        boolean changed = AtomicFiles.writeIfChanged(layout.cwd(), fileOf(nodeId), JsonWriter.write(body));
        if (changed) {
            // another session: what a hook listed of the old one no longer speaks for the node (docs/touches.md)
            new EditLists(layout).forget(nodeId);
        }
        return changed;
    }

    private static boolean same(Map<?, ?> earlier, String path, Object session) {
        return path.equals(earlier.get("path")) && Objects.equals(stringOrNull(earlier.get("session")), session);
    }

    /**
     * The node's earlier sessions, oldest first, from its entry's {@code sessions} (each resolved as
     * {@link #read} resolves {@code path}); empty when there are none or the entry does not read.
     */
    public List<Entry> earlier(String nodeId) {
        List<Entry> out = new ArrayList<>();
        if (!NodeId.isSafe(nodeId)) {
            return out;
        }
        Map<String, Object> o =
                Json.readObjectOrNull(new File(dir, nodeId + ".json"), SESSIONS, StateCaps.TRANSCRIPT_INDEX);
        if (o == null || !Json.isOne(o.get("version")) || !(o.get("sessions") instanceof List<?> list)) {
            return out;
        }
        for (Object e : list) {
            if (e instanceof Map<?, ?> m && m.get("path") instanceof String p && !p.isEmpty()) {
                try {
                    Path given = Path.of(p);
                    out.add(new Entry(
                            given.isAbsolute()
                                    ? given
                                    : layout.cwd().resolve(given).normalize(),
                            stringOrNull(m.get("store")),
                            stringOrNull(m.get("session"))));
                } catch (InvalidPathException ex) {
                    // an earlier session whose path is no path is skipped, as an entry is
                }
            }
        }
        return out;
    }
}
