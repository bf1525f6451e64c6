package io.github.termsprawl.store.codex;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.PatchTouches;
import io.github.termsprawl.edits.ShellTouches;
import io.github.termsprawl.edits.ToolInput;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Codex's edits (docs/touches.md): {@code apply_patch} (a custom tool whose input is the patch, or a function whose
 * {@code input} is), and shell commands ({@code exec_command}'s {@code cmd}, {@code shell}'s and
 * {@code local_shell}'s argv, {@code shell_command}'s {@code command}), an {@code apply_patch} inside one
 * included; a relative path is taken from the call's {@code workdir} when it names one.
 */
public final class CodexTouches implements TouchRule {
    public static final CodexTouches RULE = new CodexTouches();
    /**
     * A completed {@code FileChange} item of a rollout without a model transcript, as {@link CodexSession} gives it:
     * its arguments are the item's {@code changes}, path → {@code {type: add|update|delete, move_path}}.
     */
    public static final String FILE_CHANGE = "FileChange";
    /** A completed {@code CommandExecution} item, likewise: its arguments {@code {command}} (an argv or a string). */
    public static final String COMMAND_EXECUTION = "CommandExecution";

    private CodexTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        String args = call.arguments();
        switch (name) {
            case "apply_patch": {
                Map<String, Object> input = ToolInput.object(args);
                // Codex's hook gives the patch as the call's "command" (docs/agents.md, "Wired through each agent's
                // hooks")
                String patch = input == null ? args : ToolInput.string(input, "input", "patch", "command");
                return PatchTouches.of(patch);
            }
            case FILE_CHANGE:
                return fileChanges(ToolInput.object(args));
            case "exec_command", "shell", "shell_command", "local_shell", "container.exec", COMMAND_EXECUTION: {
                String command = ToolInput.command(args, "cmd", "command");
                if (command == null) {
                    return null;
                }
                return within(ToolInput.string(ToolInput.object(args), "workdir"), ShellTouches.of(command));
            }
            default:
                return List.of();
        }
    }

    /** A {@code FileChange}'s files: {@code add} creates, {@code update} edits (or moves, with a {@code move_path}). */
    private static List<FileTouch> fileChanges(Map<String, Object> changes) {
        if (changes == null) {
            return null;
        }
        List<FileTouch> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : changes.entrySet()) {
            Map<String, Object> change = io.github.termsprawl.jsonl.Json.asObject(e.getValue());
            Object type = change == null ? null : change.get("type");
            if ("add".equals(type)) {
                out.add(new FileTouch(e.getKey(), FileTouch.Kind.CREATE));
            } else if ("delete".equals(type)) {
                out.add(new FileTouch(e.getKey(), FileTouch.Kind.DELETE));
            } else if ("update".equals(type) && change.get("move_path") instanceof String to) {
                out.add(new FileTouch(e.getKey(), FileTouch.Kind.MOVE));
                out.add(new FileTouch(to, FileTouch.Kind.MOVE));
            } else if ("update".equals(type)) {
                out.add(new FileTouch(e.getKey(), FileTouch.Kind.EDIT));
            }
        }
        return out;
    }

    private static List<FileTouch> within(String workdir, List<FileTouch> touches) {
        if (workdir == null || touches.isEmpty()) {
            return touches;
        }
        List<FileTouch> out = new ArrayList<>();
        for (FileTouch t : touches) {
            String p = t.path().startsWith("/") ? t.path() : workdir + "/" + t.path();
            out.add(new FileTouch(p, t.kind(), t.command()));
        }
        return out;
    }
}
