package io.github.termsprawl.share;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ShareCaps;
import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.redact.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What leaves the machine when a node is shared (docs/sharing.md, "What is shared"): its turn files and
 * index under {@code history/}, its live view at share time as {@code context.md}, and {@code manifest.json}.
 * Every text is redacted, then scanned again: a finding stops the share with the file and line.
 */
public final class ShareableForm {
    public static final String MANIFEST = "manifest.json";
    public static final String CONTEXT = "context.md";
    public static final String HISTORY = "history";
    /** The folder of a node's earlier sessions, which a share leaves out (docs/sharing.md). */
    private static final String SESSIONS = "sessions";

    /** Path in the shared tree ({@code /}-separated) to its bytes, sorted. */
    private final Map<String, byte[]> files = new TreeMap<>();

    private int redactions;

    /**
     * Adds the turn files of a node's folder ({@code index.md}, {@code turn-*.md}, subagents'), redacted: not its
     * earlier sessions ({@code sessions/}), and no path of this machine (ShareablePaths). docs/sharing.md.
     */
    public void addHistory(Path nodeDir, Path project) throws IOException {
        if (!Files.isDirectory(nodeDir)) {
            return;
        }
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(nodeDir)) {
            paths = walk.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .filter(AtomicFiles::isPlain) // never a link, a hard link or a FIFO (docs/files.md)
                    .toList();
        }
        for (Path p : paths) {
            String rel = nodeDir.relativize(p).toString().replace('\\', '/');
            if (rel.startsWith(SESSIONS + "/")) {
                continue;
            }
            String text = Files.readString(p, StandardCharsets.UTF_8);
            text = p.getFileName().toString().equals("index.md")
                    ? ShareablePaths.index(text, project)
                    : ShareablePaths.turnFile(text, project);
            add(HISTORY + "/" + rel, text);
        }
    }

    /** Adds one text file, redacted. */
    public void add(String path, String text) {
        String redacted = Redactor.redact(text);
        redactions += count(redacted, "[redacted:");
        files.put(path, redacted.getBytes(StandardCharsets.UTF_8));
    }

    public Map<String, byte[]> files() {
        return files;
    }

    /** How many {@code [redacted:<kind>]} markers the form holds. */
    public int redactions() {
        return redactions;
    }

    public long bytes() {
        long n = 0;
        for (byte[] b : files.values()) {
            n += b.length;
        }
        return n;
    }

    /** The number of {@code turn-*.md} files. */
    public int turns() {
        int n = 0;
        for (String path : files.keySet()) {
            if (TurnFileName.is(path.substring(path.lastIndexOf('/') + 1))) {
                n++;
            }
        }
        return n;
    }

    /** Scans every file again with the redactor; the first finding stops the share, naming file and line. */
    public void scan() throws UserErrorException {
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            String text = new String(e.getValue(), StandardCharsets.UTF_8);
            List<Redactor.Finding> found = Redactor.find(text);
            if (!found.isEmpty()) {
                Redactor.Finding f = found.get(0);
                int line = 1;
                for (int i = 0; i < f.start(); i++) {
                    if (text.charAt(i) == '\n') {
                        line++;
                    }
                }
                throw new UserErrorException(
                        "Nothing was shared: " + e.getKey() + " line " + line + " still holds a secret (" + f.kind()
                                + ") after redaction",
                        "Report it (docs/redaction.md); the node stays unshared until the redactor catches it");
            }
        }
    }

    /** Refuses a form larger than {@code cap} bytes, or one a receiver would refuse (docs/sharing.md, "Caps"). */
    public void checkSize(long cap, String node) throws UserErrorException {
        ShareCaps caps = ShareCaps.DEFAULT;
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            if (e.getValue().length > caps.fileAt(e.getKey())) {
                throw new UserErrorException(
                        "Node " + node + " holds " + e.getKey() + " of " + e.getValue().length + " bytes, over the cap"
                                + " of " + ShareCaps.describe(caps.fileAt(e.getKey())) + " a receiver takes",
                        "Share a node whose turns are smaller");
            }
        }
        if (files.size() > caps.files()) {
            throw new UserErrorException(
                    "Node " + node + " is " + files.size() + " files, over the cap of " + caps.files()
                            + " files per node a receiver takes",
                    "Share a node with fewer turns");
        }
        cap = Math.min(cap, caps.node());
        long bytes = bytes();
        if (bytes > cap) {
            throw new UserErrorException(
                    "Node " + node + " is " + bytes + " bytes to share, over the cap of " + cap + " bytes",
                    "Raise the share cap if your remote should hold it, or share a smaller node");
        }
    }

    private static int count(String text, String word) {
        int n = 0;
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length())) {
            n++;
        }
        return n;
    }
}
