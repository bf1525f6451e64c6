package io.github.termsprawl.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The plain lists the agents' own hooks keep (docs/touches.md, "Without Java"): {@code transcripts/<node>.edits},
 * one project-relative path a line, every file the node's hook saw it about to change in its current session, so
 * the launcher's prefilter answers a peer's edit without Java; and {@code transcripts/<node>.held}, the files whose
 * first overlapping edit was held, with the peer change it was told of ({@code <path>\t<epoch ms or ->}).
 * A list exists only for a node whose session was recorded by a hook: a node without one is read from its
 * transcript, the truth for agents without hooks.
 */
public final class EditLists {
    public static final String EDITS = ".edits";
    public static final String HELD = ".held";
    /** Past this, the oldest lines go: a session's list is reset at its start, so only a runaway one reaches it. */
    static final long MAX_BYTES = 256 << 10;

    private final ProjectLayout layout;

    public EditLists(ProjectLayout layout) {
        this.layout = layout;
    }

    public Path editsOf(String node) {
        return layout.transcriptsDir().resolve(node + EDITS);
    }

    public Path heldOf(String node) {
        return layout.transcriptsDir().resolve(node + HELD);
    }

    /** The node's session changed: both lists start empty (the edits list existing says the node is wired). */
    public void reset(String node) throws IOException {
        if (NodeId.isSafe(node)) {
            AtomicFiles.writeIfChanged(layout.cwd(), editsOf(node), "");
            AtomicFiles.deleteIfExists(layout.cwd(), heldOf(node));
        }
    }

    /** The node is no longer recorded by a hook (a manual record): its lists go, so its transcript is read. */
    public void forget(String node) throws IOException {
        if (NodeId.isSafe(node)) {
            AtomicFiles.deleteIfExists(layout.cwd(), editsOf(node));
            AtomicFiles.deleteIfExists(layout.cwd(), heldOf(node));
        }
    }

    /** Adds paths to the node's edits list (each once); a node without a list gets none (it is not wired). */
    public void addEdits(String node, List<String> paths) throws IOException {
        Path file = editsOf(node);
        if (!NodeId.isSafe(node) || !Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Set<String> lines = new LinkedHashSet<>(lines(file));
        boolean added = false;
        for (String p : paths) {
            added |= lines.add(p);
        }
        if (added) {
            write(file, new ArrayList<>(lines));
        }
    }

    /** The held file's lines, {@code path\ttime}. */
    public List<String> held(String node) {
        return NodeId.isSafe(node) ? lines(heldOf(node)) : List.of();
    }

    public void setHeld(String node, List<String> lines) throws IOException {
        if (NodeId.isSafe(node)) {
            write(heldOf(node), lines);
        }
    }

    private List<String> lines(Path file) {
        byte[] bytes = AtomicFiles.readConfined(layout.cwd(), file, MAX_BYTES);
        List<String> out = new ArrayList<>();
        if (bytes == null) {
            return out;
        }
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                out.add(line);
            }
        }
        return out;
    }

    private void write(Path file, List<String> lines) throws IOException {
        int from = lines.size();
        long size = 0;
        while (from > 0 && size + lines.get(from - 1).length() + 1 <= MAX_BYTES) {
            size += lines.get(--from).length() + 1; // the newest lines stay
        }
        StringBuilder text = new StringBuilder();
        for (String line : lines.subList(from, lines.size())) {
            text.append(line).append('\n');
        }
        AtomicFiles.writeIfChanged(layout.cwd(), file, text.toString());
    }
}
