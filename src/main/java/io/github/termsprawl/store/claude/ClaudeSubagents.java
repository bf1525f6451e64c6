package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.store.Agent.Windows.Subagent;
import io.github.termsprawl.store.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the subagents of a Claude Code session in its three layouts. The parent names a child by the
 * {@code toolUseResult.agentId} of the tool's result, or by {@code agent_progress} records
 * ({@code data.agentId}, {@code parentToolUseID}) — never by the tool call's own id. Inline subagents
 * (1.0.x) have no id: each is a tree of sidechain records whose root prompt is the prompt of a
 * {@code Task} call.
 */
public final class ClaudeSubagents {
    static final JsonProjection LINKS = JsonProjection.fields(
            "type", JsonProjection.ALL,
            "uuid", JsonProjection.ALL,
            "parentUuid", JsonProjection.ALL,
            "isSidechain", JsonProjection.ALL,
            "agentId", JsonProjection.ALL,
            "sessionId", JsonProjection.ALL,
            "parentToolUseID", JsonProjection.ALL,
            "toolUseResult", JsonProjection.whole("agentId"),
            "data", JsonProjection.whole("type", "agentId"),
            "message",
                    JsonProjection.fields(
                            "content", JsonProjection.whole("type", "text", "tool_use_id", "id", "name", "input")));

    private static final int PROMPT_CAP = 1 << 20;

    private ClaudeSubagents() {}

