package io.github.termsprawl.share;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.ShareCaps;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files of a shared commit as {@code receive} checks them before it reads any (docs/sharing.md, "Caps"): one
 * {@code git ls-tree -r -l}, which gives each blob's size without its content, its output itself bounded. A commit
 * holding anything but what a share writes (a gitlink, a link, a name such as {@code ..} or {@code .commit}), or past
 * a cap, is a problem, named in one line; the node is skipped, the others received.
 *
 * @param blobs   path ({@code /} separated) to blob, or null when there is a problem
 * @param bytes   the bytes of all its files, each path counted
 * @param problem why the node is skipped, or null
 */
record NodeListing(Map<String, String> blobs, long bytes, String problem) {
    private static NodeListing problem(String text) {
        return new NodeListing(null, 0, text);
    }

    /** The checked listing of {@code commit}, the tip of {@code ref}. */
    static NodeListing of(Git git, String ref, String commit, ShareCaps caps) throws IOException {
        byte[] out;
        try {
            out = git.okCapped(null, Git.LOCAL_MS, caps.listing(), "ls-tree", "-r", "-l", "-z", commit)
                    .out();
        } catch (UserErrorException e) {
            return problem(
                    e.getMessage().contains("printed more than")
                            ? ref + " holds more than the cap of " + caps.files() + " files per node"
                            : ref + " does not read: " + firstLine(e.getMessage()));
        }
        Map<String, String> blobs = new TreeMap<>();
        long bytes = 0;
        for (String entry : new String(out, StandardCharsets.UTF_8).split("\0")) {
            if (entry.isEmpty()) {
                continue;
            }
            int tab = entry.indexOf('\t');
            String[] head =
                    tab < 0 ? new String[0] : entry.substring(0, tab).trim().split(" +");
            String path = tab < 0 ? entry : entry.substring(tab + 1);
            if (head.length != 4
                    || !head[0].equals("100644")
                    || !head[1].equals("blob")
                    || !SharedNode.isObjectId(head[2])
                    || !SharedNode.safePath(path)) {
                return problem(ref + " holds " + shown(path) + (head.length > 1 ? " (a " + head[1] + ")" : "")
                        + ", which no share writes");
            }
            long size = Long.parseLong(head[3]);
            if (size > caps.fileAt(path)) {
                return problem(ref + " holds " + shown(path) + " of " + size + " bytes, over the cap of "
                        + ShareCaps.describe(caps.fileAt(path))
                        + (caps.fileAt(path) < caps.file() ? " for " + path : " per file"));
            }
            bytes += size;
            if (bytes > caps.node()) {
                return problem(ref + " holds more than the cap of " + ShareCaps.describe(caps.node()) + " per node");
            }
            if (blobs.size() >= caps.files()) {
                return problem(ref + " holds more than the cap of " + caps.files() + " files per node");
            }
            blobs.put(path, head[2]);
        }
        return new NodeListing(blobs, bytes, null);
    }

    /** A name as it may be printed: quoted, at most 80 characters, control characters escaped. */
    private static String shown(String path) {
        StringBuilder out = new StringBuilder("'");
        for (int i = 0; i < path.length() && i < 80; i++) {
            char c = path.charAt(i);
            out.append(c < 0x20 || (c >= 0x7f && c <= 0x9f) ? '?' : c);
        }
        return out.append(path.length() > 80 ? "…'" : "'").toString();
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
