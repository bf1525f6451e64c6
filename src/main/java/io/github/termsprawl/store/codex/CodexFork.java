package io.github.termsprawl.store.codex;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.ReadLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A subagent's rollout that opens with its parent's history (docs/stores.md, "Codex subagents"): Codex 0.16x
 * writes a subagent spawned with {@code fork_context} as its own {@code session_meta} (its {@code source} a
 * {@code subagent}, its {@code forked_from_id} the parent), then the parent's {@code session_meta} and the parent's
 * records up to the spawn, replayed, then its own records, the first of which names its own thread
 * ({@code thread_settings_applied}, {@code item_completed}, … with {@code thread_id}). The replay is the parent's
 * conversation, read once in the parent's rollout: every reader starts a fork at its own first record.
 */
public final class CodexFork {
    private static final JsonProjection KEYS = JsonProjection.whole("type", "payload");

    /** Where a fork's own records start: the line's offset and number. */
    public record Start(long offset, long line) {}

    private CodexFork() {}

    /**
     * The start of {@code file}'s own records when it is a subagent's fork that replays its parent's history, else
     * null (the whole file is its own). Reads the first line of any rollout, and the replay of a fork.
     */
    public static Start ownStart(Path file) {
        JsonlHead.Head head = JsonlHead.read(file, 1);
        List<Map<String, Object>> first = head == null ? List.of() : head.records(1, KEYS, null);
        Map<String, Object> meta =
                first.isEmpty() ? null : Json.asObject(first.get(0).get("payload"));
        if (meta == null
                || !"session_meta".equals(first.get(0).get("type"))
                || !(meta.get("id") instanceof String own)
                || !(meta.get("forked_from_id") instanceof String parent)
                || !isSubagent(meta)) {
            return null;
        }
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            boolean replay = false;
            long end = 0;
            long next = 1;
            while (lines.next()) {
                end = lines.lineStart() + lines.length() + 1;
                next = lines.lineNumber() + 1;
                Map<String, Object> record = lines.record(KEYS, ReadLimits.STRING_CAP);
                Map<String, Object> p = record == null ? null : Json.asObject(record.get("payload"));
                if (p == null) {
                    continue;
                }
                if (lines.lineNumber() == 1) {
                    continue; // the fork's own session_meta
                }
                if (!replay) {
                    if (!"session_meta".equals(record.get("type")) || !parent.equals(p.get("id"))) {
                        return null; // no replay: a fork spawned without the parent's history
                    }
                    replay = true;
                } else if (own.equals(p.get("thread_id"))) {
                    return new Start(lines.lineStart(), lines.lineNumber());
                }
            }
            // the replay and nothing else yet (the fork is being written): nothing of its own to read
            return replay ? new Start(end, next) : null;
        } catch (IOException | UncheckedIOException e) {
            return null; // unreadable: read as it is
        }
    }

    /** A subagent's rollout names its parent in {@code source.subagent}. */
    static boolean isSubagent(Map<String, Object> meta) {
        Map<String, Object> source = Json.asObject(meta.get("source"));
        return source != null && source.containsKey("subagent");
    }
}
