package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LinkMojoTest {
    @Test
    void aNodeKnownNowhereIsNamedWithTheKnownOnesAndTheUndo() {
        assertEquals(
                "termsprawl: node 'bakend' has no recorded transcript and is in no other link (known nodes: backend,"
                        + " frontend). If it is a typo: mvn termsprawl:unlink -Dtermsprawl.a=frontend"
                        + " -Dtermsprawl.b=bakend. Else record its transcript once its agent has started: mvn"
                        + " termsprawl:record -Dtermsprawl.node=bakend -Dtermsprawl.transcript=latest",
                LinkMojo.stranger("bakend", new TreeSet<>(List.of("backend", "frontend")), "frontend", "bakend"));
    }
}
