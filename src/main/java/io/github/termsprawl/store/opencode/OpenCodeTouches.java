package io.github.termsprawl.store.opencode;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.PatchTouches;
import io.github.termsprawl.edits.ShellTouches;
import io.github.termsprawl.edits.ToolInput;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import java.util.List;

/**
 * OpenCode's editing tool parts (docs/touches.md): {@code edit} and {@code multiedit} ({@code filePath}; the
 * tools of 1.18's session API name it {@code path}), {@code write} (create), {@code patch} and {@code apply_patch} ({@code patchText}, the apply_patch envelope),
 * and {@code bash}.
 */
public final class OpenCodeTouches implements TouchRule {
    public static final OpenCodeTouches RULE = new OpenCodeTouches();

    private OpenCodeTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        return switch (name) {
            case "edit", "multiedit" -> ToolInput.one(call.arguments(), FileTouch.Kind.EDIT, "filePath", "path");
            case "write" -> ToolInput.one(call.arguments(), FileTouch.Kind.CREATE, "filePath", "path");
            case "patch", "apply_patch" ->
                PatchTouches.of(ToolInput.string(ToolInput.object(call.arguments()), "patchText", "patch"));
            case "bash" -> {
                String command = ToolInput.command(call.arguments(), "command");
                yield command == null ? null : ShellTouches.of(command);
            }
            default -> List.of();
        };
    }
}
