package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.core.TurnFileName;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Arrays;

/**
 * A folder's {@code .turns} as it was read: its bytes, a turn parsed only when asked for. A session that grew
 * keeps most of its turns as they were, and a folder of a long session holds tens of thousands: those are copied
 * as bytes into the new {@code .turns} and {@code index.md} ({@link #prefix}, {@link #indexLines}), never
 * made into objects.
 */
final class TurnList extends AbstractList<FolderState.Turn> {
    private final byte[] bytes;
    /** Where each line starts, and past the last one, the end. */
    private final int[] starts;

    private final FolderState.Turn[] parsed;

    private TurnList(byte[] bytes, int[] starts) {
        this.bytes = bytes;
        this.starts = starts;
        this.parsed = new FolderState.Turn[starts.length - 1];
    }

    /**
     * The turns of {@code file}, or null when it is missing or a line is not {@code <hex key> <window> <name>
     * <index line>}.
     */
    static TurnList read(Path file) {
        byte[] bytes = AtomicFiles.readPlain(file, StateCaps.TURN_LIST);
        if (bytes == null) {
            return null;
        }
        int[] starts = new int[64];
        int n = 0;
        int at = 0;
        while (at < bytes.length) {
            if (n + 1 >= starts.length) {
                starts = Arrays.copyOf(starts, starts.length * 2);
            }
            starts[n++] = at;
            // the key: hex digits, then a space
            int from = at;
            while (at < bytes.length && Character.digit(bytes[at], 16) >= 0) {
                at++;
            }
            if (at == from || at - from > 16 || at >= bytes.length || bytes[at] != ' ') {
                return null;
            }
            // the window: -1 or a number, then a space
            from = ++at;
            if (at < bytes.length && bytes[at] == '-') {
                at++;
            }
            while (at < bytes.length && bytes[at] >= '0' && bytes[at] <= '9') {
                at++;
            }
            if (at - from < 1 || at - from > 10 || at >= bytes.length || bytes[at] != ' ') {
                return null;
            }
            // the name, a space, the index line
            from = ++at;
            while (at < bytes.length && bytes[at] != ' ' && bytes[at] != '\n') {
                at++;
            }
            if (at == from || at >= bytes.length || bytes[at] != ' ' || !turnName(bytes, from, at, n - 1)) {
                return null; // the list is turn 0, 1, 2 … in order: one line twice would name one file for two turns
            }
            while (at < bytes.length && bytes[at] != '\n') {
                at++;
            }
            if (at >= bytes.length) {
                return null; // a last line cut short
            }
            at++;
        }
        starts[n] = bytes.length;
        return new TurnList(bytes, Arrays.copyOf(starts, n + 1));
    }

    /** The CRC-32C of the file's bytes: what the state written with it holds ({@link FolderState#readTurns}). */
    long crc() {
        return crc(bytes);
    }

    /** Whether {@code bytes[from, to)} is a turn file's name for turn {@code turn}: {@code turn-<number>-<role>.md}. */
    private static boolean turnName(byte[] bytes, int from, int to, int turn) {
        byte[] prefix = TurnFileName.prefix(turn).getBytes(StandardCharsets.US_ASCII);
        if (to - from <= prefix.length + 3 || bytes[to - 3] != '.' || bytes[to - 2] != 'm' || bytes[to - 1] != 'd') {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[from + i] != prefix[i]) {
                return false;
            }
        }
        for (int i = from + prefix.length; i < to - 3; i++) {
            if (bytes[i] < 'a' || bytes[i] > 'z') {
                return false; // a role: no separator, nothing that leads out of the folder
            }
        }
        return true;
    }

    /** The CRC-32C of a turn list's bytes. */
    static long crc(byte[] bytes) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }

    @Override
    public int size() {
        return parsed.length;
    }

    @Override
    public FolderState.Turn get(int i) {
        FolderState.Turn t = parsed[i];
        if (t == null) {
            String line = new String(bytes, starts[i], starts[i + 1] - starts[i] - 1, StandardCharsets.UTF_8);
            int a = line.indexOf(' ');
            int b = line.indexOf(' ', a + 1);
            int c = line.indexOf(' ', b + 1);
            t = new FolderState.Turn(
                    line.substring(b + 1, c),
                    Long.parseUnsignedLong(line, 0, a, 16),
                    Integer.parseInt(line, a + 1, b, 10),
                    line.substring(c + 1));
            parsed[i] = t;
        }
        return t;
    }

    /** The lines of the first {@code count} turns, as they are in the file. */
    void prefix(ByteArrayOutputStream out, int count) {
        out.write(bytes, 0, starts[count]);
    }

    /**
     * The {@code index.md} lines of the first {@code count} turns ({@link IndexText}): each turn's index line, and
     * before the first turn of each window after the first, its marker. Returns the last turn's window (-1: none).
     */
    int indexLines(ByteArrayOutputStream out, int count) {
        int window = -1;
        for (int i = 0; i < count; i++) {
            int at = starts[i];
            while (bytes[at] != ' ') {
                at++;
            }
            int w = 0;
            boolean negative = bytes[++at] == '-';
            if (negative) {
                at++;
            }
            while (bytes[at] != ' ') {
                w = w * 10 + (bytes[at++] - '0');
            }
            w = negative ? -w : w;
            at++;
            while (bytes[at] != ' ') {
                at++; // the name
            }
            at++;
            IndexText.marker(out, w, window);
            window = w;
            out.write(bytes, at, starts[i + 1] - at);
        }
        return window;
    }
}
