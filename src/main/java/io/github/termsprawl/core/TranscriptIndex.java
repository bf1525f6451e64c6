package io.github.termsprawl.core;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Which transcript belongs to which node: {@code .termsprawl/transcripts/<nodeId>.json} (docs/files.md, "Transcript index"). */
public final class TranscriptIndex {
    /**
     * One node's entry. {@code store} and {@code session} are optional later keys (null when absent);
     * {@code path} is already resolved against the project folder.
     */
    public record Entry(Path path, String store, String session) {}

    /** What an entry is read for: the command reads one per peer, so no other key is built. */
    private static final JsonProjection KEYS = JsonProjection.whole("version", "path", "store", "session");

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
    public java.util.List<String> nodes() {
        String[] names = layout.transcriptsDir().toFile().list();
        java.util.List<String> ids = new java.util.ArrayList<>();
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
        Map<String, Object> o = Json.readObjectOrNull(new File(dir, nodeId + ".json"), KEYS);
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
     * Records {@code path} for the node, replacing any entry; a no-op (false) for an unsafe id or an
     * empty path. {@code store} and {@code session} are written only when given.
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
        return AtomicFiles.writeIfChanged(layout.cwd(), fileOf(nodeId), JsonWriter.write(body));
    }
}
