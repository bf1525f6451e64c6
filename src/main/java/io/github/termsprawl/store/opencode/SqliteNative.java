package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;
import org.sqlite.util.OSInfo;

/**
 * Loads sqlite-jdbc's native library from the project's own folder ({@code .termsprawl/bin/lib/.native/}),
 * unpacking it there once (atomically), so nothing is written outside the project and later runs write
 * nothing. sqlite-jdbc is steered by system properties; they are set only while it loads and restored
 * after, so no JVM-wide setting leaks into the rest of a Maven build or an IDE.
 */
public final class SqliteNative {
    private static final String LIB_PATH = "org.sqlite.lib.path";
    private static final String LIB_NAME = "org.sqlite.lib.name";
    private static final String TMPDIR = "org.sqlite.tmpdir";
    private static boolean loaded;

    private SqliteNative() {}

    /**
     * @param dir the project's native folder; null leaves sqlite-jdbc's own way (tests only)
     * @throws UnsatisfiedLinkError when the library cannot be unpacked or loaded (a read-only project that
     *     was never read before, a platform sqlite-jdbc has no library for)
     */
    public static synchronized void load(Path dir) {
        if (loaded || dir == null) {
            return;
        }
        String folder = OSInfo.getNativeLibFolderPathForCurrentOS();
        String name = LibraryLoaderUtil.getNativeLibName();
        Path lib = dir.resolve(SQLiteJDBCLoader.getVersion()).resolve(folder).resolve(name);
        String[] saved = {System.getProperty(LIB_PATH), System.getProperty(LIB_NAME), System.getProperty(TMPDIR)};
        try {
            if (!Files.isRegularFile(lib)) {
                unpack("/org/sqlite/native/" + folder + "/" + name, lib);
            }
            System.setProperty(LIB_PATH, lib.getParent().toString());
            System.setProperty(LIB_NAME, name);
            System.setProperty(TMPDIR, lib.getParent().toString()); // its clean-up looks only here
            SQLiteJDBCLoader.initialize();
            loaded = true;
        } catch (Exception e) {
            UnsatisfiedLinkError error =
                    new UnsatisfiedLinkError("cannot load SQLite's native library from " + lib + ": " + e.getMessage());
            error.initCause(e);
            throw error;
        } finally {
            restore(LIB_PATH, saved[0]);
            restore(LIB_NAME, saved[1]);
            restore(TMPDIR, saved[2]);
        }
    }

    private static void unpack(String resource, Path lib) throws IOException {
        byte[] bytes;
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("sqlite-jdbc has no native library " + resource + " for this platform");
            }
            bytes = in.readAllBytes();
        }
        AtomicFiles.writeIfChanged(lib, bytes, false);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
