package io.github.termsprawl.core;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The link store: one JSON file per canonical pair under {@code .termsprawl/links/} (docs/files.md, "Links"). */
public final class Links {
    /** Why an {@link #add} did not write. */
    public enum Error {
        BAD_ID("invalid node id"),
        SELF("cannot link a node to itself"),
        IO("could not write the link file");

        private final String message;

        Error(String message) {
            this.message = message;
        }

        public String message() {
            return message;
        }
    }

    /** The outcome of {@link #add}: ok, or an error code with a message. */
    public record Result(Error error, String message, boolean changed) {
        public boolean ok() {
            return error == null;
        }
    }

    /** What a link file is read for: a file holds many peers' links, so no other key is built. */
    private static final JsonProjection KEYS = JsonProjection.whole("version", "a", "b");

    private final ProjectLayout layout;
    /** Link files are opened by name in it: one File each, not a chain of Paths. */
    private final File linksDir;

    public Links(ProjectLayout layout) {
        this.layout = layout;
        this.linksDir = layout.linksDir().toFile();
    }

    public Path fileOf(String a, String b) {
        return layout.linksDir().resolve(new Link(a, b).fileName());
    }

    /** Never throws: validation comes first, and nothing is written for a bad pair. */
    public Result add(String a, String b) {
        if (!NodeId.isSafe(a) || !NodeId.isSafe(b)) {
            return new Result(Error.BAD_ID, Error.BAD_ID.message(), false);
        }
        if (a.equals(b)) {
            return new Result(Error.SELF, Error.SELF.message(), false);
        }
        Link link = Link.canonical(a, b);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", new Json.JsonNumber("1"));
        body.put("a", link.a());
        body.put("b", link.b());
        try {
            boolean changed = AtomicFiles.writeIfChanged(layout.cwd(), fileOf(a, b), JsonWriter.write(body));
            return new Result(null, null, changed);
        } catch (IOException | RuntimeException e) {
            return new Result(Error.IO, reason(e), false);
        }
    }

    /**
     * What went wrong, with the file it went wrong on: NIO's messages are often the bare path
     * ({@code AccessDeniedException: /p/.termsprawl/links}), which says neither.
     */
    static String reason(Exception e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            String why = e instanceof java.nio.file.AccessDeniedException
                    ? "permission denied"
                    : f.getReason() != null
                            ? f.getReason()
                            : e.getClass().getSimpleName().replace("Exception", "");
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + why;
        }
        return String.valueOf(e.getMessage());
    }

    /** Deletes the canonical file; a missing one is fine. Returns whether a file was removed. */
    public boolean remove(String a, String b) throws IOException {
        if (!NodeId.isSafe(a) || !NodeId.isSafe(b)) {
            return false;
        }
        return AtomicFiles.deleteIfExists(layout.cwd(), fileOf(a, b));
    }

    /**
     * The nodes the project knows: each with a transcript index entry, in a link, or named in
     * {@code project.json}. A node linked that is none of these may be a typo ({@code bakend}).
     */
    public java.util.SortedSet<String> knownNodes() {
        java.util.SortedSet<String> known = new java.util.TreeSet<>(new TranscriptIndex(layout).nodes());
        for (Link link : list()) {
            known.add(link.a());
            known.add(link.b());
        }
        known.addAll(NodeTitles.load(layout).ids());
        String[] shared = layout.sharedDir().toFile().list(); // received shared nodes (docs/sharing.md)
        for (String id : shared == null ? new String[0] : shared) {
            if (NodeId.isSafe(id) && new java.io.File(layout.sharedDir().toFile(), id).isDirectory()) {
                known.add(id);
            }
        }
        return known;
    }

    /** Every valid link, in ascending file-name order; junk files are dropped silently. */
    public List<Link> list() {
        List<Link> links = new ArrayList<>();
        for (String name : fileNames()) {
            Link link = read(name);
            if (link != null) {
                links.add(link);
            }
        }
        return links;
    }

    /** The names of the folder's {@code .json} files in ascending order: the order {@link #list} reads them in. */
    public String[] fileNames() {
        String[] all = linksDir.list(); // null for a missing folder: no exception to build
        if (all == null) {
            return new String[0];
        }
        int n = 0;
        for (String name : all) {
            if (name.endsWith(".json")) {
                all[n++] = name;
            }
        }
        String[] names = Arrays.copyOf(all, n);
        Arrays.sort(names);
        return names;
    }

    /** The valid link in the folder's file of that name, or null (missing, unreadable or junk). */
    public Link read(String fileName) {
        return parse(Json.readObjectOrNull(new File(linksDir, fileName), KEYS, StateCaps.LINK));
    }

    static Link parse(Object json) {
        Map<String, Object> o = Json.asObject(json);
        if (o == null || !Json.isOne(o.get("version"))) {
            return null;
        }
        Object a = o.get("a");
        Object b = o.get("b");
        if (!(a instanceof String sa)
                || !(b instanceof String sb)
                || !NodeId.isSafe(sa)
                || !NodeId.isSafe(sb)
                || sa.equals(sb)) {
            return null;
        }
        return new Link(sa, sb);
    }

    /** The opposite end of every valid link touching {@code id}, each once, in list order. */
    public List<String> peersOf(String id) {
        if (!NodeId.isSafe(id)) {
            return List.of();
        }
        Set<String> peers = new LinkedHashSet<>();
        for (Link link : list()) {
            String peer = link.opposite(id);
            if (peer != null) {
                peers.add(peer);
            }
        }
        return List.copyOf(peers);
    }
}
