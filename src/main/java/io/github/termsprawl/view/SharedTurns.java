package io.github.termsprawl.view;

import io.github.termsprawl.core.ControlChars;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The views of a received shared node, {@code .termsprawl/shared/<id>/} (docs/sharing.md): the file view from
 * its turn files (the prose of each user and assistant turn, as the file view prints a transcript's), the
 * live view from the {@code context.md} it was shared with, under its shared id. It has no transcript; its turn
 * files are read from the folder or from git (core/SharedNode), never written by a view.
 */
final class SharedTurns {
    private SharedTurns() {}

    /**
     * The last prose turns of its turn files, cut as {@code limits} say, read newest first a batch at a time
     * (from the folder or from git: core/SharedNode) until {@code limits.maxTurns()} have prose or time is up.
     */
    static PeerTurns fileView(SharedNode node, TurnLimits limits, long endNanos) {
        List<String> files = new ArrayList<>();
        for (String path : node.turnFiles()) {
            String role = TurnFileName.roleOf(path.substring(path.lastIndexOf('/') + 1));
            if ("user".equals(role) || "assistant".equals(role)) {
                files.add(path);
            }
        }
        Collections.reverse(files);
        List<Turn> out = new ArrayList<>();
        int batch = Math.max(8, limits.maxTurns() + limits.maxTurns() / 2);
        for (int from = 0; from < files.size() && out.size() < limits.maxTurns(); from += batch) {
            long left = (endNanos - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                break;
            }
            List<String> some = files.subList(from, Math.min(files.size(), from + batch));
            Map<String, byte[]> bytes = node.readAll(some, left);
            for (String path : some) {
                if (out.size() >= limits.maxTurns()) {
                    break;
                }
                byte[] b = bytes.get(path);
                // a teammate's bytes: no escape sequence reaches the terminal (docs/sharing.md)
                String prose = b == null ? null : ControlChars.strip(prose(new String(b, StandardCharsets.UTF_8)));
                if (prose != null && !prose.isBlank()) {
                    String role = TurnFileName.roleOf(path.substring(path.lastIndexOf('/') + 1));
                    out.add(limits.cut(new Turn(role, prose)));
                }
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
    static byte[] liveBlock(SharedNode node, String title, long endNanos) {
        String id = node.id();
        byte[] bytes = node.read("context.md", Math.max(1, (endNanos - System.nanoTime()) / 1_000_000L));
        if (bytes == null || bytes.length == 0) {
            return null;
        }
        String text = ControlChars.strip(new String(bytes, StandardCharsets.UTF_8)); // a teammate's: docs/sharing.md
        int nl = text.indexOf('\n');
        String rest = nl < 0 ? "" : text.substring(nl);
        return ("# linked context from " + title + " (" + id + ")" + rest).getBytes(StandardCharsets.UTF_8);
    }
}
