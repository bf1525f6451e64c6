package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.ProjectLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverlapsTest {
    @TempDir
    Path tmp;

    static String pi(Path cwd, String... pathAndTime) {
        StringBuilder s = new StringBuilder(
                "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"cwd\":\"/p\"}\n");
        for (int i = 0; i < pathAndTime.length; i += 2) {
            s.append("{\"type\":\"message\",\"id\":\"a")
                    .append(i)
                    .append("\",\"timestamp\":\"")
                    .append(pathAndTime[i + 1])
                    .append("\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c")
                    .append(i)
                    .append("\",\"name\":\"edit\",\"arguments\":{\"path\":")
                    .append(Fixtures.jsonString(cwd + "/" + pathAndTime[i]))
                    .append("}}]}}\n");
        }
        return s.toString();
    }

    @Test
    void filesChangedByTwoOrMoreNodes() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("p")).toRealPath();
        Fixtures.index(
                cwd,
                "be",
                Fixtures.write(
                                tmp.resolve("be.jsonl"),
                                pi(
                                        cwd,
                                        "A.java",
                                        "2026-01-01T01:00:00Z",
                                        "B.java",
                                        "2026-01-01T01:10:00Z",
                                        "A.java",
                                        "2026-01-01T01:20:00Z"))
                        .toString());
        Fixtures.index(
                cwd,
                "fe",
                Fixtures.write(
                                tmp.resolve("fe.jsonl"),
                                pi(cwd, "A.java", "2026-01-01T02:00:00Z", "C.java", "2026-01-01T02:10:00Z"))
                        .toString());
        ProjectLayout layout = new ProjectLayout(cwd);
        assertEquals(
                "A.java\n"
                        + "  be (pi): 2 changes, last edit at 2026-01-01T01:20:00Z, turn 2\n"
                        + "  fe (pi): 1 change, last edit at 2026-01-01T02:00:00Z, turn 0\n",
                Overlaps.table(layout, null));
        assertEquals(
                "C.java\n  fe (pi): 1 change, last edit at 2026-01-01T02:10:00Z, turn 1\n",
                Overlaps.table(layout, "C.java"));
        assertEquals("", Overlaps.table(layout, "D.java"));
        assertEquals(2, Overlaps.filesChanged(layout, "be"));
    }
}
