package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Touches of the real transcripts of {@code ../shared/corpus} (read in place): hand-checked lists for a few files of
 * each store, and for every JSONL file of Claude Code, Codex and pi a differential test against a plain model that
 * reads every line on its own and picks the editing calls out of the raw JSON.
 */
class SessionTouchesCorpusTest {
    private static Path corpus(String file) {
        Path f = SharedFolder.corpus().resolve(file);
        assumeTrue(Files.exists(f), "no corpus: " + f);
        return f;
    }

    private static SessionTouches.Result read(Store store, Path file, String project) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            return SessionTouches.read(
                    "n",
                    StoreFixtures.entry(file, store.id(), null),
                    store,
                    new ProjectPaths(Path.of(project)),
                    readers);
        }
    }

    /** {@code turn kind success [rewound] path}, one per event, in session order. */
    private static List<String> lines(SessionTouches.Result r) {
        return r.events().stream()
                .map(e -> e.turn() + " " + e.kind().id() + " " + e.success() + (e.rewound() ? " rewound" : "") + " "
                        + e.path())
                .toList();
    }

    @Test
    void claudeCode() {
        SessionTouches.Result r = read(Store.CLAUDE, corpus("claude/codemie-2.0.64-4c2ddfdc.jsonl"), "/tmp/private");
        assertEquals(
                List.of(
                        "1 create true hello.py",
                        "1 create true hello.md",
                        "1 create true hello.js",
                        "9 edit true hello.py",
                        "13 shell true hello.js"),
                lines(r));
        assertEquals("rm hello.js", r.events().get(4).command());
        assertEquals(new SessionTouches.Stats(6, 0, 0), r.stats());
    }

    @Test
    void claudeCodeFailedCallsAndRewoundBranches() {
        assertEquals(
                List.of(
                        "21 edit false public/tokenizer.js",
                        "25 edit true public/tokenizer.js",
                        "31 edit true public/tokenizer.css"),
                lines(read(
                        Store.CLAUDE,
                        corpus("claude/cclog-1.0.128-b25638d7.jsonl"),
                        "/Users/dain/workspace/danieldemmel.me-next")));
        assertEquals(
                List.of("null edit true rewound claude_code_log/renderer.py"),
                lines(read(
                        Store.CLAUDE,
                        corpus("claude/cclog-1.0.55-71c9afe9.jsonl"),
                        "/Users/dain/workspace/claude-code-log")));
    }

    @Test
    void codex() {
        assertEquals(
                List.of(
                        "167 edit true src/agents/plugins/__tests__/codemie-code-reasoning.test.ts",
                        "178 edit true src/agents/plugins/codemie-code.plugin.ts",
                        "180 edit true src/agents/plugins/opencode/opencode.plugin.ts"),
                lines(read(
                        Store.CODEX,
                        corpus("codex/codemie-rollout-2026-05-11T11-26-55-019e1625.jsonl"),
                        "/Users/Sample_User/repos/codemie-ai/codemie-code")));
        // a fixture whose arguments were redacted: the calls are skipped and counted
        SessionTouches.Result redacted = read(
                Store.CODEX,
                corpus("codex/codex-0.104.0a1-desktop-small-rollout-2026-02-23T13-19-38-019c8a70.jsonl"),
                "/redacted/path/da0ba47443");
        assertEquals(new SessionTouches.Stats(1, 1, 0), redacted.stats());
    }

    @Test
    void gemini() {
        assertEquals(
                List.of("7 create true hello.md", "11 create true hello.md", "15 create true hello.md"),
                lines(read(
                        Store.GEMINI, corpus("gemini/codemie-session-2026-01-16T11-01-file-ops-37b7abef.json"), "/p")));
        assertEquals(
                List.of("3 create true myapp/hoge.py"),
                lines(read(Store.GEMINI, corpus("gemini/agtrace-gemini_session.json"), "/p")));
        SessionTouches.Result replace = read(
                Store.GEMINI,
                corpus("gemini/codemie-session-2025-12-01T21-45-5b959dae.json"),
                "/Users/Jane_Smith/Documents/projects/epm-cdme");
        assertEquals(
                List.of("create", "edit"),
                replace.events().stream().map(e -> e.kind().id()).toList());
        assertEquals("assistants/lead_gemini.txt", replace.events().get(1).path());
    }

    @Test
    void pi() {
        List<String> all = lines(read(
                Store.PI, corpus("pi/pi-v1-before-compaction-ffae836b.jsonl"), "/Users/badlogic/workspaces/pi-mono"));
        assertEquals(
                List.of(
                        "20 create true packages/coding-agent/docs/refactor.md",
                        "30 edit true packages/coding-agent/docs/refactor.md",
                        "30 edit true packages/coding-agent/docs/refactor.md",
                        "30 edit true packages/coding-agent/docs/refactor.md",
                        "40 edit true packages/coding-agent/docs/refactor.md"),
                all.subList(0, 5));
    }

    // ---- the differential test: a plain full read of every line, no session model

    private static final Pattern CWD = Pattern.compile("\"cwd\" ?: ?\"(/[^\"]+)\"");
    private static final Pattern PATCH_FILE = Pattern.compile("(?m)^\\*\\*\\* (?:Add|Update|Delete) File: (.+)$");

    @Test
    void everyEditCallOfTheCorpusIsATouch() throws IOException {
        Path root = SharedFolder.corpus();
        assumeTrue(Files.isDirectory(root));
        int files = 0;
        for (String dir : List.of("claude", "codex", "pi")) {
            Store store = Store.of(dir);
            List<Path> all;
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                all = s.filter(p ->
                                p.toString().endsWith(".jsonl") && !p.toString().contains("/subagents/"))
                        .sorted()
                        .toList();
            }
            for (Path f : all) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                Matcher cwd = CWD.matcher(text);
                String project = cwd.find() ? cwd.group(1) : "/p";
                List<String> expected = plainModel(store, text, project);
                List<String> actual = read(store, f, project).events().stream()
                        .filter(e -> e.kind() != io.github.termsprawl.edits.FileTouch.Kind.SHELL)
                        .filter(e -> e.kind() != io.github.termsprawl.edits.FileTouch.Kind.MOVE)
                        .map(TouchEvent::path)
                        .toList();
                assertEquals(expected, actual, f.toString());
                files++;
            }
        }
        assertTrue(files > 30, "files read: " + files);
    }

    private static void assertTrue(boolean b, String message) {
        org.junit.jupiter.api.Assertions.assertTrue(b, message);
    }

    /** The edited files, in line order, from each line's raw JSON (a malformed line is no call). */
    private static List<String> plainModel(Store store, String text, String project) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            Map<String, Object> r;
            try {
                r = Json.asObject(Json.parse(line));
            } catch (IOException | RuntimeException e) {
                continue;
            }
            if (r == null) {
                continue;
            }
            if (store == Store.CODEX) {
                Map<String, Object> p = Json.asObject(r.get("payload"));
                if (p != null && "apply_patch".equals(p.get("name")) && "response_item".equals(r.get("type"))) {
                    Object input = p.containsKey("input") ? p.get("input") : p.get("arguments");
                    Matcher m = PATCH_FILE.matcher(input instanceof String s ? s : "");
                    while (m.find()) {
                        add(out, m.group(1).strip(), project);
                    }
                }
                continue;
            }
            Map<String, Object> message = Json.asObject(r.get("message"));
            if (message == null || !(message.get("content") instanceof List<?> content)) {
                continue;
            }
            for (Object o : content) {
                Map<String, Object> b = Json.asObject(o);
                if (b == null) {
                    continue;
                }
                if (store == Store.CLAUDE && "tool_use".equals(b.get("type"))) {
                    Map<String, Object> in = Json.asObject(b.get("input"));
                    String name = String.valueOf(b.get("name"));
                    if (in != null && List.of("Edit", "MultiEdit", "Write").contains(name)) {
                        add(out, (String) in.get("file_path"), project);
                    } else if (in != null && name.equals("NotebookEdit")) {
                        add(out, (String) in.get("notebook_path"), project);
                    }
                } else if (store == Store.PI && "toolCall".equals(b.get("type"))) {
                    Map<String, Object> in = Json.asObject(b.get("arguments"));
                    if (in != null && List.of("edit", "write").contains(String.valueOf(b.get("name")))) {
                        add(out, (String) in.get("path"), project);
                    }
                }
            }
        }
        return out;
    }

    private static void add(List<String> out, String path, String project) {
        if (path == null) {
            return;
        }
        String abs = path.startsWith("/") ? path : project + "/" + path;
        Path n = Path.of(abs).normalize();
        if (n.startsWith(project) && !n.equals(Path.of(project))) {
            out.add(Path.of(project).relativize(n).toString());
        }
    }
}
