package io.github.termsprawl.cli;

import io.github.termsprawl.core.EditLists;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ProjectRoot;
import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Block;
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
import java.util.ArrayList;
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

    /**
     * The hook before an edit, within {@code budget} nanoseconds ({@link #BUDGET_NANOS}). Exit 2 with the reason on {@code err} holds the edit (every agent's hooks read it so:
     * docs/agents.md, "Wired through each agent's hooks"); 0 lets it go on.
     */
    static int run(
            String[] args, Instant now, InputStream in, OutputStream out, OutputStream err, String self, long budget) {
        try {
            String cwd = null;
            String guard = io.github.termsprawl.plant.HookSettings.DEFAULT_GUARD;
            String window = "2h";
            Agent agent = Agents.DEFAULT;
            for (int i = 1; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "--cwd" -> cwd = args[i + 1];
                    case "--guard" -> guard = args[i + 1];
                    case "--window" -> window = args[i + 1];
                    case "--agent" -> agent = Agents.named(args[i + 1]);
                    default -> {
                        return 0;
                    }
                }
            }
            if (self == null || !NodeId.isSafe(self) || guard.equals("off") || agent == null) {
                return 0;
            }
            // a stdin that never closes, or carries more than a payload, is given up: the edit must not wait
            byte[] payload = HookInput.payload(in, MAX_INPUT, HookInput.WAIT_MS);
            Map<String, Object> input =
                    payload == null ? null : Json.asObject(Json.parse(new String(payload, StandardCharsets.UTF_8)));
            TouchRule rule = agent.capability(TouchRule.class);
            if (input == null || rule == null || !(input.get("tool_name") instanceof String tool)) {
                return 0;
            }
            String session = input.get("cwd") instanceof String c && !c.isEmpty() ? c : null;
            if (cwd == null || cwd.isEmpty()) {
                cwd = session;
            }
            Instant since = TouchesArgs.since(window, now);
            if (cwd == null || since == null) {
                return 0;
            }
            // normalized: the message names the commands by this path ("--cwd ." is the project, not "<root>/.")
            ProjectLayout layout = new ProjectLayout(
                    ProjectRoot.of(Path.of(cwd).toAbsolutePath().normalize()));
            List<String> files = files(rule, tool, input.get("tool_input"), session, layout.cwd());
            if (files.isEmpty()) {
                return 0;
            }
            EditLists lists = new EditLists(layout);
            lists.addEdits(self, files); // what a peer's launcher reads to answer without Java
            Map<String, List<PeerTouches.Peer>> overlaps = new LinkedHashMap<>();
            Deadline.set(System.nanoTime() + budget);
            try {
                for (String file : files) {
                    List<PeerTouches.Peer> peers = PeerTouches.of(layout, self, file, since, READ_BYTES);
                    if (!peers.isEmpty()) {
                        overlaps.put(file, peers);
                    }
                }
            } finally {
                Deadline.clear();
            }
            if (overlaps.isEmpty()) {
                return 0;
            }
            String root = layout.cwd().toString();
            boolean claude = agent == Agents.DEFAULT;
            if (claude && (guard.equals("warn") || guard.equals("ask") || guard.equals("deny"))) {
                Map.Entry<String, List<PeerTouches.Peer>> first =
                        overlaps.entrySet().iterator().next();
                String message = message(first.getKey(), first.getValue(), self, root);
                Map<String, Object> specific = new LinkedHashMap<>();
                specific.put("hookEventName", "PreToolUse");
                if (guard.equals("warn")) {
                    specific.put("additionalContext", message);
                } else {
                    specific.put("permissionDecision", guard);
                    specific.put("permissionDecisionReason", message);
                }
                Map<String, Object> root0 = new LinkedHashMap<>();
                root0.put("hookSpecificOutput", specific);
                ContextCommand.write(out, Utf8Output.encode(JsonWriter.compact(root0) + "\n"));
                return 0;
            }
            // hold (every agent's default; warn and ask are Claude Code's alone), or deny: exit 2 and the reason
            Map<String, List<PeerTouches.Peer>> untold =
                    guard.equals("deny") ? overlaps : untold(lists, self, overlaps);
            if (untold.isEmpty()) {
                return 0; // told once: the same edit again goes through
            }
            StringBuilder reason = new StringBuilder();
            for (Map.Entry<String, List<PeerTouches.Peer>> e : untold.entrySet()) {
                reason.append(reason.length() == 0 ? "" : "\n").append(message(e.getKey(), e.getValue(), self, root));
            }
            String text = guard.equals("deny")
                    ? reason.toString()
                    : HELD + reason + "\nThe same edit, made again, will go through.";
            ContextCommand.write(err, Utf8Output.encode(text + "\n"));
            return 2;
        } catch (RuntimeException | IOException | Error e) {
            // silent: the edit goes on
        }
        return 0;
    }

    /** The first line of a held edit's reason: an agent prefixes it with words like "hook error", so it says it is none. */
    static final String HELD = "termsprawl held this edit once, on purpose (this is not an error):\n";

    /**
     * The overlapping files whose newest peer change the node was not yet told of; those it now is are kept in its
     * held list, so the edit retried goes through, and a later change by a peer holds the next edit again.
     */
    private static Map<String, List<PeerTouches.Peer>> untold(
            EditLists lists, String self, Map<String, List<PeerTouches.Peer>> overlaps) throws IOException {
        List<String> held = new ArrayList<>(lists.held(self));
        Map<String, List<PeerTouches.Peer>> untold = new LinkedHashMap<>();
        for (Map.Entry<String, List<PeerTouches.Peer>> e : overlaps.entrySet()) {
            String line = e.getKey() + "\t" + newest(e.getValue());
            if (!held.contains(line)) {
                untold.put(e.getKey(), e.getValue());
                String file = e.getKey() + "\t";
                for (int i = held.size() - 1; i >= 0; i--) { // a loop, not a lambda: this is every held edit's path
                    if (held.get(i).startsWith(file)) {
                        held.remove(i);
                    }
                }
                held.add(line);
            }
        }
        if (!untold.isEmpty()) {
            lists.setHeld(self, held);
        }
        return untold;
    }

    /** The newest change of the peers, as epoch milliseconds, or {@code -} when no change has a time. */
    private static String newest(List<PeerTouches.Peer> peers) {
        long newest = Long.MIN_VALUE;
        for (PeerTouches.Peer p : peers) {
            for (TouchEvent e : p.touches()) {
                if (e.time() != null) {
                    newest = Math.max(newest, e.time().toEpochMilli());
                }
            }
        }
        return newest == Long.MIN_VALUE ? "-" : Long.toString(newest);
    }

    /**
     * The project files the call is about to change, as the agent's own transcript would count them (docs/touches.md):
     * a relative path is the session's folder's, when the payload names one.
     */
    static List<String> files(TouchRule rule, String tool, Object toolInput, String session, Path root) {
        String arguments = toolInput instanceof Map<?, ?> ? JsonWriter.compact(toolInput) : null;
        List<FileTouch> touches = arguments == null ? null : rule.touches(new Block.ToolCall(null, tool, arguments));
        if (touches == null) {
            return List.of();
        }
        ProjectPaths paths = new ProjectPaths(root);
        List<String> out = new ArrayList<>();
        for (FileTouch t : touches) {
            String raw = t.path();
            if (session != null && !Path.of(raw).isAbsolute()) {
                raw = Path.of(session).resolve(raw).toString();
            }
            String rel = paths.relative(raw);
            if (rel != null && !out.contains(rel)) {
                out.add(rel);
            }
        }
        return out;
    }

    /**
     * Which peers changed the file, when, how, and the commands that show what they are doing, named by the project
     * root's absolute path: the agent's shell may be in a module folder, where {@code --cwd .} finds no project.
     */
    static String message(String rel, List<PeerTouches.Peer> peers, String self, String root) {
        String bin = root + "/.termsprawl/bin/";
        StringBuilder m = new StringBuilder("termsprawl: another agent linked to you changed " + TouchEvent.escaped(rel)
                + " recently; it may be working on it now.");
        for (PeerTouches.Peer p : peers) {
            TouchEvent e = p.touches().get(0);
            m.append(
                    "\n- " + p.node() + " (" + p.store().id() + "): " + e.kind().id() + " at "
                            + TouchReport.time(e.time()) + ", turn " + (e.turn() == null ? "-" : e.turn()));
            if (p.touches().size() > 1) {
                m.append(" (" + p.touches().size() + " changes in the window)");
            }
        }
        m.append("\nBefore you edit it, see what they are doing: " + shellWord(bin + "termsprawl-context") + " --cwd "
                + shellWord(root) + " --self " + self + "\nand every change of this file: "
                + shellWord(bin + "termsprawl-touches") + " --cwd " + shellWord(root) + " --self " + self + " --file "
                + shellWord(rel));
        return m.toString();
    }

    static String shellWord(String s) {
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
