package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.ContentBlocks;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Timestamps;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One record of a Claude Code transcript with uuid: its place in the tree and in the file, and its
 * message. The parent is the one written; a window's relinks are kept apart (see {@link ClaudeBranch}).
 */
final class ClaudeRecord {
    /** What the model needs of a record: the tree, the flags and the whole API message. */
    static final JsonProjection FULL = withTree(
            "isMeta", JsonProjection.ALL,
            "isCompactSummary", JsonProjection.ALL,
            "isApiErrorMessage", JsonProjection.ALL,
            "content", JsonProjection.ALL,
            "attachment", JsonProjection.ALL,
            "message", JsonProjection.ALL);

    /** {@link #FULL} and the record's {@code cwd}: what a walk of every message gives (the session's directory). */
    static final JsonProjection WALK = withTree(
            "isMeta", JsonProjection.ALL,
            "isCompactSummary", JsonProjection.ALL,
            "isApiErrorMessage", JsonProjection.ALL,
            "content", JsonProjection.ALL,
            "attachment", JsonProjection.ALL,
            "message", JsonProjection.ALL,
            "cwd", JsonProjection.ALL);

    /**
     * What the prose view needs: the tree, the flags, and of the content only block types, text, and the
     * ids that pair tool calls with results (never tool input, tool output, thinking or image data).
     */
    static final JsonProjection PROSE = prose(new String[] {"type", "text", "id", "name", "tool_use_id", "is_error"});

    /** {@link #PROSE}'s fields with the content blocks' {@code contentKeys}, and {@code more}. */
    static JsonProjection prose(String[] contentKeys, Object... more) {
        Object[] prose = {
            "isMeta", JsonProjection.ALL,
            "isCompactSummary", JsonProjection.ALL,
            "isApiErrorMessage", JsonProjection.ALL,
            "attachment", JsonProjection.whole("type", "prompt", "commandMode", "origin"),
            "message",
                    JsonProjection.fields(
                            "id", JsonProjection.ALL,
                            "model", JsonProjection.ALL,
                            "content", JsonProjection.whole(contentKeys))
        };
        Object[] all = new Object[prose.length + more.length];
        System.arraycopy(prose, 0, all, 0, prose.length);
        System.arraycopy(more, 0, all, prose.length, more.length);
        return withTree(all);
    }

    /** The fields every read of a Claude transcript keeps (the tree and its windows), and {@code more}. */
    static JsonProjection withTree(Object... more) {
        Object[] tree = {
            "type", JsonProjection.ALL,
            "subtype", JsonProjection.ALL,
            "uuid", JsonProjection.ALL,
            "parentUuid", JsonProjection.ALL,
            "timestamp", JsonProjection.ALL,
            "isSidechain", JsonProjection.ALL,
            "compactMetadata", JsonProjection.ALL
        };
        Object[] all = new Object[tree.length + more.length];
        System.arraycopy(tree, 0, all, 0, tree.length);
        System.arraycopy(more, 0, all, tree.length, more.length);
        return JsonProjection.fields(all);
    }

    final Map<String, Object> record;
    final String uuid;
    final String parent;
    final String type;
    final long offset;
    final long line;
    final Instant time;

    private ClaudeRecord(Map<String, Object> record, String uuid, long offset, long line, Instant time) {
        this.record = record;
        this.uuid = uuid;
        this.parent = record.get("parentUuid") instanceof String p ? p : null;
        this.type = record.get("type") instanceof String t ? t : "";
        this.offset = offset;
        this.line = line;
        this.time = time;
    }

    /** The record's node, or null when it has no uuid (metadata records are no part of the tree). */
    static ClaudeRecord of(Map<String, Object> record, long offset, long line) {
        return record.get("uuid") instanceof String uuid
                ? new ClaudeRecord(record, uuid, offset, line, Timestamps.parse(record.get("timestamp")))
                : null;
    }

    /** This record with its time kept on the record only, not in its map (as a plan keeps a user record's). */
    ClaudeRecord timeApart() {
        Map<String, Object> rest = new java.util.LinkedHashMap<>(record);
        rest.remove("timestamp");
        return new ClaudeRecord(rest, uuid, offset, line, time);
    }

    boolean isSidechain() {
        return Boolean.TRUE.equals(record.get("isSidechain"));
    }

    boolean isBoundary() {
        return isBoundary(record);
    }

    static boolean isBoundary(Map<String, Object> record) {
        return "system".equals(record.get("type")) && "compact_boundary".equals(record.get("subtype"));
    }

    /** The API response id that ties the lines of one split assistant message together, or null. */
    String messageId() {
        Map<String, Object> message = Json.asObject(record.get("message"));
        return type.equals("assistant") && message != null && message.get("id") instanceof String id ? id : null;
    }

    /** Whether this is a user record holding a tool result (parallel results hang off their own call's line). */
    boolean holdsToolResult() {
        return type.equals("user") && holdsToolResult(Json.asObject(record.get("message")));
    }

