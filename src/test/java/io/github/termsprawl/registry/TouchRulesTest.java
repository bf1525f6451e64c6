package io.github.termsprawl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.FileTouch.Kind;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Store;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each store's touch rule (docs/touches.md, "Which calls count"), every test run over every store that has one:
 * a row is one tool call in the store's own spelling (its tool names, its argument keys) and the touches it
 * names. {@link #everyTestHasRowsOfEveryStoreWithARule} keeps it so when a store is added: each kind of call
 * (editing, shell, changing nothing, malformed) has rows of every store.
 */
class TouchRulesTest {
    /** The touches {@code store}'s rule reads in a call of {@code tool} with {@code args}; null when malformed. */
    private static List<FileTouch> touches(Store store, String tool, String args) {
        return Agents.capability(store, TouchRule.class).touches(new Block.ToolCall("c1", tool, args));
    }

    private static Arguments call(Store store, String tool, String args, FileTouch... touches) {
        return Arguments.of(store, tool, args, List.of(touches));
    }

    /** A call whose input names no file: malformed, no touches at all (null). */
    private static Arguments malformed(Store store, String tool, String args) {
        return Arguments.of(store, tool, args, null);
    }

    /** The calls that write a file, by the tools (and patches) each store edits with. */
    static Stream<Arguments> editingCalls() {
        return Stream.of(
                call(
                        Store.CLAUDE,
                        "Edit",
                        "{\"file_path\":\"/p/a.java\",\"old_string\":\"a\",\"new_string\":\"b\"}",
                        new FileTouch("/p/a.java", Kind.EDIT)),
                call(
                        Store.CLAUDE,
                        "MultiEdit",
                        "{\"file_path\":\"/p/a.java\",\"edits\":[]}",
                        new FileTouch("/p/a.java", Kind.EDIT)),
                call(
                        Store.CLAUDE,
                        "Write",
                        "{\"file_path\":\"/p/n.java\",\"content\":\"x\"}",
                        new FileTouch("/p/n.java", Kind.CREATE)),
                call(
                        Store.CLAUDE,
                        "NotebookEdit",
                        "{\"notebook_path\":\"/p/n.ipynb\",\"new_source\":\"x\"}",
                        new FileTouch("/p/n.ipynb", Kind.EDIT)),
                // Codex: the patch envelope, raw or as the input of a JSON call, or run as a shell command
                call(
                        Store.CODEX,
                        "apply_patch",
                        "*** Begin Patch\n*** Add File: a.py\n+x\n*** End Patch",
                        new FileTouch("a.py", Kind.CREATE)),
                call(
                        Store.CODEX,
                        "apply_patch",
                        "{\"input\":\"*** Begin Patch\\n*** Update File: b.py\\n*** End Patch\"}",
                        new FileTouch("b.py", Kind.EDIT)),
                call(
                        Store.CODEX,
                        "shell",
                        "{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Delete File: c.py\\n*** End Patch\"]}",
                        new FileTouch("c.py", Kind.DELETE)),
                call(
                        Store.GEMINI,
                        "write_file",
                        "{\"file_path\":\"/p/a.txt\",\"content\":\"x\"}",
                        new FileTouch("/p/a.txt", Kind.CREATE)),
                call(
                        Store.GEMINI,
                        "replace",
                        "{\"file_path\":\"/p/a.txt\",\"old_string\":\"a\",\"new_string\":\"b\"}",
                        new FileTouch("/p/a.txt", Kind.EDIT)),
                call(
                        Store.PI,
                        "edit",
                        "{\"path\":\"/p/a.ts\",\"oldText\":\"a\",\"newText\":\"b\"}",
                        new FileTouch("/p/a.ts", Kind.EDIT)),
                call(
                        Store.PI,
                        "write",
                        "{\"path\":\"/p/n.ts\",\"content\":\"x\"}",
                        new FileTouch("/p/n.ts", Kind.CREATE)),
                call(
                        Store.OPENCODE,
                        "edit",
                        "{\"filePath\":\"/p/a.ts\",\"oldString\":\"a\",\"newString\":\"b\"}",
                        new FileTouch("/p/a.ts", Kind.EDIT)),
                call(
                        Store.OPENCODE,
                        "write",
                        "{\"filePath\":\"/p/n.ts\",\"content\":\"x\"}",
                        new FileTouch("/p/n.ts", Kind.CREATE)),
                // opencode serve's session API (1.18): its edit tools name the file path, not filePath
                call(
                        Store.OPENCODE,
                        "edit",
                        "{\"path\":\"/p/a.ts\",\"oldString\":\"a\",\"newString\":\"b\"}",
                        new FileTouch("/p/a.ts", Kind.EDIT)),
                call(
                        Store.OPENCODE,
                        "multiedit",
                        "{\"path\":\"/p/a.ts\",\"edits\":[]}",
                        new FileTouch("/p/a.ts", Kind.EDIT)),
                call(
                        Store.OPENCODE,
                        "write",
                        "{\"path\":\"/p/n.ts\",\"content\":\"x\"}",
                        new FileTouch("/p/n.ts", Kind.CREATE)),
                call(
                        Store.OPENCODE,
                        "patch",
                        "{\"patchText\":\"*** Begin Patch\\n*** Update File: m.ts\\n*** Move to: n.ts\\n*** End Patch\"}",
                        new FileTouch("m.ts", Kind.MOVE),
                        new FileTouch("n.ts", Kind.MOVE)));
    }

    /** A shell command that writes a file, by each store's shell tool. */
    static Stream<Arguments> shellCommands() {
        return Stream.of(
                call(Store.CLAUDE, "Bash", "{\"command\":\"rm a\"}", new FileTouch("a", Kind.SHELL, "rm a")),
                // Codex's workdir is applied to a relative path
                call(
                        Store.CODEX,
                        "exec_command",
                        "{\"cmd\":\"rm a\",\"workdir\":\"/w\"}",
                        new FileTouch("/w/a", Kind.SHELL, "rm a")),
                call(
                        Store.CODEX,
                        "shell",
                        "{\"command\":[\"bash\",\"-lc\",\"echo > x\"]}",
                        new FileTouch("x", Kind.SHELL, "echo > x")),
                call(
                        Store.GEMINI,
                        "run_shell_command",
                        "{\"command\":\"rm a\"}",
                        new FileTouch("a", Kind.SHELL, "rm a")),
                call(Store.PI, "bash", "{\"command\":\"rm a\"}", new FileTouch("a", Kind.SHELL, "rm a")),
                call(Store.OPENCODE, "bash", "{\"command\":\"rm a\"}", new FileTouch("a", Kind.SHELL, "rm a")));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource({"editingCalls", "shellCommands"})
    void callsThatWriteNameTheirFiles(Store store, String tool, String args, List<FileTouch> expected) {
        assertEquals(expected, touches(store, tool, args));
    }

    /**
     * A call that reads, plans, or runs a command that writes nothing (no touches); and an editing call whose input
     * names no file (not JSON, no path key, a fixture's redacted arguments), which is malformed.
     */
    static Stream<Arguments> callsThatTouchNothing() {
        return Stream.of(
                call(Store.CLAUDE, "Read", "{\"file_path\":\"/p/a.java\"}"),
                call(Store.CLAUDE, "Bash", "{\"command\":\"ls\"}"),
                malformed(Store.CLAUDE, "Edit", "{\"old_string\":\"a\"}"),
                malformed(Store.CLAUDE, "Write", "not json"),
                call(Store.CODEX, "update_plan", "{}"),
                call(Store.CODEX, "exec_command", "{\"cmd\":\"ls\"}"),
                malformed(Store.CODEX, "apply_patch", "[trimmed for fixture]"),
                malformed(Store.CODEX, "exec_command", "[REDACTED_ARGUMENTS len=83]"),
                call(Store.GEMINI, "read_file", "{\"file_path\":\"/p/a.txt\"}"),
                malformed(Store.GEMINI, "replace", "{}"),
                call(Store.PI, "read", "{\"path\":\"/p/a.ts\"}"),
                malformed(Store.PI, "edit", "{\"path\":7}"),
                call(Store.OPENCODE, "read", "{\"filePath\":\"/p/a.ts\"}"),
                malformed(Store.OPENCODE, "write", "{\"content\":\"x\"}"),
                malformed(Store.OPENCODE, "patch", "{\"patchText\":\"nothing\"}"));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource
    void callsThatTouchNothing(Store store, String tool, String args, List<FileTouch> expected) {
        if (expected == null) {
            assertNull(touches(store, tool, args));
        } else {
            assertEquals(List.of(), touches(store, tool, args));
        }
    }

    @Test
    void everyTestHasRowsOfEveryStoreWithARule() {
        Set<Store> withRule = new HashSet<>();
        Set<Store> listed = new HashSet<>();
        for (io.github.termsprawl.store.Agent agent : Agents.all()) {
            listed.add(agent.store());
            if (agent.capability(TouchRule.class) != null) {
                withRule.add(agent.store());
            }
        }
        // cursor-agent alone has none: its transcripts hold no tool results
        listed.remove(Store.CURSOR);
        assertEquals(listed, withRule);
        // the calls that change nothing and the malformed ones, each of every store
        List<Supplier<Stream<Arguments>>> sources = List.of(
                TouchRulesTest::editingCalls,
                TouchRulesTest::shellCommands,
                () -> callsThatTouchNothing().filter(a -> a.get()[3] != null),
                () -> callsThatTouchNothing().filter(a -> a.get()[3] == null));
        for (Supplier<Stream<Arguments>> source : sources) {
            Set<Store> rows = source.get().map(a -> (Store) a.get()[0]).collect(Collectors.toCollection(HashSet::new));
            assertEquals(withRule, rows, Arrays.toString(source.get().toArray()));
        }
    }
}
