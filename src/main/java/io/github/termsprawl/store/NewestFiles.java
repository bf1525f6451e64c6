package io.github.termsprawl.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Session files newest first (by modification time: the session last written to is the live one). */
public final class NewestFiles {
    private NewestFiles() {}

    record Stamped(Path path, FileTime time) {}

    /** Regular files under {@code dir} (to {@code depth} levels) whose name passes, newest first. */
    public static List<Path> under(Path dir, int depth, Predicate<String> name) {
        List<Stamped> found = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(dir, depth)) {
            all.forEach(p -> {
                if (name.test(p.getFileName().toString()) && Files.isRegularFile(p)) {
                    try {
                        found.add(new Stamped(p, Files.getLastModifiedTime(p)));
                    } catch (IOException e) {
                        // vanished meanwhile
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            // an unreadable folder: what was seen is what there is
        }
        found.sort(Comparator.comparing(Stamped::time)
                .reversed()
                .thenComparing(s -> s.path().toString()));
        return found.stream().map(Stamped::path).toList();
    }
}
