package io.github.termsprawl.share;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ShareCaps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The shared nodes received into {@code .termsprawl/shared/}, with who shared them and when (docs/sharing.md). */
public final class SharedNodes {
    private SharedNodes() {}

    /**
     * One line per received node: {@code <id>: shared by <user> at <time>, <n> turns, <m> files changed (store
     * <store>)}; {@code <m>} from the touches it was shared with.
     */
    public static List<String> lines(ProjectLayout layout) {
        List<String> lines = new ArrayList<>();
        String[] names = layout.sharedDir().toFile().list();
        if (names == null) {
            return lines;
        }
        Arrays.sort(names);
        for (String id : names) {
            Manifest m = NodeId.isSafe(id) ? manifest(layout.sharedDir().resolve(id)) : null;
            if (m != null) {
                int changed = io.github.termsprawl.touch.Overlaps.filesChanged(layout, id);
                lines.add(id + ": shared by " + m.user() + " at " + m.sharedAt() + ", " + m.turns() + " turns, "
                        + changed + (changed == 1 ? " file" : " files") + " changed (store " + m.store() + ")");
            }
        }
        return lines;
    }

    /** The manifest of a received node's folder, or null. */
    static Manifest manifest(Path dir) {
        Path project = AtomicFiles.projectOf(dir);
        byte[] b = project == null
                ? null
                : AtomicFiles.readConfined(project, dir.resolve(ShareableForm.MANIFEST), ShareCaps.MANIFEST);
        return b == null ? null : Manifest.parse(new String(b, StandardCharsets.UTF_8));
    }
}
