package io.github.termsprawl.touch;

import io.github.termsprawl.core.ControlChars;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ShareCaps;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shared node's touches (docs/sharing.md, "What is shared"; docs/touches.md): {@code share} writes the node's
 * touches, as its owner's touch index holds them, to {@code touches.json}; a received node's are read from there,
 * so who-is-touching-what treats it like any linked peer. Paths are relative to the project, so they name the same
 * files in a teammate's clone. A share made before this file existed has no touches.
 */
public final class SharedTouches {
    public static final String FILE = "touches.json";
    public static final int VERSION = 1;
    /** A received node's {@code touches.json} is in its folder (receive writes it); git is the fallback. */
    private static final long READ_MS = 2_000;

    private SharedTouches() {}

    /**
     * What {@code share} writes for the local node {@code node}: its touches through its touch index (none when
     * its store has no touch rule), or null when it has no transcript of a known store.
     */
    public static String ofLocalNode(ProjectLayout layout, String node) {
        TranscriptIndex.Entry entry = new TranscriptIndex(layout).read(node);
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir())) {
            Store store = entry == null ? null : readers.storeOf(entry);
            if (store == null) {
                return null;
            }
            return json(
                    node,
                    store,
                    TouchIndex.read(layout, node, entry, store, readers)
                            .result()
                            .events());
        }
    }

    /**
     * {@code {"version":1,"node":…,"store":…,"touches":[…]}}, each touch as {@code termsprawl-touches --json}
     * gives it ({@code path kind time turn success rewound command}), in session order; one line.
     */
    public static String json(String node, Store store, List<TouchEvent> sessionOrder) {
        List<Object> ts = new ArrayList<>();
        for (TouchEvent e : sessionOrder) {
            ts.add(TouchReport.json(e));
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", (long) VERSION);
        root.put("node", node);
        root.put("store", store.id());
        root.put("touches", ts);
        return JsonWriter.compact(root) + "\n";
    }

    /** The touches of the received shared node {@code id}, in session order, under its shared id; null when it has none. */
    public static PeerTouches.Peer read(ProjectLayout layout, String id) {
        SharedNode node = SharedNode.open(layout, id);
        byte[] bytes = node == null ? null : node.read(FILE, READ_MS);
        if (bytes == null || bytes.length > ShareCaps.DEFAULT.fileAt(FILE)) { // docs/sharing.md, "Caps"
            return null;
        }
        try {
            return parse(id, new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return null; // fail open: a node whose touches do not read has none
        }
    }

    static PeerTouches.Peer parse(String id, String text) throws IOException {
        Map<String, Object> root = Json.asObject(Json.parse(text));
        if (root == null
                || !(root.get("version") instanceof Json.JsonNumber v)
                || !v.text().equals(Integer.toString(VERSION))
                || !(root.get("store") instanceof String s)
                || Store.of(s) == null
                || !(root.get("touches") instanceof List<?> list)) {
            return null;
        }
        List<TouchEvent> events = new ArrayList<>();
        for (Object o : list) {
            Map<String, Object> t = Json.asObject(o);
            if (t == null || !(t.get("path") instanceof String path) || !(t.get("kind") instanceof String kind)) {
                continue;
            }
            FileTouch.Kind k = FileTouch.Kind.of(kind);
            if (k == null) {
                continue; // a kind of a later version
            }
            Instant time = null;
            if (t.get("time") instanceof String when) {
                try {
                    time = Instant.parse(when);
                } catch (RuntimeException e) {
                    // no time
                }
            }
            Integer turn = null;
            if (t.get("turn") instanceof Json.JsonNumber n) {
                try {
                    turn = Integer.valueOf(n.text());
                } catch (NumberFormatException e) {
                    // no turn
                }
            }
            // a teammate's text, printed by termsprawl-touches and the guard: no escape sequence (docs/sharing.md)
            events.add(new TouchEvent(
                    id,
                    ControlChars.strip(path),
                    k,
                    t.get("command") instanceof String c ? ControlChars.strip(c) : null,
                    time,
                    turn,
                    Boolean.TRUE.equals(t.get("success")),
                    Boolean.TRUE.equals(t.get("rewound")),
                    null));
        }
        return new PeerTouches.Peer(id, Store.of(s), events);
    }
}
