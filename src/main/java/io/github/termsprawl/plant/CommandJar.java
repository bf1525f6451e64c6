package io.github.termsprawl.plant;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Builds the self-contained jar of the planted commands from the classes this plugin runs on: the
 * core and the command entry points, nothing else (JSON is read and written by the project's own code, so
 * a command loads no library to start). The bytes depend only on those
 * classes (sorted entries, one fixed time), so a second {@code discover} finds the jar current.
 */
public final class CommandJar {
    public static final String CONTEXT_MAIN = "io.github.termsprawl.cli.ContextCommand";
    public static final String RECORD_MAIN = "io.github.termsprawl.cli.RecordCommand";
    public static final String HISTORY_MAIN = "io.github.termsprawl.cli.HistoryCommand";
    /** Run once by {@code discover} to make the class-data archive of the context and history commands. */
    public static final String TRAINING_MAIN = "io.github.termsprawl.cli.ArchiveTraining";

    public static final String ASK_MAIN = "io.github.termsprawl.cli.AskCommand";
    public static final String TOUCHES_MAIN = "io.github.termsprawl.cli.TouchesCommand";
    private static final LocalDateTime FIXED_TIME = LocalDateTime.of(2020, 1, 1, 0, 0);
    /** The layers the planted commands run on; {@code plant} and {@code maven} stay in the plugin. */
    static final String[] OWN = ("io/github/termsprawl/jsonl/ io/github/termsprawl/redact/ io/github/termsprawl/core/"
                    + " io/github/termsprawl/store/ io/github/termsprawl/edits/ io/github/termsprawl/registry/"
                    + " io/github/termsprawl/touch/ io/github/termsprawl/view/ io/github/termsprawl/history/"
                    + " io/github/termsprawl/ask/ io/github/termsprawl/cli/")
            .split(" ");

    private static final String SQLITE_NATIVE = "org/sqlite/native/";
    /** The platforms agents run on; the other natives of sqlite-jdbc (Android, FreeBSD, 32-bit ARM…) would only double its size. */
    private static final String[] SQLITE_PLATFORMS = {
        SQLITE_NATIVE + "Linux/x86_64/", SQLITE_NATIVE + "Linux/aarch64/", SQLITE_NATIVE + "Linux-Musl/x86_64/",
        SQLITE_NATIVE + "Linux-Musl/aarch64/", SQLITE_NATIVE + "Mac/x86_64/", SQLITE_NATIVE + "Mac/aarch64/",
        SQLITE_NATIVE + "Windows/x86_64/", SQLITE_NATIVE + "Windows/aarch64/"
    };

    private CommandJar() {}

    /** The jar built from the running code (the plugin jar, or the classes folder in tests). */
    public static byte[] build() throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        collect(codeSource(CommandJar.class), entries, name -> startsWithAny(name, OWN) && name.endsWith(".class"));
        return write(entries, commandManifest());
    }

    /** The sqlite-jdbc jar this plugin runs with, planted as is beside the command jar. */
    public static byte[] sqliteJar() throws IOException {
        Path source = sqliteSource();
        Map<String, byte[]> entries = new TreeMap<>();
        collect(source, entries, name -> !name.startsWith(SQLITE_NATIVE) || startsWithAny(name, SQLITE_PLATFORMS));
        return write(entries, null);
    }

    /** The sqlite-jdbc jar this plugin runs with (a goal that plants it adds it first: it is no dependency). */
    static Path sqliteSource() throws IOException {
        Path source;
        try {
            source = codeSource(org.sqlite.SQLiteConfig.class); // a class literal loads, never initialises, the driver
        } catch (NoClassDefFoundError e) {
            throw new IOException("sqlite-jdbc is not on the class path of the plugin", e);
        }
        if (Files.isDirectory(source)) {
            throw new IOException("sqlite-jdbc is not a jar here: " + source);
        }
        return source;
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    static Path codeSource(Class<?> type) throws IOException {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot locate the classes of " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    private static void collect(Path source, Map<String, byte[]> entries, java.util.function.Predicate<String> wanted)
            throws IOException {
        if (Files.isDirectory(source)) {
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    String name = source.relativize(file).toString().replace('\\', '/');
                    if (wanted.test(name)) {
                        entries.put(name, Files.readAllBytes(file));
                    }
                }
            }
            return;
        }
        try (ZipFile zip = new ZipFile(source.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (!e.isDirectory() && wanted.test(e.getName())) {
                    try (InputStream in = zip.getInputStream(e)) {
                        entries.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
    }

    /** The command jar's manifest: its main class, and sqlite-jdbc beside it (opened only when used). */
    private static Manifest commandManifest() {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, CONTEXT_MAIN);
        manifest.getMainAttributes().putValue("Created-By", "termsprawl discover");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, Launchers.SQLITE_JAR);
        return manifest;
    }

    private static byte[] write(Map<String, byte[]> entries, Manifest manifest) throws IOException {
        if (manifest == null) {
            byte[] own = entries.remove(JarFile.MANIFEST_NAME);
            manifest = own != null ? new Manifest(new java.io.ByteArrayInputStream(own)) : new Manifest();
            manifest.getMainAttributes().putIfAbsent(Attributes.Name.MANIFEST_VERSION, "1.0");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            ZipEntry manifestEntry = entry(JarFile.MANIFEST_NAME);
            jar.putNextEntry(manifestEntry);
            manifest.write(jar);
            jar.closeEntry();
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                jar.putNextEntry(entry(e.getKey()));
                jar.write(e.getValue());
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /** A local DOS time, so the bytes do not depend on the time zone of the machine that builds the jar. */
    private static ZipEntry entry(String name) {
        ZipEntry e = new ZipEntry(name);
        e.setTimeLocal(FIXED_TIME);
        return e;
    }
}
