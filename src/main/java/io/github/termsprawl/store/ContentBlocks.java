package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A Claude API message's content (a string, or typed blocks) as {@link Block}s, in order. */
public final class ContentBlocks {
    private ContentBlocks() {}

    public static List<Block> blocks(Object content) {
        List<Block> blocks = new ArrayList<>();
        if (content instanceof String s) {
            blocks.add(new Block.Text(s));
            return blocks;
        }
        if (!(content instanceof List<?> parts)) {
            return blocks;
        }
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            Block block = p == null ? null : block(p);
            if (block != null) {
                blocks.add(block);
            }
        }
        return blocks;
    }

    private static Block block(Map<String, Object> p) {
        Object type = p.get("type");
        if ("text".equals(type)) {
            return p.get("text") instanceof String t ? new Block.Text(t) : null;
        }
        if ("thinking".equals(type)) {
            String text = p.get("thinking") instanceof String t ? t : "";
            // Claude Code 2.1.119+ may keep a thinking block only as its signature, the text left empty: the
            // store kept it encrypted (docs/files.md, "Turn files"), not an empty thought
            boolean onlySigned = text.isEmpty() && p.get("signature") instanceof String sig && !sig.isEmpty();
            return new Block.Thinking(text, onlySigned);
        }
        if ("redacted_thinking".equals(type)) {
            return new Block.Thinking("", true);
        }
        if ("tool_use".equals(type) || "server_tool_use".equals(type)) {
            return new Block.ToolCall(string(p.get("id")), string(p.get("name")), arguments(p.get("input")));
        }
        if ("tool_result".equals(type) || "web_search_tool_result".equals(type)) {
            return new Block.ToolResult(
                    string(p.get("tool_use_id")), resultText(p.get("content")), Boolean.TRUE.equals(p.get("is_error")));
        }
        if ("image".equals(type)) {
            return image(Json.asObject(p.get("source")));
        }
        if ("document".equals(type)) {
            return new Block.Attachment("document", p.get("title") instanceof String t ? t : null);
        }
        return null;
    }

    /** Arguments as JSON text; absent (not kept by a projection) as empty text. */
    public static String arguments(Object input) {
        return input == null ? "" : input instanceof String s ? s : JsonWriter.compact(input);
    }

    /** A tool result's content: a string, or its text blocks joined with {@code \n}, images described. */
    public static String resultText(Object content) {
        if (content instanceof String s) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        if (content instanceof List<?> parts) {
            for (Object part : parts) {
                Map<String, Object> p = Json.asObject(part);
                String text = p == null
                        ? null
                        : "image".equals(p.get("type"))
                                ? image(Json.asObject(p.get("source"))).describe()
                                : p.get("text") instanceof String t ? t : null;
                if (text != null) {
                    out.append(out.length() == 0 ? "" : "\n").append(text);
                }
            }
        }
        return out.toString();
    }

    /** An image source ({@code {type: base64, media_type, data}} or a URL): media type and decoded size. */
    public static Block.Image image(Map<String, Object> source) {
        if (source == null) {
            return new Block.Image(null, -1);
        }
        String media = source.get("media_type") instanceof String m ? m : null;
        return new Block.Image(media, source.get("data") instanceof String data ? base64Size(data) : -1);
    }

    /** The number of bytes a base64 text decodes to. */
    public static long base64Size(String data) {
        int len = data.length();
        int pad = 0;
        while (pad < 2 && len - pad > 0 && data.charAt(len - pad - 1) == '=') {
            pad++;
        }
        return (long) len * 3 / 4 - pad;
    }

    public static String string(Object value) {
        return value instanceof String s ? s : null;
    }

    /** An image given as a {@code data:<type>;base64,<data>} URL: its type and decoded size; any other URL: unknown. */
    public static Block.Image dataUrlImage(Object url) {
        if (url instanceof String u && u.startsWith("data:")) {
            int comma = u.indexOf(',');
            int semi = u.indexOf(';');
            String media = semi > 5 && (comma < 0 || semi < comma) ? u.substring(5, semi) : null;
            return new Block.Image(media, comma < 0 ? -1 : base64Size(u.substring(comma + 1)));
        }
        return new Block.Image(null, -1);
    }
}
