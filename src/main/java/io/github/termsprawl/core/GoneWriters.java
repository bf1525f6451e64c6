package io.github.termsprawl.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a writer killed mid-way left behind: files named {@code <prefix><pid>…} whose pid is no live
 * process. A writer puts its pid in the name of its temporary files and folders, so a later run can sweep
 * them without touching a live writer's.
 */
public final class GoneWriters {
    private GoneWriters() {}

    /**
     * @param orphansToo whether a name without a pid after the prefix (made before names carried one) is
     *     left over too
     * @return the names in {@code dir} that start with {@code prefix}, end with {@code suffix}, and whose
     *     writer is gone
     */
    public static List<String> leftIn(Path dir, String prefix, String suffix, boolean orphansToo) {
        String[] names = dir.toFile().list();
        return names == null ? new ArrayList<>() : leftIn(names, prefix, suffix, orphansToo);
    }

    /** {@link #leftIn(Path, String, String, boolean)} among names a folder was just listed with. */
    public static List<String> leftIn(String[] names, String prefix, String suffix, boolean orphansToo) {
        List<String> gone = new ArrayList<>();
        for (String name : names) {
            if (!name.startsWith(prefix) || !name.endsWith(suffix)) {
                continue;
            }
            int end = prefix.length();
            while (end < name.length() && Character.isDigit(name.charAt(end))) {
                end++;
            }
            if (end == prefix.length() || end - prefix.length() > 18) {
                if (orphansToo) {
                    gone.add(name);
                }
                continue;
            }
            Optional<ProcessHandle> writer = ProcessHandle.of(Long.parseLong(name.substring(prefix.length(), end)));
            if (writer.isEmpty() || !writer.get().isAlive()) {
                gone.add(name);
            }
        }
        return gone;
    }

    /**
     * This process's id, which names its temp files. Read from {@code /proc/self} where there is one: the JDK's
     * {@code ProcessHandle} starts its process-reaper machinery (a lambda, an executor) to answer, on the path of
     * every edit the hook holds (bench/README.md, "The edit hook's cost").
     */
    public static long pid() {
        try {
            String self =
                    java.nio.file.Files.readSymbolicLink(Path.of("/proc/self")).toString();
            boolean digits = !self.isEmpty() && self.length() <= 18;
            for (int i = 0; digits && i < self.length(); i++) {
                digits = self.charAt(i) >= '0' && self.charAt(i) <= '9';
            }
            if (digits) {
                return Long.parseLong(self);
            }
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            // no /proc: the JDK's answer below
        }
        return ProcessHandle.current().pid();
    }
}
