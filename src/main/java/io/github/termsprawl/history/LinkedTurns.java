package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.TurnFileName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Turn files (and {@code index.md}) that are no plain file of their folder: a link, or a hard link that gives the
 * file another name. A folder whose state says it is current is otherwise never looked at, so a link planted at an
 * unchanged turn stayed, and an agent grepping the folder read the outside file (docs/files.md, "What stays in the
 * project"). Such a folder's state is dropped: its next write compares every file and replaces each link with a
 * plain file.
 *
 * <p>Each name is looked at (its type and link count; no file is opened), but not on every run: planting a link
 * at a turn file replaces an entry of the folder, which changes the folder's modification time, so a folder found
 * clean is recorded with that time ({@link #LOOKED}, beside the state) and not looked into again while it keeps
 * it. A time is recorded only once it is {@link #SETTLED_MS} old: a change in the same tick of a coarse clock
 * would otherwise keep it.
 */
final class LinkedTurns {
    /** The node's folders found clean, each with its modification time then: {@code <nanos> <folder>} lines. */
    static final String LOOKED = ".looked";

    /** How old a folder's time must be to be recorded: past any file system's timestamp tick (FAT's is 2 s). */
    static final long SETTLED_MS = 3_000;

    /** A recorded list past this is not one this class wrote: it is not read, and every folder is looked into. */
    private static final long MAX_LOOKED_BYTES = 1 << 20;

    /** What one look found: whether a folder holds a linked turn file, and how many names were looked at. */
    record Look(boolean linked, long names) {}

    private LinkedTurns() {}

    /**
     * Looks for linked turn files in the node's folder and its subagents', skipping each folder recorded clean at
     * its present time; records the folders found clean.
     *
     * @param drop also drop the state of each folder that holds one (the caller holds the node's lock)
     */
    static Look look(Path project, Path dir, boolean drop) throws IOException {
        List<Path> folders = folders(dir);
        if (folders.isEmpty()) {
            return new Look(false, 0);
        }
        Map<String, Long> recorded = recorded(dir);
        Map<String, Long> clean = new HashMap<>();
        boolean linked = false;
        long names = 0;
        long settled = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis() - SETTLED_MS);
        for (Path folder : folders) {
            String key = dir.relativize(folder).toString().replace('\\', '/');
            long time = mtime(folder); // before the look: a change during it changes the time again
            if (recorded.containsKey(key) && recorded.get(key) == time) {
                clean.put(key, time);
                continue;
            }
            long[] counted = {0};
            boolean here = linked(folder, counted);
            names += counted[0];
            if (here) {
                linked = true;
                if (drop) {
                    AtomicFiles.confinedFolder(project, FolderState.stateDir(folder)); // never deleted through a link
                    Files.deleteIfExists(FolderState.file(folder, FolderState.STATE));
                }
            } else if (time < settled) {
                clean.put(key, time);
            }
        }
        if (!clean.equals(recorded)) {
            record(project, dir, clean);
        }
        return new Look(linked, names);
    }

    /** The node's folder and each subagent's, as history writes them; a linked folder is not entered. */
    private static List<Path> folders(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        out.add(dir);
        Path agents = dir.resolve(WindowedHistory.AGENTS);
        if (Files.isDirectory(agents, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> list = Files.newDirectoryStream(agents)) {
                for (Path a : list) {
                    if (Files.isDirectory(a, LinkOption.NOFOLLOW_LINKS)) {
                        out.add(a);
                    }
                }
            }
        }
        return out;
    }

    private static long mtime(Path folder) {
        try {
            return Files.getLastModifiedTime(folder, LinkOption.NOFOLLOW_LINKS).to(TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return Long.MIN_VALUE; // never recorded: looked into each time
        }
    }

    private static boolean linked(Path folder, long[] counted) throws IOException {
        try (DirectoryStream<Path> list = Files.newDirectoryStream(folder)) {
            for (Path p : list) {
                String name = p.getFileName().toString();
                if (TurnFileName.is(name) || name.equals("index.md")) {
                    counted[0]++;
                    if (!plain(p)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** A regular file with one name, from one look at it (its mode and link count) where the system gives both. */
    private static boolean plain(Path file) {
        try {
            Map<String, Object> a = Files.readAttributes(file, "unix:mode,nlink", LinkOption.NOFOLLOW_LINKS);
            int mode = ((Number) a.get("mode")).intValue();
            return (mode & 0170000) == 0100000 && ((Number) a.get("nlink")).intValue() == 1;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return AtomicFiles.isPlain(file);
        } catch (IOException e) {
            return true; // gone meanwhile: nothing there to read through
        }
    }

    /** The folders recorded clean; none when the record is missing, no plain file, too long or garbled. */
    private static Map<String, Long> recorded(Path dir) {
        Map<String, Long> out = new HashMap<>();
        Path file = FolderState.file(dir, LOOKED);
        try {
            if (!AtomicFiles.isPlain(file) || Files.size(file) > MAX_LOOKED_BYTES) {
                return out;
            }
        } catch (IOException e) {
            return out;
        }
        byte[] bytes = AtomicFiles.readPlain(file);
        if (bytes == null) {
            return out;
        }
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            int space = line.indexOf(' ');
            try {
                if (space > 0) {
                    out.put(line.substring(space + 1), Long.parseLong(line.substring(0, space)));
                }
            } catch (NumberFormatException e) {
                return new HashMap<>();
            }
        }
        return out;
    }

    private static void record(Path project, Path dir, Map<String, Long> clean) throws IOException {
        StringBuilder text = new StringBuilder();
        clean.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e ->
                        text.append(e.getValue()).append(' ').append(e.getKey()).append('\n'));
        Path file = FolderState.file(dir, LOOKED);
        AtomicFiles.confinedFolder(project, file.getParent());
        if (clean.isEmpty()) {
            Files.deleteIfExists(file);
        } else {
            AtomicFiles.writeIfChanged(project, file, text.toString());
        }
    }
}