    /**
     * The session's subagents: those the parent names (in the order it first names them, when their
     * transcript is there), then the other transcripts of its {@code subagents/} folder, the
     * {@code agent-*.jsonl} files beside it that name the session, and its inline subagents.
     */
    public static List<Subagent> of(Path sessionFile) {
        Scan scan = new Scan();
        if (Files.isRegularFile(sessionFile)) {
            try (ForwardLineReader lines = ForwardLineReader.open(sessionFile)) {
                while (lines.next()) {
                    Map<String, Object> r = lines.record(LINKS, PROMPT_CAP);
                    if (r != null) {
                        scan.record(r);
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // what was read stands
            }
        }
        return scan.found(sessionFile);
    }

    /**
     * What a parent's records say of its subagents, taken one record at a time (read under {@link #LINKS}, or
     * a projection that keeps as much): the agent ids it names, its inline roots, its subagent calls.
     */
    static final class Scan {
        private final Map<String, String> linked = new LinkedHashMap<>(); // agent id -> tool use id (maybe null)
        private final Map<String, String> rootPrompts = new LinkedHashMap<>(); // inline root uuid -> prompt
        private final List<String[]> calls = new ArrayList<>(); // {tool use id, prompt} of Task and Agent calls
        private String sessionId;

        Scan() {}

        /** A scan that goes on from what one that had no inline subagent kept ({@link #sessionId}, {@link #linked}). */
        Scan(String sessionId, Map<String, String> linked) {
            this.sessionId = sessionId;
            this.linked.putAll(linked);
        }

        String sessionId() {
            return sessionId;
        }

        /** The agent ids named so far, in order, each with the tool call that started it (or null). */
        Map<String, String> linked() {
            return linked;
        }

        /**
         * Whether the session has inline subagents (1.0.x): then going on needs every subagent call's prompt too,
         * which {@link #Scan(String, Map)} does not keep.
         */
        boolean hasInlineRoots() {
            return !rootPrompts.isEmpty();
        }

        void record(Map<String, Object> r) {
            if (sessionId == null && r.get("sessionId") instanceof String s) {
                sessionId = s;
            }
            Map<String, Object> result = Json.asObject(r.get("toolUseResult"));
            Map<String, Object> data = Json.asObject(r.get("data"));
            List<?> content = content(r);
            if (result != null && result.get("agentId") instanceof String id) {
                linked.putIfAbsent(id, firstResultId(content)); // a null tool use id is filled in later
            } else if ("progress".equals(r.get("type"))
                    && data != null
                    && "agent_progress".equals(data.get("type"))
                    && data.get("agentId") instanceof String id) {
                linked.putIfAbsent(id, r.get("parentToolUseID") instanceof String t ? t : null);
            }
            if ("assistant".equals(r.get("type"))) {
                addCalls(content, calls);
            } else if (isInlineRoot(r) && r.get("uuid") instanceof String uuid) {
                rootPrompts.put(uuid, prompt(r));
            }
        }

        /** The subagents found, their transcripts looked up beside the session file. */
        List<Subagent> found(Path sessionFile) {
            Path dir = sessionFile.toAbsolutePath().getParent();
            String stem = stem(sessionFile.getFileName().toString());
            Path folder = dir.resolve(stem).resolve("subagents");
            List<Subagent> found = new ArrayList<>();
            List<Path> seen = new ArrayList<>();
            for (Map.Entry<String, String> e : linked.entrySet()) {
                if (!isSafeId(e.getKey())) {
                    continue;
                }
                Path inFolder = folder.resolve("agent-" + e.getKey() + ".jsonl");
                Path beside = dir.resolve("agent-" + e.getKey() + ".jsonl");
                if (Files.isRegularFile(inFolder)) {
                    found.add(inFolder(e.getKey(), e.getValue(), inFolder, null));
                    seen.add(inFolder);
                } else if (Files.isRegularFile(beside)) {
                    found.add(new Subagent(Subagent.Layout.BESIDE, e.getKey(), e.getValue(), beside, null));
                    seen.add(beside);
                }
            }
            for (Path f : agentFiles(folder)) {
                if (!seen.contains(f)) {
                    // a subagent's own subagents (2.1.x): its meta names the call and the agent that made it
                    found.add(inFolder(agentId(f), null, f, null));
                }
            }
            for (Path run : workflowRuns(folder)) {
                for (Path f : workflowAgents(run)) {
                    found.add(inFolder(agentId(f), null, f, run.getFileName().toString()));
                }
            }
            if (sessionId != null) {
                for (Path f : agentFiles(dir)) {
                    if (!seen.contains(f)
                            && !f.equals(sessionFile.toAbsolutePath())
                            && sessionId.equals(sessionIdOf(f))) {
                        found.add(new Subagent(Subagent.Layout.BESIDE, agentId(f), null, f, null));
                    }
                }
            }
            for (Map.Entry<String, String> root : rootPrompts.entrySet()) {
                found.add(new Subagent(
                        Subagent.Layout.INLINE, null, callOf(calls, root.getValue()), sessionFile, root.getKey()));
            }
            return found;
        }
    }

    /**
     * Where a change may add a subagent to the session of {@code file}: its {@code subagents/} folder (2.1), the
     * folder of its workflows, a level down, and each workflow run's (2.1.x).
     */
    static List<Path> folders(Path file) {
        String stem = stem(file.getFileName() == null ? "" : file.getFileName().toString());
        Path subagents = file.toAbsolutePath().resolveSibling(stem).resolve("subagents");
        List<Path> folders = new ArrayList<>(List.of(subagents, subagents.resolve(WORKFLOWS)));
        folders.addAll(workflowRuns(subagents));
        return folders;
    }

    /** The workflows' folders, {@code subagents/workflows/wf_*} (Claude Code 2.1.x), by name. */
    public static List<Path> workflowRuns(Path subagentsFolder) {
        List<Path> runs = new ArrayList<>();
        Path workflows = subagentsFolder.resolve(WORKFLOWS);
        String[] names = Files.isDirectory(workflows) ? workflows.toFile().list() : null;
        for (String name : names == null ? new String[0] : names) {
            Path run = workflows.resolve(name);
            if (name.startsWith("wf_") && isSafeId(name) && Files.isDirectory(run)) {
                runs.add(run.toAbsolutePath());
            }
        }
        runs.sort(null);
        return runs;
    }

    /** The folder of a session's workflows under its {@code subagents/} folder. */
    public static final String WORKFLOWS = "workflows";

    /**
     * A workflow's agents: in the order its {@code journal.jsonl} says they started, then any other
     * {@code agent-*.jsonl} of its folder by name.
     */
    private static List<Path> workflowAgents(Path run) {
        List<Path> ordered = new ArrayList<>();
        List<Path> files = agentFiles(run);
        Path journal = run.resolve("journal.jsonl");
        if (Files.isRegularFile(journal)) {
            try (ForwardLineReader lines = ForwardLineReader.open(journal)) {
                while (lines.next()) {
                    Map<String, Object> r = lines.record(JsonProjection.whole("type", "agentId"), 256);
                    if (r != null
                            && "started".equals(r.get("type"))
                            && r.get("agentId") instanceof String id
                            && isSafeId(id)) {
                        Path f = run.resolve("agent-" + id + ".jsonl").toAbsolutePath();
                        if (files.contains(f) && !ordered.contains(f)) {
                            ordered.add(f);
                        }
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // a journal cut short: the files' order for the rest
            }
        }
        for (Path f : files) {
            if (!ordered.contains(f)) {
                ordered.add(f);
            }
        }
        return ordered;
    }

    /** A subagent of the {@code subagents/} folder with what its meta file says; its call, when the parent did not name it, from there. */
    private static Subagent inFolder(String agentId, String toolUseId, Path file, String workflow) {
        Map<String, Object> meta = readMeta(file.resolveSibling("agent-" + agentId + ".meta.json"));
        if (meta == null && workflow == null) {
            return new Subagent(Subagent.Layout.FOLDER, agentId, toolUseId, file, null);
        }
        String call = toolUseId != null ? toolUseId : string(meta, "toolUseId");
        Subagent.Meta m = new Subagent.Meta(
                string(meta, "agentType"),
                string(meta, "description"),
                string(meta, "parentAgentId"),
                depth(meta == null ? null : meta.get("spawnDepth")),
                workflow);
        return new Subagent(Subagent.Layout.FOLDER, agentId, call, file, null, m);
    }

    /** The most a meta file is read of: it is a few hundred bytes. */
    private static final int META_CAP = 64 * 1024;

    private static Map<String, Object> readMeta(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > META_CAP) {
                return null;
            }
            return Json.asObject(Json.parse(Files.readString(file, java.nio.charset.StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return null; // unreadable: the subagent without it
        }
    }

    /** A small whole number as the parser gives it (a {@link Json.JsonNumber}'s text), else 0. */
    private static int depth(Object value) {
        String text = value instanceof Json.JsonNumber n ? n.text() : value instanceof Number n ? n.toString() : null;
        if (text == null || text.isEmpty() || text.length() > 6) {
            return 0;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return 0;
            }
        }
        return Integer.parseInt(text);
    }

    private static String string(Map<String, Object> meta, String key) {
        return meta != null && meta.get(key) instanceof String s && !s.isBlank() ? s : null;
    }

    private static List<?> content(Map<String, Object> r) {
        Map<String, Object> message = Json.asObject(r.get("message"));
        return message != null && message.get("content") instanceof List<?> l ? l : List.of();
    }

    private static String firstResultId(List<?> content) {
        for (Object part : content) {
            Map<String, Object> p = Json.asObject(part);
            if (p != null && "tool_result".equals(p.get("type")) && p.get("tool_use_id") instanceof String id) {
                return id;
            }
        }
        return null;
    }

    /** The first record of an inline subagent (1.0.x): a sidechain user record off no parent, of no agent id. */
    static boolean isInlineRoot(Map<String, Object> r) {
        return Boolean.TRUE.equals(r.get("isSidechain"))
                && "user".equals(r.get("type"))
                && !(r.get("parentUuid") instanceof String)
                && !(r.get("agentId") instanceof String);
    }

    /** {@code Task} (older) and {@code Agent} (newer) calls start subagents; {@code TaskCreate} and the like do not. */
    static boolean isSubagentCall(Object toolName) {
        return "Task".equals(toolName) || "Agent".equals(toolName);
    }

    private static void addCalls(List<?> content, List<String[]> calls) {
        for (Object part : content) {
            Map<String, Object> p = Json.asObject(part);
            if (p != null
                    && "tool_use".equals(p.get("type"))
                    && isSubagentCall(p.get("name"))
                    && p.get("id") instanceof String id) {
                Map<String, Object> input = Json.asObject(p.get("input"));
                calls.add(new String[] {id, input != null && input.get("prompt") instanceof String s ? s : null});
            }
        }
    }

    private static String prompt(Map<String, Object> r) {
        Message m = ClaudeRecord.message(r, "", 0, 0);
        return m == null ? null : m.text();
    }

    /** The first call not yet taken whose prompt is the root's (calls with equal prompts go in order). */
    private static String callOf(List<String[]> calls, String prompt) {
        for (String[] call : calls) {
            if (prompt != null && prompt.equals(call[1])) {
                call[1] = null; // taken
                return call[0];
            }
        }
        return null;
    }

    private static List<Path> agentFiles(Path dir) {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        // names filtered by hand: a glob compiles a regex, a cost every history run would pay
        String[] names = dir.toFile().list();
        for (String name : names == null ? new String[0] : names) {
            Path f = dir.resolve(name);
            if (name.startsWith("agent-") && name.endsWith(".jsonl") && Files.isRegularFile(f)) {
                files.add(f.toAbsolutePath());
            }
        }
        files.sort(null);
        return files;
    }

    /** The {@code sessionId} of a file's first record that has one (its first few lines only). */
    private static String sessionIdOf(Path file) {
        try (ForwardLineReader lines = ForwardLineReader.open(file)) {
            for (int i = 0; i < 8 && lines.next(); i++) {
                Map<String, Object> r = lines.record(JsonProjection.whole("sessionId"), 256);
                if (r != null && r.get("sessionId") instanceof String s) {
                    return s;
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable: not this session's
        }
        return null;
    }

    private static String agentId(Path file) {
        String name = stem(file.getFileName().toString());
        return name.startsWith("agent-") ? name.substring("agent-".length()) : name;
    }

    private static String stem(String name) {
        return name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
    }

    /** An agent id becomes part of a file name: it must name no other folder. */
    static boolean isSafeId(String id) {
        if (id.isEmpty()) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
