package io.github.termsprawl.plant;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The {@code java} the planted launchers will run: {@code $JAVA_HOME/bin/java}, else the first on PATH. */
public final class JavaRuntime {
    private JavaRuntime() {}

    /** The launcher's choice, or null when there is no Java runtime to be found. */
    public static Path find(Map<String, String> env) {
        String exe = File.separatorChar == '\\' ? "java.exe" : "java";
        String home = env.get("JAVA_HOME");
        if (home != null && !home.isEmpty()) {
            Path java = Path.of(home, "bin", exe);
            if (Files.isExecutable(java)) {
                return java;
            }
        }
        String path = env.get("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path java = Path.of(dir, exe);
                if (Files.isExecutable(java) && !Files.isDirectory(java)) {
                    return java;
                }
            }
        }
        return null;
    }
}
