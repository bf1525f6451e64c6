package io.github.termsprawl.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Seeded generators of valid transcripts of every store, with random texts that include the edge cases
 * of the file view (empty, white space, past the 2000-unit cut, a surrogate pair at the cut, non-BMP
 * characters, JSON escapes) and the records around the prose (tool calls and results, reasoning,
 * unknown types, rewinds and compactions where the store has them, lines that do not parse).
 */
final class RandomLogs {
    private final Random r;

    RandomLogs(long seed) {
        this.r = new Random(seed);
    }

    // ---------------------------------------------------------------- texts

    String text() {
        switch (r.nextInt(14)) {
            case 0:
                return "";
            case 1:
                return pick(" ", "\n", " \t\n ", "\r\n");
            case 2: // around the cut, a surrogate pair straddling it or not
                return repeat('a', 1995 + r.nextInt(8)) + "\uD83D\uDE00" + words(3);
            case 3:
                return repeat('x', 2000 + r.nextInt(3000));
            case 4:
                return "\uD835\uDD04\uD83D\uDE00 emoji \uD83C\uDF89 " + words(2);
            case 5:
                return "quote \" backslash \\ control \u0001 line\u2028sep \u00e9\u4e2d";
            case 6:
                return "<environment_context>\n<cwd>/p</cwd>\n</environment_context>";
            case 7:
                return "<environment_context>x</environment_context>\n" + words(3);
            case 8:
                return "# AGENTS.md instructions for /p\n\n<INSTRUCTIONS>\nbe nice\n</INSTRUCTIONS>";
            case 9:
                return "<system-reminder>note</system-reminder>";
            case 10:
                return repeat('b', 30_000 + r.nextInt(5000)); // a long line
            default:
                return words(1 + r.nextInt(12));
        }
    }

