package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.jsonl.GrowingFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a folder of turn files was made from, kept beside it in {@code .state} (small: read on every run) and
 * {@code .turns} (one line per turn: read only when the transcript changed). A file that is missing, of
 * another version or garbled reads as no state: the folder is then made again from the transcript, and only
 * files whose bytes differ are written.
 *
 * @param source     what was read: the transcript, or a database and its session
 * @param size       the source's size when it was read
 * @param mtime      its modification time, in milliseconds
 * @param watched    other files and folders whose change means a read ({@code path size mtime} each)
 * @param offset     where a later read may start: past the last complete line (0: read from the start)
 * @param line       how many lines come before {@code offset}
 * @param hash       a hash of the bytes before {@code offset} ({@link GrowingFile#prefixHash})
 * @param finalTurns how many turns come from the lines before {@code offset}: those stand as they are
 * @param modelTranscript for Codex: whether the lines before {@code offset} held the model transcript
 * @param planBytes  for Claude Code: how much of {@code .plan} holds the records of the lines before {@code offset}
 */
record FolderState(
        String source,
        String settings,
        long size,
        long mtime,
        List<String> watched,
        long offset,
        long line,
        long hash,
        int finalTurns,
        boolean modelTranscript,
        long planBytes) {
    static final String STATE = ".state";

    /** The files of a folder's state that earlier versions kept in the folder itself: removed from it once. */
    static final String[] LEGACY = {".state", ".turns", ".plan", ".plan-tail", ".lock"};

    /**
     * Where the state of a folder of {@code .termsprawl/history/} is kept: the same relative path under
     * {@code .termsprawl/history-state/} (ProjectLayout.historyStateDir), out of the folders agents grep. A
     * folder elsewhere keeps it in itself.
     */
    static Path stateDir(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        for (Path p = d; p != null && p.getParent() != null; p = p.getParent()) {
            Path parent = p.getParent();
            if (p.getFileName().toString().equals("history")
                    && parent.getFileName() != null
                    && parent.getFileName().toString().equals(ProjectLayout.DIR)) {
                return parent.resolve(ProjectLayout.HISTORY_STATE).resolve(p.relativize(d));
            }
        }
        return d;
    }

    /** One file of a folder's state. */
    static Path file(Path dir, String name) {
        return stateDir(dir).resolve(name);
    }

    static final String TURNS = ".turns";
    static final String PLAN = ".plan";
    /** What a plan keeps beside its cache, {@code <cache>-tail} (docs/files.md, "Turn files"). */
    static final String PLAN_TAIL = PLAN + "-tail";

    private static final String MAGIC = "termsprawl-history-state 3";
    /** The CRC-32C of the {@code .turns} written with the state: binds the two. */
    private static final String TURNS_CRC = "turns-crc";

    /** The state of a folder made from a source read whole: no later read starts past its start. */
    static FolderState whole(String source, String settings, long size, long mtime, List<String> watched, int turns) {
        return new FolderState(source, settings, size, mtime, watched, 0, 0, 0, turns, false, 0);
    }

    /** Whether this state was made from {@code source} with {@code settings}: only then do its turns hold. */
    boolean madeFrom(String source, String settings) {
        return this.settings.equals(settings) && this.source.equals(source);
    }

    /** One turn as the folder holds it: its file name, the key of what it was made from, its window and index line. */
    record Turn(String name, long key, int window, String indexLine) {}

    /** The state's file, naming the CRC-32C of the {@code .turns} written with it. */
    byte[] bytes(long turnsCrc) {
        StringBuilder out = new StringBuilder(MAGIC).append('\n');
        put(out, "source", source);
        put(out, "settings", settings);
        put(out, "size", Long.toString(size));
        put(out, "mtime", Long.toString(mtime));
        for (String w : watched) {
            put(out, "watch", w);
        }
        put(out, "offset", Long.toString(offset));
        put(out, "line", Long.toString(line));
        put(out, "hash", Long.toHexString(hash));
        put(out, "final-turns", Integer.toString(finalTurns));
        put(out, "model-transcript", Boolean.toString(modelTranscript));
        put(out, "plan-bytes", Long.toString(planBytes));
        put(out, TURNS_CRC, Long.toHexString(turnsCrc));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void put(StringBuilder out, String key, String value) {
        out.append(key).append(' ').append(value).append('\n');
    }

    /** Whether every value fits on its line (a path with a line break is never kept: the folder is made again). */
    boolean writable() {
        if (source.indexOf('\n') >= 0 || settings.indexOf('\n') >= 0) {
            return false;
        }
        for (String w : watched) {
            if (w.indexOf('\n') >= 0) {
                return false;
            }
        }
        return true;
    }

    /** The state in {@code dir}, or null when there is none that reads. */
    static FolderState read(Path dir) {
        List<String> lines = lines(dir);
        if (lines == null) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        List<String> watched = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            int space = l.indexOf(' ');
            if (space <= 0) {
                return null;
            }
            String key = l.substring(0, space);
            String value = l.substring(space + 1);
            if (key.equals("watch")) {
                watched.add(value);
            } else {
                values.put(key, value);
            }
        }
        try {
            return new FolderState(
                    require(values, "source"),
                    require(values, "settings"),
                    Long.parseLong(require(values, "size")),
                    Long.parseLong(require(values, "mtime")),
                    List.copyOf(watched),
                    Long.parseLong(require(values, "offset")),
                    Long.parseLong(require(values, "line")),
                    Long.parseUnsignedLong(require(values, "hash"), 16),
                    Integer.parseInt(require(values, "final-turns")),
                    Boolean.parseBoolean(require(values, "model-transcript")),
                    Long.parseLong(require(values, "plan-bytes")));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String require(Map<String, String> values, String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("no " + key);
        }
        return v;
    }

    /**
     * The turns of {@code dir}'s {@code .turns}, or null when the file is missing or garbled, or is not the one
     * the folder's state was written with (copied from another folder, or left by a run cut short between the
     * two): its turns would be taken for this session's. With no state that reads, nothing builds on the turns
     * but the listing of the folder, and they are given.
     */
    static TurnList readTurns(Path dir) {
        TurnList turns = TurnList.read(file(dir, TURNS));
        String crc = turns == null ? null : stateValue(dir, TURNS_CRC);
        return crc == null || crc.equals(Long.toHexString(turns.crc())) ? turns : null;
    }

    /** One value of {@code dir}'s state, or null when there is no state of this version that holds it. */
    private static String stateValue(Path dir, String key) {
        List<String> lines = lines(dir);
        for (String l : lines == null ? List.<String>of() : lines) {
            if (l.startsWith(key + " ")) {
                return l.substring(key.length() + 1);
            }
        }
        return null;
    }

    /** The lines of {@code dir}'s state when it is of this version, else null. */
    private static List<String> lines(Path dir) {
        // none, or no plain file (a FIFO would block the read; a link or hard link may be another file)
        byte[] bytes = AtomicFiles.readPlain(file(dir, STATE), StateCaps.HISTORY_STATE);
        if (bytes == null) {
            return null;
        }
        List<String> lines = List.of(new String(bytes, StandardCharsets.UTF_8).split("\n", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        return lines.isEmpty() || !lines.get(0).equals(MAGIC) ? null : lines;
    }

    /** The {@code .turns} lines of {@code turns}, one at a time (a long session's list is tens of MB). */
    static void turnsTo(List<Turn> turns, java.io.ByteArrayOutputStream out) {
        for (Turn t : turns) {
            byte[] line = (Long.toHexString(t.key()) + ' ' + t.window() + ' ' + t.name() + ' ' + t.indexLine() + '\n')
                    .getBytes(StandardCharsets.UTF_8);
            out.write(line, 0, line.length);
        }
    }
}
