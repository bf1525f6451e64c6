package io.github.termsprawl.plant;

import io.github.termsprawl.core.ProjectLayout;
import java.nio.file.Path;

/**
 * For the benchmarks (bench/history.sh): plants the commands into a project as {@code discover} does (the
 * launchers, the jars built from these classes, the class-data archive), without Maven or an installed plugin.
 * usage: PlantForBench DIR
 */
public final class PlantForBench {
    private PlantForBench() {}

    public static void main(String[] args) throws Exception {
        ProjectLayout layout = new ProjectLayout(Path.of(args[0]).toAbsolutePath());
        new Discovery(layout, "bench/history.sh").discover();
        new ClassDataArchive(layout.binDir(), JavaRuntime.find(System.getenv())).ensure();
    }
}
