package io.github.termsprawl.store.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.store.Block;
import java.util.List;
import org.junit.jupiter.api.Test;

class CodexTouchesTest {
    private static List<FileTouch> of(String name, String args) {
        return CodexTouches.RULE.touches(new Block.ToolCall("c1", name, args));
    }

    @Test
    void editingCallsNameTheirFiles() {
        assertEquals(
                List.of(new FileTouch("a.py", FileTouch.Kind.CREATE)),
                of("apply_patch", "*** Begin Patch\n*** Add File: a.py\n+x\n*** End Patch"));
        assertEquals(
                List.of(new FileTouch("b.py", FileTouch.Kind.EDIT)),
                of("apply_patch", "{\"input\":\"*** Begin Patch\\n*** Update File: b.py\\n*** End Patch\"}"));
        assertEquals(
                List.of(new FileTouch("/w/a", FileTouch.Kind.SHELL, "rm a")),
                of("exec_command", "{\"cmd\":\"rm a\",\"workdir\":\"/w\"}"));
        assertEquals(
                List.of(new FileTouch("x", FileTouch.Kind.SHELL, "echo > x")),
                of("shell", "{\"command\":[\"bash\",\"-lc\",\"echo > x\"]}"));
        assertEquals(
                List.of(new FileTouch("c.py", FileTouch.Kind.DELETE)),
                of(
                        "shell",
                        "{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Delete File: c.py\\n*** End Patch\"]}"));
    }

    @Test
    void otherCallsChangeNothingAndBadInputIsMalformed() {
        assertEquals(List.of(), of("update_plan", "{}"));
        assertEquals(List.of(), of("exec_command", "{\"cmd\":\"ls\"}"));
        assertNull(of("apply_patch", "[trimmed for fixture]"));
        assertNull(of("exec_command", "[REDACTED_ARGUMENTS len=83]"));
    }
}
