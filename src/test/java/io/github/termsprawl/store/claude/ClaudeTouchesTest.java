package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.store.Block;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClaudeTouchesTest {
    private static List<FileTouch> of(String name, String args) {
        return ClaudeTouches.RULE.touches(new Block.ToolCall("c1", name, args));
    }

    @Test
    void editingCallsNameTheirFiles() {
        assertEquals(
                List.of(new FileTouch("/p/a.java", FileTouch.Kind.EDIT)),
                of("Edit", "{\"file_path\":\"/p/a.java\",\"old_string\":\"a\",\"new_string\":\"b\"}"));
        assertEquals(
                List.of(new FileTouch("/p/a.java", FileTouch.Kind.EDIT)),
                of("MultiEdit", "{\"file_path\":\"/p/a.java\",\"edits\":[]}"));
        assertEquals(
                List.of(new FileTouch("/p/n.java", FileTouch.Kind.CREATE)),
                of("Write", "{\"file_path\":\"/p/n.java\",\"content\":\"x\"}"));
        assertEquals(
                List.of(new FileTouch("/p/n.ipynb", FileTouch.Kind.EDIT)),
                of("NotebookEdit", "{\"notebook_path\":\"/p/n.ipynb\",\"new_source\":\"x\"}"));
        assertEquals(List.of(new FileTouch("a", FileTouch.Kind.SHELL, "rm a")), of("Bash", "{\"command\":\"rm a\"}"));
    }

    @Test
    void otherCallsChangeNothingAndBadInputIsMalformed() {
        assertEquals(List.of(), of("Read", "{\"file_path\":\"/p/a.java\"}"));
        assertEquals(List.of(), of("Bash", "{\"command\":\"ls\"}"));
        assertNull(of("Edit", "{\"old_string\":\"a\"}"));
        assertNull(of("Write", "not json"));
    }
}
