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

    /** Whether the file is committed (checked everywhere) or built on each machine (its absence is no error). */
    public enum Kind {
        COMMITTED,
        PER_MACHINE
    }

    private final Path path;
    private final boolean executable;
    private Kind kind = Kind.COMMITTED;
    private boolean prose;
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

    /** A committed text a person reads (AGENTS.md, the skill): a checkout's CRLF line ends keep it current. */
    static PlantedFile prose(Path path, byte[] bytes) {
        PlantedFile f = of(path, bytes, false);
        f.prose = true;
        return f;
    }

    /** The same file, built on each machine and never committed. */
    PlantedFile perMachine() {
        kind = Kind.PER_MACHINE;
        return this;
    }

    public Kind kind() {
        return kind;
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
        if (AtomicFiles.isCurrent(path, bytes(), executable)) {
            return true;
        }
        return prose && sameButLineEnds();
    }

    /** Whether the file differs from the bytes only by CR before LF (git's autocrlf, {@code text=auto}). */
    private boolean sameButLineEnds() throws IOException {
        if (!java.nio.file.Files.isRegularFile(path)) {
            return false; // a FIFO would block the read; a folder is no planted file either
        }
        try {
            // a CR before each LF at most doubles it: a bigger file is another (and is not read: docs/files.md)
            if (java.nio.file.Files.size(path) > 2L * bytes().length) {
                return false;
            }
            return java.util.Arrays.equals(withoutCr(java.nio.file.Files.readAllBytes(path)), withoutCr(bytes()));
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
    }

    private static byte[] withoutCr(byte[] b) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(b.length);
        for (int i = 0; i < b.length; i++) {
            if (b[i] != '\r' || i + 1 >= b.length || b[i + 1] != '\n') {
                out.write(b[i]);
            }
        }
        return out.toByteArray();
    }
}
