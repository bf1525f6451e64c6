package io.github.termsprawl.cli;

import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.touch.PeerTouches;
import io.github.termsprawl.touch.ProjectPaths;
import io.github.termsprawl.touch.TouchEvent;
import io.github.termsprawl.touch.TouchReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code termsprawl-touches --hook [--cwd <dir>] [--guard warn|ask|deny] [--window <duration>]}: Claude Code's
 * PreToolUse hook (docs/touches.md, "The warning before an edit"). Reads the hook's JSON on stdin; when a linked
 * peer of {@code $TERMSPRAWL_NODE_ID} changed the file about to be edited within the window (its current session,
 * and the last 2 hours by default), prints the hook output that tells the model before the edit. Any failure of its
 * own: nothing printed, exit 0, and the edit goes on.
 */
final class TouchHook {
    /**
     * The hook's stdin is a small JSON object: more is not a hook's. It is read for at most {@link HookInput#WAIT_MS}
     * (docs/touches.md, "The warning before an edit").
     */
    static final int MAX_INPUT = 1 << 20;

    /**
     * How long the hook may read transcripts before the edit it holds up goes on: a peer whose index needs more
     * (a long transcript that changed) answers with what its index held at its last read (docs/touches.md).
     */
    static final long BUDGET_NANOS = 1_500_000_000L;

    /**
     * The bytes of each peer's transcript one hook may read: a long session's index is built in steps across runs,
     * each run well within {@link #BUDGET_NANOS} (docs/touches.md, "The touch index"; bench/README.md).
     */
    static final long READ_BYTES = 2 * io.github.termsprawl.touch.TouchIndex.STEP_BYTES;

    private TouchHook() {}

    static int run(String[] args, Instant now, InputStream in, OutputStream out, String self) {
        return run(args, now, in, out, self, BUDGET_NANOS);
    }

    /** As {@link #run(String[], Instant, InputStream, OutputStream, String)} with a time budget of its own. */
    static int run(String[] args, Instant now, InputStream in, OutputStream out, String self, long budgetNanos) {
        try {
            String cwd = null;
            String guard = "warn";
            String window = "2h";
            for (int i = 1; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "--cwd" -> cwd = args[i + 1];
                    case "--guard" -> guard = args[i + 1];
                    case "--window" -> window = args[i + 1];
                    default -> {
                        return 0;
                    }
                }
            }
            if (self == null || !NodeId.isSafe(self) || guard.equals("off")) {
                return 0;
            }
            // a stdin that never closes, or carries more than a payload, is given up: the edit must not wait
            byte[] payload = HookInput.payload(in, MAX_INPUT, HookInput.WAIT_MS);
            Map<String, Object> input =
                    payload == null ? null : Json.asObject(Json.parse(new String(payload, StandardCharsets.UTF_8)));
            if (input == null) {
                return 0;
            }
            Map<String, Object> tool = Json.asObject(input.get("tool_input"));
            String file = tool == null
                    ? null
                    : tool.get("file_path") instanceof String f
                            ? f
                            : tool.get("notebook_path") instanceof String n ? n : null;
            if (cwd == null || cwd.isEmpty()) {
                cwd = input.get("cwd") instanceof String c ? c : null;
            }
            Instant since = TouchesArgs.since(window, now);
            if (file == null || cwd == null || since == null) {
                return 0;
            }
            ProjectLayout layout = new ProjectLayout(ProjectRoot.of(Path.of(cwd).toAbsolutePath()));
            List<PeerTouches.Peer> peers;
            Deadline.set(System.nanoTime() + budgetNanos);
            try {
                peers = PeerTouches.of(layout, self, file, since, READ_BYTES);
            } finally {
                Deadline.clear();
            }
            if (peers.isEmpty()) {
                return 0;
            }
            String rel = new ProjectPaths(layout.cwd()).relative(file);
            String message = message(rel, peers, self, layout.cwd().toString());
            Map<String, Object> specific = new LinkedHashMap<>();
            specific.put("hookEventName", "PreToolUse");
            if (guard.equals("ask") || guard.equals("deny")) {
                specific.put("permissionDecision", guard);
                specific.put("permissionDecisionReason", message);
            } else {
                specific.put("additionalContext", message);
            }
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("hookSpecificOutput", specific);
            ContextCommand.write(out, Utf8Output.encode(JsonWriter.compact(root) + "\n"));
        } catch (RuntimeException | IOException | Error e) {
            // silent: the edit goes on
        }
        return 0;
    }

    /**
     * Which peers changed the file, when, how, and the commands that show what they are doing, named by the project
     * root's absolute path: the agent's shell may be in a module folder, where {@code --cwd .} finds no project.
     */
    static String message(String rel, List<PeerTouches.Peer> peers, String self, String root) {
        String bin = root + "/.termsprawl/bin/";
        StringBuilder m = new StringBuilder("termsprawl: another agent linked to you changed ")
                .append(TouchEvent.escaped(rel))
                .append(" recently; it may be working on it now.");
        for (PeerTouches.Peer p : peers) {
            TouchEvent e = p.touches().get(0);
            m.append("\n- ")
                    .append(p.node())
                    .append(" (")
                    .append(p.store().id())
                    .append("): ")
                    .append(e.kind().id())
                    .append(" at ")
                    .append(TouchReport.time(e.time()))
                    .append(", turn ")
                    .append(e.turn() == null ? "-" : e.turn().toString());
            if (p.touches().size() > 1) {
                m.append(" (").append(p.touches().size()).append(" changes in the window)");
            }
        }
        m.append("\nBefore you edit it, see what they are doing: ")
                .append(shellWord(bin + "termsprawl-context"))
                .append(" --cwd ")
                .append(shellWord(root))
                .append(" --self ")
                .append(self)
                .append("\nand every change of this file: ")
                .append(shellWord(bin + "termsprawl-touches"))
                .append(" --cwd ")
                .append(shellWord(root))
                .append(" --self ")
                .append(self)
                .append(" --file ")
                .append(shellWord(rel));
        return m.toString();
    }

    private static String shellWord(String s) {
        return plainWord(s) ? s : "'" + TouchEvent.escaped(s).replace("'", "'\\''") + "'";
    }

    /** {@code [A-Za-z0-9_./@%+,:=-]+}, without compiling a pattern at every edit. */
    static boolean plainWord(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "_./@%+,:=-".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }
}
