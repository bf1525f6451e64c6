package io.github.termsprawl.store.codex;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rollout paginated across several files (docs/stores.md, "Rollouts in segments"): when Codex (0.148+, its
 * thread store) rotates a session's rollout, it copies the file as it was to an immutable segment under
 * {@code $CODEX_HOME}, and starts the rollout anew with its {@code session_meta} and a {@code rollout_reference}
 * record whose {@code rollout_path} names that segment (which may itself open with a reference to an older one).
 * The session is the segments, oldest first, then the rollout itself.
 */
public final class CodexSegments {
    private static final JsonProjection KEYS = JsonProjection.whole("type", "payload");
    /** The records a rollout's reference is looked for among: its {@code session_meta} and what follows. */
    private static final int HEAD = 4;
    /** A guard against a loop of references, far past what a session holds. */
    private static final int MAX_DEPTH = 256;

    private CodexSegments() {}

    /** The earlier segments of {@code file}'s session, oldest first; empty when it is all in {@code file}. */
    public static List<Path> before(Path file) {
        List<Path> out = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        seen.add(file.toAbsolutePath().normalize());
        Path at = file;
        while (out.size() < MAX_DEPTH) {
            Path previous = reference(at);
            if (previous == null
                    || !seen.add(previous.toAbsolutePath().normalize())
                    || !Files.isRegularFile(previous)) {
                break; // none, a loop, or a segment gone (Codex collects those no rollout names): what there is
            }
            out.add(previous);
            at = previous;
        }
        Collections.reverse(out);
        return out;
    }

    /** The segment {@code file}'s {@code rollout_reference} names, or null. */
    static Path reference(Path file) {
        JsonlHead.Head head = JsonlHead.read(file, HEAD);
        if (head == null) {
            return null;
        }
        for (Map<String, Object> r : head.records(HEAD, KEYS, null)) {
            Map<String, Object> p = Json.asObject(r.get("payload"));
            if ("rollout_reference".equals(r.get("type"))
                    && p != null
                    && p.get("rollout_path") instanceof String path) {
                Path segment = Path.of(path);
                return segment.isAbsolute() ? segment : file.toAbsolutePath().resolveSibling(segment);
            }
        }
        return null;
    }
}
