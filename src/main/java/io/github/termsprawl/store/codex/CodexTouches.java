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

    private CodexTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        String args = call.arguments();
        switch (name) {
            case "apply_patch": {
                Map<String, Object> input = ToolInput.object(args);
                String patch = input == null ? args : ToolInput.string(input, "input", "patch");
                return PatchTouches.of(patch);
            }
            case "exec_command", "shell", "shell_command", "local_shell", "container.exec": {
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
