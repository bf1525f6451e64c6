package io.github.termsprawl.history;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.TurnFileName;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The node's earlier sessions: {@code .termsprawl/history/<node>/sessions/<session>/}, each the folder that node's
 * session had when a new one replaced it (after {@code /clear}), so no turn file is ever lost (docs/files.md,
 * "History"). The session a folder holds is read from its {@code index.md}'s head.
 */
final class SessionFolders {
    static final String SESSIONS = "sessions";

    /** The line of an {@code index.md} head that names its session ({@link IndexText}). */
    private static final Pattern HEAD =
            Pattern.compile("(?m)^(\\d+ turns? of the \\S+ session (.*), read from .*)\\.$");

    /** At most this much of an {@code index.md} is read for its head. */
    private static final int HEAD_BYTES = 8192;

    private SessionFolders() {}

    /** The folder of an earlier session. */
    static Path folderOf(Path dir, String session) {
        return dir.resolve(SESSIONS).resolve(name(session));
    }

    /** A session id as a folder name: itself when it is a safe name, else a name made from its hash. */
    static String name(String session) {
        if (NodeId.isSafe(session)) {
            return session;
        }
        CRC32C crc = new CRC32C();
        crc.update(String.valueOf(session).getBytes(StandardCharsets.UTF_8));
        return "session-" + Long.toHexString(crc.getValue());
    }

    /** The session the node's folder holds when it is not {@code current}, or null (none, or the same). */
    static String replaced(Path dir, String current) {
        Matcher m = head(dir.resolve("index.md"));
        if (m == null) {
            return null;
        }
        String held = m.group(2);
        return held.equals(TurnMarkdown.oneLine(String.valueOf(current))) ? null : held;
    }

    /** Whether an earlier session whose transcript is still there has no folder yet. */
    static boolean missing(Path dir, List<TranscriptIndex.Entry> earlier) {
        for (TranscriptIndex.Entry e : earlier) {
            if (!Files.exists(folderOf(dir, NodeJob.sessionOf(e)), LinkOption.NOFOLLOW_LINKS)
                    && Files.exists(e.path())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Moves the turn files, {@code index.md} and subagents of a session the node's folder holds that is not
     * {@code current} into that session's folder (one rename each; a name taken already gets {@code -2},
     * {@code -3} …): the current session is then written into an empty folder, and nothing is lost.
     */
    static void keep(Path project, Path dir, String current) throws IOException {
        String held = replaced(dir, current);
        if (held == null) {
            return;
        }
        String name = name(held);
        Path sessions = dir.resolve(SESSIONS);
        for (int n = 2; Files.exists(sessions.resolve(name), LinkOption.NOFOLLOW_LINKS); n++) {
            name = name(held) + "-" + n;
        }
        Path to = sessions.resolve(name);
        AtomicFiles.confinedFolder(project, to);
        String[] names = dir.toFile().list();
        Arrays.sort(names == null ? new String[0] : names);
        for (String file : names == null ? new String[0] : names) {
            boolean turn = TurnFileName.is(file);
            if (turn || file.equals(WindowedHistory.AGENTS)) {
                AtomicFiles.moveConfined(project, dir.resolve(file), to, file);
            }
        }
        // last: a run cut short before it still finds the session named in the node's folder and goes on
        AtomicFiles.moveConfined(project, dir.resolve("index.md"), to, "index.md");
    }

    /** The names of the node's earlier sessions' folders, sorted. */
    static List<String> names(Path dir) {
        String[] names = dir.resolve(SESSIONS).toFile().list();
        List<String> out = new ArrayList<>();
        for (String n : names == null ? new String[0] : names) {
            if (Files.isDirectory(dir.resolve(SESSIONS).resolve(n), LinkOption.NOFOLLOW_LINKS)) {
                out.add(n);
            }
        }
        out.sort(null);
        return out;
    }

    /** The node's {@code index.md} line of each earlier session: its folder's index and what it holds. */
    static List<String> lines(Path dir, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            Matcher m = head(dir.resolve(SESSIONS).resolve(n).resolve("index.md"));
            out.add(SESSIONS + "/" + n + "/index.md" + (m == null ? "" : " · " + m.group(1)));
        }
        return out;
    }

    /** The head of an {@code index.md} when it reads, or null. */
    private static Matcher head(Path index) {
        if (!Files.isRegularFile(index, LinkOption.NOFOLLOW_LINKS)) {
            return null; // none, or a link or FIFO: not the folder's
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(index, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(HEAD_BYTES);
        } catch (IOException e) {
            return null;
        }
        Matcher m = HEAD.matcher(new String(bytes, StandardCharsets.UTF_8));
        return m.find() ? m : null;
    }
}
