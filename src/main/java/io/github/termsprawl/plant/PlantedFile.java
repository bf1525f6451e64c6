package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A file {@code discover} keeps exactly current, and {@code check} verifies. A jar's bytes are built
 * only when they are needed: when its fingerprint is known, a current file is recognised without them.
 */
public final class PlantedFile {
    /** Builds the bytes the file must hold. */
    interface Content {
        byte[] build() throws IOException;
    }

    private final Path path;
    private final boolean executable;
    private final Content content;
    private final Fingerprint fingerprint;
    private byte[] bytes;

    private PlantedFile(Path path, byte[] bytes, Content content, Fingerprint fingerprint, boolean executable) {
        this.path = path;
        this.bytes = bytes;
        this.content = content;
        this.fingerprint = fingerprint;
        this.executable = executable;
    }

    static PlantedFile of(Path path, byte[] bytes, boolean executable) {
        return new PlantedFile(path, bytes, null, null, executable);
    }

    /** A file built on demand; {@code fingerprint} (null: unknown) is that of the bytes it would build. */
    static PlantedFile built(Path path, Content content, Fingerprint fingerprint) {
        return new PlantedFile(path, null, content, fingerprint, false);
    }

    public Path path() {
        return path;
    }

    public boolean executable() {
        return executable;
    }

    public byte[] bytes() throws IOException {
        if (bytes == null) {
            bytes = content.build();
        }
        return bytes;
    }

    public boolean isCurrent() throws IOException {
        if (bytes == null && fingerprint != null) {
            return fingerprint.matches(path);
        }
        return AtomicFiles.isCurrent(path, bytes(), executable);
    }
}
