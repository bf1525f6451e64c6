package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import java.nio.file.Path;

/** A file {@code discover} keeps exactly current, and {@code check} verifies. */
public record PlantedFile(Path path, byte[] bytes, boolean executable) {
    public boolean isCurrent() {
        return AtomicFiles.isCurrent(path, bytes, executable);
    }
}
