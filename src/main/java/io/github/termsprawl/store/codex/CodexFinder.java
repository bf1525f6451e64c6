package io.github.termsprawl.store.codex;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.NewestFiles;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where Codex CLI keeps its rollouts: {@code $CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl} (default
 * {@code ~/.codex}); a rollout's first record, {@code session_meta}, names its working folder.
 */
public final class CodexFinder implements SessionFinder {
    private static final JsonProjection KEYS = JsonProjection.whole("type", "payload");
    private final Path codexHome;

    public CodexFinder(Path codexHome) {
        this.codexHome = codexHome;
    }

    public static CodexFinder fromEnvironment(Map<String, String> env, Path home) {
        String configured = AgentFolders.env(env, "CODEX_HOME");
        return new CodexFinder(configured != null ? AgentFolders.folder(configured, home) : home.resolve(".codex"));
    }

    public Path sessionsDir() {
        return codexHome.resolve("sessions");
    }

    /**
     * The newest top-level rollout whose {@code session_meta.cwd} is the project or a folder inside it (a
     * session started in a module belongs to the project), or null.
     */
    Path newest(Path project) {
        Set<String> spellings = AgentFolders.spellings(project);
        for (Path file : NewestFiles.under(sessionsDir(), 4, n -> n.startsWith("rollout-") && n.endsWith(".jsonl"))) {
            JsonlHead.Head first = JsonlHead.read(file, 1);
            List<Map<String, Object>> head = first == null ? List.of() : first.records(1, KEYS, null);
            Map<String, Object> meta =
                    head.isEmpty() ? null : Json.asObject(head.get(0).get("payload"));
            if (meta == null || !"session_meta".equals(head.get(0).get("type")) || isSubagent(meta)) {
                continue;
            }
            if (meta.get("cwd") instanceof String cwd && AgentFolders.isWithin(cwd, spellings)) {
                return file;
            }
        }
        return null;
    }

    /** A subagent's rollout shares the parent's folder; the node is the parent. */
    private static boolean isSubagent(Map<String, Object> meta) {
        Map<String, Object> source = Json.asObject(meta.get("source"));
        return source != null && source.containsKey("subagent");
    }

    @Override
    public Located latest(Path project) {
        Path file = newest(project);
        return file == null ? null : new Located(file, Store.CODEX.id(), null);
    }

    @Override
    public String notFound(Path project) {
        return "No Codex session found for " + project + " under " + sessionsDir()
                + " (a rollout whose session_meta.cwd is this folder or one inside it). Run codex here, set CODEX_HOME if Codex"
                + " keeps its files elsewhere, or pass a rollout path.";
    }
}