    /** Whether a user record's {@code message} holds a tool result (the compact records ask it too, ClaudeRecords). */
    static boolean holdsToolResult(Map<String, Object> message) {
        if (message == null || !(message.get("content") instanceof List<?> parts)) {
            return false;
        }
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p != null && "tool_result".equals(p.get("type"))) {
                return true;
            }
        }
        return false;
    }

    /** {@code compactMetadata.preservedSegment} of a boundary: head, tail and anchor uuids, or null. */
    String[] preservedSegment() {
        Map<String, Object> meta = Json.asObject(record.get("compactMetadata"));
        Map<String, Object> seg = meta == null ? null : Json.asObject(meta.get("preservedSegment"));
        if (seg != null
                && seg.get("headUuid") instanceof String head
                && seg.get("tailUuid") instanceof String tail
                && seg.get("anchorUuid") instanceof String anchor) {
            return new String[] {head, tail, anchor};
        }
        return null;
    }

    Message message(String file) {
        return message(record, file, offset, line);
    }

    /**
     * Any record's message, or null for records that are none (progress, metadata). User records holding
     * only tool results are {@link Role#TOOL}; attachments are context the harness adds, except a prompt
     * the person queued while the agent worked; system records are the harness's notices.
     */
    static Message message(Map<String, Object> r, String file, long offset, long line) {
        Object type = r.get("type");
        Set<Message.Flag> flags = EnumSet.noneOf(Message.Flag.class);
        if (Boolean.TRUE.equals(r.get("isSidechain"))) {
            flags.add(Message.Flag.SIDECHAIN);
        }
        List<Block> blocks;
        Role role;
        Map<String, Object> message = Json.asObject(r.get("message"));
        if ("user".equals(type) || "assistant".equals(type)) {
            if (message == null) {
                return null;
            }
            blocks = ContentBlocks.blocks(message.get("content"));
            if ("assistant".equals(type)) {
                role = Role.ASSISTANT;
                if (Boolean.TRUE.equals(r.get("isApiErrorMessage")) || "<synthetic>".equals(message.get("model"))) {
                    flags.add(Message.Flag.API_ERROR);
                }
            } else {
                role = onlyToolResults(blocks) ? Role.TOOL : Role.USER;
                if (Boolean.TRUE.equals(r.get("isMeta"))) {
                    flags.add(Message.Flag.META);
                }
                if (Boolean.TRUE.equals(r.get("isCompactSummary"))) {
                    flags.add(Message.Flag.COMPACT_SUMMARY);
                }
            }
        } else if ("attachment".equals(type)) {
            Map<String, Object> a = Json.asObject(r.get("attachment"));
            if (a == null) {
                return null;
            }
            role = Role.USER;
            flags.add(isQueuedPrompt(a) ? Message.Flag.QUEUED_PROMPT : Message.Flag.META);
            String kind = ContentBlocks.string(a.get("type"));
            blocks = List.of(
                    new Block.Attachment(kind, attachmentText(a), kind != null && HARNESS_KINDS.contains(kind)));
        } else if ("system".equals(type) && r.get("content") instanceof String content) {
            role = Role.SYSTEM;
            flags.add(Message.Flag.META);
            blocks = List.of(new Block.Text(content));
        } else {
            return null;
        }
        return new Message(
                role,
                blocks,
                Timestamps.parse(r.get("timestamp")),
                ContentBlocks.string(r.get("uuid")),
                ContentBlocks.string(r.get("parentUuid")),
                new Source.Line(file, line, offset),
                flags);
    }

    /**
     * The attachments in which Claude Code restates itself rather than the conversation (its environment, model,
     * tool, agent and skill listings, a snapshot of its prompt, reminders and modes; docs/stores.md, "Harness
     * attachments"). A hook's added context, a file, a queued prompt are not among them.
     */
    static final Set<String> HARNESS_KINDS = Set.of(
            "environment",
            "model",
            "deferred_tools_delta",
            "agent_listing_delta",
            "skill_listing",
            "session_context",
            "date",
            "date_change",
            "remote_session_change",
            "prompt_snapshot",
            "mcp_instructions_delta",
            "command_permissions",
            "budget_usd",
            "auto_mode",
            "plan_mode",
            "plan_mode_exit",
            "ultra_effort_enter",
            "ultra_effort_exit",
            "invoked_skills",
            "dynamic_skill",
            "hook_success",
            "task_reminder",
            "todo_reminder",
            "total_tokens_reminder",
            "silent_turn_reminder",
            "batching_reminder_sent");

    private static boolean onlyToolResults(List<Block> blocks) {
        for (Block b : blocks) {
            if (!(b instanceof Block.ToolResult)) {
                return false;
            }
        }
        return !blocks.isEmpty();
    }

    /** A {@code queued_command} with a string prompt, typed as a prompt ({@code commandMode}) by a human ({@code origin}). */
    static boolean isQueuedPrompt(Map<String, Object> a) {
        if (!"queued_command".equals(a.get("type")) || !(a.get("prompt") instanceof String)) {
            return false;
        }
        Object mode = a.get("commandMode");
        Map<String, Object> origin = Json.asObject(a.get("origin"));
        return (mode == null || "prompt".equals(mode))
                && (origin == null || !origin.containsKey("kind") || "human".equals(origin.get("kind")));
    }

    private static String attachmentText(Map<String, Object> a) {
        for (String key : new String[] {"prompt", "content", "text", "stdout"}) {
            if (a.get(key) instanceof String s) {
                return s;
            }
            if (a.get(key) instanceof List<?> parts && !parts.isEmpty()) {
                // a hook's added context is a list of texts (2.1.x): what the model was given, one per line
                StringBuilder text = new StringBuilder();
                for (Object part : parts) {
                    if (!(part instanceof String s)) {
                        text = null;
                        break;
                    }
                    text.append(text.length() == 0 ? "" : "\n").append(s);
                }
                if (text != null) {
                    return text.toString();
                }
            }
        }
        return null;
    }
}
