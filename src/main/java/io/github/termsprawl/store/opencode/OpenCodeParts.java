package io.github.termsprawl.store.opencode;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An OpenCode message and its parts as session messages. A {@code tool} part is a call and, once its
 * state is {@code completed} or {@code error}, a result: the calls stay in the assistant's message and the
 * results follow it as a tool message (a call still pending or running has no result yet).
 */
final class OpenCodeParts {
    private OpenCodeParts() {}

    static List<Message> messages(String id, Map<String, Object> data, List<Map<String, Object>> parts, Source source) {
        Object role = data.get("role");
        Map<String, Object> time = Json.asObject(data.get("time"));
        Object created = time == null ? null : time.get("created");
        List<Block> blocks = new ArrayList<>();
        List<Block> results = new ArrayList<>();
        boolean allSynthetic = true;
        for (Map<String, Object> p : parts) {
            Object type = p.get("type");
            if ("text".equals(type) && p.get("text") instanceof String t) {
                boolean harness = Boolean.TRUE.equals(p.get("synthetic")) || Boolean.TRUE.equals(p.get("ignored"));
                blocks.add(new Block.Text(t, harness));
                allSynthetic &= harness;
            } else if ("reasoning".equals(type)) {
                blocks.add(new Block.Thinking(p.get("text") instanceof String t ? t : "", false));
            } else if ("tool".equals(type)) {
                tool(p, blocks, results);
            } else if ("file".equals(type)) {
                String mime = p.get("mime") instanceof String m ? m : null;
                blocks.add(
                        mime != null && mime.startsWith("image/")
                                ? new Block.Image(
                                        mime,
                                        ContentBlocks.dataUrlImage(p.get("url")).size())
                                : new Block.Attachment(
                                        "file", p.get("filename") instanceof String f ? f : string(p.get("url"))));
            } else if ("agent".equals(type) || "subtask".equals(type)) {
                Object text = "agent".equals(type) ? p.get("name") : p.get("prompt");
                blocks.add(new Block.Attachment((String) type, string(text)));
            }
        }
        Role r = "user".equals(role) ? Role.USER : "assistant".equals(role) ? Role.ASSISTANT : Role.SYSTEM;
        Message.Flag flag = r == Role.SYSTEM || r == Role.USER && allSynthetic && !blocks.isEmpty()
                ? Message.Flag.META
                : r == Role.ASSISTANT && Boolean.TRUE.equals(data.get("summary"))
                        ? Message.Flag.COMPACT_SUMMARY // what a compaction left of the conversation before it
                        : r == Role.ASSISTANT && data.get("error") != null ? Message.Flag.API_ERROR : null;
        Message message = Messages.of(r, blocks, created, id, parentOf(data), source, flag);
        if (results.isEmpty()) {
            return List.of(message);
        }
        return List.of(
                message, new Message(Role.TOOL, results, message.timestamp(), null, id, source, java.util.Set.of()));
    }

    private static void tool(Map<String, Object> p, List<Block> calls, List<Block> results) {
        String callId = string(p.get("callID"));
        Map<String, Object> state = Json.asObject(p.get("state"));
        Object input = state == null ? null : state.get("input");
        calls.add(new Block.ToolCall(callId, string(p.get("tool")), ContentBlocks.arguments(input)));
        if (state == null) {
            return;
        }
        if ("error".equals(state.get("status"))) {
            results.add(new Block.ToolResult(callId, state.get("error") instanceof String e ? e : "", true));
        } else if (state.get("output") instanceof String output) {
            results.add(new Block.ToolResult(callId, output, false));
        }
    }

    private static String parentOf(Map<String, Object> data) {
        return string(data.get("parentID"));
    }

    private static String string(Object value) {
        return value instanceof String s ? s : null;
    }
}
