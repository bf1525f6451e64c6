package io.github.termsprawl.view;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * The views of a received shared node, {@code .termsprawl/shared/<id>/} (docs/sharing.md): the file view from
 * its turn files (the prose of each user and assistant turn, as the file view prints a transcript's), the
 * live view from the {@code context.md} it was shared with, under its shared id. It has no transcript.
 */
final class SharedTurns {
    private SharedTurns() {}

    /** The node's folder when {@code id} names a received shared node, else null. */
    static Path dirOf(ProjectLayout layout, String id) {
        if (!NodeId.isSafe(id)) {
            return null;
        }
        Path dir = layout.sharedDir().resolve(id);
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) ? dir : null;
    }

    /** The last prose turns of its turn files, cut as {@code limits} say. */
    static PeerTurns fileView(Path dir, TurnLimits limits) {
        String[] names = dir.resolve("history").toFile().list();
        TreeMap<Integer, String> turns = new TreeMap<>();
        if (names != null) {
            for (String name : names) {
                int dash = name.indexOf('-', 5);
                if (name.startsWith("turn-") && name.endsWith(".md") && dash > 5) {
                    try {
                        turns.put(Integer.parseInt(name.substring(5, dash)), name);
                    } catch (NumberFormatException e) {
                        // not a turn file
                    }
                }
            }
        }
        List<Turn> out = new ArrayList<>();
        for (String name : turns.descendingMap().values()) {
            if (out.size() >= limits.maxTurns()) {
                break;
            }
            String role = name.substring(name.indexOf('-', 5) + 1, name.length() - 3);
            if (!role.equals("user") && !role.equals("assistant")) {
                continue;
            }
            byte[] bytes = AtomicFiles.readPlain(dir.resolve("history").resolve(name));
            String prose = bytes == null ? null : prose(new String(bytes, StandardCharsets.UTF_8));
            if (prose != null && !prose.isBlank()) {
                out.add(limits.cut(new Turn(role, prose)));
            }
        }
        Collections.reverse(out);
        return PeerTurns.of(out);
    }

    /**
     * The text of a turn file (docs/files.md, "Turn files"): after the front matter, the body when it has no
     * section heading, else its {@code ## text} sections joined; null when it has none.
     */
    static String prose(String file) {
        if (!file.startsWith("---\n")) {
            return null;
        }
        int end = file.indexOf("\n---\n", 3);
        if (end < 0) {
            return null;
        }
        String body = file.substring(end + 5);
        body = body.startsWith("\n") ? body.substring(1) : body;
        if (!body.startsWith("## ") && !body.contains("\n## thinking") && !body.contains("\n## tool ")) {
            return strip(body);
        }
        StringBuilder text = new StringBuilder();
        for (String section : ("\n" + body).split("\n(?=## )")) {
            if (section.startsWith("## text\n\n")) {
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(strip(section.substring("## text\n\n".length())));
            }
        }
        return text.length() == 0 ? null : text.toString();
    }

    /** A block's text without the newline the turn file added and the blank line before the next block. */
    private static String strip(String s) {
        while (s.endsWith("\n")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    /** Its {@code context.md} under the shared id and {@code title}, or null when it printed nothing. */
    static byte[] liveBlock(Path dir, String id, String title) {
        byte[] bytes = AtomicFiles.readPlain(dir.resolve("context.md"));
        if (bytes == null || bytes.length == 0) {
            return null;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        int nl = text.indexOf('\n');
        String rest = nl < 0 ? "" : text.substring(nl);
        return ("# linked context from " + title + " (" + id + ")" + rest).getBytes(StandardCharsets.UTF_8);
    }
}
