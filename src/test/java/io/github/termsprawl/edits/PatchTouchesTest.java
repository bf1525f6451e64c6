package io.github.termsprawl.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class PatchTouchesTest {
    @Test
    void everyFileOfThePatchWithItsKind() {
        String patch = "*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: b.txt\n@@\n-x\n+y\n"
                + "*** Delete File: c.txt\n*** Update File: d.txt\n*** Move to: e.txt\n@@\n-x\n+y\n*** End Patch\n";
        assertEquals(
                List.of(
                        new FileTouch("a.txt", FileTouch.Kind.CREATE),
                        new FileTouch("b.txt", FileTouch.Kind.EDIT),
                        new FileTouch("c.txt", FileTouch.Kind.DELETE),
                        new FileTouch("d.txt", FileTouch.Kind.MOVE),
                        new FileTouch("e.txt", FileTouch.Kind.MOVE)),
                PatchTouches.of(patch));
    }

    @Test
    void notAPatchIsMalformed() {
        assertNull(PatchTouches.of("[trimmed for fixture]"));
        assertNull(PatchTouches.of("*** Begin Patch\n*** End Patch"));
        assertNull(PatchTouches.of(null));
    }

    @Test
    void crlfLinesAreRead() {
        assertEquals(
                List.of(new FileTouch("a.txt", FileTouch.Kind.EDIT)),
                PatchTouches.of("*** Begin Patch\r\n*** Update File: a.txt\r\n*** End Patch\r\n"));
    }
}
