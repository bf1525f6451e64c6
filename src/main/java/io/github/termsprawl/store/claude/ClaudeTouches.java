package io.github.termsprawl.store.claude;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.ShellTouches;
import io.github.termsprawl.edits.ToolInput;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import java.util.List;

/**
 * Claude Code's editing tools (docs/touches.md): {@code Edit} and {@code MultiEdit} ({@code file_path}),
 * {@code Write} (written whole: create), {@code NotebookEdit} ({@code notebook_path}), and {@code Bash} commands.
 */
public final class ClaudeTouches implements TouchRule {
    public static final ClaudeTouches RULE = new ClaudeTouches();

    private ClaudeTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        return switch (name) {
            case "Edit", "MultiEdit" -> ToolInput.one(call.arguments(), FileTouch.Kind.EDIT, "file_path");
            case "Write" -> ToolInput.one(call.arguments(), FileTouch.Kind.CREATE, "file_path");
            case "NotebookEdit" -> ToolInput.one(call.arguments(), FileTouch.Kind.EDIT, "notebook_path");
            case "Bash" -> {
                String command = ToolInput.command(call.arguments(), "command");
                yield command == null ? null : ShellTouches.of(command);
            }
            default -> List.of();
        };
    }
}
