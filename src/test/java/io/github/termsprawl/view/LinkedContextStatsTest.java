package io.github.termsprawl.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 16: the stats line of a peer whose transcript is not there says so, not {@code records=0 turns=0}. */
class LinkedContextStatsTest {
    @TempDir
    Path cwd;

    @Test
    void aMissingTranscriptSaysMissing() throws Exception {
        Path here = Fixtures.write(cwd.resolve("here.jsonl"), Fixtures.record("user", "q") + "\n");
        Path gone = cwd.resolve("gone.jsonl");
        Fixtures.link(cwd, "me", "a-here");
        Fixtures.link(cwd, "me", "b-gone");
        Fixtures.link(cwd, "me", "c-empty");
        Fixtures.index(cwd, "a-here", here.toString());
        Fixtures.index(cwd, "b-gone", gone.toString());
        Fixtures.index(
                cwd, "c-empty", Fixtures.write(cwd.resolve("empty.jsonl"), "").toString());
        try (LinkedContext context = new LinkedContext(cwd)) {
            assertEquals(
                    List.of(
                            "a-here: store=claude records=1 turns=1 unknown=0",
                            "b-gone: missing " + gone,
                            "c-empty: store=claude records=0 turns=0 unknown=0"),
                    context.stats("me"));
        }
    }
}