    String words(int n) {
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < n; i++) {
            out.add(pick(
                    "alpha",
                    "beta",
                    "gamma",
                    "delta",
                    "ok",
                    "Done.",
                    "fix",
                    "the",
                    "test",
                    "\u00fcber",
                    "\u65e5\u672c"));
        }
        return r.nextInt(6) == 0 ? out + "\n" + words(2) : out.toString();
    }

    private static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }

    @SafeVarargs
    final <T> T pick(T... options) {
        return options[r.nextInt(options.length)];
    }

    boolean chance(int percent) {
        return r.nextInt(100) < percent;
    }

    int between(int from, int to) {
        return from + r.nextInt(to - from + 1);
    }

    // ---------------------------------------------------------------- JSON

    static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static String json(Object v) {
        StringBuilder out = new StringBuilder();
        write(v, out);
        return out.toString();
    }

    private static void write(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"' || c == '\\') {
                    out.append('\\').append(c);
                } else if (c == '\n') {
                    out.append("\\n");
                } else if (c < 0x20) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
            out.append('"');
        } else if (v instanceof Number || v instanceof Boolean) {
            out.append(v);
        } else if (v instanceof Map<?, ?> m) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                write(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (v instanceof List<?> l) {
            out.append('[');
            for (int i = 0; i < l.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(l.get(i), out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException(v.getClass().toString());
        }
    }

    /** A line that is no record: blank, not JSON, not an object. */
    String junk() {
        return pick("", "   ", "{not json", "[]", "null", "5", "\"x\"", "{\"type\":\"user\"} trailing");
    }

    static Path writeLines(Path file, List<String> lines, boolean finalNewline) throws IOException {
        Files.createDirectories(file.getParent());
        String text = String.join("\n", lines) + (finalNewline ? "\n" : "");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * The lines as a file, with what a file may have around them: a byte order mark, {@code \r\n} line ends, a
     * key written twice (the last one counts), bytes that are not UTF-8, no final newline.
     */
    Path write(Path file, List<String> lines) throws IOException {
        Files.createDirectories(file.getParent());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        if (chance(10)) {
            out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        }
        String end = chance(10) ? "\r\n" : "\n";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("{") && chance(3)) {
                line = "{\"type\":\"zzz\",\"message\":null," + line.substring(1); // the line's own keys come last
            }
            if (chance(5)) { // the same record, with types and a key spelled with escapes
                line = line.replace(":\"user\"", ":\"\\u0075ser\"")
                        .replace(":\"assistant\"", ":\"\\u0061ssistant\"")
                        .replace("\"type\":\"message\"", "\"type\":\"\\u006dessage\"")
                        .replace("\"role\":", "\"\\u0072ole\":");
            }
            out.write(line.getBytes(StandardCharsets.UTF_8));
            if (chance(1)) {
                out.write(new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF});
            }
            if (i < lines.size() - 1 || chance(80)) {
                out.write(end.getBytes(StandardCharsets.UTF_8));
            }
        }
        Files.write(file, out.toByteArray());
        return file;
    }

    // ---------------------------------------------------------------- Claude Code

    List<String> claude() {
        List<String> lines = new ArrayList<>();
        String parent = null;
        int n = between(0, 50);
        for (int i = 0; i < n; i++) {
            String uuid = "u" + i;
            Map<String, Object> rec = obj("parentUuid", parent, "isSidechain", chance(10), "uuid", uuid);
            rec.put("timestamp", "2026-01-01T00:00:" + (10 + i % 50) + ".000Z");
            int kind = r.nextInt(20);
            if (kind < 6) {
                rec.put("type", "user");
                Object content = chance(50) ? text() : claudeBlocks(true);
                rec.put("message", obj("role", "user", "content", content));
                if (chance(10)) {
                    rec.put("isMeta", true);
                }
                if (chance(5)) {
                    rec.put("isCompactSummary", true);
                }
            } else if (kind < 12) {
                rec.put("type", "assistant");
                rec.put(
                        "message",
                        obj(
                                "id",
                                "msg_" + r.nextInt(5),
                                "role",
                                "assistant",
                                "model",
                                pick("m", "<synthetic>"),
                                "content",
                                chance(10) ? text() : claudeBlocks(false)));
                if (chance(5)) {
                    rec.put("isApiErrorMessage", true);
                }
            } else if (kind == 12) {
                rec.put("type", "system");
                rec.put("subtype", pick("compact_boundary", "local_command", "turn_duration"));
                rec.put("content", text());
            } else if (kind == 13) {
                rec.put("type", "attachment");
                rec.put("attachment", obj("type", "queued_command", "prompt", text(), "commandMode", "prompt"));
            } else if (kind == 14) {
                rec.put("type", pick("progress", "file-history-snapshot", "summary", "zzz-new-type"));
                rec.put("message", obj("role", "user", "content", text()));
            } else if (kind == 15) {
                rec.put("type", pick("user", "assistant"));
                rec.put("message", pick("a string", 5, List.of()));
            } else if (kind == 16) {
                rec.put("type", pick("user", "assistant"));
                rec.put("message", obj("role", "user", "content", pick(5, obj("text", "x"), null, true)));
            } else if (kind == 17) {
                lines.add(junk());
                continue;
            } else {
                rec.put("type", "user");
                rec.put(
                        "message",
                        obj(
                                "role",
                                "user",
                                "content",
                                List.of(obj("type", "tool_result", "tool_use_id", "t" + i, "content", text()))));
            }
            parent = uuid;
            lines.add(json(rec));
        }
        return lines;
    }

    private List<Object> claudeBlocks(boolean user) {
        List<Object> blocks = new ArrayList<>();
        int n = between(0, 4);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(8)) {
                case 0, 1, 2 -> blocks.add(obj("type", "text", "text", text()));
                case 3 ->
                    blocks.add(
                            user
                                    ? obj("type", "tool_result", "tool_use_id", "t", "content", text())
                                    : obj(
                                            "type",
                                            "tool_use",
                                            "id",
                                            "t",
                                            "name",
                                            "Bash",
                                            "input",
                                            obj("command", text())));
                case 4 -> blocks.add(obj("type", "thinking", "thinking", text(), "signature", "sig"));
                case 5 ->
                    blocks.add(obj(
                            "type",
                            "image",
                            "source",
                            obj("type", "base64", "media_type", "image/png", "data", "AAAA")));
                case 6 -> blocks.add(obj("type", "text", "text", pick(5, null, List.of())));
                default -> blocks.add(pick("bare string", 7, obj("text", "untyped")));
            }
        }
        return blocks;
    }

    // ---------------------------------------------------------------- Codex

    /**
     * A rollout as Codex writes one: {@code mode} 0 the UI stream only (the oldest rollouts), 1 both channels
     * (each message on the UI stream and in the model transcript), 2 the model transcript only, 3
     * {@code item_completed} items and the model transcript (0.146+).
     */
    List<String> codex() {
        int mode = r.nextInt(4);
        int drop = pick(0, 0, 20); // in some rollouts a message is missing from one channel (Codex Desktop)
        List<String> lines = new ArrayList<>();
        lines.add(json(obj("timestamp", "t", "type", "session_meta", "payload", obj("id", "s", "cwd", "/p"))));
        if (mode != 0 && chance(60)) {
            lines.add(item(obj(
                    "type",
                    "message",
                    "role",
                    "developer",
                    "content",
                    List.of(obj(
                            "type", "input_text", "text", "<permissions instructions>x</permissions instructions>")))));
            lines.add(item(obj(
                    "type",
                    "message",
                    "role",
                    "user",
                    "content",
                    List.of(obj(
                            "type",
                            "input_text",
                            "text",
                            pick(
                                    "<environment_context>\n<cwd>/p</cwd>\n</environment_context>",
                                    "# AGENTS.md instructions for /p\n\n<INSTRUCTIONS>\nx\n</INSTRUCTIONS>"))))));
        }
        int exchanges = between(0, 25);
        for (int e = 0; e < exchanges; e++) {
            String user = text();
            if ((mode == 0 || mode == 1) && !chance(drop)) {
                lines.add(event(obj("type", "user_message", "message", user, "kind", "plain", "images", List.of())));
            }
            if (mode == 3) {
                lines.add(event(obj(
                        "type",
                        "item_completed",
                        "item",
                        obj("type", "UserMessage", "content", List.of(obj("type", "text", "text", user))))));
            }
            if (mode != 0 && !(mode == 1 && chance(drop))) {
                List<Object> parts = new ArrayList<>();
                if (chance(20)) {
                    parts.add(obj("type", "input_text", "text", "<environment_context>x</environment_context>"));
                }
                parts.add(obj("type", "input_text", "text", user));
                lines.add(item(obj("type", "message", "role", "user", "content", parts)));
            }
            int steps = between(0, 3);
            for (int s = 0; s < steps; s++) {
                if (chance(50)) {
                    lines.add(event(obj("type", "agent_reasoning", "text", text())));
                    if (mode != 0) {
                        lines.add(item(obj(
                                "type",
                                "reasoning",
                                "summary",
                                List.of(obj("type", "summary_text", "text", text())),
                                "encrypted_content",
                                "enc")));
                    }
                }
                if (chance(50) && mode != 0) {
                    lines.add(item(obj(
                            "type",
                            "function_call",
                            "name",
                            "shell",
                            "call_id",
                            "c" + s,
                            "arguments",
                            json(obj("command", List.of("bash", "-lc", text()))))));
                    lines.add(event(obj("type", "exec_command_end", "call_id", "c" + s, "stdout", text())));
                    lines.add(item(obj("type", "function_call_output", "call_id", "c" + s, "output", text())));
                }
                if (chance(10)) {
                    lines.add(json(obj("timestamp", "t", "type", "zzz_new", "payload", obj("text", text()))));
                }
                if (chance(5)) {
                    lines.add(junk());
                }
                if (chance(3)) {
                    lines.add(json(obj(
                            "timestamp",
                            "t",
                            "type",
                            pick("event_msg", "response_item"),
                            "payload",
                            pick(null, "x", obj("type", "item_completed")))));
                }
                String answer = text();
                if ((mode == 0 || mode == 1) && !chance(drop)) {
                    lines.add(event(obj("type", "agent_message", "message", answer)));
                }
                if (mode == 3) {
                    lines.add(event(obj(
                            "type",
                            "item_completed",
                            "item",
                            obj("type", "AgentMessage", "content", List.of(obj("type", "Text", "text", answer))))));
                }
                if (mode != 0 && !(mode == 1 && chance(drop))) {
                    List<Object> parts = new ArrayList<>(List.of(obj("type", "output_text", "text", answer)));
                    if (chance(10)) {
                        parts.add(pick(
                                obj("type", "refusal", "refusal", text()),
                                obj("type", "zzz_text", "text", text()),
                                obj("type", "input_image", "image_url", "data:image/png;base64,AAAA")));
                    }
                    lines.add(item(obj("type", "message", "role", "assistant", "content", parts)));
                }
            }
            if (chance(5) && mode != 0) {
                lines.add(json(obj("timestamp", "t", "type", "compacted", "payload", obj("message", text()))));
                lines.add(event(obj("type", "context_compacted")));
            }
            lines.add(event(obj("type", "token_count", "info", null)));
        }
        return lines;
    }

    private static String event(Map<String, Object> payload) {
        return json(obj("timestamp", "t", "type", "event_msg", "payload", payload));
    }

    private static String item(Map<String, Object> payload) {
        return json(obj("timestamp", "t", "type", "response_item", "payload", payload));
    }

    // ---------------------------------------------------------------- Gemini CLI

    /** A message of a chat: user, gemini (with thoughts, tool calls), or the CLI's own notices. */
    Map<String, Object> geminiMessage(String id) {
        String type = pick("user", "user", "gemini", "gemini", "gemini", "info", "error", "warning", "model");
        Map<String, Object> m =
                obj("id", chance(3) ? (Object) 7 : id, "timestamp", "2026-01-01T00:00:00.000Z", "type", type);
        m.put("content", chance(50) ? text() : geminiParts());
        if ("gemini".equals(type) && chance(30)) {
            m.put("thoughts", List.of(obj("subject", text(), "description", text())));
        }
        if ("gemini".equals(type) && chance(30)) {
            m.put(
                    "toolCalls",
                    List.of(obj(
                            "id",
                            "c" + id,
                            "name",
                            "run",
                            "args",
                            obj("x", text()),
                            "status",
                            pick("success", "error"),
                            "result",
                            List.of(obj("functionResponse", obj("response", obj("output", text())))))));
        }
        if (chance(3)) {
            m.put("content", pick(5, null, obj("text", "x")));
        }
        return m;
    }

    private List<Object> geminiParts() {
        List<Object> parts = new ArrayList<>();
        int n = between(0, 3);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0, 1 -> parts.add(obj("text", text()));
                case 2 -> parts.add(obj("text", text(), "thought", true));
                case 3 -> parts.add(obj("inlineData", obj("mimeType", "image/png", "data", "AAAA")));
                case 4 -> parts.add(obj("functionCall", obj("name", "x")));
                default -> parts.add(pick("bare", 3));
            }
        }
        return parts;
    }

    /** A v0.39+ JSONL log of edits: messages, updates of earlier ids, checkpoints and rewinds. */
    List<String> geminiLog() {
        List<String> lines = new ArrayList<>();
        lines.add(json(obj("sessionId", "s", "projectHash", "h", "startTime", "t", "kind", "main")));
        List<String> ids = new ArrayList<>();
        int n = between(0, 60);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(20);
            if (kind < 12 || ids.isEmpty()) {
                String id = "m" + i;
                ids.add(id);
                lines.add(json(geminiMessage(id)));
            } else if (kind < 15) {
                lines.add(json(geminiMessage(ids.get(r.nextInt(ids.size()))))); // an update
            } else if (kind < 17) {
                lines.add(json(obj("$rewindTo", chance(80) ? ids.get(r.nextInt(ids.size())) : "nope")));
            } else if (kind == 17) {
                List<Object> checkpoint = new ArrayList<>();
                for (int j = between(0, 4); j > 0; j--) {
                    String id = "k" + i + "_" + j;
                    ids.add(id);
                    checkpoint.add(geminiMessage(id));
                }
                lines.add(json(obj("$set", obj("messages", checkpoint, "lastUpdated", "t"))));
            } else if (kind == 18) {
                lines.add(json(obj("zzz", text())));
            } else {
                lines.add(junk());
            }
        }
        return lines;
    }

    /** A pre-0.39 chat: one JSON document. */
    String geminiDocument() {
        List<Object> messages = new ArrayList<>();
        for (int i = between(0, 40); i > 0; i--) {
            messages.add(geminiMessage("d" + i + "_" + r.nextInt(3)));
        }
        return json(obj("sessionId", "s", "projectHash", "h", "startTime", "t", "messages", messages));
    }

    // ---------------------------------------------------------------- pi

    List<String> pi() {
        List<String> lines = new ArrayList<>();
        lines.add(json(obj("type", "session", "version", 3, "id", "s", "timestamp", "t", "cwd", "/p")));
        String parent = null;
        int n = between(0, 50);
        for (int i = 0; i < n; i++) {
            String id = "e" + i;
            Map<String, Object> e = obj("type", "message", "id", id, "parentId", parent, "timestamp", "t");
            int kind = r.nextInt(20);
            if (kind < 6) {
                e.put("message", obj("role", "user", "content", chance(40) ? text() : piBlocks(), "timestamp", 1));
            } else if (kind < 12) {
                e.put(
                        "message",
                        obj(
                                "role",
                                "assistant",
                                "content",
                                piBlocks(),
                                "stopReason",
                                pick("stop", "toolUse", "error"),
                                "timestamp",
                                1));
            } else if (kind == 12) {
                e.put(
                        "message",
                        obj(
                                "role",
                                "toolResult",
                                "toolCallId",
                                "c",
                                "content",
                                List.of(obj("type", "text", "text", text())),
                                "isError",
                                false));
            } else if (kind == 13) {
                e.put("message", obj("role", "bashExecution", "command", text(), "output", text(), "exitCode", 0));
            } else if (kind == 14) {
                e.put(
                        "message",
                        obj(
                                "role",
                                pick("custom", "compactionSummary", "branchSummary", "zzz"),
                                "content",
                                text(),
                                "summary",
                                text()));
            } else if (kind == 15) {
                e.put("type", pick("compaction", "branch_summary"));
                e.put("summary", text());
                e.put("firstKeptEntryId", "e0");
            } else if (kind == 16) {
                e.put("type", pick("model_change", "thinking_level_change", "label", "session_info", "zzz"));
            } else if (kind == 17) {
                e.put("type", "custom_message");
                e.put("content", text());
            } else if (kind == 18) {
                e.put("message", pick("x", 5, obj("role", "user")));
            } else {
                lines.add(junk());
                continue;
            }
            parent = id;
            lines.add(json(e));
        }
        return lines;
    }

    private List<Object> piBlocks() {
        List<Object> blocks = new ArrayList<>();
        for (int i = between(0, 4); i > 0; i--) {
            switch (r.nextInt(7)) {
                case 0, 1, 2 -> blocks.add(obj("type", "text", "text", text()));
                case 3 -> blocks.add(obj("type", "thinking", "thinking", text()));
                case 4 -> blocks.add(obj("type", "toolCall", "id", "c", "name", "bash", "arguments", obj("x", 1)));
                case 5 -> blocks.add(obj("type", "image", "mimeType", "image/png", "data", "AAAA"));
                default -> blocks.add(obj("type", "text", "text", pick(5, null)));
            }
        }
        return blocks;
    }

    // ---------------------------------------------------------------- OpenCode

    /** One OpenCode message: its id, creation time, role and the JSON of its parts (in id order). */
    record OcMessage(String id, Long created, String role, List<Map<String, Object>> parts) {}

    /** Messages of a session, with ties in time and some without one; parts of every kind. */
    List<OcMessage> openCode(String prefix) {
        List<OcMessage> messages = new ArrayList<>();
        for (int i = between(0, 25); i > 0; i--) {
            String id = prefix + "msg_" + String.format("%03d", r.nextInt(1000)) + "_" + i;
            Long created = chance(5) ? null : (long) r.nextInt(30);
            String role = pick("user", "user", "assistant", "assistant", "assistant", "system");
            List<Map<String, Object>> parts = new ArrayList<>();
            for (int j = between(0, 5); j > 0; j--) {
                Map<String, Object> p = obj("id", prefix + "prt_" + String.format("%03d", r.nextInt(1000)) + "_" + j);
                switch (r.nextInt(9)) {
                    case 0, 1, 2 -> {
                        p.put("type", "text");
                        p.put("text", text());
                    }
                    case 3 -> {
                        p.put("type", "text");
                        p.put("text", text());
                        p.put(pick("synthetic", "ignored"), pick(true, false));
                    }
                    case 4 -> {
                        p.put("type", "reasoning");
                        p.put("text", text());
                    }
                    case 5 -> {
                        p.put("type", "tool");
                        p.put("callID", "c" + j);
                        p.put("tool", "bash");
                        p.put(
                                "state",
                                obj(
                                        "status",
                                        pick("completed", "error", "running"),
                                        "input",
                                        obj("command", text()),
                                        "output",
                                        text(),
                                        "error",
                                        "denied"));
                    }
                    case 6 -> p.put("type", pick("step-start", "step-finish", "snapshot", "zzz"));
                    case 7 -> {
                        p.put("type", "file");
                        p.put("mime", "text/plain");
                        p.put("filename", "a.txt");
                    }
                    default -> {
                        p.put("type", "text");
                        p.put("text", pick(5, null));
                    }
                }
                parts.add(p);
            }
            messages.add(new OcMessage(id, created, role, parts));
        }
        return messages;
    }
}
