package io.github.termsprawl.store.gemini;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.ShellTouches;
import io.github.termsprawl.edits.ToolInput;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import java.util.List;

/**
 * Gemini CLI's editing tools (docs/touches.md): {@code write_file} (create), {@code replace}, {@code edit} and
 * {@code smart_edit} ({@code file_path}, or {@code absolute_path} in older versions), and
 * {@code run_shell_command}.
 */
public final class GeminiTouches implements TouchRule {
    public static final GeminiTouches RULE = new GeminiTouches();

    private GeminiTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        return switch (name) {
            case "write_file" -> ToolInput.one(call.arguments(), FileTouch.Kind.CREATE, "file_path", "absolute_path");
            case "replace", "edit", "smart_edit" ->
                ToolInput.one(call.arguments(), FileTouch.Kind.EDIT, "file_path", "absolute_path");
            case "run_shell_command" -> {
                String command = ToolInput.command(call.arguments(), "command");
                yield command == null ? null : ShellTouches.of(command);
            }
            default -> List.of();
        };
    }
}
