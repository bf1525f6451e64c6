package io.github.termsprawl.plant;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The size and CRC-32 of a file's bytes: cheap enough for every {@code check} (CRC-32 runs at memory
 * speed from a cold JVM, where SHA-256 takes a quarter of a second for the sqlite jar) and enough to
 * tell a planted file that was edited or cut short. Not a defence against forgery: nothing here is.
 */
public record Fingerprint(long size, long crc) {
    public static Fingerprint of(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return new Fingerprint(bytes.length, crc.getValue());
    }

    /** The file's fingerprint, or null when it is not a regular file or cannot be read. */
    public static Fingerprint of(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            CRC32 crc = new CRC32();
            long size = 0;
            byte[] buf = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(file)) {
                for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                    crc.update(buf, 0, n);
                    size += n;
                }
            }
            return new Fingerprint(size, crc.getValue());
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether the file holds bytes of this fingerprint (a file of another size is not read). */
    public boolean matches(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) != size) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        // not equals(): a record's equals is bootstrapped through invokedynamic, which alone cost check
        // about 30 ms in a build's JVM
        Fingerprint actual = of(file);
        return actual != null && actual.size == size && actual.crc == crc;
    }

    /** {@code <size> <crc as 8 hex digits>}, as the fingerprint resource holds it. */
    @Override
    public String toString() {
        return size + " " + String.format("%08x", crc);
    }

    /** The inverse of {@link #toString()}; null for text that is not a fingerprint. */
    public static Fingerprint parse(String text) {
        if (text == null) {
            return null;
        }
        String[] parts = text.trim().split(" ");
        try {
            return parts.length == 2 ? new Fingerprint(Long.parseLong(parts[0]), Long.parseLong(parts[1], 16)) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
