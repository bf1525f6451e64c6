package io.github.termsprawl.store.pi;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.ShellTouches;
import io.github.termsprawl.edits.ToolInput;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import java.util.List;

/** pi's editing tools (docs/touches.md): {@code edit}, {@code write} (create), both {@code path}; {@code bash}. */
public final class PiTouches implements TouchRule {
    public static final PiTouches RULE = new PiTouches();

    private PiTouches() {}

    @Override
    public List<FileTouch> touches(Block.ToolCall call) {
        String name = call.name() == null ? "" : call.name();
        return switch (name) {
            case "edit" -> ToolInput.one(call.arguments(), FileTouch.Kind.EDIT, "path", "file_path");
            case "write" -> ToolInput.one(call.arguments(), FileTouch.Kind.CREATE, "path", "file_path");
            case "bash" -> {
                String command = ToolInput.command(call.arguments(), "command");
                yield command == null ? null : ShellTouches.of(command);
            }
            default -> List.of();
        };
    }
}
