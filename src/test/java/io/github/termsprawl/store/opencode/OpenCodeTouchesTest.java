package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.store.Block;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenCodeTouchesTest {
    private static List<FileTouch> of(String name, String args) {
        return OpenCodeTouches.RULE.touches(new Block.ToolCall("c1", name, args));
    }

    @Test
    void editingCallsNameTheirFiles() {
        assertEquals(
                List.of(new FileTouch("/p/a.ts", FileTouch.Kind.EDIT)),
                of("edit", "{\"filePath\":\"/p/a.ts\",\"oldString\":\"a\",\"newString\":\"b\"}"));
        assertEquals(
                List.of(new FileTouch("/p/n.ts", FileTouch.Kind.CREATE)),
                of("write", "{\"filePath\":\"/p/n.ts\",\"content\":\"x\"}"));
        assertEquals(
                List.of(new FileTouch("m.ts", FileTouch.Kind.MOVE), new FileTouch("n.ts", FileTouch.Kind.MOVE)),
                of(
                        "patch",
                        "{\"patchText\":\"*** Begin Patch\\n*** Update File: m.ts\\n*** Move to: n.ts\\n*** End Patch\"}"));
        assertEquals(List.of(new FileTouch("a", FileTouch.Kind.SHELL, "rm a")), of("bash", "{\"command\":\"rm a\"}"));
    }

    @Test
    void otherCallsChangeNothingAndBadInputIsMalformed() {
        assertEquals(List.of(), of("read", "{\"filePath\":\"/p/a.ts\"}"));
        assertNull(of("write", "{\"content\":\"x\"}"));
        assertNull(of("patch", "{\"patchText\":\"nothing\"}"));
    }
}
