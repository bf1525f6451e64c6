package io.github.termsprawl.store.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.store.Block;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeminiTouchesTest {
    private static List<FileTouch> of(String name, String args) {
        return GeminiTouches.RULE.touches(new Block.ToolCall("c1", name, args));
    }

    @Test
    void editingCallsNameTheirFiles() {
        assertEquals(
                List.of(new FileTouch("/p/a.txt", FileTouch.Kind.CREATE)),
                of("write_file", "{\"file_path\":\"/p/a.txt\",\"content\":\"x\"}"));
        assertEquals(
                List.of(new FileTouch("/p/a.txt", FileTouch.Kind.EDIT)),
                of("replace", "{\"file_path\":\"/p/a.txt\",\"old_string\":\"a\",\"new_string\":\"b\"}"));
        assertEquals(
                List.of(new FileTouch("a", FileTouch.Kind.SHELL, "rm a")),
                of("run_shell_command", "{\"command\":\"rm a\"}"));
    }

    @Test
    void otherCallsChangeNothingAndBadInputIsMalformed() {
        assertEquals(List.of(), of("read_file", "{\"file_path\":\"/p/a.txt\"}"));
        assertNull(of("replace", "{}"));
    }
}
