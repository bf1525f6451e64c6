package io.github.termsprawl.ask;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What ask reads from its environment: the variables (the API key, the base URL, the model) and the
 * {@code PATH} the {@code claude} command is looked up on. A seam, so tests give their own instead of the
 * JVM's.
 */
public final class AskEnvironment {
    public static final String API_KEY = "ANTHROPIC_API_KEY";
    public static final String BASE_URL = "ANTHROPIC_BASE_URL";
    public static final String MODEL = "TERMSPRAWL_MODEL";

    private final Map<String, String> variables;

    public AskEnvironment(Map<String, String> variables) {
        this.variables = Map.copyOf(variables);
    }

    public static AskEnvironment system() {
        return new AskEnvironment(System.getenv());
    }

    /** The variable's value, or null when it is unset or empty. */
    public String get(String name) {
        String value = variables.get(name);
        if (value == null && isWindows()) {
            for (Map.Entry<String, String> e : variables.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    value = e.getValue();
                }
            }
        }
        return value == null || value.isEmpty() ? null : value;
    }

    /** The same environment with one variable set. */
    public AskEnvironment with(String name, String value) {
        Map<String, String> changed = new java.util.HashMap<>(variables);
        changed.put(name, value);
        return new AskEnvironment(changed);
    }

    /** Every variable, for a child process. */
    public Map<String, String> variables() {
        return variables;
    }

    /** The first executable {@code command} on {@code PATH} (with a Windows extension there), or null. */
    public Path which(String command) {
        String path = get("PATH");
        if (path == null) {
            return null;
        }
        String[] extensions = isWindows() ? new String[] {".exe", ".cmd", ".bat", ""} : new String[] {""};
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            for (String ext : extensions) {
                try {
                    Path candidate = Path.of(dir, command + ext);
                    if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                        return candidate;
                    }
                } catch (RuntimeException e) {
                    // a PATH entry that is no path
                }
            }
        }
        return null;
    }

    static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }
}
