package io.github.termsprawl.store.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.store.Block;
import java.util.List;
import org.junit.jupiter.api.Test;

class PiTouchesTest {
    private static List<FileTouch> of(String name, String args) {
        return PiTouches.RULE.touches(new Block.ToolCall("c1", name, args));
    }

    @Test
    void editingCallsNameTheirFiles() {
        assertEquals(
                List.of(new FileTouch("/p/a.ts", FileTouch.Kind.EDIT)),
                of("edit", "{\"path\":\"/p/a.ts\",\"oldText\":\"a\",\"newText\":\"b\"}"));
        assertEquals(
                List.of(new FileTouch("/p/n.ts", FileTouch.Kind.CREATE)),
                of("write", "{\"path\":\"/p/n.ts\",\"content\":\"x\"}"));
        assertEquals(List.of(new FileTouch("a", FileTouch.Kind.SHELL, "rm a")), of("bash", "{\"command\":\"rm a\"}"));
    }

    @Test
    void otherCallsChangeNothingAndBadInputIsMalformed() {
        assertEquals(List.of(), of("read", "{\"path\":\"/p/a.ts\"}"));
        assertNull(of("edit", "{\"path\":7}"));
    }
}
