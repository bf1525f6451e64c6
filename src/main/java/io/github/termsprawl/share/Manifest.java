package io.github.termsprawl.share;

import io.github.termsprawl.core.ControlChars;
import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.util.Map;

/**
 * A shared node's {@code manifest.json} (docs/sharing.md): which node, who shared it, its store and session,
 * when it was shared and when its transcript last changed, its turns and bytes.
 */
public record Manifest(
        String node,
        String user,
        String store,
        String session,
        String sharedAt,
        String transcriptModified,
        int turns,
        long bytes) {
    public static final int FORMAT = 1;

    public String toJson() {
        return "{\n  \"format\": " + FORMAT + ",\n  \"node\": " + str(node) + ",\n  \"user\": " + str(user)
                + ",\n  \"store\": " + str(store) + ",\n  \"session\": " + str(session) + ",\n  \"sharedAt\": "
                + str(sharedAt) + ",\n  \"transcriptModified\": " + str(transcriptModified) + ",\n  \"turns\": "
                + turns + ",\n  \"bytes\": " + bytes + "\n}\n";
    }

    /** The manifest in {@code text}, or null when it is not one. */
    public static Manifest parse(String text) {
        try {
            Map<String, Object> o = Json.asObject(Json.parse(text));
            if (o == null) {
                return null;
            }
            return new Manifest(
                    s(o.get("node")),
                    s(o.get("user")),
                    s(o.get("store")),
                    s(o.get("session")),
                    s(o.get("sharedAt")),
                    s(o.get("transcriptModified")),
                    (int) number(o.get("turns")),
                    number(o.get("bytes")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long number(Object v) {
        try {
            return v instanceof Json.JsonNumber n ? Long.parseLong(n.text()) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A field as it may be printed: a teammate wrote it, so one line and no control character (docs/sharing.md). */
    private static String s(Object v) {
        return v instanceof String t ? ControlChars.strip(t.replace('\n', ' ').replace('\t', ' ')) : null;
    }

    private static String str(String v) {
        if (v == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : v.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
