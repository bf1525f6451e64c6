package io.github.termsprawl.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellTouchesTest {
    private static List<String> paths(String command) {
        return ShellTouches.of(command).stream().map(FileTouch::path).toList();
    }

    @Test
    void obviousWritersNameTheirFiles() {
        assertEquals(List.of("a.txt", "b.txt"), paths("rm -f a.txt b.txt"));
        assertEquals(List.of("old.java", "new.java"), paths("mv old.java new.java"));
        assertEquals(List.of("copy.txt"), paths("cp -r src.txt copy.txt"));
        assertEquals(List.of("f.java", "g.java"), paths("sed -i 's/a/b/' f.java g.java"));
        assertEquals(List.of("f.java"), paths("sed -i.bak -e 's/a/b/' f.java"));
        assertEquals(List.of("f.java"), paths("sed -Ei 's/a/b/' f.java"));
        assertEquals(List.of("out.txt"), paths("echo hi > out.txt"));
        assertEquals(List.of("out.txt"), paths("echo hi >>out.txt"));
        assertEquals(List.of("a.java"), paths("git checkout -- a.java"));
        assertEquals(List.of("a.java", "b.java"), paths("git restore --staged a.java b.java"));
        assertEquals(List.of("a.java"), paths("git restore --source HEAD~1 a.java"));
        assertEquals(List.of("my file.txt"), paths("rm 'my file.txt'"));
    }

    @Test
    void everySimpleCommandOfAListCounts() {
        assertEquals(List.of("a", "b", "c"), paths("rm a && cd x; mv b c || true"));
        assertEquals(List.of("log.txt"), paths("ls | tee x > log.txt 2>&1"));
    }

    @Test
    void nothingIsGuessed() {
        assertEquals(List.of(), paths("sed 's/a/b/' f.java"));
        assertEquals(List.of(), paths("cat f.java"));
        assertEquals(List.of(), paths("rm $FILE *.tmp ~/x"));
        assertEquals(List.of(), paths("cmd 2> err.log > /dev/null"));
        assertEquals(List.of(), paths("git checkout main"));
        assertEquals(List.of(), paths("echo 'rm a.txt'"));
        assertEquals(List.of(), paths("cat <<EOF > /dev/null\nrm x\nEOF"));
    }

    @Test
    void theKindIsShellWithTheCommand() {
        assertEquals(List.of(new FileTouch("a", FileTouch.Kind.SHELL, "rm a")), ShellTouches.of("rm a"));
    }

    @Test
    void aPatchInsideACommandCountsAsThePatchSays() {
        String cmd = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: n.txt\n+x\n*** End Patch\nEOF";
        assertEquals(List.of(new FileTouch("n.txt", FileTouch.Kind.CREATE)), ShellTouches.of(cmd));
    }
}
